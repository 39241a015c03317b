import { describe, expect, it } from 'vitest';
import { LEAN, builders, machineInt, type Expr } from '../../src/ir/index.js';
import { decodeValue, encodeValue } from '../../src/model/json-values.js';
import { T } from '../../src/model/types.js';
import { equalValues, V, type Value } from '../../src/model/values.js';
import { outcome } from './helpers.js';

const L = builders(LEAN);
const f = (x: number): Expr => L.float(x);
const x = L.v('x');

/** `e == expected` where expected is a float compared bit for bit (NaN and -0 included). */
async function isFloat(e: Expr, expected: number, bindings: Record<string, Value> = {}) {
  const test = Number.isNaN(expected) ? L.prim('isNaN', e) : L.and(L.eq(e, f(expected)), L.eq(L.div(f(1), e), L.div(f(1), f(expected))));
  expect(await outcome(test, bindings)).toBe('holds');
}

describe('floats: IEEE doubles, distinct from exact reals', () => {
  it('rounds every operation to the nearest double', async () => {
    await isFloat(L.add(f(0.1), f(0.2)), 0.30000000000000004);
    expect(await outcome(L.eq(L.add(f(0.1), f(0.2)), f(0.3)))).toBe('fails');
    expect(await outcome(L.eq(L.add(L.real(1, 10), L.real(2, 10)), L.real(3, 10)))).toBe('holds');
    await isFloat(L.mul(f(1e308), f(10)), Infinity);
    await isFloat(L.div(f(1), f(3)), 1 / 3);
    await isFloat(L.mod(f(7.5), f(2)), 1.5);
    await isFloat(L.mod(f(-7.5), f(2)), -1.5); // fmod keeps the dividend's sign
    await isFloat(L.prim('sqrt', f(2)), Math.SQRT2);
  });

  it('divides by zero into infinities and NaN, whatever the language does for integers', async () => {
    await isFloat(L.div(f(1), f(0)), Infinity);
    await isFloat(L.div(f(-1), f(0)), -Infinity);
    await isFloat(L.div(f(1), f(-0)), -Infinity);
    await isFloat(L.div(f(0), f(0)), NaN);
  });

  it('compares the IEEE way: NaN is unequal to itself and unordered, -0 equals +0', async () => {
    const nan = L.div(f(0), f(0));
    expect(await outcome(L.eq(nan, nan))).toBe('fails');
    expect(await outcome(L.ne(nan, nan))).toBe('holds');
    expect(await outcome(L.or(L.lt(nan, f(1)), L.ge(nan, f(1)), L.le(nan, nan)))).toBe('fails');
    expect(await outcome(L.eq(f(-0), f(0)))).toBe('holds');
    expect(await outcome(L.eq(L.seq(nan), L.seq(nan)))).toBe('fails');
    expect(await outcome(L.eq(L.tuple(f(-0), L.int(1)), L.tuple(f(0), L.int(1))))).toBe('holds');
    expect(await outcome(L.in(nan, L.seq(nan, f(1))))).toBe('fails');
    expect(await outcome(L.in(f(-0), L.seq(f(0))))).toBe('holds');
    expect(await outcome(L.eq(L.multiplicity(L.seq(nan, f(0), f(-0)), nan), L.int(0)))).toBe('holds');
    expect(await outcome(L.eq(L.multiplicity(L.seq(nan, f(0), f(-0)), f(0)), L.int(2)))).toBe('holds');
    expect(await outcome(L.eq(L.prim('indexOf', L.seq(nan, f(-0)), f(0)), L.int(1)))).toBe('holds');
  });

  it('refuses to mix floats with integers or reals (the lowering converts explicitly)', async () => {
    expect(await outcome(L.eq(L.add(f(1), L.int(1)), f(2)))).toMatch(/^unknown: .*cannot mix/);
    expect(await outcome(L.lt(f(1), L.int(2)))).toMatch(/^unknown: .*cannot compare/);
    expect(await outcome(L.eq(L.add(f(1), L.intToFloat(L.int(1))), f(2)))).toBe('holds');
  });

  it('converts integers to the nearest double, optionally after truncating to 64 bits', async () => {
    await isFloat(L.intToFloat(L.int(2n ** 53n + 1n)), 2 ** 53);
    const n = L.int(2n ** 64n + 2n ** 11n + 1n);
    await isFloat(L.intToFloat(n), 2 ** 64 + 2 ** 12);
    await isFloat(L.intToFloat(n, 64), 2 ** 64);
    await isFloat(L.intToFloat(L.int(-3)), -3);
  });

  it('converts floats to integers toward zero, saturating into machine domains', async () => {
    const u64 = machineInt('u64', 'wrap');
    const toU64 = (e: Expr) => L.floatToInt(e, u64);
    expect(await outcome(L.eq(toU64(f(3.9)), L.int(3)))).toBe('holds');
    expect(await outcome(L.eq(toU64(f(-3.9)), L.int(0)))).toBe('holds');
    expect(await outcome(L.eq(toU64(L.div(f(0), f(0))), L.int(0)))).toBe('holds');
    expect(await outcome(L.eq(toU64(f(1e30)), L.int(2n ** 64n - 1n)))).toBe('holds');
    expect(await outcome(L.eq(L.floatToInt(f(-3.9)), L.int(-3)))).toBe('holds');
    expect(await outcome(L.eq(L.floatToInt(f(Infinity)), L.int(0)))).toMatch(/^unknown: .*Infinity has no integer value/);
  });

  it('rounds, floors and classifies', async () => {
    await isFloat(L.prim('round', f(2.5)), 3);
    await isFloat(L.prim('round', f(-2.5)), -3); // away from zero, unlike JS Math.round
    await isFloat(L.prim('round', f(0.49999999999999994)), 0);
    await isFloat(L.prim('round', f(-0.3)), -0);
    await isFloat(L.prim('floor', f(-0.5)), -1);
    await isFloat(L.prim('ceil', f(-0.5)), -0);
    await isFloat(L.prim('abs', f(-0)), 0);
    await isFloat(L.neg(f(0)), -0);
    expect(await outcome(L.and(L.prim('isInfinite', f(-Infinity)), L.not(L.prim('isFinite', f(Infinity))), L.prim('isFinite', f(1))))).toBe('holds');
  });

  it('gives pow only where every accurate libm agrees', async () => {
    await isFloat(L.pow(f(3), f(4)), 81);
    await isFloat(L.pow(f(0.5), f(3)), 0.125);
    await isFloat(L.pow(f(2), f(-2)), 0.25);
    await isFloat(L.pow(L.div(f(0), f(0)), f(0)), 1); // C99 Annex F: pow(NaN, 0) = 1
    await isFloat(L.pow(f(1), L.div(f(0), f(0))), 1);
    await isFloat(L.pow(f(-1), f(Infinity)), 1);
    await isFloat(L.pow(f(10), f(400)), Infinity);
    expect(await outcome(L.eq(L.pow(f(1.1), f(3)), f(1.331)))).toMatch(/^unknown: .*not exactly representable/);
    expect(await outcome(L.eq(L.pow(f(2), f(0.5)), f(Math.SQRT2)))).toMatch(/^unknown: /);
  });

  it('sums right to left as foldr does, and takes min/max as if a <= b', async () => {
    // (1e16 + (1 + 1)) != ((1e16 + 1) + 1): the right fold keeps the small terms.
    await isFloat(L.prim('sum', L.seq(f(1e16), f(1), f(1))), 1e16 + 2);
    await isFloat(L.prim('sum', L.seq(f(-0))), 0);
    await isFloat(L.prim('max', L.div(f(0), f(0)), f(1)), NaN);
    await isFloat(L.prim('max', f(1), L.div(f(0), f(0))), 1);
    await isFloat(L.prim('max', f(0), f(-0)), -0);
    await isFloat(L.prim('min', L.seq(f(3), f(-1), f(2))), -1);
  });

  it('reads and writes floats in JSON, with text for what JSON numbers cannot carry', () => {
    for (const v of [1.5, -0, NaN, Infinity, -Infinity, 0.1, 1e300, 5e-324]) {
      const back = decodeValue(encodeValue(V.float(v), T.float) as never, T.float);
      expect(equalValues(back, V.float(v))).toBe(true);
    }
    expect(decodeValue('2.5e-3', T.float)).toEqual(V.float(0.0025));
    expect(decodeValue('-inf', T.float)).toEqual(V.float(-Infinity));
    expect(() => decodeValue('1.5x', T.float)).toThrow(/expected a float/);
    expect(() => decodeValue(true, T.float)).toThrow(/expected a float/);
  });
});

import { describe, expect, it } from 'vitest';
import { ConversionError, convertValue, pairRejectInput, pairSignatures, pairTest, T, V, type Signature, type Type } from '../src/index.js';

const option = (elem: Type, none: string, some: string): Type => T.datatype('Option', [{ name: none, fields: [] }, { name: some, fields: [{ name: 'val', type: elem }] }], [elem]);
const u8 = T.machine(8, false);
const i32 = T.machine(32, true);

describe('convertValue', () => {
  it('keeps integers whose target range holds them and refuses the rest, never clamping', () => {
    expect(convertValue(V.int(-3), T.int, T.int)).toEqual(V.int(-3));
    expect(convertValue(V.int(255), T.nat, u8)).toEqual(V.int(255));
    expect(() => convertValue(V.int(256), T.nat, u8)).toThrow(/256 does not fit u8 \(its range is 0\.\.=255\)/);
    expect(() => convertValue(V.int(-1), T.int, T.nat)).toThrow(/-1 does not fit nat/);
    expect(() => convertValue(V.int(-2147483649n), T.int, i32)).toThrow(ConversionError);
    expect(convertValue(V.int(-2147483648n), T.int, i32)).toEqual(V.int(-2147483648n));
  });

  it('converts lists, arrays and strings into one another element by element, naming the failing element', () => {
    const list = V.seq([V.int(1), V.int(300)]);
    expect(convertValue(list, T.seq(T.nat), T.array(T.int))).toEqual(list);
    expect(() => convertValue(list, T.seq(T.nat), T.seq(u8))).toThrow(/\$\[1\]: 300 does not fit u8/);
    expect(convertValue(V.string('ab'), T.string, T.seq(T.char))).toEqual(V.string('ab'));
    const grid = V.seq([V.seq([V.int(1)]), V.seq([V.int(2)])]);
    expect(convertValue(grid, T.array(T.int, 2), T.seq(T.seq(T.int)))).toEqual(grid);
  });

  it('refuses a change of kind instead of guessing a value', () => {
    expect(() => convertValue(V.float(0.5), T.float, T.int)).toThrow(/float value has no counterpart of type int/);
    expect(() => convertValue(V.int(1), T.int, T.bool)).toThrow(/integer has no counterpart of type bool/);
    expect(() => convertValue(V.datatype('none'), option(T.int, 'none', 'some'), T.int)).toThrow(ConversionError);
    expect(() => convertValue(V.tuple([V.int(1), V.int(2)]), T.tuple(T.int, T.int), T.tuple(T.int, T.int, T.int))).toThrow(/tuple of 2 values/);
  });

  it('turns finite floats into the exact real they are', () => {
    expect(convertValue(V.float(0.375), T.float, T.real)).toEqual(V.real(3, 8));
    expect(convertValue(V.float(-2), T.float, T.real)).toEqual(V.real(-2));
    expect(() => convertValue(V.float(Number.NaN), T.float, T.real)).toThrow(ConversionError);
  });

  it('maps datatypes constructor by constructor when both sides have the same constructors', () => {
    const from = option(T.nat, 'none', 'some');
    const to = option(i32, 'None', 'Some');
    expect(convertValue(V.datatype('some', [V.int(4)]), from, to)).toEqual(V.datatype('Some', [V.int(4)]));
    expect(convertValue(V.datatype('none'), from, to)).toEqual(V.datatype('None'));
    expect(() => convertValue(V.datatype('some', [V.int(-4)]), option(T.int, 'none', 'some'), option(T.nat, 'None', 'Some'))).toThrow(/-4 does not fit nat/);
    const other = T.datatype('Result', [{ name: 'Ok', fields: [{ type: T.int }] }, { name: 'Err', fields: [] }]);
    expect(() => convertValue(V.datatype('none'), from, other)).toThrow(/do not have the same constructors/);
  });
});

const sig = (params: [string, Type][], results: [string, Type][], inOut?: string[]): Signature => ({
  name: 'f',
  params: params.map(([name, type]) => ({ name, type })),
  results: results.map(([name, type]) => ({ name, type })),
  ...(inOut ? { inOut } : {}),
});

describe('pairSignatures and pairTest', () => {
  it('maps parameters by position whatever their names, and writes the target names', () => {
    const pairing = pairSignatures(sig([['xs', T.seq(T.int)], ['k', T.nat]], [['result', T.nat]]), sig([['a', T.array(T.int)], ['n', T.int]], [['r', T.int]]));
    const paired = pairTest(pairing, { id: 't1', inputs: { xs: V.seq([V.int(-1)]), k: V.int(2) }, expected: V.int(1), unexpected: [V.int(0), V.int(7)] });
    expect(paired).toEqual({ test: { id: 't1', inputs: { a: [-1], n: 2 }, output: 1, wrong: [0, 7] }, problems: [] });
  });

  it('refuses signatures of another shape with the reason', () => {
    expect(() => pairSignatures(sig([['a', T.int]], [['r', T.int]]), sig([['a', T.int], ['b', T.int]], [['r', T.int]]))).toThrow(/takes 1 parameters, f takes 2/);
    expect(() => pairSignatures(sig([['a', T.int]], [['r', T.int]]), sig([['a', T.int]], [['x', T.int], ['y', T.int]]))).toThrow(/has 2 outputs/);
    expect(() => pairSignatures(sig([['xs', T.seq(T.float)]], [['r', T.bool]]), sig([['a', T.array(T.int)]], [['r', T.bool]]))).toThrow('parameter xs → a: float has no counterpart of type int');
    expect(() => pairSignatures(sig([['a', T.int]], [['r', option(T.int, 'none', 'some')]]), sig([['a', T.int]], [['r', T.int]]))).toThrow('result → r: Option(int) has no counterpart of type int');
    expect(pairSignatures(sig([['a', T.int]], [['r', option(T.nat, 'none', 'some')]]), sig([['a', u8]], [['r', option(T.int, 'None', 'Some')]])).outputs).toHaveLength(1);
  });

  it('spreads a tuple result over several target outputs', () => {
    const pairing = pairSignatures(sig([['a', T.int]], [['r', T.tuple(T.int, T.nat)]]), sig([['a', T.int]], [['lo', T.int], ['hi', T.nat]]));
    const paired = pairTest(pairing, { id: 't', inputs: { a: V.int(0) }, expected: V.tuple([V.int(-1), V.int(1)]), unexpected: [V.tuple([V.int(0), V.int(-1)])] });
    expect(paired.test).toEqual({ id: 't', inputs: { a: 0 }, output: { lo: -1, hi: 1 } });
    expect(paired.problems).toEqual(['t: wrong output left out: unexpected[0].1 → hi: -1 does not fit nat (it is >= 0)']);
  });

  it('skips a test whose input does not fit, and keeps the others', () => {
    const pairing = pairSignatures(sig([['n', T.int]], [['r', T.bool]]), sig([['n', u8]], [['r', T.bool]]));
    expect(pairTest(pairing, { id: 'big', inputs: { n: V.int(1000) }, expected: V.bool(true), unexpected: [] })).toEqual({ problems: ['big: input n → n: 1000 does not fit u8 (its range is 0..=255)'] });
    expect(pairTest(pairing, { id: 'small', inputs: { n: V.int(10) }, expected: V.bool(true), unexpected: [V.bool(false)] }).test).toEqual({ id: 'small', inputs: { n: 10 }, output: true, wrong: [false] });
  });

  it('leaves out an output of another length for an array changed in place', () => {
    const pairing = pairSignatures(sig([['a', T.seq(T.int)]], [['r', T.seq(T.int)]]), sig([['a', T.array(T.int)]], [], ['a']));
    const paired = pairTest(pairing, { id: 't', inputs: { a: V.seq([V.int(2), V.int(1)]) }, expected: V.seq([V.int(1), V.int(2)]), unexpected: [V.seq([V.int(1)])] });
    expect(paired.test).toEqual({ id: 't', inputs: { a: [2, 1] }, output: [1, 2] });
    expect(paired.problems[0]).toMatch(/a is changed in place and has 2 elements; this value has 1/);
    expect(pairTest(pairing, { id: 'u', inputs: { a: V.seq([V.int(2)]) }, expected: V.seq([]), unexpected: [] }).test).toBeUndefined();
  });

  it('carries reject inputs over, or says why not', () => {
    const pairing = pairSignatures(sig([['n', T.int]], [['r', T.int]]), sig([['m', T.nat]], [['r', T.int]]));
    expect(pairRejectInput(pairing, 'reject1', { n: V.int(3) })).toEqual({ input: { id: 'reject1', inputs: { m: 3 } } });
    expect(pairRejectInput(pairing, 'reject2', { n: V.int(-3) }).problem).toMatch(/reject2: input n → m: -3 does not fit nat/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValueDecodeError, T, TypeSchema, decodeValue, encodeValue, generateMutants, machineRange, machineType, showType, type Type, type Value } from '../src/index.js';

// Fixed-width integers (Verus u8...i128, usize): values the type cannot hold are refused by the type,
// and output mutants stay inside the range, since a mutant the type refuses would count as one the spec
// rejects and inflate completeness.
const WIDTHS = [8, 16, 32, 64, 128] as const;

function ints(v: Value): bigint[] {
  switch (v.kind) {
    case 'int':
      return [v.value];
    case 'seq':
    case 'tuple':
      return v.elems.flatMap(ints);
    default:
      return [];
  }
}

describe('machine integers in the model', () => {
  it('are named as Rust names them and read back from those names', () => {
    expect(showType(T.machine(8, false))).toBe('u8');
    expect(showType(T.machine(128, true))).toBe('i128');
    expect(showType(machineType('usize')!)).toBe('usize');
    expect(machineType('isize')).toEqual({ kind: 'machine', bits: 64, signed: true, pointerSized: true });
    expect(machineType('u7')).toBeUndefined();
    expect(TypeSchema.parse({ kind: 'machine', bits: 32, signed: true })).toEqual(T.machine(32, true));
  });

  it('have the two\'s-complement ranges', () => {
    expect(machineRange(8, false)).toEqual([0n, 255n]);
    expect(machineRange(8, true)).toEqual([-128n, 127n]);
    expect(machineRange(64, false)).toEqual([0n, 18446744073709551615n]);
  });

  it('accept every value in range from JSON and refuse the first one outside, naming the path and the range', () => {
    expect(decodeValue(255, T.machine(8, false))).toEqual({ kind: 'int', value: 255n });
    expect(decodeValue('-170141183460469231731687303715884105728', T.machine(128, true))).toEqual({ kind: 'int', value: -(1n << 127n) });
    const refused = (json: unknown, t: Type) => {
      try {
        decodeValue(json as never, t, '$.tests[0].output');
      } catch (e) {
        return e instanceof ValueDecodeError ? `${e.jsonPath}: ${e.message}` : String(e);
      }
      return 'accepted';
    };
    expect(refused(256, T.machine(8, false))).toMatch(/^\$\.tests\[0\]\.output: expected a u8 value in 0\.\.255, got 256$/);
    expect(refused(-1, T.machine(32, false))).toMatch(/u32 value in 0\.\.4294967295/);
    expect(refused(128, T.machine(8, true))).toMatch(/expected an i8 value in -128\.\.127/);
    expect(refused([1, 300], T.seq(T.machine(8, false)))).toMatch(/\$\.tests\[0\]\.output\[1\]/);
  });

  it('round-trip through JSON', () => {
    const t = T.seq(T.machine(64, false));
    const v = decodeValue([0, '18446744073709551615'], t);
    expect(decodeValue(encodeValue(v, t) as never, t)).toEqual(v);
  });

  it('give output mutants that stay inside the range, at its edges too', () => {
    const scalar = fc.constantFrom(...WIDTHS).chain((bits) =>
      fc.boolean().chain((signed) => {
        const [min, max] = machineRange(bits, signed);
        const edge = fc.constantFrom(min, max, min + 1n, max - 1n, 0n);
        return fc.tuple(fc.constant(T.machine(bits, signed)), fc.oneof(edge, fc.bigInt({ min, max })));
      }),
    );
    fc.assert(
      fc.property(scalar, fc.integer({ min: 0, max: 3 }), fc.string(), ([t, x], wrap, seed) => {
        const [min, max] = machineRange((t as { bits: number }).bits, (t as { signed: boolean }).signed);
        const type = wrap === 0 ? t : wrap === 1 ? T.seq(t) : wrap === 2 ? T.tuple(t, t) : T.seq(T.seq(t));
        const json = wrap === 0 ? String(x) : wrap === 1 ? [String(x), String(min)] : wrap === 2 ? [String(x), String(max)] : [[String(x)]];
        const expected = { r: decodeValue(json as never, type) };
        const mutants = generateMutants({ results: [{ name: 'r', type }], expected, alternatives: [], count: 8, seed });
        expect(mutants.length).toBeGreaterThan(0);
        for (const m of mutants) for (const n of ints(m.outputs.r!)) expect(n >= min && n <= max, `${n} in ${showType(t)}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

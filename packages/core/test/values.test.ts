import { describe, expect, it } from 'vitest';
import { T, V, compareValues, decodeValue, encodeValue, equalValues, realToText, valueKey, type Type } from '../src/index.js';

describe('value model', () => {
  it('keeps sets, multisets and maps canonical', () => {
    expect(V.set([V.int(3), V.int(1), V.int(3)])).toEqual(V.set([V.int(1), V.int(3)]));
    expect(valueKey(V.multiset([V.int(2), V.int(1), V.int(2)]))).toBe('#{1,2,2}');
    expect(V.map([[V.int(2), V.bool(true)], [V.int(1), V.bool(false)], [V.int(2), V.bool(false)]])).toEqual({
      kind: 'map',
      entries: [
        [V.int(1), V.bool(false)],
        [V.int(2), V.bool(false)],
      ],
    });
  });

  it('normalizes reals and prints them exactly', () => {
    expect(V.real(6, -4)).toEqual({ kind: 'real', num: -3n, den: 2n });
    expect(realToText(-3n, 2n)).toBe('-1.5');
    expect(realToText(1n, 3n)).toBe('1/3');
    expect(realToText(5n, 1n)).toBe('5.0');
  });

  it('orders values of different kinds and contents totally', () => {
    expect(compareValues(V.int(1), V.int(2))).toBeLessThan(0);
    expect(compareValues(V.seq([V.int(1)]), V.seq([V.int(1), V.int(0)]))).toBeLessThan(0);
    expect(equalValues(V.string('ab'), V.seq([V.char('a'), V.char('b')]))).toBe(true);
    expect(compareValues(V.real(1, 2), V.real(2, 3))).toBeLessThan(0);
  });

  it('rejects a char that is not one code point', () => {
    expect(() => V.char('ab')).toThrow(/one code point/);
    expect(V.char('😀').kind).toBe('char');
  });
});

describe('JSON values', () => {
  const roundTrip = (json: unknown, t: Type) => encodeValue(decodeValue(json as never, t), t);

  it('round-trips every model type', () => {
    const dt = T.datatype('Option', [{ name: 'None', fields: [] }, { name: 'Some', fields: [{ name: 'value', type: T.int }] }]);
    const cases: [unknown, Type][] = [
      [5, T.int],
      ['123456789012345678901234567890', T.int],
      [0, T.nat],
      [true, T.bool],
      ['x', T.char],
      ['héllo', T.string],
      ['1.5', T.real],
      ['1/3', T.real],
      [[1, 2, 3], T.seq(T.int)],
      [[[1, 2], [3, 4]], T.array(T.int, 2)],
      [[1, 2], T.set(T.int)],
      [[1, 1, 2], T.multiset(T.int)],
      [[[1, 'a'], [2, 'b']], T.map(T.int, T.char)],
      [[1, true], T.tuple(T.int, T.bool)],
      ['None', dt],
      [{ ctor: 'Some', args: [4] }, dt],
      [[[1, 2], [3]], T.seq(T.seq(T.int))],
      ['abc', T.seq(T.char)],
    ];
    for (const [json, t] of cases) expect(roundTrip(json, t)).toEqual(json);
  });

  it('accepts maps written as objects when keys are strings or numbers', () => {
    expect(decodeValue({ a: 1 }, T.map(T.string, T.int))).toEqual(V.map([[V.string('a'), V.int(1)]]));
    expect(decodeValue({ '2': true }, T.map(T.int, T.bool))).toEqual(V.map([[V.int(2), V.bool(true)]]));
  });

  it('names the JSON path and what was expected', () => {
    expect(() => decodeValue([1, 'x'], T.seq(T.int), 'tests[0].output')).toThrow(/expected an integer, got "x"/);
    try {
      decodeValue([1, 'x'], T.seq(T.int), 'tests[0].output');
    } catch (e) {
      expect((e as { jsonPath: string }).jsonPath).toBe('tests[0].output[1]');
    }
    expect(() => decodeValue(-1, T.nat)).toThrow(/natural number/);
    expect(() => decodeValue(2 ** 60, T.int)).toThrow(/as strings/);
    expect(() => decodeValue([[1, 2], [3]], T.array(T.int, 2))).toThrow(/rectangular/);
    expect(() => decodeValue('ab', T.char)).toThrow(/one character/);
    expect(() => decodeValue([1, 2, 3], T.tuple(T.int, T.int))).toThrow(/tuple of 2/);
  });
});

describe('triples', () => {
  it('validate against their schema, with bigint values', async () => {
    const { TripleSchema } = await import('../src/index.js');
    const t = { id: 't1_m2', testId: 't1', role: 'mutant', inputs: { a: V.seq([V.int(1)]) }, outputs: { r: V.int(2n ** 70n) } };
    expect(TripleSchema.parse(t)).toEqual(t);
    expect(TripleSchema.safeParse({ ...t, id: 't 1' }).success).toBe(false);
    expect(TripleSchema.safeParse({ ...t, role: 'guess' }).success).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { T, V, createRng, decodeValue, generateMutants, outputsKey, valueKey, type Parameter, type Type, type Value } from '../src/index.js';

const one = (type: Type): Parameter[] => [{ name: 'r', type }];

function mutantsOf(type: Type, json: unknown, count = 5, seed = 'seed', alternatives: unknown[] = []) {
  const expected = { r: decodeValue(json as never, type) };
  return generateMutants({
    results: one(type),
    expected,
    alternatives: alternatives.map((a) => ({ r: decodeValue(a as never, type) })),
    count,
    seed,
  });
}

describe('output mutants', () => {
  it('are deterministic for a seed and differ between seeds', () => {
    const a = mutantsOf(T.seq(T.int), [4, 5]);
    const b = mutantsOf(T.seq(T.int), [4, 5]);
    const c = mutantsOf(T.seq(T.int), [4, 5], 5, 'other');
    expect(a.map((m) => valueKey(m.outputs.r!))).toEqual(b.map((m) => valueKey(m.outputs.r!)));
    expect(a.map((m) => valueKey(m.outputs.r!))).not.toEqual(c.map((m) => valueKey(m.outputs.r!)));
    expect(a).toHaveLength(5);
  });

  it('never equal the expected output, an alternative, or each other', () => {
    const ms = mutantsOf(T.seq(T.int), [4, 5], 20, 's', [[5, 4]]);
    const keys = ms.map((m) => valueKey(m.outputs.r!));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('[4,5]');
    expect(keys).not.toContain('[5,4]');
  });

  it('change a float into a finite double that differs from it as a float', () => {
    for (const x of ['NaN', '-0.0', 0, 1.5, 1e300, -1.7976931348623157e308, 2 ** 60, 5e-324, 'Infinity']) {
      const expected = decodeValue(x as never, T.float) as { value: number };
      const ms = mutantsOf(T.float, x, 10);
      expect(ms.length).toBeGreaterThan(5);
      for (const m of ms) {
        const y = (m.outputs.r as { kind: string; value: number });
        expect(y.kind).toBe('float');
        expect(Number.isFinite(y.value)).toBe(true);
        expect(y.value !== expected.value).toBe(true); // IEEE inequality: never the other zero
      }
    }
    // Inside collections, the element mutation changes floats the same way.
    const inSeq = mutantsOf(T.seq(T.float), [0.5, 2.5], 10);
    expect(inSeq.some((m) => m.operator === 'seq.mutate-element')).toBe(true);
  });

  it('flip a bool once: there is only one other bool', () => {
    const ms = mutantsOf(T.bool, true, 5);
    expect(ms.map((m) => m.outputs.r)).toEqual([V.bool(false)]);
  });

  it('shift ints by 1..10 and keep nats non-negative', () => {
    for (const m of mutantsOf(T.int, 7, 10)) {
      const d = Number((m.outputs.r as { value: bigint }).value) - 7;
      expect(Math.abs(d)).toBeGreaterThanOrEqual(1);
      expect(Math.abs(d)).toBeLessThanOrEqual(10);
    }
    for (const m of mutantsOf(T.nat, 0, 8)) expect((m.outputs.r as { value: bigint }).value >= 0n).toBe(true);
  });

  it('use the paper operators on sequences: drops and inserts appear', () => {
    const ops = new Set(mutantsOf(T.seq(T.int), [1, 2, 3], 30).map((m) => m.operator));
    expect(ops).toContain('seq.drop');
    expect(ops).toContain('seq.insert');
  });

  it('edit strings by replacing or appending a character', () => {
    const ms = mutantsOf(T.string, 'abc', 10);
    expect(ms.length).toBe(10);
    for (const m of ms) expect((m.outputs.r as { elems: Value[] }).elems.every((e) => e.kind === 'char')).toBe(true);
  });

  it('keep 2-D arrays rectangular', () => {
    for (const m of mutantsOf(T.array(T.int, 2), [[1, 2], [3, 4]], 10)) {
      const rows = (m.outputs.r as { elems: { elems: Value[] }[] }).elems;
      expect(new Set(rows.map((r) => r.elems.length)).size).toBe(1);
    }
  });

  it('mutate one result of several', () => {
    const results: Parameter[] = [
      { name: 'q', type: T.int },
      { name: 'r', type: T.int },
    ];
    const ms = generateMutants({ results, expected: { q: V.int(3), r: V.int(1) }, alternatives: [], count: 6, seed: 'x' });
    for (const m of ms) {
      const changed = ['q', 'r'].filter((k) => valueKey(m.outputs[k]!) !== valueKey(({ q: V.int(3), r: V.int(1) } as Record<string, Value>)[k]!));
      expect(changed).toHaveLength(1);
      expect(m.operator).toMatch(/^(q|r):int\.shift$/);
    }
  });

  it('cover sets, multisets, maps, tuples, chars, reals and datatypes', () => {
    const dt = T.datatype('Shape', [
      { name: 'Circle', fields: [{ name: 'r', type: T.int }] },
      { name: 'Square', fields: [{ name: 's', type: T.int }] },
    ]);
    const cases: [Type, unknown][] = [
      [T.set(T.int), [1, 2]],
      [T.multiset(T.int), [1, 1]],
      [T.map(T.int, T.int), [[1, 2]]],
      [T.tuple(T.int, T.bool), [1, true]],
      [T.char, 'a'],
      [T.real, '1.5'],
      [dt, { ctor: 'Circle', args: [2] }],
      [T.seq(T.seq(T.int)), [[1], [2, 3]]],
    ];
    for (const [t, json] of cases) expect(mutantsOf(t, json, 3).length).toBe(3);
  });

  it('property: mutants are always distinct from the expected output and each other', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 8 }), fc.string(), (xs, seed) => {
        const type = T.seq(T.int);
        const ms = mutantsOf(type, xs, 5, seed);
        const keys = ms.map((m) => outputsKey(one(type), m.outputs));
        return new Set(keys).size === keys.length && !keys.includes(outputsKey(one(type), { r: decodeValue(xs, type) }));
      }),
    );
  });

  it('rng is reproducible', () => {
    const a = createRng('k');
    const b = createRng('k');
    expect([a.next(), a.int(1, 10)]).toEqual([b.next(), b.int(1, 10)]);
  });
});

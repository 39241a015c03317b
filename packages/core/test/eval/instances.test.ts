import { describe, expect, it } from 'vitest';
import { V } from '../../src/model/values.js';
import { quantifierInstances } from '../../src/eval/index.js';
import { E, ints, specOf } from './helpers.js';

const n = E.v('n');
const k = E.v('k');
const r = E.v('result');

describe('quantifier instances that decide a spec', () => {
  it('give the witness of an exists that holds', async () => {
    const composite = { ...E.exists(['k'], E.and(E.le(E.int(2), k), E.lt(k, n), E.eq(E.mod(n, k), E.int(0)))), loc: { line: 3, column: 11 } };
    const found = await quantifierInstances(specOf([composite]), { n: V.int(91) });
    expect(found).toEqual([{ loc: { line: 3, column: 11 }, quant: 'exists', values: { k: V.int(7) } }]);
  });

  it('give the counterexample of a forall that fails, and nothing when it holds', async () => {
    const i = E.v('i');
    const j = E.v('j');
    const distinct = E.forall(['i', 'j'], E.implies(E.and(E.le(E.int(0), i), E.lt(i, j), E.lt(j, E.card(r))), E.ne(E.index(r, i), E.index(r, j))));
    expect(await quantifierInstances(specOf([distinct]), { result: ints(4, 5, 4) })).toEqual([
      { loc: undefined, quant: 'forall', values: { i: V.int(0), j: V.int(2) } },
    ]);
    expect(await quantifierInstances(specOf([distinct]), { result: ints(4, 5) })).toEqual([]);
  });
});

describe('comprehension values', () => {
  it('are computed for comprehensions that no binder encloses', async () => {
    const { comprehensionValues } = await import('../../src/eval/index.js');
    const s = E.v('s');
    const i = E.v('i');
    const evens = { ...E.setComp(['i'], E.and(E.le(E.int(0), i), E.lt(i, E.card(s)), E.eq(E.mod(E.index(s, i), E.int(2)), E.int(0)))), loc: { line: 4, column: 20 } };
    const spec = specOf([E.eq(E.v('result'), E.card(evens))]);
    expect(comprehensionValues(spec, { s: ints(2, 3, 4), result: V.int(2) })).toEqual([{ loc: { line: 4, column: 20 }, value: V.set([V.int(0), V.int(2)]) }]);
  });
});

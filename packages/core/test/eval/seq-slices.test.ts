import { describe, expect, it } from 'vitest';
import { V, equalValues, type Value } from '../../src/model/values.js';
import { seqAt, seqLength, seqSlice } from '../../src/eval/seq-view.js';
import { E, run } from './helpers.js';

type Seq = Extract<Value, { kind: 'seq' }>;
const ints = (n: number): Seq => V.seq(Array.from({ length: n }, (_, i) => V.int(i % 7))) as Seq;
const s = E.v('s');
const n = E.v('n');
// Sum(s) = if |s| == 0 then 0 else s[0] + Sum(s[1..]), the shape recursive specs over sequences take.
const sum = { functions: [{ name: 'Sum', params: [{ name: 's' }], body: E.ite(E.eq(E.card(s), E.int(0)), E.int(0), E.add(E.index(s, E.int(0)), E.call('Sum', E.slice(s, E.int(1), undefined)))) }] };

describe('sequence slices', () => {
  it('share their sequence: length, indexing and slices of slices read the same elements as a copy would', () => {
    const base = ints(50);
    const a = seqSlice(base, 3, 40) as Seq;
    const b = seqSlice(a, 5, 20) as Seq;
    const copy = base.elems.slice(8, 23);
    expect(seqLength(b)).toBe(15);
    expect(Array.from({ length: 15 }, (_, i) => seqAt(b, i))).toEqual(copy);
    expect(seqAt(b, 15)).toBeUndefined();
    expect(seqAt(b, -1)).toBeUndefined();
    // Read as a whole (equality, printing, JSON), a slice is the plain sequence of its elements.
    expect(equalValues(b, V.seq(copy))).toBe(true);
    expect({ ...b }).toEqual(V.seq(copy));
    expect(Object.keys(b)).toEqual(['kind', 'elems']);
    expect(b.elems).toEqual(copy);
  });

  it('a recursive Sum over s[1..] gives the sum, and the empty slice ends it', async () => {
    const xs = ints(300);
    const total = xs.elems.reduce((acc, x) => acc + (x.kind === 'int' ? Number(x.value) : 0), 0);
    expect((await run(E.eq(E.call('Sum', s), E.int(total)), { s: xs }, {}, sum)).status).toBe('holds');
    expect((await run(E.eq(E.call('Sum', s), E.int(total + 1)), { s: xs }, {}, sum)).status).toBe('fails');
  });

  it('a long recursion over slices of a huge sequence stops at the depth budget, not at memory', async () => {
    const res = await run(E.eq(E.call('Sum', s), E.int(0)), { s: ints(1_000_000) }, {}, sum);
    expect(res).toMatchObject({ status: 'unknown', cause: 'budget' });
    expect(res.reason).toMatch(/recursion depth budget/);
  });
});

describe('the collection element budget', () => {
  it('ends a clause check that builds more collection elements than allowed in unknown (budget), with the reason', async () => {
    // |s + s| == 2 |s|: the concatenation builds 2 |s| elements.
    const doubled = E.eq(E.card(E.add(s, s)), E.mul(E.int(2), E.card(s)));
    expect((await run(doubled, { s: ints(400) }, { budget: { maxElements: 1000 } })).status).toBe('holds');
    const over = await run(doubled, { s: ints(600) }, { budget: { maxElements: 1000 } });
    expect(over).toMatchObject({ status: 'unknown', cause: 'budget' });
    expect(over.reason).toMatch(/collection element budget \(1000\) exhausted/);
    // Slices build nothing: a thousand of them over a long sequence stay within a small budget.
    const dropped = { functions: [{ name: 'Drop', params: [{ name: 's' }, { name: 'n' }], body: E.ite(E.eq(n, E.int(0)), E.card(s), E.call('Drop', E.slice(s, E.int(1), undefined), E.sub(n, E.int(1)))) }] };
    const res = await run(E.eq(E.call('Drop', s, E.int(400)), E.int(99_600)), { s: ints(100_000) }, { budget: { maxElements: 1000 } }, dropped);
    expect(res.status).toBe('holds');
  });
});

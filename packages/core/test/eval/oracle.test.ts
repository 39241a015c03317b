import { describe, expect, it } from 'vitest';
import type { MethodSpec, SpecModule } from '../../src/backend/contract.js';
import type { IrSpec } from '../../src/ir/index.js';
import { T } from '../../src/model/types.js';
import type { Triple } from '../../src/model/triple.js';
import { V } from '../../src/model/values.js';
import { VerdictSchema } from '../../src/model/verdict.js';
import { evalOracle } from '../../src/eval/index.js';
import { E, ints } from './helpers.js';

const range = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };
const method: MethodSpec = {
  name: 'Divide',
  kind: 'method',
  signature: { name: 'Divide', params: [{ name: 'a', type: T.int }, { name: 'b', type: T.int }], results: [{ name: 'q', type: T.int }] },
  clauses: [],
  range,
  dependencies: [],
};
const module: SpecModule = { file: 'divide.dfy', text: '', methods: [method], native: undefined };

const spec: IrSpec = {
  name: 'Divide',
  params: [{ name: 'a', type: T.int }, { name: 'b', type: T.int }],
  results: [{ name: 'q', type: T.int }],
  requires: [{ expr: E.ne(E.v('b'), E.int(0)), loc: { line: 2, column: 12 } }],
  ensures: [{ expr: E.eq(E.v('q'), E.div(E.v('a'), E.v('b'))), loc: { line: 3, column: 11 } }],
  functions: [],
};

const triple = (id: string, role: Triple['role'], a: number, b: number, q: number): Triple => ({
  id,
  testId: 't1',
  role,
  inputs: { a: V.int(a), b: V.int(b) },
  outputs: { q: V.int(q) },
});

describe('evalOracle', () => {
  it('decides every triple by its role', async () => {
    const oracle = evalOracle(() => spec);
    expect(oracle.name).toBe('eval');
    const triples = [
      triple('pre_ok', 'precondition', 7, 2, 0),
      triple('pre_bad', 'precondition', 7, 0, 0),
      triple('test', 'test', -7, 2, -4),
      triple('mutant', 'mutant', -7, 2, -3),
      triple('vacuous', 'mutant', 7, 0, 1),
    ];
    const out = await oracle.decide({ module, method, triples, timeoutSeconds: 5 });
    expect(out.size).toBe(5);
    for (const v of out.values()) expect(VerdictSchema.safeParse(v).success).toBe(true);
    expect(out.get('pre_ok')).toMatchObject({ status: 'holds', oracle: 'eval' });
    expect(out.get('pre_bad')).toMatchObject({ status: 'fails', reason: 'precondition #1 (line 2) is false: b is 0' });
    expect(out.get('test')).toMatchObject({ status: 'holds' });
    expect(out.get('mutant')).toMatchObject({ status: 'fails', reason: 'postcondition #1 (line 3) is false: q = (a div b) is false (q = -3, a div b = -4)' });
    expect(out.get('vacuous')).toMatchObject({ status: 'unknown', cause: 'vacuous' });
  });

  it('reports an unsupported lowering for every triple', async () => {
    const oracle = evalOracle(() => ({ unsupported: 'reads clause', loc: { line: 4, column: 2 } }));
    const out = await oracle.decide({ module, method, triples: [triple('x', 'test', 1, 1, 1)], timeoutSeconds: 5 });
    expect(out.get('x')).toMatchObject({ status: 'unknown', cause: 'unsupported', reason: 'cannot evaluate this spec: reads clause at line 4, column 2' });
    const throwing = evalOracle(() => {
      throw new Error('lowering crashed');
    });
    const out2 = await throwing.decide({ module, method, triples: [triple('x', 'test', 1, 1, 1)], timeoutSeconds: 5 });
    expect(out2.get('x')).toMatchObject({ status: 'unknown', cause: 'unsupported', reason: 'cannot evaluate this spec: lowering crashed' });
  });

  it('maps ill-formed and budget outcomes to verdict causes', async () => {
    const bad: IrSpec = { ...spec, requires: [], ensures: [{ expr: E.eq(E.index(E.v('s'), E.int(3)), E.v('q')) }] };
    const oracle = evalOracle(() => bad);
    const t: Triple = { id: 'w', testId: 't', role: 'wrong', inputs: { s: ints(1) }, outputs: { q: V.int(1) } };
    const out = await oracle.decide({ module, method, triples: [t], timeoutSeconds: 5 });
    expect(out.get('w')).toMatchObject({ status: 'unknown', cause: 'gave-up' });
    expect(out.get('w')!.reason).toMatch(/not well-formed: index 3 out of range/);
  });

  it('decides every triple of a realistic suite of 100 specs', async () => {
    // 100 specs x 18 triples of a typical MBPP-style spec: sorted permutation of the input.
    const s = E.v('s');
    const r = E.v('r');
    const i = E.v('i');
    const j = E.v('j');
    const sortSpec = (): IrSpec => ({
      name: 'Sort',
      params: [{ name: 's' }],
      results: [{ name: 'r' }],
      requires: [{ expr: E.le(E.card(s), E.int(1000)) }],
      ensures: [
        { expr: E.forall(['i', 'j'], E.implies(E.chain([E.int(0), i, j, E.card(r)], ['le', 'lt', 'lt']), E.le(E.index(r, i), E.index(r, j)))) },
        { expr: E.eq(E.toMultiset(r), E.toMultiset(s)) },
        { expr: E.forall(['x'], E.implies(E.in(E.v('x'), s), E.exists(['k'], E.and(E.le(E.int(0), E.v('k')), E.lt(E.v('k'), E.card(r)), E.eq(E.index(r, E.v('k')), E.v('x')))))) },
      ],
      functions: [],
    });
    const input = [5, 3, 9, 1, 7, 2, 8, 6, 4, 0, 11, 15, 13, 12];
    const sorted = [...input].sort((x, y) => x - y);
    const suite = async () => {
    let decided = 0;
    for (let n = 0; n < 100; n++) {
      const oracle = evalOracle(() => sortSpec(), { solver: false });
      const triples: Triple[] = Array.from({ length: 18 }, (_, k) => ({
        id: `t${k}`,
        testId: 't',
        role: k === 0 ? 'test' : 'mutant',
        inputs: { s: ints(...input) },
        outputs: { r: ints(...(k === 0 ? sorted : sorted.map((x, p) => (p === k % sorted.length ? x + 1 : x)))) },
      }));
      const out = await oracle.decide({ module, method, triples, timeoutSeconds: 5 });
      decided += [...out.values()].filter((v) => v.status !== 'unknown').length;
    }
    return decided;
    };
    // Every triple decided; how fast is a benchmark's business (scripts/bench/evaluator.mjs prints it), not a test's.
    expect(await suite()).toBe(1800);
  });
});

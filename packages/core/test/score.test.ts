import { describe, expect, it } from 'vitest';
import { T, V, scoreSpec, summarize, type PlannedTriple, type Verdict } from '../src/index.js';

const signature = { name: 'M', params: [{ name: 'x', type: T.int }], results: [{ name: 'y', type: T.int }] };
const triple = (id: string, testId: string, role: PlannedTriple['role'], y?: number): PlannedTriple => ({
  id,
  testId,
  role,
  inputs: { x: V.int(1) },
  outputs: y === undefined ? {} : { y: V.int(y) },
});
const v = (status: Verdict['status'], cause?: Verdict['cause']): Verdict => (cause ? { status, cause, oracle: 'o' } : { status, oracle: 'o' });

function score(verdicts: Record<string, Verdict>, triples: PlannedTriple[], testIds: string[]) {
  return scoreSpec({
    id: 's',
    suite: 's.suite.json',
    spec: 's.dfy',
    method: 'M',
    backend: 'dafny',
    signature,
    testIds,
    triples,
    verdicts: new Map(Object.entries(verdicts)),
    render: (x) => (x.kind === 'int' ? x.value.toString() : '?'),
    seconds: 1,
  });
}

describe('scores', () => {
  it('count only proved rejections for completeness, and failed proofs too for the lenient count', () => {
    const triples = [triple('t1', 'a', 'test', 2), triple('m1', 'a', 'mutant', 3), triple('m2', 'a', 'mutant', 4), triple('m3', 'a', 'mutant', 5), triple('m4', 'a', 'mutant', 6)];
    const r = score({ t1: v('holds'), m1: v('fails'), m2: v('holds'), m3: v('unknown', 'timeout'), m4: v('fails') }, triples, ['a']);
    expect(r.correctness).toBe(1);
    expect(r.completeness).toBe(0.5);
    expect(r.lenientCompleteness).toBe(0.75);
    expect(r.mutants).toEqual({ total: 4, rejected: 2, accepted: 1, unknown: 1, error: 0 });
    expect(r.tests[0]!.mutants.map((m) => [m.value, m.verdict])).toEqual([
      ['3', 'rejected'],
      ['4', 'accepted'],
      ['5', 'unknown'],
      ['6', 'rejected'],
    ]);
    expect(summarize([r], 1)).toMatchObject({ scored: 1, correct: 1, unknown: 1, unknownCauses: { timeout: 1 } });
  });

  it('make every triple of a test vacuous when its inputs violate the precondition', () => {
    const triples = [triple('p', 'a', 'precondition'), triple('t1', 'a', 'test', 2), triple('m1', 'a', 'mutant', 3)];
    const r = score({ p: v('fails'), t1: v('holds'), m1: v('holds') }, triples, ['a']);
    expect(r.tests[0]).toMatchObject({ verdict: 'unknown', cause: 'vacuous', precondition: { verdict: 'fails' } });
    expect(r.tests[0]!.mutants[0]).toMatchObject({ verdict: 'unknown', cause: 'vacuous' });
    expect(r.correctness).toBe(0);
  });
});

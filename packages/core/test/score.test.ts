import { describe, expect, it } from 'vitest';
import { T, V, scoreSpec, settleVerdicts, summarize, withoutErrorVerdicts, type PlannedTriple, type Verdict } from '../src/index.js';

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
    language: 'dafny',
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

  it('let no verdict stand on a precondition that was not proved: unknown (precondition-unknown), with the cause', () => {
    const triples = [triple('p', 'a', 'precondition'), triple('t1', 'a', 'test', 2), triple('m1', 'a', 'mutant', 3), triple('m2', 'a', 'mutant', 4)];
    const r = score({ p: { status: 'unknown', cause: 'timeout', reason: 'ran out of time', oracle: 'o' }, t1: v('holds'), m1: v('fails'), m2: v('unknown', 'gave-up') }, triples, ['a']);
    expect(r.tests[0]).toMatchObject({ verdict: 'unknown', cause: 'precondition-unknown' });
    expect(r.tests[0]!.reason).toMatch(/assumes the precondition, which was not proved for these inputs \(unknown: ran out of time\)/);
    expect(r.tests[0]!.mutants.map((m) => [m.verdict, m.cause])).toEqual([['unknown', 'precondition-unknown'], ['unknown', 'gave-up']]);
    expect(r.correctness).toBe(0);
    expect(r.completeness).toBe(0);
  });

  it('call a verdict that waits on an interrupted precondition check interrupted, so a rerun is known to decide it', () => {
    const triples = [triple('p', 'a', 'precondition'), triple('t1', 'a', 'test', 2), triple('m1', 'a', 'mutant', 3)];
    const r = score({ p: { status: 'unknown', cause: 'interrupted', reason: 'the run was stopped', oracle: 'o' }, t1: v('holds'), m1: v('fails') }, triples, ['a']);
    expect(r.tests[0]).toMatchObject({ verdict: 'unknown', cause: 'interrupted' });
    expect(r.tests[0]!.reason).toMatch(/assumes the precondition, which was not proved for these inputs \(unknown: the run was stopped\)/);
    expect(r.tests[0]!.mutants[0]).toMatchObject({ verdict: 'unknown', cause: 'interrupted' });
  });

  it('keep verdicts whose precondition was proved, and those of specs without one', () => {
    const triples = [triple('p', 'a', 'precondition'), triple('t1', 'a', 'test', 2), triple('t2', 'b', 'test', 2)];
    const settled = settleVerdicts(triples, new Map([['p', v('holds')], ['t1', v('holds')], ['t2', v('fails')]]));
    expect(settled.get('t1')).toEqual(v('holds'));
    // Test b has no precondition triple (the spec has no precondition for it to violate).
    expect(settled.get('t2')).toEqual(v('fails'));
  });

  it('do not score a spec whose verdicts include errors, and keep its verdicts in the report', () => {
    const triples = [triple('t1', 'a', 'test', 2), triple('m1', 'a', 'mutant', 3)];
    const verdicts = { t1: v('holds'), m1: { status: 'error', cause: 'harness-error', reason: 'Dafny crashed', oracle: 'dafny 4.11.0' } as Verdict };
    const r = withoutErrorVerdicts(score(verdicts, triples, ['a']), new Map(Object.entries(verdicts)));
    expect(r).toMatchObject({ status: 'error', correctness: null, completeness: null, error: { code: 'oracle-error' } });
    expect(r.error!.message).toMatch(/1 of 2 triples could not be checked \(harness-error, dafny 4\.11\.0\): Dafny crashed/);
    expect(r.tests[0]!.verdict).toBe('holds');
    expect(summarize([r], 1)).toMatchObject({ scored: 0, errors: 1 });
  });

  it('score reject inputs as precondition completeness, test inputs as precondition correctness; unknown counts neither way', () => {
    const triples = [
      triple('p1', 'a', 'precondition'),
      triple('t1', 'a', 'test', 2),
      triple('p2', 'b', 'precondition'),
      triple('t2', 'b', 'test', 2),
      triple('r1', 'x', 'reject'),
      triple('r2', 'y', 'reject'),
      triple('r3', 'z', 'reject'),
    ];
    const r = score({ p1: v('holds'), t1: v('holds'), p2: v('unknown', 'timeout'), t2: v('holds'), r1: v('fails'), r2: v('holds'), r3: v('unknown', 'gave-up') }, triples, ['a', 'b']);
    expect(r.preconditionCorrectness).toBe(0.5);
    expect(r.preconditionCompleteness).toBe(1 / 3);
    expect(r.rejectInputs!.map((x) => [x.id, x.verdict])).toEqual([
      ['x', 'rejected'],
      ['y', 'accepted'],
      ['z', 'unknown'],
    ]);
    expect(r.rejectInputs![2]).toMatchObject({ cause: 'gave-up', oracle: 'o' });
    // A reject input never touches a test's verdicts (b's is unknown for its own undecided precondition),
    // and its unknown verdict is counted with the others.
    expect(r.tests.map((t) => t.verdict)).toEqual(['holds', 'unknown']);
    expect(r.unknown).toBe(3);
    expect(summarize([r], 1)).toMatchObject({ preconditionCorrectness: 0.5, preconditionCompleteness: 1 / 3, unknownCauses: { timeout: 1, 'gave-up': 1, 'precondition-unknown': 1 } });
  });

  it('has no precondition figures when nothing of the precondition was checked', () => {
    const r = score({ t1: v('holds') }, [triple('t1', 'a', 'test', 2)], ['a']);
    expect(r.preconditionCorrectness).toBeNull();
    expect(r.preconditionCompleteness).toBeNull();
  });
});

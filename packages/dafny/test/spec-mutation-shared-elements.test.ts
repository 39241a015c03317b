import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { evalOracle, scoreSuiteFile, verifierOracle, type Backend, type SpecMutant, type SpecReport } from '@specmut/core';
import { dafnyBackend, dafnyVerifier, detectDafny } from '../src/index.js';

// The acceptance case of spec mutation: SharedElements with the full `<==>` postcondition. Its `==>`
// weakening (the paper's spec) accepts answers that drop a shared element, so it survives the paper's
// three tests unless some output mutant drops an element.
const spec = fileURLToPath(new URL('../../../examples/dafny/shared-elements/shared-elements-iff.dfy', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'specmut-spec-mutation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TESTS = [
  { id: 't1', inputs: { a: [3, 4, 5, 6], b: [5, 7, 4, 10] }, output: [4, 5], alternatives: [[5, 4]] },
  { id: 't2', inputs: { a: [1, 2, 3, 4], b: [5, 4, 3, 7] }, output: [3, 4], alternatives: [[4, 3]] },
  { id: 't3', inputs: { a: [11, 12, 14, 13], b: [17, 15, 14, 13] }, output: [13, 14], alternatives: [[14, 13]] },
];

/** The paper's tests, no generated output mutants, and the given known-wrong outputs per test. */
function suite(name: string, wrong: number[][][]): string {
  const file = join(dir, `${name}.suite.json`);
  const tests = TESTS.map((t, i) => ({ ...t, wrong: wrong[i] ?? [] }));
  writeFileSync(file, JSON.stringify({ id: name, spec, method: 'SharedElements', options: { mutants: 0 }, tests }));
  return file;
}

// Wrong outputs that add an element of one array only: both `<==>` and `==>` reject them.
const addsOnly = suite('adds-only', [[[4, 5, 3]], [[3, 4, 1]], [[13, 14, 11]]]);
// The same plus an answer that drops the shared element 5.
const dropsOne = suite('drops-one', [[[4, 5, 3], [4]], [[3, 4, 1]], [[13, 14, 11]]]);

const implication = (r: SpecReport): SpecMutant | undefined => r.specMutants?.find((m) => m.operator === 'iff-to-implies' && m.text.includes(' ==> '));

describe('spec mutation of SharedElements (<==>) with the evaluator', () => {
  const context = { backends: [dafnyBackend], oracleFor: async () => evalOracle(dafnyBackend.lower!, { printer: dafnyBackend.printer }) };

  it('the ==> weakening survives when no output mutant drops an element, and probes show it is strictly weaker', async () => {
    const report = await scoreSuiteFile(addsOnly, context, { specMutation: {} });
    expect(report.status, JSON.stringify(report.error)).toBe('scored');
    const m = implication(report)!;
    expect(m).toMatchObject({ clause: 'ensures', status: 'survived', relation: 'weaker', text: 'forall x :: x in result ==> Contains(a, x) && Contains(b, x)' });
    expect(m.original).toBe('forall x :: x in result <==> Contains(a, x) && Contains(b, x)');
    expect(m.location).toEqual({ start: { line: 11, column: 35 }, end: { line: 11, column: 39 } });
    expect(m.replacement).toBe('==>');
    expect(m.reason).toMatch(/^all 9 triples of the suite get the same decided verdict .*strictly weaker on the tested inputs: it accepts the output \[.*\] for test t\d, which the original rejects/);
    // Most informative first: strictly weaker survivors lead the list.
    expect(report.specMutants![0]!.relation).toBe('weaker');
    // The other direction (`<==`) accepts the added element: killed by the suite's wrong outputs.
    expect(report.specMutants!.find((x) => x.text.includes(' <== '))).toMatchObject({ status: 'killed', reason: 'the original rejects the output [4, 5, 3] for test t1, the mutant accepts it' });
  });

  it('the ==> weakening is killed once an output mutant drops a shared element', async () => {
    const report = await scoreSuiteFile(dropsOne, context, { specMutation: {} });
    expect(implication(report)).toMatchObject({ status: 'killed', reason: 'the original rejects the output [4] for test t1, the mutant accepts it' });
  });

  it('a spec mutant that does not parse is dropped, never classified', async () => {
    const broken: Backend = { ...dafnyBackend, specMutationOperators: [{ name: 'break', description: '', query: '(binary_expression operator: "<==>" @op)', edit: { kind: 'replace', target: 'op', with: ['<==> <==>'] } }] };
    const report = await scoreSuiteFile(addsOnly, { ...context, backends: [broken] }, { specMutation: {} });
    expect(report.specMutants).toEqual([]);
    expect(report.specMutantsDropped).toEqual({ illFormed: 1, duplicates: 0 });
  });
});

describe('spec mutation of SharedElements with the real Dafny verifier', () => {
  // Only the operator under test, so that the verifier checks two mutants, not fifty.
  const backend: Backend = { ...dafnyBackend, specMutationOperators: dafnyBackend.specMutationOperators!.filter((o) => o.name === 'iff-to-implies') };

  it('Dafny decides the same: the ==> weakening survives the paper\'s tests and is killed by a dropped element', async () => {
    const oracle = verifierOracle(dafnyVerifier, await detectDafny());
    const context = { backends: [backend], oracleFor: async () => oracle };
    const [survives, killed] = await Promise.all([scoreSuiteFile(addsOnly, context, { specMutation: { probes: 0 } }), scoreSuiteFile(dropsOne, context, { specMutation: { probes: 0 } })]);
    expect(implication(survives), JSON.stringify(survives.specMutants)).toMatchObject({ status: 'survived', relation: 'equivalent' });
    expect(implication(killed)).toMatchObject({ status: 'killed', reason: 'the original rejects the output [4] for test t1, the mutant accepts it' });
  }, 600_000);
});

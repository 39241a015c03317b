import { locateJsonPaths, type MutantReport, type Report, type SpecMutant, type SpecReport, type TestReport } from '@specmut/core';
import type { FileResult, MutantResult, MutationTestResult, TestDefinition, TestFile } from 'mutation-testing-report-schema';
import { mutantLocation, positionAt } from './location.js';
import { mutantStatus } from './status.js';

/** Texts of the files a report names (specs and suites), by the path written in the report. */
export type SourceTexts = ReadonlyMap<string, string>;

/** What stands in for a file that could not be read: the page still shows its mutants and tests. */
export const unreadable = (path: string): string => `(specmut: ${path} could not be read when this page was made)\n`;

const call = (spec: SpecReport, test: TestReport): string =>
  `${spec.method ?? spec.id}(${Object.entries(test.inputs)
    .map(([name, value]) => `${name} = ${value}`)
    .join(', ')})`;

/** The oracle's explanation, prefixed with which oracle gave it. */
function explanation(v: { verdict: string; oracle: string; reason?: string | undefined; cause?: string | undefined }, fallback: string): string {
  const cause = v.cause ? ` (${v.cause})` : '';
  return `${v.oracle}${cause}: ${v.reason ?? fallback}`;
}

const MUTANT_FALLBACK: Record<MutantReport['verdict'], string> = {
  rejected: 'the spec provably rejects this output',
  accepted: 'the spec provably accepts this output',
  unknown: 'neither accepting nor rejecting this output could be proved',
  error: 'the check could not be run',
};

/** A test as the page lists it: the call, the expected output and what the spec said of it (correctness). */
function testName(spec: SpecReport, test: TestReport): string {
  const verdict =
    test.verdict === 'holds'
      ? 'the spec accepts it'
      : test.verdict === 'fails'
        ? `FAILS: the spec rejects this expected output; ${explanation(test, 'its negation was proved')}`
        : `${test.verdict.toUpperCase()}: ${explanation(test, 'not decided')}`;
  const pre = test.precondition && test.precondition.verdict !== 'holds' ? `; precondition ${test.precondition.verdict}: ${explanation(test.precondition, 'not decided')}` : '';
  const wrongAlternatives = test.alternatives.filter((a) => a.verdict !== 'holds').map((a) => `${a.value} (${a.verdict})`);
  const alternatives = wrongAlternatives.length ? `; other correct outputs not accepted: ${wrongAlternatives.join(', ')}` : '';
  return `${test.id}: ${call(spec, test)} == ${test.output} (${verdict}${pre}${alternatives})`;
}

function mutantResult(spec: SpecReport, test: TestReport, m: MutantReport, source: string): MutantResult {
  const status = mutantStatus(m);
  const testId = `${spec.id}/${test.id}`;
  const location = mutantLocation(spec, m.clause, source);
  const result: MutantResult = {
    id: `${spec.id}/${m.id}`,
    mutatorName: m.origin === 'wrong' ? 'known wrong output' : (m.operator ?? 'output mutant'),
    // The page shows the replacement in place of the clause it checked: the output the clause was checked against.
    replacement: `${call(spec, test)} returns ${m.value}`,
    description: `test ${test.id}: ${call(spec, test)} returns ${m.value} instead of ${test.output}`,
    location,
    status,
    statusReason: explanation(m, MUTANT_FALLBACK[m.verdict]),
  };
  if (status === 'Killed') result.killedBy = [testId];
  if (status === 'Killed' || status === 'Survived' || status === 'Timeout') result.coveredBy = [testId];
  return result;
}

const SPEC_MUTANT_STATUS = { killed: 'Killed', survived: 'Survived', unknown: 'NoCoverage' } as const;

/**
 * A mutant of the spec itself (`score --spec-mutants`): shown as the edit it makes, Killed when the suite
 * tells it apart from the spec, Survived when it does not, NoCoverage when that is undecided.
 */
function specMutantResult(spec: SpecReport, m: SpecMutant, i: number): MutantResult {
  const relation = m.relation ? ` (${m.relation} than the spec on the tested inputs)` : '';
  return {
    id: `${spec.id}/spec-mutant-${i + 1}`,
    mutatorName: `spec mutation: ${m.operator}`,
    replacement: m.replacement,
    description: m.text === '' ? `${m.clause} clause dropped: ${m.original}` : `${m.clause} ${m.text}`,
    location: m.location,
    status: SPEC_MUTANT_STATUS[m.status],
    statusReason: `${m.status}${relation}: ${m.reason}`,
  };
}

function testFile(spec: SpecReport, source: string | undefined): TestFile {
  let offsets = new Map<string, number>();
  try {
    if (source !== undefined) offsets = locateJsonPaths(source);
  } catch {
    // A suite that is not valid JSON (an error report): its tests are listed without a place.
  }
  const tests = spec.tests.map((test, i): TestDefinition => {
    const at = offsets.get(`tests[${i}]`);
    const definition: TestDefinition = { id: `${spec.id}/${test.id}`, name: testName(spec, test) };
    if (at !== undefined && source !== undefined) definition.location = { start: positionAt(source, at) };
    return definition;
  });
  return source === undefined ? { tests } : { source, tests };
}

/**
 * A specmut report in the mutation-testing-report-schema format (version 2): each spec file a file,
 * each output mutant a mutant (status by `mutantStatus`, the oracle's explanation as its reason,
 * shown at the postcondition), each suite a test file whose tests name their correctness verdict;
 * mutants of the spec itself, when the report has them, are mutants of the spec file too.
 * Specs that could not be scored keep their file, with no mutants (their error is not a mutant).
 */
export function toMutationTestingReport(report: Report, sources: SourceTexts): MutationTestResult {
  const files: Record<string, FileResult> = {};
  const testFiles: Record<string, TestFile> = {};
  for (const spec of report.specs) {
    const path = spec.spec ?? spec.suite;
    const source = sources.get(path) ?? unreadable(path);
    const file = (files[path] ??= { language: spec.language ?? 'plain', source, mutants: [] });
    for (const test of spec.tests) for (const m of test.mutants) file.mutants.push(mutantResult(spec, test, m, source));
    (spec.specMutants ?? []).forEach((m, i) => file.mutants.push(specMutantResult(spec, m, i)));
    const suite = testFile(spec, sources.get(spec.suite));
    const existing = testFiles[spec.suite];
    testFiles[spec.suite] = existing ? { ...existing, tests: [...existing.tests, ...suite.tests] } : suite;
  }
  return {
    schemaVersion: '2',
    thresholds: { high: 80, low: 60 },
    files,
    testFiles,
    framework: { name: 'specmut', version: report.tool.version },
    config: { ...report.options },
  };
}

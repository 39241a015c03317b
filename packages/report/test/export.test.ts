import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { schema } from 'mutation-testing-report-schema';
import type { MutantResult, MutationTestResult } from 'mutation-testing-report-schema';
import { describe, expect, it } from 'vitest';
import { ReportSchema } from '@specmut/core';
import { mutantStatus, readSources, toMutationTestingReport, unreadable } from '../src/index.js';
import { cli, root, scoreExamples } from './helpers.js';

// The schema's only format (a branding URL, which the export does not use) needs no checking.
const validate = new Ajv({ allErrors: true, strict: false, formats: { uri: true } }).compile(schema);
const { report, dir, json } = scoreExamples();
const { texts } = await readSources(report, root);
const exported = toMutationTestingReport(report, texts);
const mutantsOf = (file: string): MutantResult[] => exported.files[file]!.mutants;
const abs = 'packages/report/test/fixtures/abs.dfy';

describe('the mutation-testing-report-schema export', () => {
  it('validates against the schema the package publishes', () => {
    expect(validate(exported), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...exported, files: { x: { language: 'dafny', mutants: [{ id: '1', status: 'Rejected' }] } } })).toBe(false);
  });

  it('has each spec as a file with its source text, each output mutant as a mutant', () => {
    expect(Object.keys(exported.files).sort()).toEqual(['examples/dafny/shared-elements/shared-elements.dfy', abs, 'packages/report/test/fixtures/missing-method.suite.json'].sort());
    expect(exported.files[abs]!.source).toBe(readFileSync(join(root, abs), 'utf8'));
    for (const spec of report.specs.filter((s) => s.status === 'scored')) {
      expect(mutantsOf(spec.spec!)).toHaveLength(spec.mutants.total);
    }
    const shared = mutantsOf('examples/dafny/shared-elements/shared-elements.dfy');
    expect(shared.filter((m) => m.status === 'Survived')).toHaveLength(3);
    expect(shared.filter((m) => m.status === 'Killed')).toHaveLength(12);
    // The spec that could not be scored keeps its file, with no mutant.
    expect(mutantsOf('packages/report/test/fixtures/missing-method.suite.json')).toEqual([]);
  });

  it('carries the oracle explanation, the killing test, and the clause the oracle names as the location', () => {
    const m = mutantsOf(abs).find((x) => x.id === 'abs/t1_m1')!;
    expect(m.status).toBe('Killed');
    expect(m.killedBy).toEqual(['abs/negative']);
    expect(m.statusReason).toMatch(/^eval: ensures #1 \(line 3\) is false: y >= 0 is false/);
    expect(m.location).toEqual({ start: { line: 3, column: 11 }, end: { line: 3, column: 17 } });
    const second = mutantsOf(abs).find((x) => /ensures #2/.test(x.statusReason ?? ''))!;
    expect(second.location.start.line).toBe(4);
    // Survivors name no clause: shown at the whole postcondition (lines 12-13 of shared-elements.dfy).
    const survivor = mutantsOf('examples/dafny/shared-elements/shared-elements.dfy').find((x) => x.status === 'Survived')!;
    expect(survivor.location.start.line).toBe(12);
    expect(survivor.location.end.line).toBe(13);
    expect(survivor.statusReason).toBe('eval: the spec provably accepts this output');
    expect(survivor.coveredBy).toHaveLength(1);
    expect(survivor.killedBy).toBeUndefined();
  });

  it('lists the tests with their correctness verdict, a failing one visibly', () => {
    const tests = exported.testFiles!['packages/report/test/fixtures/abs.suite.json']!.tests;
    expect(tests.map((t) => t.id)).toEqual(['abs/negative', 'abs/positive', 'abs/typo']);
    expect(tests[0]!.name).toBe('negative: Abs(x = -3) == 3 (the spec accepts it)');
    expect(tests[2]!.name).toMatch(/^typo: Abs\(x = 2\) == 3 \(FAILS: the spec rejects this expected output; eval: ensures #2 \(line 4\) is false/);
    expect(tests[2]!.location).toEqual({ start: { line: 9, column: 5 } });
  });

  it('maps every verdict to a status: never Killed for an undecided one', () => {
    expect(mutantStatus({ verdict: 'rejected' })).toBe('Killed');
    expect(mutantStatus({ verdict: 'accepted' })).toBe('Survived');
    expect(mutantStatus({ verdict: 'unknown', cause: 'timeout' })).toBe('Timeout');
    expect(mutantStatus({ verdict: 'unknown', cause: 'interrupted' })).toBe('Pending');
    for (const cause of ['gave-up', 'unsupported', 'vacuous', 'budget', 'missing', undefined] as const) expect(mutantStatus({ verdict: 'unknown', cause })).toBe('NoCoverage');
    expect(mutantStatus({ verdict: 'error', cause: 'harness-error' })).toBe('RuntimeError');
    expect(mutantStatus({ verdict: 'error', cause: 'crash' })).toBe('RuntimeError');
  });

  it('spec mutants (score --spec-mutants) are mutants of the spec file too, shown as their edit', () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'specmut-report-spec-'));
    const file = join(dir2, 'report.json');
    const r = cli(['score', 'packages/report/test/fixtures/abs.suite.json', '--backend', 'eval', '--no-cache', '--quiet', '--spec-mutants', '--json', file]);
    expect(r.code, r.err).toBe(0);
    const withSpec = ReportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    const page = toMutationTestingReport(withSpec, texts);
    expect(validate(page), JSON.stringify(validate.errors)).toBe(true);
    const specMutants = withSpec.specs[0]!.specMutants!;
    const shown = page.files[abs]!.mutants.filter((m) => m.mutatorName.startsWith('spec mutation: '));
    expect(specMutants.length).toBeGreaterThan(0);
    expect(shown).toHaveLength(specMutants.length);
    const status = { killed: 'Killed', survived: 'Survived', unknown: 'NoCoverage' } as const;
    shown.forEach((m, i) => {
      expect(m.status).toBe(status[specMutants[i]!.status]);
      expect(m.replacement).toBe(specMutants[i]!.replacement);
      expect(m.location).toEqual(specMutants[i]!.location);
    });
  });

  it('keeps a page possible when a source cannot be read', () => {
    const without = toMutationTestingReport(report, new Map());
    expect(validate(without)).toBe(true);
    expect(without.files[abs]!.source).toBe(unreadable(abs));
    for (const m of without.files[abs]!.mutants) expect(m.location).toEqual({ start: { line: 1, column: 1 }, end: { line: 1, column: unreadable(abs).length } });
  });

  it('specmut report --mutation-json writes the same export', () => {
    const out = join(dir, 'mutation.json');
    const r = cli(['report', json, '--mutation-json', out]);
    expect(r.code, r.err).toBe(0);
    const written = JSON.parse(readFileSync(out, 'utf8')) as MutationTestResult;
    expect(written).toEqual(exported);
  });

  it('specmut report --html: a page from a report, a warning for sources not found under --root, clear errors', () => {
    const html = join(dir, 'again.html');
    const r = cli(['report', json, '--html', html, '--root', dir]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/warning: the HTML report shows no source for files that could not be read under .*: examples\/dafny\/shared-elements\/shared-elements.dfy/);
    expect(readFileSync(html, 'utf8')).toContain('<mutation-test-report-app');
    expect(cli(['report', json]).err).toMatch(/report needs --html FILE or --mutation-json FILE/);
    const notReport = cli(['report', join(root, 'packages/report/test/fixtures/abs.suite.json'), '--html', html]);
    expect(notReport.code).toBe(2);
    expect(notReport.err).toMatch(/abs.suite.json: not a specmut report: at schemaVersion/);
  });
});

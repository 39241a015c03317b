import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReportSchema } from '@specmut/core';
import { describe, expect, it } from 'vitest';

// The built CLI, as a user runs it (`pnpm test` builds first).
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

// A cache of this test file's own, not the default one in the fixtures directory.
const cacheDir = mkdtempSync(join(tmpdir(), 'specmut-cli-cache-'));

function specmut(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: fixtures, encoding: 'utf8', env: { ...process.env, SPECMUT_CACHE: cacheDir, ...env }, timeout: 300_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('specmut score: bad input is reported with its location, and the rest is still scored', () => {
  it('a malformed suite names file, line and column', () => {
    const r = specmut(['score', 'trailing-comma.suite.json', 'ok.suite.json']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/trailing-comma: ERROR trailing-comma\.suite\.json:6:3: not valid JSON: expected a value after ','/);
    expect(r.out).toMatch(/^ok {2}Inc {2}correctness 100\.0%/m);
  });

  it('a spec that does not parse names file:line:col', () => {
    const r = specmut(['score', 'broken.suite.json']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/broken: ERROR broken\.dfy:2:\d+: /);
  });

  it('an unknown method lists the ones that exist', () => {
    const r = specmut(['score', 'unknown-method.suite.json']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no method, function or predicate named "Increment".*The spec declares: Inc\./);
  });

  it('a value of the wrong type names the JSON path', () => {
    const r = specmut(['score', 'bad-value.suite.json']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad-value\.suite\.json:6:\d+: at tests\[1\]\.inputs\.x: expected an integer, got "one"/);
  });

  it('a missing verifier that was asked for stops with the setup command, exit code 2', () => {
    const r = specmut(['score', 'ok.suite.json', '--backend', 'dafny'], { SPECMUT_DAFNY: '/nonexistent/dafny' });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Dafny is not installed at \/nonexistent\/dafny.*\n.*\.\/scripts\/setup\.sh/);
  });

  it('without a verifier the evaluator decides, and says so', () => {
    const r = specmut(['score', 'ok.suite.json'], { SPECMUT_DAFNY: '/nonexistent/dafny' });
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/Dafny is not installed.*verdicts come from specmut's evaluator \(eval\)/);
    expect(r.out).toMatch(/^ok {2}Inc {2}correctness 100\.0% {2}completeness 100\.0%.*\[eval\]/m);
  });

  it('bad options are usage errors', () => {
    expect(specmut(['score', 'ok.suite.json', '--backend', 'coq']).err).toMatch(/--backend expects eval, auto or a verifier backend \(dafny, lean, verus\)/);
    expect(specmut(['score', 'ok.suite.json', '--mutants', 'many']).err).toMatch(/--mutants expects a number/);
    expect(specmut(['score', 'ok.suite.json', '--mutants', 'many']).code).toBe(2);
    expect(specmut(['score']).code).toBe(2);
    expect(specmut(['frobnicate']).code).toBe(2);
    expect(specmut(['score', 'no-such-dir']).err).toMatch(/no-such-dir: no such file or directory/);
  });
});

describe('specmut score: reports', () => {
  it('writes the JSON report in the published shape, and a cache makes a second run reuse verdicts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'specmut-cli-'));
    const json = join(dir, 'report.json');
    const cache = join(dir, 'cache');
    const first = specmut(['score', 'ok.suite.json', '--json', json, '--cache', cache, '--seed', '7']);
    expect(first.code).toBe(0);
    const report = ReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    expect(report.summary).toMatchObject({ specs: 1, scored: 1, errors: 0, correctness: 1, completeness: 1, unknown: 0 });
    const spec = report.specs[0]!;
    expect(spec.tests.map((t) => [t.id, t.verdict, t.mutants.length])).toEqual([
      ['test1', 'holds', 3],
      ['test2', 'holds', 3],
    ]);
    for (const m of spec.tests[0]!.mutants) {
      expect(m.verdict).toBe('rejected');
      expect(m.value).toMatch(/^-?\d+$/);
      expect(m.value).not.toBe('2');
    }
    const second = specmut(['score', 'ok.suite.json', '--json', json, '--cache', cache, '--seed', '7']);
    const again = ReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    expect(again.specs[0]!.tests).toEqual(spec.tests);
    expect(again.summary.seconds).toBeLessThan(report.summary.seconds);
    expect(second.code).toBe(0);
  });

  it('cross-checks the verifier against the evaluator and counts agreement', () => {
    const dir = mkdtempSync(join(tmpdir(), 'specmut-cli-'));
    const json = join(dir, 'report.json');
    const r = specmut(['score', 'ok.suite.json', '--backend', 'dafny', '--cross-check', 'eval', '--json', json]);
    expect(r.code).toBe(0);
    const report = ReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    const cc = report.specs[0]!.crossCheck!;
    expect(cc.oracle).toBe('eval');
    expect(cc.compared).toBe(8);
    expect(cc.agree).toBe(8);
    expect(report.specs[0]!.tests[0]!.check).toMatchObject({ oracle: 'eval', status: 'holds' });
    expect(report.specs[0]!.oracles[0]).toMatch(/^dafny 4\./);
    expect(r.out).toMatch(/cross-check with eval: 8\/8 agree, 0 disagree/);
  });
});

describe('specmut score: output for people and for CI', () => {
  it('errors go to stderr also with --quiet, and nothing but results goes to stdout when piped', () => {
    const r = specmut(['score', 'broken.suite.json', 'ok.suite.json', '--backend', 'eval', '--quiet']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/broken: ERROR broken\.dfy:2:\d+: /);
    expect(r.err).toMatch(/1 of 2 specs could not be scored/);
    expect(r.out).not.toMatch(/ERROR/);
    expect(r.out).toMatch(/^specs 2 {2}scored 1 {2}errors 1/m);
    // Piped: no progress line (no carriage returns, no terminal codes).
    expect(r.err).not.toMatch(/\r|\x1b/);
  });

  it('--fail-under holds a run to thresholds: exit 4 with the reason when a mean is under one', () => {
    const suite = '../../../../examples/dafny/shared-elements/shared-elements.suite.json';
    const pass = specmut(['score', suite, '--backend', 'eval', '--quiet', '--fail-under', 'correctness=1', '--fail-under', '50%']);
    expect(pass.code).toBe(0);
    const fail = specmut(['score', suite, '--backend', 'eval', '--quiet', '--fail-under', 'correctness=1', '--fail-under', 'completeness=0.99']);
    expect(fail.code).toBe(4);
    expect(fail.err).toMatch(/mean completeness \d+\.\d% is under --fail-under 99\.0%/);
    expect(fail.err).not.toMatch(/mean correctness/);
    const bad = specmut(['score', suite, '--fail-under', 'speed=3']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--fail-under expects \[correctness\|completeness\|lenientCompleteness=\]SHARE/);
  });
});

describe('specmut mutate-spec', () => {
  it('lists each spec\'s mutants, reports a spec that cannot be read with its location, and exits 1 for it', () => {
    const r = specmut(['mutate-spec', 'broken.suite.json', 'ok.suite.json', '--no-cache']);
    expect(r.code, r.err).toBe(1);
    // `ensures y == x + 1` with tests 1 -> 2 and 41 -> 42: every mutant is told apart.
    expect(r.out).toMatch(/^ok \(Inc, ok\.dfy\): 10 spec mutants, 10 killed, 0 survived \(0 strictly weaker\), 0 unknown\n/);
    expect(r.out).toContain('  killed                  integer-shift       2:20  ensures y == x + 2\n      the original accepts test test1\'s expected output 2, the mutant rejects it');
    expect(r.out).toMatch(/1 of 2 specs mutated: 10 spec mutants, 10 killed, 0 survived, 0 unknown/);
    expect(r.err).toMatch(/^broken: not mutated: .*\(broken\.dfy:2:20\)/m);
  });

  it('bad options are usage errors', () => {
    expect(specmut(['mutate-spec', 'ok.suite.json', '--backend', 'coq']).code).toBe(2);
    expect(specmut(['mutate-spec', 'ok.suite.json', '--probes', 'many']).err).toMatch(/--probes expects a number/);
    expect(specmut(['mutate-spec']).code).toBe(2);
  });
});

import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReportSchema } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { processesUnder, start } from './helpers.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

describe('bounded costs', () => {
  it('a verifier that hangs costs each spec at most its budget, and the verdicts say why', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-hang-'));
    const out = mkdtempSync(join(tmpdir(), 'specmut-out-'));
    // A "Dafny" that answers --version and then hangs on every harness.
    const fake = join(out, 'dafny');
    writeFileSync(fake, '#!/bin/sh\ncase "$1" in --version) echo "Dafny 4.11.0"; exit 0;; esac\nexec sleep 1000\n');
    chmodSync(fake, 0o755);
    const json = join(out, 'report.json');
    const started = Date.now();
    // Two tests and no mutants: two triples, a budget of 10 + 2 x 2 x (2 + 1) = 22 s each spec.
    const r = await start(['score', 'ok.suite.json', '--backend', 'dafny', '--timeout', '2', '--mutants', '0', '--no-cache', '--json', json], tmp, { SPECMUT_DAFNY: fake }, fixtures).done;
    const seconds = (Date.now() - started) / 1000;
    expect(r.code).toBe(0);
    // At most the budget (22 s) plus start-up and reporting, however the batch was split and retried.
    expect(seconds).toBeLessThan(40);
    const report = ReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    for (const t of report.specs[0]!.tests) {
      expect(t).toMatchObject({ verdict: 'unknown', cause: 'timeout' });
      expect(t.reason).toMatch(/verifier budget of 22 s ran out/);
    }
    expect(readdirSync(tmp)).toEqual([]);
    expect(processesUnder(tmp)).toEqual([]);
  }, 120_000);

  it('a verifier that keeps crashing is stopped after 5 processes in a row without results: the rest is unknown (crash), the report finished', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-crash-'));
    const out = mkdtempSync(join(tmpdir(), 'specmut-out-'));
    // A "Dafny" that answers --version and dies by SIGSEGV on every harness, noting each start.
    const starts = join(out, 'starts.log');
    const fake = join(out, 'dafny');
    writeFileSync(fake, `#!/bin/sh\ncase "$1" in --version) echo "Dafny 4.11.0"; exit 0;; esac\necho start >> '${starts}'\nkill -SEGV $$\n`);
    chmodSync(fake, 0o755);
    const suites = join(out, 'suites');
    mkdirSync(suites);
    writeFileSync(join(suites, 'ok.dfy'), readFileSync(join(fixtures, 'ok.dfy')));
    const SPECS = 12;
    for (let i = 0; i < SPECS; i++) writeFileSync(join(suites, `s${String(i).padStart(2, '0')}.suite.json`), readFileSync(join(fixtures, 'ok.suite.json')));
    const json = join(out, 'report.json');
    const r = await start(['score', suites, '--backend', 'dafny', '--jobs', '1', '--no-cache', '--json', json], tmp, { SPECMUT_DAFNY: fake }).done;
    const started = readFileSync(starts, 'utf8').trim().split('\n').length;
    // Without the breaker every spec starts at least one process of its own (12 here, more with retries).
    expect(started).toBe(5);
    expect(r.err).toMatch(/dafny 4\.11\.0 ended 5 processes in a row without results, for \d+ specs \(the last: Dafny was ended by SIGSEGV without results\).*no further dafny process was started/);
    expect(r.code).toBe(1);
    const report = ReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    expect(report.specs).toHaveLength(SPECS);
    const verdicts = report.specs.flatMap((s) => s.tests.flatMap((t) => [t, ...t.mutants]));
    // Specs whose process crashed have the crash as an error; every later one is unknown (crash) with the reason.
    const stopped = verdicts.filter((v) => v.cause === 'crash');
    expect(stopped.length).toBeGreaterThan(verdicts.length / 2);
    for (const v of stopped) {
      expect(v.verdict).toBe('unknown');
      expect(v.reason).toMatch(/no further dafny process was started/);
    }
    for (const v of verdicts.filter((v) => v.cause !== 'crash')) expect(v).toMatchObject({ verdict: 'error', cause: 'harness-error' });
    expect(readdirSync(tmp)).toEqual([]);
    expect(processesUnder(tmp)).toEqual([]);
  }, 120_000);

  it('a huge input is not given to the verifier: the evaluator decides it, and the run says so', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-huge-'));
    const dir = mkdtempSync(join(tmpdir(), 'specmut-huge-suite-'));
    writeFileSync(join(dir, 'len.dfy'), 'method Len(a: seq<int>) returns (n: int)\n  ensures n == |a|\n');
    const million = Array.from({ length: 1_000_000 }, (_, i) => i % 97);
    const suite = { spec: 'len.dfy', method: 'Len', tests: [{ inputs: { a: million }, output: 1_000_000 }, { inputs: { a: [1, 2] }, output: 2 }] };
    writeFileSync(join(dir, 'len.suite.json'), JSON.stringify(suite));
    const json = join(dir, 'report.json');
    const started = Date.now();
    const r = await start(['score', join(dir, 'len.suite.json'), '--backend', 'dafny', '--mutants', '2', '--no-cache', '--json', json], tmp).done;
    expect(r.code).toBe(0);
    expect((Date.now() - started) / 1000).toBeLessThan(60);
    expect(r.err).toMatch(/3 triple\(s\) hold more than 5000 values \(the largest 1000002\): not given to dafny 4\.\d+\.\d+, decided by eval instead/);
    const report = ReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    const [huge, small] = report.specs[0]!.tests;
    expect(huge).toMatchObject({ verdict: 'holds', oracle: 'eval' });
    for (const m of huge!.mutants) expect(m).toMatchObject({ verdict: 'rejected', oracle: 'eval' });
    expect(small!.oracle).toMatch(/^dafny/);
    expect(readdirSync(tmp)).toEqual([]);
  }, 120_000);
});

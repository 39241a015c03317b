import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReportSchema } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { processesUnder, sleep, start, waitFor } from './helpers.js';

// Interrupting a real run (the real Dafny on the examples), as a user's Ctrl-C does.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLE_SPECS = 9;

/** A Dafny run has its harness in place (the verifier is working, not just being detected). */
const verifierStarted = (tmp: string) => () => readdirSync(tmp).some((f) => f.startsWith('specmut-dafny-') && existsSync(join(tmp, f, 'harness.dfy')));

describe('interrupting a run', () => {
  it('Ctrl-C stops the verifiers at once, writes a complete report with the unfinished verdicts unknown (interrupted), exits 130, leaves nothing behind', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-int-'));
    const out = mkdtempSync(join(tmpdir(), 'specmut-out-'));
    const json = join(out, 'report.json');
    const run = start(['score', 'examples/dafny', '--backend', 'dafny', '--json', json, '--quiet', '--no-cache'], tmp);
    await waitFor(verifierStarted(tmp), 120);
    await sleep(300);
    const signalled = Date.now();
    process.kill(run.pid, 'SIGINT');
    const r = await run.done;
    const stopped = (Date.now() - signalled) / 1000;
    expect(r.code).toBe(130);
    expect(stopped).toBeLessThan(10);
    expect(r.err).toMatch(/stopping/);
    const report = ReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    expect(report.specs).toHaveLength(EXAMPLE_SPECS);
    expect(report.summary.unknownCauses.interrupted).toBeGreaterThan(0);
    const interrupted = report.specs.flatMap((s) => s.tests.flatMap((t) => [t, ...t.mutants])).filter((v) => v.cause === 'interrupted');
    for (const v of interrupted) expect(v.verdict).toBe('unknown');
    expect(readdirSync(tmp)).toEqual([]);
    expect(readdirSync(out)).toEqual(['report.json']);
    expect(processesUnder(tmp)).toEqual([]);
  }, 300_000);

  it('a second Ctrl-C exits at once and never leaves a cut-off report, a temporary file or a verifier', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const tmp = mkdtempSync(join(tmpdir(), 'specmut-int-'));
      const out = mkdtempSync(join(tmpdir(), 'specmut-out-'));
      const json = join(out, 'report.json');
      const run = start(['score', 'examples/dafny', '--backend', 'dafny', '--json', json, '--quiet', '--no-cache'], tmp);
      await waitFor(verifierStarted(tmp), 120);
      await sleep(200 * attempt);
      process.kill(run.pid, 'SIGINT');
      await sleep(attempt * 5);
      process.kill(run.pid, 'SIGINT');
      const r = await run.done;
      expect(r.code).toBe(130);
      // Either no report yet, or a whole one: never a part.
      if (existsSync(json)) ReportSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
      expect(readdirSync(out).filter((f) => f !== 'report.json')).toEqual([]);
      expect(readdirSync(tmp)).toEqual([]);
      expect(processesUnder(tmp)).toEqual([]);
    }
  }, 600_000);

  it('an unwritable report destination is an error before any work (exit 2), with nothing left behind', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-int-'));
    for (const bad of ['/nonexistent-dir/report.json', tmp]) {
      const r = await start(['score', 'examples/dafny', '--backend', 'dafny', '--json', bad, '--no-cache'], tmp).done;
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--json .*: (the directory .* does not exist|is a directory)/);
      expect(r.out).toBe('');
      expect(readdirSync(tmp)).toEqual([]);
    }
  }, 60_000);
});

/** Every cache entry with its content and modification time. */
function entries(dir: string): Map<string, string> {
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => {
    const p = join(e.parentPath, e.name);
    return [p, `${statSync(p).mtimeMs} ${readFileSync(p, 'utf8')}`];
  }));
}

const verdictsOf = (file: string) => {
  const report = ReportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return Object.fromEntries(report.specs.flatMap((s) => s.tests.flatMap((t) => [[`${s.id}/${t.id}`, t.verdict], ...t.mutants.map((m) => [`${s.id}/${m.id}`, m.verdict])])));
};

describe('resuming an interrupted run', () => {
  it('a rerun after Ctrl-C recomputes nothing that was finished and gives the verdicts of an uninterrupted run', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-int-'));
    const out = mkdtempSync(join(tmpdir(), 'specmut-out-'));
    const cache = join(out, 'cache');
    const args = (json: string) => ['score', 'examples/dafny', '--backend', 'dafny', '--json', join(out, json), '--quiet', '--cache', cache];
    const first = start(args('first.json'), tmp);
    // Interrupt once some attempts are finished (stored), others not.
    await waitFor(() => entries(cache).size >= 10, 240);
    process.kill(first.pid, 'SIGINT');
    expect((await first.done).code).toBe(130);
    expect(verdictsOf(join(out, 'first.json'))).toSatisfy((v: Record<string, string>) => Object.values(v).includes('unknown'));
    const finished = entries(cache);
    const second = await start(args('second.json'), tmp).done;
    expect(second.code).toBe(0);
    // Nothing finished was recomputed: every entry of the first run is still the same file, untouched.
    const after = entries(cache);
    for (const [file, stamp] of finished) expect(after.get(file)).toBe(stamp);
    expect(after.size).toBeGreaterThan(finished.size);
    const fresh = await start(['score', 'examples/dafny', '--backend', 'dafny', '--json', join(out, 'fresh.json'), '--quiet', '--no-cache'], tmp).done;
    expect(fresh.code).toBe(0);
    expect(verdictsOf(join(out, 'second.json'))).toEqual(verdictsOf(join(out, 'fresh.json')));
    expect(readdirSync(tmp)).toEqual([]);
  }, 600_000);
});

describe('interrupting a verifier process partway', () => {
  it('keeps the attempts the process finished before Ctrl-C (stored at once), and the rerun does not recompute them', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-int-'));
    const dir = mkdtempSync(join(tmpdir(), 'specmut-slow-tail-'));
    // One process for all five tests (no mutants, one job), each harness method a few seconds of work:
    // the length of a long sequence literal.
    writeFileSync(join(dir, 'len.dfy'), 'method Len(a: seq<int>) returns (n: int)\n  ensures n == |a|\n');
    const tests = Array.from({ length: 5 }, (_, k) => ({ inputs: { a: Array.from({ length: 600 }, (_, i) => (i * 37 + k * 11) % 1009) }, output: 600 }));
    writeFileSync(join(dir, 'len.suite.json'), JSON.stringify({ spec: 'len.dfy', method: 'Len', tests }));
    const cache = join(dir, 'cache');
    const args = (json: string) => ['score', join(dir, 'len.suite.json'), '--backend', 'dafny', '--mutants', '0', '--jobs', '1', '--json', join(dir, json), '--quiet', '--cache', cache];
    const first = start(args('first.json'), tmp);
    // Two attempts are stored while the one verifier process is still at work on the others.
    await waitFor(() => entries(cache).size >= 2 && verifierStarted(tmp)(), 300);
    process.kill(first.pid, 'SIGINT');
    expect((await first.done).code).toBe(130);
    const interrupted = verdictsOf(join(dir, 'first.json'));
    const held = Object.values(interrupted).filter((v) => v === 'holds').length;
    expect(held).toBeGreaterThanOrEqual(2);
    expect(Object.values(interrupted)).toContain('unknown');
    const finished = entries(cache);
    expect(finished.size).toBeGreaterThanOrEqual(held);
    const second = await start(args('second.json'), tmp).done;
    expect(second.code).toBe(0);
    const after = entries(cache);
    for (const [file, stamp] of finished) expect(after.get(file)).toBe(stamp);
    expect(after.size).toBe(tests.length);
    expect(Object.values(verdictsOf(join(dir, 'second.json')))).toEqual(tests.map(() => 'holds'));
    expect(readdirSync(tmp)).toEqual([]);
    // A solver killed as its Dafny finished may take a moment to be reaped (an exiting process shows an empty command line).
    await waitFor(() => processesUnder(tmp).length === 0, 5).catch(() => undefined);
    expect(processesUnder(tmp)).toEqual([]);
  }, 600_000);
});

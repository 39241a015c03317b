import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReportSchema, SpecReportSchema } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { sleep, start, waitFor } from './helpers.js';

const EXAMPLE_SPECS = 9;

/** The file's lines, each checked to be a whole spec report; the file must end with a newline. */
function specLines(file: string) {
  const text = readFileSync(file, 'utf8');
  if (text === '') return [];
  expect(text.endsWith('\n')).toBe(true);
  return text.trimEnd().split('\n').map((line) => SpecReportSchema.parse(JSON.parse(line)));
}

const lineCount = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0);

describe('score --jsonl', () => {
  it('writes one line per spec, the same spec reports as --json', async () => {
    const out = mkdtempSync(join(tmpdir(), 'specmut-jsonl-'));
    const r = await start(['score', 'examples/dafny', '--backend', 'eval', '--jsonl', join(out, 'specs.jsonl'), '--json', join(out, 'report.json'), '--quiet', '--no-cache'], out).done;
    expect(r.code).toBe(0);
    const lines = specLines(join(out, 'specs.jsonl'));
    const report = ReportSchema.parse(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')));
    expect(lines).toHaveLength(EXAMPLE_SPECS);
    // Lines come in the order specs finish; the report keeps the suites' order.
    const byId = new Map(lines.map((s) => [s.id, s]));
    for (const spec of report.specs) expect(byId.get(spec.id)).toEqual(spec);
  });

  it('streams lines while the run goes on, and holds whole lines after a Ctrl-C and after a second one', async () => {
    for (const signals of [1, 2]) {
      const tmp = mkdtempSync(join(tmpdir(), 'specmut-int-'));
      const out = mkdtempSync(join(tmpdir(), 'specmut-jsonl-'));
      const file = join(out, 'specs.jsonl');
      const run = start(['score', 'examples/dafny', '--backend', 'dafny', '--jobs', '1', '--jsonl', file, '--quiet', '--no-cache'], tmp);
      // A first spec is written while the verifier still works on others.
      await waitFor(() => lineCount(file) >= 1, 240);
      const streamed = lineCount(file);
      for (let i = 0; i < signals; i++) {
        process.kill(run.pid, 'SIGINT');
        await sleep(5);
      }
      const r = await run.done;
      expect(r.code).toBe(130);
      const lines = specLines(file);
      expect(lines.length).toBeGreaterThanOrEqual(streamed);
      // One Ctrl-C reports every spec (the unfinished ones unknown, interrupted); a second one leaves at once.
      if (signals === 1) {
        expect(lines).toHaveLength(EXAMPLE_SPECS);
        expect(lines.some((s) => s.tests.some((t) => t.mutants.some((m) => m.cause === 'interrupted')))).toBe(true);
      }
      expect(new Set(lines.map((s) => s.id)).size).toBe(lines.length);
    }
  }, 600_000);

  it('an unwritable --jsonl destination is an error before any work (exit 2)', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-jsonl-'));
    const r = await start(['score', 'examples/dafny', '--backend', 'eval', '--jsonl', '/nonexistent-dir/specs.jsonl'], tmp).done;
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--jsonl \/nonexistent-dir\/specs.jsonl: the directory .* does not exist/);
    expect(r.out).toBe('');
  });
});

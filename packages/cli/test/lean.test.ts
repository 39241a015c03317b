import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const leanFixtures = fileURLToPath(new URL('../../lean/test/fixtures/', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'specmut-cli-lean-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function specmut(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 300_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const examples = fileURLToPath(new URL('../../../examples/lean/', import.meta.url));

describe('specmut with Lean specs', () => {
  it('scores the Lean example with the evaluator: the weak postcondition lets wrong answers through', () => {
    const json = join(out, 'examples.json');
    const r = specmut(['score', examples, '--backend', 'eval', '--json', json, '--no-cache']);
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const bySpec = Object.fromEntries(report.specs.map((s: { spec: string; completeness: number; correctness: number; preconditionCompleteness: number }) => [s.spec.replace(/.*\//, ''), s]));
    expect(bySpec['second-largest.lean']).toMatchObject({ correctness: 1, completeness: 1, preconditionCompleteness: 1 });
    expect(bySpec['second-largest-weak.lean'].correctness).toBe(1);
    expect(bySpec['second-largest-weak.lean'].completeness).toBeLessThan(1);
  });

  it('parse --lang lean checks Lean files', () => {
    const r = specmut(['parse', '--lang', 'lean', join(leanFixtures, 'specs.lean')]);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^1\/1 files parsed clean \(100\.0 %\)/m);
    expect(r.code).toBe(0);
  });

  it('import verina writes suites that score with the evaluator', () => {
    const imported = specmut(['import', 'verina', join(leanFixtures, 'verina'), '--out', out]);
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(/2 tasks: 1 imported, 1 partial, 0 skipped; 3 tests, 4 wrong outputs, 1 reject inputs/);
    const scored = specmut(['score', join(out, 'pairs_task.suite.json'), '--backend', 'eval', '--json', join(out, 'report.json'), '--no-cache']);
    expect(scored.code).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.specs[0]).toMatchObject({ method: 'tally', language: 'lean', status: 'scored', correctness: 1, preconditionCompleteness: 1 });
  });
});

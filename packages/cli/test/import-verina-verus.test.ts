import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/pairing/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'specmut-pairing-verus-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function specmut(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 300_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

interface MutantResult {
  id: string;
  origin: string;
  json: unknown;
  verdict: string;
  reason?: string;
}
interface TestResult {
  id: string;
  verdict: string;
  mutants: MutantResult[];
  precondition: { verdict: string };
}
interface SpecResult {
  id: string;
  status: string;
  tests: TestResult[];
  rejectInputs: { id: string; verdict: string; reason?: string }[];
  [key: string]: unknown;
}

describe('import verina --lang verus: Verus translations paired with VERINA tests and scored by the evaluator', () => {
  const out = join(tmp, 'suites');
  const imported = specmut(['import', 'verina', join(fixtures, 'verina'), '--lang', 'verus', '--specs', join(fixtures, 'verus'), '--out', out]);

  it('pairs by position and refuses a value outside the machine-integer type instead of clamping it', () => {
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.out).toContain('XV0001 (clip, first_above): partial (3 tests)\n    test4: input k → k: 300 does not fit u8 (its range is 0..=255)');
    expect(imported.out).toContain('2 verus translations of VERINA tasks: 1 paired with all their tests, 1 partial, 0 skipped; 5 tests, 7 wrong outputs, 2 reject inputs');
    const clip = readJson(join(out, 'XV0001.suite.json'));
    expect(clip).toMatchObject({ spec: 'XV0001_specs.rs', language: 'verus', method: 'first_above', meta: { source: 'verina', task: 'clip', translation: 'XV0001' } });
    expect(clip.tests.map((t: { id: string }) => t.id)).toEqual(['test1', 'test2', 'test3']);
    // A negative element fits i32, so test3 stays; VERINA's Option Nat becomes the translation's Option<usize>.
    expect(clip.tests[2]).toEqual({ id: 'test3', inputs: { xs: [-3, 8], k: 0 }, output: { ctor: 'Some', args: [1] }, wrong: [{ ctor: 'Some', args: [0] }] });
    const span = readJson(join(out, 'XV0002.suite.json'));
    expect(span).toMatchObject({ method: 'min_max', meta: { task: 'span' } });
    expect(span.tests[0]).toEqual({ id: 'test1', inputs: { xs: [3, -1, 4] }, output: [-1, 4], wrong: [[3, 4], [-1, 3]] });
    expect(span.rejectInputs).toEqual([{ id: 'reject1', inputs: { xs: [] } }]);
  });

  it('decides every check: the faithful translation scores 1, the loose one accepts the one wrong output its bounds allow', () => {
    const json = join(tmp, 'eval.json');
    const r = specmut(['score', out, '--backend', 'eval', '--mutants', '0', '--no-cache', '--json', json]);
    expect(r.code).toBe(0);
    const specs: SpecResult[] = readJson(json).specs;
    const byId = Object.fromEntries(specs.map((s) => [s.id, s]));
    expect(Object.keys(byId).sort()).toEqual(['XV0001', 'XV0002']);
    expect(byId.XV0001).toMatchObject({ status: 'scored', language: 'verus', correctness: 1, completeness: 1, preconditionCorrectness: 1, preconditionCompleteness: 1 });
    const loose = byId.XV0002!;
    expect(loose).toMatchObject({ status: 'scored', correctness: 1, preconditionCorrectness: 1, preconditionCompleteness: 1 });
    expect(loose.completeness).toBeCloseTo(2 / 3, 10);
    const verdicts = loose.tests.map((t) => [t.id, t.verdict, t.precondition.verdict, t.mutants.map((m) => [m.json, m.verdict])]);
    expect(verdicts).toEqual([
      ['test1', 'holds', 'holds', [[[3, 4], 'rejected'], [[-1, 3], 'rejected']]],
      ['test2', 'holds', 'holds', [[[2, 3], 'accepted']]],
    ]);
    expect(loose.tests[0]!.mutants[0]!.reason).toMatch(/forall i fails at i=1/);
    expect(loose.rejectInputs).toMatchObject([{ id: 'reject1', verdict: 'rejected' }]);
    const clipWrong = byId.XV0001!.tests.flatMap((t) => t.mutants.map((m) => [t.id, m.json, m.verdict]));
    expect(clipWrong).toEqual([
      ['test1', { ctor: 'Some', args: [2] }, 'rejected'],
      ['test1', 'None', 'rejected'],
      ['test2', { ctor: 'Some', args: [0] }, 'rejected'],
      ['test3', { ctor: 'Some', args: [0] }, 'rejected'],
    ]);
  });

  it('generated output mutants stay inside the result type (no negative usize)', () => {
    const json = join(tmp, 'generated.json');
    expect(specmut(['score', out, '--backend', 'eval', '--no-cache', '--json', json]).code).toBe(0);
    const clip: SpecResult = readJson(json).specs.find((s: SpecResult) => s.id === 'XV0001');
    const generated = clip.tests.flatMap((t) => t.mutants.filter((m) => m.origin === 'generated'));
    expect(generated.length).toBeGreaterThan(0);
    for (const m of generated) {
      if (m.json === 'None') continue;
      const [index] = (m.json as { ctor: string; args: number[] }).args;
      expect(index).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(index)).toBe(true);
    }
    expect(clip).toMatchObject({ completeness: 1 });
  });
});

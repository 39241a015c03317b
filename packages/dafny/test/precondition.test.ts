import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { scoreSuiteFile, SpecmutError, verifierOracle, type SpecReport } from '@specmut/core';
import { dafnyBackend, dafnyVerifier, detectDafny } from '../src/index.js';

// Precondition tests with the real Dafny verifier (installed by ./scripts/setup.sh): the precondition
// must accept every test's inputs (precondition correctness) and refuse each reject input
// (precondition completeness), each proved by Dafny.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const example = (path: string) => `${root}examples/dafny/${path}`;

let context: Parameters<typeof scoreSuiteFile>[1];

beforeAll(async () => {
  const info = await detectDafny().catch((e: unknown) => {
    throw new Error(`these tests need Dafny 4: ${e instanceof SpecmutError ? e.format() : String(e)}`);
  });
  const oracle = verifierOracle(dafnyVerifier, info);
  context = { backends: [dafnyBackend], oracleFor: async () => oracle };
});

const score = (file: string) => scoreSuiteFile(file, context, { baseDir: root });
const preVerdicts = (spec: SpecReport) => Object.fromEntries(spec.tests.map((t) => [t.id, t.precondition?.verdict]));

describe('precondition tests with the real Dafny', () => {
  let strict: SpecReport;
  let trivial: SpecReport;

  beforeAll(async () => {
    [strict, trivial] = await Promise.all([
      score(example('abs-requires-too-strong/abs-requires-too-strong.suite.json')),
      score(example('isqrt-requires-true/isqrt-requires-true.suite.json')),
    ]);
  }, 300_000);

  it('a requires that wrongly rejects valid inputs: precondition correctness 1/3, and those tests say nothing', () => {
    expect(strict.status, JSON.stringify(strict.error)).toBe('scored');
    expect(strict.language).toBe('dafny');
    expect(preVerdicts(strict)).toEqual({ five: 'holds', zero: 'fails', 'minus-three': 'fails' });
    expect(strict.tests.find((t) => t.id === 'five')!.precondition!.oracle).toMatch(/dafny/);
    expect(strict.preconditionCorrectness).toBeCloseTo(1 / 3);
    // No reject inputs in this suite: nothing to measure completeness on.
    expect(strict.preconditionCompleteness).toBeNull();
    expect(strict.rejectInputs).toEqual([]);
    // Where the precondition is false, the spec promises nothing: the tests there are vacuous.
    expect(strict.tests.find((t) => t.id === 'zero')!).toMatchObject({ verdict: 'unknown', cause: 'vacuous' });
    expect(strict.tests.find((t) => t.id === 'five')!.verdict).toBe('holds');
  });

  it('a requires true on a spec that should refuse negative inputs: precondition completeness 0', () => {
    expect(trivial.status, JSON.stringify(trivial.error)).toBe('scored');
    expect(trivial.preconditionCorrectness).toBe(1);
    expect(trivial.rejectInputs!.map((r) => [r.id, r.verdict])).toEqual([
      ['minus-one', 'accepted'],
      ['minus-four', 'accepted'],
    ]);
    expect(trivial.rejectInputs![0]!.inputs).toEqual({ n: '-1' });
    expect(trivial.preconditionCompleteness).toBe(0);
    expect(trivial.correctness).toBe(1);
  });

  it('the corrected precondition refuses the reject inputs and still accepts the tests', async () => {
    const { mkdtemp, readFile, rm, writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'specmut-pre-'));
    try {
      const dfy = await readFile(example('isqrt-requires-true/isqrt-requires-true.dfy'), 'utf8');
      const fixedSpec = dfy.replace('\n  requires true\n', '\n  requires n >= 0\n');
      expect(fixedSpec).not.toBe(dfy);
      await writeFile(join(dir, 'isqrt-requires-true.dfy'), fixedSpec);
      const suite = await readFile(example('isqrt-requires-true/isqrt-requires-true.suite.json'), 'utf8');
      await writeFile(join(dir, 'fixed.suite.json'), suite);
      const fixed = await score(join(dir, 'fixed.suite.json'));
      expect(fixed.status, JSON.stringify(fixed.error)).toBe('scored');
      expect(fixed.rejectInputs!.map((r) => r.verdict)).toEqual(['rejected', 'rejected']);
      expect(fixed.preconditionCompleteness).toBe(1);
      expect(fixed.preconditionCorrectness).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

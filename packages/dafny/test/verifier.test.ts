import { fileURLToPath } from 'node:url';
import { RunQueue, SpecmutError, prepareSuite, scoreSuiteFile, verifierOracle, type SpecReport } from '@specmut/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundledZ3, dafnyBackend, dafnyVerifier, detectDafny, solverFor } from '../src/index.js';

// These tests run the real Dafny verifier (installed by ./scripts/setup.sh).
const root = fileURLToPath(new URL('../../../', import.meta.url));
const example = (path: string) => `${root}examples/dafny/${path}`;
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let context: Parameters<typeof scoreSuiteFile>[1];

beforeAll(async () => {
  const info = await detectDafny().catch((e: unknown) => {
    throw new Error(`these tests need Dafny 4: ${e instanceof SpecmutError ? e.format() : String(e)}`);
  });
  const oracle = verifierOracle(dafnyVerifier, info);
  context = { backends: [dafnyBackend], oracleFor: async () => oracle };
});

const score = (file: string) => scoreSuiteFile(file, context, { baseDir: root });

function survivors(spec: SpecReport): string[] {
  return spec.tests.flatMap((t) => t.mutants.filter((m) => m.verdict === 'accepted').map((m) => m.value));
}

describe('scoring Dafny specs with the real verifier', () => {
  let weak: SpecReport;
  let strong: SpecReport;

  beforeAll(async () => {
    [weak, strong] = await Promise.all([
      score(example('shared-elements/shared-elements.suite.json')),
      score(example('shared-elements/shared-elements-iff.suite.json')),
    ]);
  });

  it("SharedElements (the paper's spec) is correct but lets answers drop a shared element", () => {
    expect(weak.status).toBe('scored');
    expect(weak.correctness).toBe(1);
    expect(weak.completeness).toBeGreaterThan(0);
    expect(weak.completeness).toBeLessThan(1);
    // Each test's expected output has two shared elements; a survivor with one of them dropped.
    const dropped = weak.tests.flatMap((t) =>
      t.mutants.filter((m) => m.verdict === 'accepted' && m.operator === 'seq.drop').map((m) => m.value),
    );
    expect(dropped.length).toBeGreaterThan(0);
    for (const t of weak.tests) for (const a of t.alternatives) expect(a.verdict).toBe('holds');
  });

  it('the <==> version is correct and more complete', () => {
    expect(strong.correctness).toBe(1);
    expect(strong.completeness!).toBeGreaterThan(weak.completeness!);
    expect(survivors(strong)).toEqual([]);
  });

  it('a recursive function and an existential verify on concrete data', async () => {
    const [sum, max] = await Promise.all([score(example('array-sum/array-sum.suite.json')), score(example('max-element/max-element.suite.json'))]);
    for (const spec of [sum, max]) {
      expect(spec.correctness).toBe(1);
      expect(spec.completeness).toBe(1);
      expect(spec.unknown).toBe(0);
    }
    for (const t of max.tests) expect(t.precondition?.verdict).toBe('holds');
  });

  it("an existential whose witness Dafny cannot find gets it from the evaluator's instances", async () => {
    const composite = await score(example('is-composite/is-composite.suite.json'));
    // 91 = 7 * 13: without the hint `2 <= 7 < n && n % 7 == 0` Dafny 4.11 cannot prove it composite.
    expect(composite.tests.find((t) => t.id === 'ninety-one')?.verdict).toBe('holds');
    expect(composite.correctness).toBe(1);
    expect(composite.completeness).toBe(1);
  });

  it("a function's own ensures test the triple's output, not the function's body", async () => {
    const abs = await score(fixture('abs-function.suite.json'));
    expect(abs.correctness).toBe(1);
    // -2 satisfies `Abs(x) == x || Abs(x) == -x` for x = 2 but not `Abs(x) >= 0`.
    expect(abs.tests[2]!.mutants.find((m) => m.origin === 'wrong')).toMatchObject({ value: '-2', verdict: 'rejected' });
    expect(abs.completeness).toBe(1);
  });

  it('the size of a set comprehension is proved with the set the evaluator computes', async () => {
    const count = await score(example('count-uppercase/count-uppercase.suite.json'));
    expect(count.correctness).toBe(1);
    expect(count.completeness).toBe(1);
    expect(count.unknown).toBe(0);
  });

  it('a verifier timeout is an unknown verdict with its cause, not a failure', async () => {
    const hard = await score(fixture('hard.suite.json'));
    expect(hard.status).toBe('scored');
    expect(hard.tests[0]).toMatchObject({ verdict: 'unknown', cause: 'timeout' });
    expect(hard.correctness).toBe(0);
  });

  it('a spec that does not resolve gives error verdicts with Dafny\'s message', async () => {
    const broken = await score(fixture('unresolved.suite.json'));
    expect(broken.tests[0]!.verdict).toBe('error');
    expect(broken.tests[0]!.reason).toMatch(/unresolved identifier: Contains/);
    expect(broken.tests[0]!.mutants[0]!.verdict).toBe('error');
  });
});

describe("Dafny with specmut's WebAssembly Z3", () => {
  it('scores a spec as with a native Z3, and proves the bit-vector harness Z3 4.8.12 times out on', async () => {
    const info = await detectDafny();
    const solver = bundledZ3();
    expect(solver).toBeDefined();
    const oracle = verifierOracle(dafnyVerifier, { ...info, details: { ...info.details, solver: solver! } });
    const wasm = { backends: [dafnyBackend], oracleFor: async () => oracle };
    const composite = await scoreSuiteFile(example('is-composite/is-composite.suite.json'), wasm, { baseDir: root });
    expect(composite.correctness).toBe(1);
    expect(composite.completeness).toBe(1);
    const xor = await scoreSuiteFile(fixture('bitwise-xor.suite.json'), wasm, { baseDir: root, overrides: { mutants: 0 } });
    expect(xor.tests.map((t) => t.verdict)).toEqual(['holds']);
  });
});

describe('choosing the solver', () => {
  it('sends bit-vector harnesses to the newer Z3 when the native one is older than 4.12, so they are proved', async () => {
    const info = await detectDafny();
    const harness = (text: string) => ({ files: [{ name: 'h.dfy', text }], main: 'h.dfy', obligations: [], args: [] });
    expect(solverFor(info, harness('method M(x: int)'))).toBe(info.details.solver);
    if (info.details.bitvectorSolver) expect(solverFor(info, harness('method M(x: bv32)'))).toBe(bundledZ3());
    const xor = await scoreSuiteFile(fixture('bitwise-xor.suite.json'), context, { baseDir: root, overrides: { mutants: 3 } });
    expect(xor.tests[0]!.verdict).toBe('holds');
    expect(xor.completeness).toBe(1);
  });
});

describe('merging specs into one Dafny run', () => {
  it('gives each spec the outcomes it gets alone', async () => {
    const info = await detectDafny();
    const prepare = (path: string) => prepareSuite(example(path), { backends: [dafnyBackend] }, { overrides: { mutants: 2 } });
    const specs = await Promise.all(['shared-elements/shared-elements.suite.json', 'array-sum/array-sum.suite.json', 'max-element/max-element.suite.json'].map(prepare));
    const harnesses = await Promise.all(
      specs.map((p) => dafnyVerifier.emit(p.module, p.method, p.triples, { timeoutSeconds: 20, effort: 0, attempts: new Map(p.triples.map((t) => [t.id, t.role === 'mutant' ? ['negative' as const] : ['positive' as const]])) })),
    );
    const queue = new RunQueue(dafnyVerifier, info, { processes: 1, deadline: () => 300 });
    const merged = await Promise.all(harnesses.map((h) => queue.submit(h, 20)));
    const alone = await Promise.all(harnesses.slice(1).map((h) => new RunQueue(dafnyVerifier, info, { processes: 1, deadline: () => 300 }).submit(h, 20)));
    const results = (r: (typeof merged)[number]) => (r.kind === 'outcomes' ? r.outcomes.map((o) => `${o.symbol}=${o.result}`) : [r.kind]);
    expect(merged.map(results).slice(1)).toEqual(alone.map(results));
    const all = merged.flatMap(results);
    expect(all.filter((x) => /_t\d+_pos=/.test(x)).every((x) => x.endsWith('=verified'))).toBe(true);
    expect(all.some((x) => /=(missing|error)$/.test(x))).toBe(false);
  });
});

describe('finding Dafny', () => {
  it('names the setup command when Dafny is missing', async () => {
    const saved = process.env.SPECMUT_DAFNY;
    process.env.SPECMUT_DAFNY = '/nonexistent/dafny';
    try {
      const error = await detectDafny().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpecmutError);
      expect((error as SpecmutError).code).toBe('missing-verifier');
      expect((error as SpecmutError).format()).toMatch(/scripts\/setup\.sh/);
    } finally {
      if (saved === undefined) delete process.env.SPECMUT_DAFNY;
      else process.env.SPECMUT_DAFNY = saved;
    }
  });
});

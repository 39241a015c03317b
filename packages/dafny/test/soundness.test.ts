import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpecmutError, evalOracle, oracleChooser, scoreSuiteFile, verifierOracle, type Backend, type Lowering, type Oracle, type SpecReport, type Verdict } from '@specmut/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dafnyBackend, dafnyVerifier, detectDafny, lowerDafnySpec } from '../src/index.js';

// These tests run the real Dafny verifier (installed by ./scripts/setup.sh). The claim under test: no
// decided verdict rests on the evaluator being right. A predictor that is wrong about everything may make
// a run slower or leave more triples unknown, but every verdict it does decide must be the honest run's.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/soundness/', import.meta.url));
const examples = join(root, 'examples', 'dafny');

const suitesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? suitesIn(join(dir, e.name)) : e.name.endsWith('.suite.json') ? [join(dir, e.name)] : []));

/** The evaluator's predictions, each turned into its opposite (the precondition's included). */
function invertedPredictor(): Oracle {
  const honest = evalOracle(lowerDafnySpec, { solver: false, name: 'eval (inverted)' });
  const flip: Record<string, Verdict['status']> = { holds: 'fails', fails: 'holds' };
  return {
    name: 'eval (inverted)',
    async decide(request) {
      const predicted = await honest.decide(request);
      return new Map([...predicted].map(([id, v]) => [id, { ...v, status: flip[v.status] ?? v.status }]));
    },
  };
}

/** Every row of a report that carries a verdict: tests, alternatives, mutants, preconditions. */
function rows(spec: SpecReport): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of spec.tests) {
    out.set(`${spec.id}/${t.id}`, t.verdict);
    if (t.precondition) out.set(`${spec.id}/${t.id}/pre`, t.precondition.verdict);
    for (const a of t.alternatives) out.set(`${spec.id}/${a.id}`, a.verdict);
    for (const m of t.mutants) out.set(`${spec.id}/${m.id}`, m.verdict);
  }
  return out;
}

const decided = (v: string | undefined) => v !== undefined && !['unknown', 'error'].includes(v);

describe('no decided verdict rests on a prediction', () => {
  const suites = [...suitesIn(examples), ...suitesIn(fixtures)].sort();
  let honest: SpecReport[];
  let inverted: SpecReport[];

  beforeAll(async () => {
    const info = await detectDafny().catch((e: unknown) => {
      throw new Error(`these tests need Dafny 4: ${e instanceof SpecmutError ? e.format() : String(e)}`);
    });
    const run = async (predict: Oracle) => {
      const oracle = verifierOracle(dafnyVerifier, info, { predict, processes: 2 });
      const ctx = { backends: [dafnyBackend], oracleFor: async () => oracle };
      return Promise.all(suites.map((s) => scoreSuiteFile(s, ctx, { baseDir: root })));
    };
    honest = await run(evalOracle(lowerDafnySpec, { solver: false, name: 'eval (prediction)' }));
    inverted = await run(invertedPredictor());
  }, 600_000);

  it('leaves every verdict the inverted run decides equal to the honest run\'s', () => {
    const a = new Map(honest.flatMap((s) => [...rows(s)]));
    const b = new Map(inverted.flatMap((s) => [...rows(s)]));
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    const changed = [...b].filter(([id, v]) => decided(v) && v !== a.get(id)).map(([id, v]) => `${id}: ${a.get(id)} -> ${v}`);
    expect(changed).toEqual([]);
    // The comparison is not empty: most triples are decided even against a wrong predictor.
    expect([...b.values()].filter(decided).length).toBeGreaterThan(100);
  });

  it('makes every triple of inputs outside the precondition unknown, never a verdict (requires x > 0, test x = 0)', () => {
    for (const run of [honest, inverted]) {
      const spec = run.find((s) => s.id === 'positive')!;
      const zero = spec.tests.find((t) => t.id === 'zero')!;
      expect(zero.precondition?.verdict === 'fails' || zero.precondition?.verdict === 'unknown').toBe(true);
      expect(zero.verdict).toBe('unknown');
      expect(zero.mutants.every((m) => m.verdict === 'unknown')).toBe(true);
      // The other test's inputs satisfy it, and its verdicts stand.
      const three = spec.tests.find((t) => t.id === 'three')!;
      if (run === honest) {
        expect(three.precondition?.verdict).toBe('holds');
        expect(three.verdict).toBe('holds');
        expect(three.mutants.every((m) => m.verdict === 'rejected')).toBe(true);
      }
      expect(spec.correctness === null || spec.correctness <= 0.5).toBe(true);
    }
  });

  it('decides values whose element facts need escapes (quotes, backslashes, negative numbers) the same way', () => {
    const spec = honest.find((s) => s.id === 'quotes')!;
    expect(spec.correctness).toBe(1);
    expect(spec.completeness).toBe(1);
  });

  it('reports an instance method that changes its object as unsupported, with the reason', () => {
    const spec = honest.find((s) => s.id === 'counter')!;
    expect(spec.status).toBe('error');
    expect(spec.error?.code).toBe('unsupported');
    expect(spec.error?.message).toMatch(/instance member of Counter .*`this`.*object state is not part of a test/);
    expect(honest.find((s) => s.id === 'twice')!.correctness).toBe(1);
  });
});

describe('--cross-check runs each oracle on its own', () => {
  /** An evaluator that is wrong about every postcondition: it checks the negation of their conjunction. */
  const broken: Lowering = async (module, method) => {
    const spec = await lowerDafnySpec(module, method);
    if ('unsupported' in spec) return spec;
    return { ...spec, ensures: [{ expr: { kind: 'not', arg: { kind: 'and', args: spec.ensures.map((c) => c.expr) } } }] };
  };
  const suites = ['shared-elements/shared-elements-iff.suite.json', 'array-sum/array-sum.suite.json'].map((s) => join(examples, s));

  it('lists the disagreements of a broken evaluator, and its errors do not leak into the verifier\'s verdicts', async () => {
    const backend: Backend = { ...dafnyBackend, lower: broken };
    const ctx = { backends: [backend], oracleFor: oracleChooser({ mode: 'verifier', crossCheck: 'eval' }) };
    const checked = await Promise.all(suites.map((s) => scoreSuiteFile(s, ctx, { baseDir: root })));
    for (const spec of checked) {
      const cc = spec.crossCheck!;
      expect(cc.compared).toBeGreaterThan(10);
      // Every postcondition triple both oracles decide is a disagreement; only precondition triples agree.
      expect(cc.disagreements.length).toBe(cc.compared - cc.agree);
      expect(cc.disagreements.length).toBeGreaterThan(10);
      // Dafny's own verdicts are those of a correct spec, whatever the evaluator says.
      expect(spec.correctness).toBe(1);
      expect(spec.completeness).toBeGreaterThan(0.7);
    }
  }, 300_000);
});

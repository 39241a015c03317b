import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scoreSuiteFile, V, type Triple } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { dafnyBackend, loadDafnyModule } from '../../src/index.js';
import { dafnyEvalOracle } from '../../src/lower/index.js';

const example = (name: string) => fileURLToPath(new URL(`../../../../examples/dafny/shared-elements/${name}`, import.meta.url));
const ints = (...xs: number[]) => V.seq(xs.map((x) => V.int(x)));

/** The inputs of the suites' first test with a few outputs: right, reordered, one or all shared elements dropped, wrong. */
function triples(): Triple[] {
  const inputs = { a: ints(3, 4, 5, 6), b: ints(5, 7, 4, 10) };
  const out = (id: string, role: Triple['role'], ...xs: number[]): Triple => ({ id, testId: 't1', role, inputs, outputs: { result: ints(...xs) } });
  return [
    out('expected', 'test', 4, 5),
    out('reordered', 'alternative', 5, 4),
    out('dropsOne', 'mutant', 4),
    out('dropsAll', 'mutant'),
    out('notShared', 'mutant', 4, 5, 6),
    out('repeats', 'mutant', 4, 4, 5),
  ];
}

async function decide(spec: string) {
  const module = await loadDafnyModule(spec, readFileSync(example(spec), 'utf8'));
  const method = module.methods.find((m) => m.name === 'SharedElements')!;
  const verdicts = await dafnyEvalOracle().decide({ module, method, triples: triples(), timeoutSeconds: 5 });
  return Object.fromEntries([...verdicts].map(([id, v]) => [id, v.status]));
}

describe('SharedElements end to end through evalOracle', () => {
  it('accepts outputs that drop a shared element when the first clause is an implication', async () => {
    expect(await decide('shared-elements.dfy')).toEqual({
      expected: 'holds',
      reordered: 'holds',
      dropsOne: 'holds',
      dropsAll: 'holds',
      notShared: 'fails',
      repeats: 'fails',
    });
  });

  it('rejects them when it is an equivalence', async () => {
    expect(await decide('shared-elements-iff.dfy')).toEqual({
      expected: 'holds',
      reordered: 'holds',
      dropsOne: 'fails',
      dropsAll: 'fails',
      notShared: 'fails',
      repeats: 'fails',
    });
  });

  it('scores both suites: every test holds, and the equivalence rejects more mutants', async () => {
    const ctx = { backends: [dafnyBackend], oracleFor: async () => dafnyEvalOracle() };
    const weak = await scoreSuiteFile(example('shared-elements.suite.json'), ctx);
    const strong = await scoreSuiteFile(example('shared-elements-iff.suite.json'), ctx);
    for (const r of [weak, strong]) {
      expect(r.status).not.toBe('error');
      expect(r.correctness).toBe(1);
      expect(r.unknown).toBe(0);
    }
    expect(strong.completeness!).toBeGreaterThan(weak.completeness!);
    expect(strong.completeness).toBe(1);
  });
});

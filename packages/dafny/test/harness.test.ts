import { fileURLToPath } from 'node:url';
import { prepareSuite, type PreparedSuite } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { dafnyBackend, dafnyVerifier } from '../src/index.js';

// What the emitted harness text contains; the real verifier's verdicts on it are in verifier.test.ts.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const prepare = (path: string) => prepareSuite(`${root}examples/dafny/${path}`, { backends: [dafnyBackend] }, { baseDir: root });

async function methodText(p: PreparedSuite, tripleId: string, polarity: 'positive' | 'negative', effort: number): Promise<string> {
  const triple = p.triples.find((t) => t.id === tripleId)!;
  const harness = await dafnyVerifier.emit(p.module, p.method, [triple], { timeoutSeconds: 20, effort, attempts: new Map([[triple.id, [polarity]]]) });
  const [start, end] = harness.obligations[0]!.lines!;
  return harness.files[0]!.text.split('\n').slice(start - 1, end).join('\n');
}

describe('Dafny harness hints', () => {
  it("carries the evaluator's witness from the first round on, and generic candidates only in the hint round", async () => {
    const composite = await prepare('is-composite/is-composite.suite.json');
    const ninetyOne = composite.triples.find((t) => t.testId === 'ninety-one' && t.role === 'test')!;
    const plain = await methodText(composite, ninetyOne.id, 'positive', 0);
    // 91 = 7 * 13: the one instance the evaluator found, not every candidate.
    expect(plain).toContain('ghost var specmut_q0_0 := 2 <= 7 < n && n % 7 == 0;');
    expect(plain).not.toContain('specmut_q0_1');
    const shared = await prepare('shared-elements/shared-elements.suite.json');
    const test = shared.triples.find((t) => t.role === 'test')!;
    expect(await methodText(shared, test.id, 'positive', 0)).not.toContain('ghost var');
  });

  it('states sequence membership only for specs that test membership', async () => {
    const shared = await prepare('shared-elements/shared-elements.suite.json');
    expect(await methodText(shared, shared.triples[0]!.id, 'positive', 0)).toMatch(/assert 4 in result;/);
    const sum = await prepare('array-sum/array-sum.suite.json');
    const text = await methodText(sum, sum.triples[0]!.id, 'positive', 0);
    expect(text).toMatch(/assert a\[0\] == /);
    expect(text).not.toMatch(/assert -?\d+ in /);
  });

  it('assumes nothing but fresh arrays\' contents and the precondition: every other fact is asserted', async () => {
    for (const suite of ['shared-elements/shared-elements.suite.json', 'array-sum/array-sum.suite.json', 'reverse-in-place/reverse-in-place.suite.json']) {
      const prepared = await prepare(suite);
      for (const t of prepared.triples) {
        for (const effort of [0, 1]) {
          const assumed = (await methodText(prepared, t.id, 'positive', effort)).split('\n').filter((l) => /\bassume\b/.test(l));
          for (const line of assumed) expect(line).toMatch(/^\s*assume \{:axiom\} (\w+\[\.\.\] == \[.*\];|\(.*\);)$/);
        }
      }
    }
  });

  it("keeps a refutation to the evaluator's counterexample, without the other quantifiers' candidates", async () => {
    const shared = await prepare('shared-elements/shared-elements.suite.json');
    // A mutant with an element outside both arrays: the first clause fails at that element.
    const inserted = shared.triples.find((t) => t.role === 'mutant' && t.operator === 'seq.insert')!;
    const text = await methodText(shared, inserted.id, 'negative', 1);
    expect(text).toContain('specmut_q0_0');
    expect(text).not.toContain('specmut_q1_');
  });
});

describe('Dafny harness hints on methods that change their arguments', () => {
  it('pin old() in instances to the state the harness sets up, as in the clause itself', async () => {
    const reverse = await prepare('reverse-in-place/reverse-in-place.suite.json');
    const mutant = reverse.triples.find((t) => t.role === 'mutant')!;
    const text = await methodText(reverse, mutant.id, 'negative', 0);
    // The evaluator's counterexample index, with old() read at the label, not at the harness's entry.
    expect(text).toMatch(/ghost var specmut_q0_0 := .*old@specmut_pre\(a\[/);
    expect(text).not.toMatch(/[^@\w]old\(/);
  });
});

import type { Backend, Verifier } from '@specmut/core';
import { emitHarness } from './harness/emit.js';
import { harnessPlan } from './harness/plan.js';
import { canCombine, combineDafnyHarnesses } from './harness/combine.js';
import { evaluatorHints } from './harness/evaluator-hints.js';
import { dafnyPrinter } from './print.js';
import { renderDafny } from './render.js';
import { loadDafnyModule } from './spec-module.js';
import { checkDafnySyntax } from './syntax/syntax-errors.js';
import { queryDafny } from './syntax/query.js';
import { DAFNY_SPEC_MUTATION_OPERATORS } from './spec-mutation.js';
import { lowerDafnySpec } from './lower/index.js';
import { detectDafny } from './verifier/detect.js';
import { parseDafnyOutput } from './verifier/parse-output.js';
import { runDafny, usesBitvectors } from './verifier/run.js';

export const dafnyVerifier: Verifier = {
  name: 'dafny',
  detect: detectDafny,
  /**
   * Generic quantifier instances (every candidate value of a bound variable) help the solver find a
   * witness or counterexample but can also slow it down on triples it decides without them (measured:
   * 7-14 s instead of 0.5 s on SharedElements), so they are added only in a later round, for the triples
   * the plain harness left undecided. The evaluator's own witnesses are in every round.
   */
  efforts: [1],
  // `--cores`: one Dafny process verifies that many harness methods at once.
  parallel: true,
  emit: async (module, method, triples, options) => {
    const effort = options.effort ?? 1;
    const hints = options.independent ? undefined : await evaluatorHints(module, method, triples);
    const harness = emitHarness(harnessPlan(module, method), triples, { attempts: options.attempts, effort }, hints);
    // A bit-vector harness may need a solver of its own (see `solverFor`): it runs alone.
    if (!canCombine(harness.files[0]!.text) || usesBitvectors(harness)) harness.combinable = false;
    return harness;
  },
  combine: combineDafnyHarnesses,
  run: runDafny,
  parse: parseDafnyOutput,
};

export const dafnyBackend: Backend = {
  id: 'dafny',
  extensions: ['.dfy'],
  load: loadDafnyModule,
  render: renderDafny,
  verifier: dafnyVerifier,
  checkSyntax: checkDafnySyntax,
  lower: lowerDafnySpec,
  printer: dafnyPrinter,
  specMutationOperators: DAFNY_SPEC_MUTATION_OPERATORS,
  querySyntax: queryDafny,
};

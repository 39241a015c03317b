import type { Backend, Verifier } from '@specmut/core';
import { emitLeanHarness } from './harness/emit.js';
import { lowerLeanSpec } from './lower/spec.js';
import { leanPrinter } from './print.js';
import { renderLean } from './render.js';
import { LEAN_SPEC_MUTATION_OPERATORS, queryLean } from './spec-mutation.js';
import { loadLeanModule } from './spec-module.js';
import { checkLeanSyntax } from './syntax/syntax-errors.js';
import { parseLeanOutput } from './verifier/parse-output.js';
import { detectLean, runLean } from './verifier/run.js';

export const leanVerifier: Verifier = {
  name: 'lean',
  detect: detectLean,
  emit: (module, method, triples, options) => emitLeanHarness(module, method, triples, options),
  run: runLean,
  parse: parseLeanOutput,
};

export const leanBackend: Backend = {
  id: 'lean',
  extensions: ['.lean'],
  load: loadLeanModule,
  render: renderLean,
  verifier: leanVerifier,
  checkSyntax: checkLeanSyntax,
  lower: lowerLeanSpec,
  printer: leanPrinter,
  specMutationOperators: LEAN_SPEC_MUTATION_OPERATORS,
  querySyntax: queryLean,
};

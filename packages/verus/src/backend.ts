import type { Backend, Verifier } from '@specmut/core';
import { emitVerusHarness } from './harness/emit.js';
import { lowerVerusSpec } from './lower/index.js';
import { verusPrinter } from './print.js';
import { renderVerus } from './render.js';
import { queryVerus, VERUS_SPEC_MUTATION_OPERATORS } from './spec-mutation.js';
import { loadVerusModule } from './spec-module.js';
import { checkVerusSyntax } from './syntax/syntax-errors.js';
import { parseVerusOutput } from './verifier/parse-output.js';
import { detectVerus, runVerus } from './verifier/run.js';

export const verusVerifier: Verifier = {
  name: 'verus',
  parallel: true,
  detect: detectVerus,
  emit: (module, method, triples, options) => emitVerusHarness(module, method, triples, options),
  run: runVerus,
  parse: parseVerusOutput,
};

export const verusBackend: Backend = {
  id: 'verus',
  extensions: ['.rs'],
  load: loadVerusModule,
  render: renderVerus,
  verifier: verusVerifier,
  checkSyntax: checkVerusSyntax,
  lower: lowerVerusSpec,
  printer: verusPrinter,
  specMutationOperators: VERUS_SPEC_MUTATION_OPERATORS,
  querySyntax: queryVerus,
};

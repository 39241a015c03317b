import type { Backend, Verifier } from '@specmut/core';
import { emitHarness } from './harness/emit.js';
import { harnessPlan } from './harness/plan.js';
import { renderDafny } from './render.js';
import { loadDafnyModule } from './spec-module.js';
import { detectDafny } from './verifier/detect.js';
import { parseDafnyOutput } from './verifier/parse-output.js';
import { runDafny } from './verifier/run.js';

export const dafnyVerifier: Verifier = {
  name: 'dafny',
  detect: detectDafny,
  emit: (module, method, triples) => emitHarness(harnessPlan(module, method), triples),
  run: runDafny,
  parse: parseDafnyOutput,
};

export const dafnyBackend: Backend = {
  id: 'dafny',
  extensions: ['.dfy'],
  load: loadDafnyModule,
  render: renderDafny,
  verifier: dafnyVerifier,
};

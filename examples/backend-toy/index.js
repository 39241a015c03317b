// @ts-check
// A complete small specmut backend, written as a third-party package would be: it depends on
// @specmut/core only, and the CLI loads it with `--backend-module specmut-backend-toy`.
import { SpecmutError } from '@specmut/core';
import { ToySyntaxError, parseToy } from './src/syntax.js';
import { lowerToy } from './src/lower.js';
import { z3Verifier } from './src/smt.js';

/** @param {import('./src/syntax.js').Param} p */
const param = (p) => ({ name: p.name, type: /** @type {import('@specmut/core').Type} */ ({ kind: p.type }) });

/** @type {import('@specmut/core').Backend} */
export const toyBackend = {
  id: 'toy',
  extensions: ['.toy'],

  async load(file, text) {
    let specs;
    try {
      specs = parseToy(text);
    } catch (e) {
      if (e instanceof ToySyntaxError) throw new SpecmutError('parse-error', e.message, { file, line: e.at.line, column: e.at.column });
      throw e;
    }
    return {
      file,
      text,
      native: specs,
      methods: specs.map((s) => ({
        name: s.name,
        kind: 'spec',
        signature: { name: s.name, params: s.params.map(param), results: s.results.map(param) },
        clauses: s.clauses.map((c) => ({ role: c.kind === 'requires' ? 'precondition' : 'postcondition', keyword: c.kind, text: c.text, range: c.range, node: c.expr })),
        range: s.range,
        dependencies: [],
      })),
    };
  },

  render(value) {
    if (value.kind === 'int') return String(value.value);
    if (value.kind === 'bool') return String(value.value);
    throw new SpecmutError('bad-suite', `the toy language has only int and bool values, not ${value.kind}`);
  },

  lower: lowerToy,

  async checkSyntax(text) {
    try {
      parseToy(text);
      return [];
    } catch (e) {
      if (e instanceof ToySyntaxError) return [{ line: e.at.line, column: e.at.column, message: e.message }];
      throw e;
    }
  },

  verifier: z3Verifier,
};

export default toyBackend;

// @ts-check
// Lowering: the toy's clauses as specmut's IR, so that the embedded evaluator decides triples without a
// verifier. The semantics object states the toy's choices where languages differ: unbounded integers,
// Euclidean `/` and `%`, and division by zero is not well-formed (a verdict on it is unknown, never a guess).
import { ERROR, INT, builders } from '@specmut/core';

/** @type {import('@specmut/core').Semantics} */
export const TOY_SEMANTICS = { name: 'toy', intDomain: INT, rounding: 'euclid', divByZero: ERROR, onFail: ERROR, seqOrder: 'lex' };
const E = builders(TOY_SEMANTICS);

/** @type {Record<string, (l: import('@specmut/core').Expr, r: import('@specmut/core').Expr) => import('@specmut/core').Expr>} */
const BINARY = {
  '+': E.add, '-': E.sub, '*': E.mul, '/': E.div, '%': E.mod,
  '==': E.eq, '!=': E.ne, '<': E.lt, '<=': E.le, '>': E.gt, '>=': E.ge,
  '&&': E.and, '||': E.or, '==>': E.implies,
};

/** @param {import('./syntax.js').Expr} e @param {string} file @returns {import('@specmut/core').Expr} */
export function lowerExpr(e, file) {
  const loc = { file, line: e.range.start.line, column: e.range.start.column };
  switch (e.kind) {
    case 'int': return E.int(e.value);
    case 'bool': return E.bool(e.value);
    case 'name': return E.v(e.name);
    case 'unary': return e.op === '-' ? E.neg(lowerExpr(e.arg, file)) : E.not(lowerExpr(e.arg, file));
    case 'if': return E.ite(lowerExpr(e.cond, file), lowerExpr(e.then, file), lowerExpr(e.else, file));
    case 'binary': {
      const make = BINARY[e.op];
      return make ? { ...make(lowerExpr(e.left, file), lowerExpr(e.right, file)), loc } : E.unsupported(`operator ${e.op}`, loc);
    }
  }
}

/** @type {import('@specmut/core').Lowering} */
export function lowerToy(module, method) {
  const spec = /** @type {import('./syntax.js').ToySpec[]} */ (module.native).find((s) => s.name === method.name);
  if (!spec) return { unsupported: `no spec named ${method.name}` };
  const clauses = (/** @type {'requires' | 'ensures'} */ kind) =>
    spec.clauses.filter((c) => c.kind === kind).map((c) => ({ expr: lowerExpr(c.expr, module.file), loc: { file: module.file, line: c.range.start.line, column: c.range.start.column } }));
  return {
    name: spec.name,
    params: method.signature.params.map((p) => ({ name: p.name, type: p.type })),
    results: method.signature.results.map((p) => ({ name: p.name, type: p.type })),
    requires: clauses('requires'),
    ensures: clauses('ensures'),
    functions: [],
  };
}

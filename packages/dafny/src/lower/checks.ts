import { ERROR, P, V, type Expr, type IrLoc } from '@specmut/core';

/**
 * `value`, provided `cond` holds; otherwise the expression is not well-formed (Dafny's verifier would
 * reject it: a failed `assert` inside a clause, a real that `as int` cannot convert exactly, a value
 * outside a subset type). The IR has no assertion node, so this is a `match` on `(cond, why)` whose
 * only case is `(true, _)`: a false condition fails the match with `error` semantics at `loc`, and the
 * evaluator's message shows `why` next to the false.
 */
export function checked(cond: Expr, value: Expr, loc: IrLoc | undefined, why: string): Expr {
  const target: Expr = { kind: 'tuple', elems: [cond, { kind: 'lit', value: V.string(why) }] };
  return { kind: 'match', target, cases: [{ pattern: P.tuple(P.lit(V.bool(true)), P.wild), body: value }], onFail: ERROR, loc };
}

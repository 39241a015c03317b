import { ERROR, P, V, type Expr, type IrLoc } from '@specmut/core';

/**
 * `value`, provided `cond` holds; otherwise the expression is not well-formed (Dafny's verifier would
 * reject it: a failed `assert` inside an expression, a real that `as int` cannot convert exactly, a
 * value outside a subset type). The IR has no assertion node, so this is a `match` on the condition
 * whose only case is `true`: a false condition fails the match with `error` semantics at `loc`.
 */
export function checked(cond: Expr, value: Expr, loc: IrLoc | undefined): Expr {
  return { kind: 'match', target: cond, cases: [{ pattern: P.lit(V.bool(true)), body: value }], onFail: ERROR, loc };
}

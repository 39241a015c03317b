import type { Expr } from '@specmut/core';
import type { LowerContext } from './context.js';
import { Scope } from './scope.js';
import type { SubsetInfo } from './types.js';

/**
 * The constraint of a subset type or newtype on the IR variable `ir` (and of the type it is built on,
 * when that is a subset type too). The constraint's own variable is mapped onto `ir`, so its bounds stay
 * visible to the evaluator's quantifier enumeration (`forall i: Index :: ...` with `0 <= i < 10`).
 */
export function subsetConstraints(cx: LowerContext, subset: SubsetInfo, ir: string, depth = 0): Expr[] {
  if (depth > 10) return [];
  const scope = Scope.root({ path: subset.decl.path }, [{ name: subset.variable, ir, type: subset.base }]);
  const own = cx.expr(subset.constraint, scope).e;
  const baseNode = subset.decl.node.childForFieldName('base_type');
  const base = baseNode ? cx.type(baseNode).subset : undefined;
  return [...(base ? subsetConstraints(cx, base, ir, depth + 1) : []), own];
}

import type { Type } from '@specmut/core';
import type { Lowered } from './context.js';
import type { Binding } from './scope.js';
import { known } from './types.js';

/**
 * Dafny infers the type of an untyped bound variable (`forall x :: x in s ==> ...`) from its uses. The
 * evaluator needs it to enumerate booleans and enumerations, bound `nat`s and pick Z3 sorts; the
 * lowering needs it for `as` conversions, members and char arithmetic. The first use that tells
 * (membership, comparison, indexing, a call's parameter) records it.
 */
export function pin(l: Lowered, t: Type | undefined): void {
  const b = l.binding;
  const k = known(t);
  if (!b?.inference || b.type || !k) return;
  b.type = k;
  l.t = k;
}

/** The static type of `l`, noting on an untyped bound variable that a construct needed it. */
export function ask(l: Lowered): Type | undefined {
  if (!l.t && l.binding?.inference) l.binding.inference.asked = true;
  return l.t;
}

/**
 * Runs a lowering over fresh bound variables, and once more if some construct needed a type that a later
 * use pinned (`x as int > 0 && x in chars`): the second run sees it from the start.
 */
export function withInference<R>(bindings: readonly Binding[], run: () => R): R {
  const first = run();
  const rerun = bindings.some((b) => b.inference?.asked && b.type);
  if (!rerun) return first;
  for (const b of bindings) if (b.inference) b.inference.asked = false;
  return run();
}

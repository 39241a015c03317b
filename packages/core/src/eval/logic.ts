import type { Expr } from '../ir/nodes.js';
import { equalValues } from '../model/values.js';
import type { Env, RVal } from './env.js';
import type { Evaluator } from './context.js';
import { IllFormed, Unknown } from './outcome.js';

/** Three-valued connectives: left to right, short-circuit, an unknown operand decides nothing. */

/** `and` (stopOn = false) or `or` (stopOn = true) of args. */
export function junction(ip: Evaluator, args: Expr[], env: Env | undefined, stopOn: boolean): boolean {
  let unknown: Unknown | undefined;
  for (const a of args) {
    try {
      if (ip.bool(a, env) === stopOn) return stopOn;
    } catch (x) {
      // An ill-formed operand after an unknown one may never be reached (the unknown may be the
      // deciding value), so it only makes the result unknown.
      if (x instanceof Unknown) unknown ??= x;
      else if (x instanceof IllFormed && unknown) continue;
      else throw x;
    }
  }
  if (unknown) throw unknown;
  return !stopOn;
}

export function implies(ip: Evaluator, left: Expr, right: Expr, env: Env | undefined): boolean {
  let l: boolean | Unknown;
  try {
    l = ip.bool(left, env);
  } catch (x) {
    if (!(x instanceof Unknown)) throw x;
    l = x;
  }
  if (l === false) return true;
  if (l === true) return ip.bool(right, env);
  try {
    if (ip.bool(right, env)) return true;
  } catch (x) {
    if (!(x instanceof Unknown || x instanceof IllFormed)) throw x;
  }
  throw l;
}

export function ite(ip: Evaluator, cond: Expr, then: Expr, otherwise: Expr, env: Env | undefined): RVal {
  let c: boolean;
  try {
    c = ip.bool(cond, env);
  } catch (x) {
    if (!(x instanceof Unknown)) throw x;
    // The condition is unknown: the result is still definite when both branches agree.
    const a = ip.eval(then, env);
    const b = ip.eval(otherwise, env);
    if (a.kind !== 'fn' && b.kind !== 'fn' && equalValues(a, b)) return a;
    throw x;
  }
  return ip.eval(c ? then : otherwise, env);
}

import type { Expr, FunctionDef, SpecCallExpr } from '../ir/nodes.js';
import { V, valueKey, type Value } from '../model/values.js';
import { Env, type FnVal, type RVal } from './env.js';
import type { Evaluator } from './context.js';
import { Unknown } from './outcome.js';
import { describe, typeError, where } from './runtime.js';

/** Function values and calls: defined functions, lambdas, their preconditions and the depth budget. */

export function fnOfDef(def: FunctionDef): FnVal {
  return { kind: 'fn', params: def.params, body: def.body, env: undefined, def, name: def.name };
}

export function callDef(ip: Evaluator, def: FunctionDef, args: RVal[], e: Expr): RVal {
  return apply(ip, fnOfDef(def), args, e);
}

export function apply(ip: Evaluator, f: RVal, args: RVal[], e: Expr): RVal {
  if (f.kind !== 'fn') {
    // Dafny lets a sequence or map be "applied" only through indexing; anything else is a type error.
    return typeError('a function', f, e);
  }
  if (f.params.length !== args.length) throw new Unknown('unsupported', `${f.name} expects ${f.params.length} arguments, got ${args.length}${where(e)}`);
  if (!f.body) throw new Unknown('unsupported', `function ${f.name} has no body to evaluate${where(e)}`);
  let scope = f.env;
  for (let i = 0; i < args.length; i++) scope = new Env(f.params[i]!.name, args[i]!, scope);
  if (++ip.depth > ip.ctx.budget.maxDepth) {
    ip.depth--;
    throw new Unknown('budget', `recursion depth budget (${ip.ctx.budget.maxDepth}) exhausted in ${f.name}${where(e)}`);
  }
  try {
    for (const r of f.def?.requires ?? []) {
      if (!ip.bool(r, scope)) {
        const shown = args.map(describe).join(', ');
        ip.fail(f.def?.onRequiresFail, `precondition ${ip.printer.expr(r)} of ${f.name}(${shown}) is false`, e);
        throw new Unknown('unspecified', `precondition of ${f.name} is false`);
      }
    }
    return ip.eval(f.body, scope);
  } finally {
    ip.depth--;
  }
}

/**
 * The suite's expected outputs by input: the key of the tuple of a test's inputs (in the spec's
 * parameter order) -> its output (the tuple of outputs when there are several), or `conflict` when two
 * tests with these inputs expect different outputs.
 */
export type KnownResultTable = ReadonlyMap<string, Value | 'conflict'>;

export function argumentsKey(args: readonly Value[]): string {
  return valueKey(V.tuple([...args]));
}

/**
 * The spec's own function at other arguments: the expected output of the test with exactly these
 * inputs; at the checked triple's own inputs, the triple's own output.
 */
export function specCall(ip: Evaluator, e: SpecCallExpr, args: Value[]): Value {
  const shown = `${e.fn}(${args.map((a) => ip.printer.value(a)).join(', ')})`;
  const key = argumentsKey(args);
  if (ip.ctx.ownResult?.key === key) return ip.ctx.ownResult.value;
  const table = ip.ctx.knownResults;
  const hit = table?.get(key);
  if (hit === 'conflict') throw new Unknown('unsupported', `the suite's tests expect different outputs of ${shown}${where(e)}`);
  if (hit === undefined) throw new Unknown('unsupported', `${shown} is not the input of any test of the suite, so its value is unknown${where(e)}`);
  return hit;
}

export function applyValue(ip: Evaluator, f: RVal, args: Value[], e: Expr): Value {
  const v = apply(ip, f, args, e);
  if (v.kind === 'fn') return typeError('a value', v, e);
  return v;
}

export function applyBool(ip: Evaluator, f: RVal, x: Value, e: Expr): boolean {
  const v = apply(ip, f, [x], e);
  if (v.kind !== 'bool') return typeError('a boolean', v, e);
  return v.value;
}


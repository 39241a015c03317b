import { builders, DAFNY, type Expr, type IrSpec } from '../../src/ir/index.js';
import { V, type Value } from '../../src/model/values.js';
import { evaluate, type EvalOptions, type EvalResult } from '../../src/eval/index.js';

export const E = builders(DAFNY);

/** A spec with one ensures clause over the given variables. */
export function specOf(ensures: Expr | Expr[], extra: Partial<IrSpec> = {}): IrSpec {
  return {
    name: 'm',
    params: [],
    results: [],
    requires: [],
    ensures: (Array.isArray(ensures) ? ensures : [ensures]).map((expr, i) => ({ expr, loc: { line: 10 + i, column: 3 } })),
    functions: [],
    ...extra,
  };
}

/** Evaluates a boolean expression under bindings (no Z3 unless asked). */
export async function run(e: Expr, bindings: Record<string, Value> = {}, options: EvalOptions = {}, extra: Partial<IrSpec> = {}): Promise<EvalResult> {
  return evaluate(specOf(e, extra), bindings, options);
}

export const ints = (...xs: number[]): Value => V.seq(xs.map((x) => V.int(x)));

/** The status (or the reason, when there is one) of evaluating a boolean expression. */
export async function outcome(e: Expr, bindings: Record<string, Value> = {}, extra: Partial<IrSpec> = {}, options: EvalOptions = {}): Promise<string> {
  const res = await run(e, bindings, options, extra);
  return res.status === 'holds' ? 'holds' : res.status === 'fails' ? 'fails' : `unknown: ${res.reason}`;
}

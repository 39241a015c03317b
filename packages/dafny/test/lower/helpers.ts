import { evaluate, V, type EvalResult, type IrSpec, type Value } from '@specmut/core';
import { expect } from 'vitest';
import { dafnyPrinter, loadDafnyModule } from '../../src/index.js';
import { lowerDafnyReport, type LoweringReport } from '../../src/lower/index.js';

export async function lowerText(text: string, method?: string, file = 'test.dfy'): Promise<LoweringReport> {
  const module = await loadDafnyModule(file, text);
  const m = method ? module.methods.find((x) => x.name === method) : module.methods[module.methods.length - 1];
  if (!m) throw new Error(`no method ${method}`);
  return lowerDafnyReport(module, m);
}

/** Lowers and insists the whole spec was translated (no unsupported construct anywhere). */
export async function lowerFully(text: string, method?: string): Promise<IrSpec> {
  const r = await lowerText(text, method);
  if ('unsupported' in r.result) throw new Error(r.result.unsupported);
  expect(r.unsupported).toEqual([]);
  return r.result;
}

/** JS values to model values: numbers/bigints are ints, strings are Dafny strings, arrays are sequences. */
export function val(x: unknown): Value {
  if (typeof x === 'number' || typeof x === 'bigint') return V.int(x);
  if (typeof x === 'boolean') return V.bool(x);
  if (typeof x === 'string') return V.string(x);
  if (Array.isArray(x)) return V.seq(x.map(val));
  if (x && typeof x === 'object' && 'kind' in x) return x as Value;
  throw new Error(`no value for ${String(x)}`);
}

export function vals(bindings: Record<string, unknown>): Record<string, Value> {
  return Object.fromEntries(Object.entries(bindings).map(([k, v]) => [k, val(v)]));
}

export async function run(spec: IrSpec, bindings: Record<string, unknown>): Promise<EvalResult> {
  return evaluate(spec, vals(bindings), { solver: false, printer: dafnyPrinter });
}

/** The status of checking `spec` on the given inputs and outputs. */
export async function status(spec: IrSpec, bindings: Record<string, unknown>): Promise<string> {
  const r = await run(spec, bindings);
  return r.status === 'unknown' ? `unknown:${r.cause}` : r.status;
}

/** Evaluates a boolean Dafny expression over the given typed parameters: `check('x: int', 'x / 2 == -4', { x: -7 })`. */
export async function check(params: string, expr: string, bindings: Record<string, unknown> = {}, prelude = ''): Promise<string> {
  const spec = await lowerFully(`${prelude}\nmethod Check(${params}) returns (ok: bool)\n  ensures ${expr}\n`, 'Check');
  return status(spec, { ...bindings, ok: true });
}

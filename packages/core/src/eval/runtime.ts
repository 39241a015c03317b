import type { Expr, IrLoc } from '../ir/nodes.js';
import { showExpr, showValue } from '../ir/print.js';
import type { Value } from '../model/values.js';
import type { Rat } from './arith.js';
import type { RVal } from './env.js';
import { Unknown, showLoc } from './outcome.js';

/** Small shared pieces of the evaluator's modules: booleans, numbers as rationals, type errors. */

export const TRUE: Value = { kind: 'bool', value: true };
export const FALSE: Value = { kind: 'bool', value: false };
export const bool = (b: boolean): Value => (b ? TRUE : FALSE);

export function where(e: { loc?: IrLoc | undefined }): string {
  return showLoc(e.loc);
}

export function describe(v: RVal): string {
  return v.kind === 'fn' ? `<function ${v.name}>` : showValue(v);
}

export function typeError(expected: string, got: RVal, e: Expr): never {
  throw new Unknown('unsupported', `expected ${expected}, got ${describe(got)} in ${showExpr(e)}${where(e)}`);
}

export function isNum(v: RVal): v is Extract<Value, { kind: 'int' | 'real' }> {
  return v.kind === 'int' || v.kind === 'real';
}

export function toRat(v: Extract<Value, { kind: 'int' | 'real' }>): Rat {
  return v.kind === 'int' ? { num: v.value, den: 1n } : { num: v.num, den: v.den };
}

export function ratValue(r: Rat): Value {
  return { kind: 'real', num: r.num, den: r.den };
}

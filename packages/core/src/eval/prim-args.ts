import type { OptionCtors, PrimExpr } from '../ir/nodes.js';
import { V, type Value } from '../model/values.js';
import type { RVal } from './env.js';
import { Unknown } from './outcome.js';
import { FALSE, typeError, where } from './runtime.js';

/** Argument checks shared by the library operations' implementations. */

export function arity(args: RVal[], n: number | readonly number[], e: PrimExpr): void {
  const ok = typeof n === 'number' ? args.length === n : n.includes(args.length);
  if (!ok) throw new Unknown('unsupported', `${e.op} expects ${typeof n === 'number' ? n : n.join(' or ')} arguments, got ${args.length}${where(e)}`);
}

export function val(x: RVal | undefined, e: PrimExpr): Value {
  if (!x || x.kind === 'fn') return typeError('a value', x ?? FALSE, e);
  return x;
}

export function seqArg(x: RVal | undefined, e: PrimExpr): Value[] {
  if (!x || x.kind !== 'seq') return typeError('a sequence', x ?? FALSE, e);
  return x.elems;
}

export function intArg(x: RVal | undefined, e: PrimExpr): bigint {
  if (!x || x.kind !== 'int') return typeError('an integer', x ?? FALSE, e);
  return x.value;
}

export function charArg(x: RVal | undefined, e: PrimExpr): string {
  if (!x || x.kind !== 'char') return typeError('a char', x ?? FALSE, e);
  return x.value;
}

export function floatArg(x: RVal | undefined, e: PrimExpr): number {
  if (!x || x.kind !== 'float') return typeError('a float', x ?? FALSE, e);
  return x.value;
}

/** A count clamped into [0, length]: `take`/`drop`-style arguments. */
export function clampCount(n: bigint, length: number): number {
  return n < 0n ? 0 : n > BigInt(length) ? length : Number(n);
}

const DEFAULT_OPTION: OptionCtors = { none: 'none', some: 'some' };

export function optionCtors(e: PrimExpr): OptionCtors {
  return e.option ?? DEFAULT_OPTION;
}

export function some(e: PrimExpr, v: Value): Value {
  return V.datatype(optionCtors(e).some, [v]);
}

export function none(e: PrimExpr): Value {
  return V.datatype(optionCtors(e).none, []);
}

export function optional(e: PrimExpr, v: Value | undefined): Value {
  return v === undefined ? none(e) : some(e, v);
}

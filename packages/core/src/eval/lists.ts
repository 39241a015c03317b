import type { PrimExpr, PrimOp } from '../ir/nodes.js';
import { V, valueKey, type Value } from '../model/values.js';
import type { Evaluator, PrimImpl } from './context.js';
import type { RVal } from './env.js';
import { valuesEqual } from './floats.js';
import { applyBool, applyValue } from './functions.js';
import { lessThan, minOrMax } from './numbers.js';
import { Unknown } from './outcome.js';
import { arity, clampCount, intArg, optionCtors, optional, seqArg, val } from './prim-args.js';
import { typeError, where } from './runtime.js';
import { sameCtor } from './datatypes.js';

/**
 * List library operations that Lean specs (and others) use: reshaping, de-duplication, searching,
 * sorting with a user comparator, and the partial functions that return an option. Each follows the
 * definition it names exactly, comparator quirks included, so the result is the language's own.
 */

const flattenPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 1, e);
  return V.seq(seqArg(args[0], e).flatMap((s) => seqArg(s, e)));
};

const replicatePrim: PrimImpl = (ip, args, e) => {
  arity(args, 2, e);
  const n = intArg(args[0], e);
  if (n > BigInt(ip.ctx.budget.maxEnumeration)) throw new Unknown('budget', `replicate ${n} is too long to build${where(e)}`);
  const x = val(args[1], e);
  return V.seq(Array.from({ length: n < 0n ? 0 : Number(n) }, () => x));
};

const enumeratePrim: PrimImpl = (_ip, args, e) => {
  arity(args, [1, 2], e);
  const start = args.length === 2 ? intArg(args[1], e) : 0n;
  return V.seq(seqArg(args[0], e).map((x, i) => V.tuple([V.int(start + BigInt(i)), x])));
};

const splitAtPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 2, e);
  const s = seqArg(args[0], e);
  const n = clampCount(intArg(args[1], e), s.length);
  return V.tuple([V.seq(s.slice(0, n)), V.seq(s.slice(n))]);
};

const erasePrim: PrimImpl = (_ip, args, e) => {
  arity(args, 2, e);
  const s = seqArg(args[0], e);
  const x = val(args[1], e);
  const i = s.findIndex((y) => valuesEqual(y, x));
  return V.seq(i < 0 ? s : [...s.slice(0, i), ...s.slice(i + 1)]);
};

/** Keeps the first (or last) of equal elements; keys are structural, then IEEE equality decides (NaN is never a duplicate). */
function dedupFirst(s: readonly Value[]): Value[] {
  const out: Value[] = [];
  const seen = new Map<string, Value[]>();
  for (const x of s) {
    const k = valueKey(x);
    const same = seen.get(k) ?? [];
    if (same.some((y) => valuesEqual(x, y)) || out.some((y) => x.kind === 'float' && valuesEqual(x, y))) continue;
    same.push(x);
    seen.set(k, same);
    out.push(x);
  }
  return out;
}

const dedupPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 1, e);
  const s = seqArg(args[0], e);
  if (e.op === 'dedup') return V.seq(dedupFirst(s));
  if (e.op === 'dedupLast') return V.seq(dedupFirst([...s].reverse()).reverse());
  return V.seq(s.filter((x, i) => i === 0 || !valuesEqual(s[i - 1]!, x)));
};

/** Index of the first element satisfying f, or -1. */
function firstIndex(ip: Evaluator, f: RVal, s: readonly Value[], e: PrimExpr): number {
  for (let i = 0; i < s.length; i++) if (applyBool(ip, f, s[i]!, e)) return i;
  return -1;
}

const findIndexPrim: PrimImpl = (ip, args, e) => {
  arity(args, 2, e);
  const s = seqArg(args[1], e);
  const i = firstIndex(ip, args[0]!, s, e);
  if (e.op === 'findIndexOpt') return optional(e, i < 0 ? undefined : V.int(i));
  return V.int(i < 0 ? s.length : i);
};

const findOptPrim: PrimImpl = (ip, args, e) => {
  arity(args, 2, e);
  const s = seqArg(args[1], e);
  const i = firstIndex(ip, args[0]!, s, e);
  return optional(e, i < 0 ? undefined : s[i]);
};

const indexOfOptPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 2, e);
  const x = val(args[1], e);
  const i = seqArg(args[0], e).findIndex((y) => valuesEqual(y, x));
  return optional(e, i < 0 ? undefined : V.int(i));
};

const getOptPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 2, e);
  const s = seqArg(args[0], e);
  const i = intArg(args[1], e);
  return optional(e, i >= 0n && i < BigInt(s.length) ? s[Number(i)] : undefined);
};

const endOptPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 1, e);
  const s = seqArg(args[0], e);
  return optional(e, e.op === 'headOpt' ? s[0] : s[s.length - 1]);
};

/** `min?`/`max?`: the first element folded with the binary `min`/`max` (see `minOrMax`). */
const extremumOptPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 1, e);
  const s = seqArg(args[0], e);
  if (s.length === 0) return optional(e, undefined);
  return optional(e, s.slice(1).reduce((acc, x) => minOrMax(e.op === 'minOpt' ? 'min' : 'max', acc, x, e), s[0]!));
};

const filterMapPrim: PrimImpl = (ip, args, e) => {
  arity(args, 2, e);
  const { some, none } = optionCtors(e);
  const out: Value[] = [];
  for (const x of seqArg(args[1], e)) {
    const r = applyValue(ip, args[0]!, [x], e);
    if (r.kind === 'datatype' && sameCtor(r.ctor, some) && r.fields.length === 1) out.push(r.fields[0]!);
    else if (!(r.kind === 'datatype' && sameCtor(r.ctor, none))) typeError('an option', r, e);
  }
  return V.seq(out);
};

/** Lean's `List.mergeSort`: split at ceil(n/2), merge taking from the left while `le(l, r)`. */
function mergeSort(le: Order, s: Value[]): Value[] {
  if (s.length <= 1) return s;
  const half = Math.ceil(s.length / 2);
  const l = mergeSort(le, s.slice(0, half));
  const r = mergeSort(le, s.slice(half));
  const out: Value[] = [];
  let i = 0;
  let j = 0;
  while (i < l.length && j < r.length) {
    if (le(l[i]!, r[j]!)) out.push(l[i++]!);
    else out.push(r[j++]!);
  }
  return [...out, ...l.slice(i), ...r.slice(j)];
}

type Order = (a: Value, b: Value) => boolean;

/** A comparator of the spec (a lambda or function) as a JS predicate. */
function order(ip: Evaluator, f: RVal, e: PrimExpr): Order {
  return (a, b) => {
    const v = applyValue(ip, f, [a, b], e);
    if (v.kind !== 'bool') return typeError('a boolean', v, e);
    return v.value;
  };
}

/** Lean's `Array.insertionSort`: element i moves left while `lt(it, its left neighbour)`. */
function insertionSort(lt: Order, s: Value[]): Value[] {
  const a = [...s];
  for (let i = 1; i < a.length; i++) {
    for (let j = i; j > 0 && lt(a[j]!, a[j - 1]!); j--) [a[j - 1], a[j]] = [a[j]!, a[j - 1]!];
  }
  return a;
}

const sortPrim: PrimImpl = (ip, args, e) => {
  if (e.op === 'mergeSort' || e.op === 'insertionSort') {
    arity(args, 2, e);
    const s = seqArg(args[1], e);
    if (s.length > 50_000) throw new Unknown('budget', `${e.op} of ${s.length} elements${where(e)}`);
    const f = order(ip, args[0]!, e);
    return V.seq(e.op === 'mergeSort' ? mergeSort(f, s) : insertionSort(f, s));
  }
  arity(args, [1, 2], e);
  const s = seqArg(args[args.length - 1], e);
  if (s.length > 2_000) throw new Unknown('budget', `sort of ${s.length} elements${where(e)}`);
  const lt: Order = args.length === 2 ? order(ip, args[0]!, e) : (a, b) => lessThan(a, b, e);
  const sorted = insertionSort(lt, s);
  // Any correct sort (quicksort, heapsort...) gives this same result exactly when `lt`, on these
  // elements, is the strict total order of their positions here, equal elements aside: then every
  // comparison any algorithm makes is answered consistently with one order.
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i; j < sorted.length; j++) {
      const a = sorted[i]!;
      const b = sorted[j]!;
      const same = valuesEqual(a, b);
      if (lt(b, a) || (same ? lt(a, b) : !lt(a, b))) {
        throw new Unknown('unsupported', `the comparator does not order ${ip.printer.value(a)} and ${ip.printer.value(b)} strictly: the result depends on the sorting algorithm${where(e)}`);
      }
    }
  }
  return V.seq(sorted);
};

export const LIST_PRIMITIVES = {
  flatten: flattenPrim,
  replicate: replicatePrim,
  enumerate: enumeratePrim,
  splitAt: splitAtPrim,
  erase: erasePrim,
  dedup: dedupPrim,
  dedupLast: dedupPrim,
  dedupAdjacent: dedupPrim,
  findIndex: findIndexPrim,
  findIndexOpt: findIndexPrim,
  findOpt: findOptPrim,
  indexOfOpt: indexOfOptPrim,
  getOpt: getOptPrim,
  headOpt: endOptPrim,
  lastOpt: endOptPrim,
  minOpt: extremumOptPrim,
  maxOpt: extremumOptPrim,
  filterMap: filterMapPrim,
  mergeSort: sortPrim,
  insertionSort: sortPrim,
  sort: sortPrim,
} satisfies Partial<Record<PrimOp, PrimImpl>>;

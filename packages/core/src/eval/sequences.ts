import type { Expr, IndexExpr, SliceExpr, UpdateExpr } from '../ir/nodes.js';
import { V, type Value } from '../model/values.js';
import * as C from './collections.js';
import type { Env, RVal } from './env.js';
import type { Evaluator } from './context.js';
import { typeError } from './runtime.js';
import { seqAt, seqLength, seqSlice } from './seq-view.js';

/** Indexing, slicing and updating sequences, maps and multisets; the elements of any collection. */

export function index(ip: Evaluator, e: IndexExpr, t: RVal, i: RVal): Value {
  if (t.kind === 'seq') {
    if (i.kind !== 'int') typeError('an integer index', i, e);
    const n = i.value;
    const v = n >= 0n && n < 4294967296n ? seqAt(t, Number(n)) : undefined;
    if (v === undefined) return ip.fail(e.onFail, `index ${n} out of range (length ${seqLength(t)}) in ${ip.printer.expr(e)}`, e);
    return v;
  }
  if (i.kind === 'fn') typeError('a value', i, e);
  if (t.kind === 'map') {
    const v = C.mapLookup(t, i);
    return v ?? ip.fail(e.onFail, `key ${ip.printer.value(i)} not in map in ${ip.printer.expr(e)}`, e);
  }
  if (t.kind === 'multiset') return V.int(C.sortedCount(t.elems, i));
  return typeError('a sequence or map', t, e);
}

export function slice(ip: Evaluator, e: SliceExpr, env: Env | undefined): Value {
  const t = ip.eval(e.target, env);
  if (t.kind !== 'seq') typeError('a sequence', t, e);
  const len = BigInt(seqLength(t));
  let from = e.from ? ip.int(e.from, env) : 0n;
  let to = e.to ? ip.int(e.to, env) : len;
  if (e.bounds === 'clamp') {
    from = from < 0n ? 0n : from > len ? len : from;
    to = to < from ? from : to > len ? len : to;
  } else if (!(0n <= from && from <= to && to <= len)) {
    return ip.fail(e.onFail, `slice [${from}..${to}] out of range (length ${len}) in ${ip.printer.expr(e)}`, e);
  }
  return seqSlice(t, Number(from), Number(to));
}

export function update(ip: Evaluator, e: UpdateExpr, t: RVal, k: RVal, v: RVal): Value {
  if (k.kind === 'fn' || v.kind === 'fn') typeError('a value', k.kind === 'fn' ? k : v, e);
  if (t.kind === 'seq') {
    if (k.kind !== 'int') typeError('an integer index', k, e);
    if (k.value < 0n || k.value >= BigInt(t.elems.length)) {
      return ip.fail(e.onFail, `update index ${k.value} out of range (length ${t.elems.length}) in ${ip.printer.expr(e)}`, e);
    }
    ip.chargeElements(t.elems.length);
    const elems = t.elems.slice();
    elems[Number(k.value)] = v;
    return V.seq(elems);
  }
  if (t.kind === 'map') return C.mapUpdate(t, k, v);
  if (t.kind === 'multiset') {
    if (v.kind !== 'int') typeError('an integer multiplicity', v, e);
    if (v.value < 0n) return ip.fail(e.onFail, `negative multiplicity ${v.value} in ${ip.printer.expr(e)}`, e);
    return C.multisetWithCount(t, k, Number(v.value));
  }
  return typeError('a sequence, map or multiset', t, e);
}

export function elements(c: RVal, e: Expr): readonly Value[] {
  switch (c.kind) {
    case 'seq':
    case 'set':
    case 'multiset':
      return c.elems;
    case 'map':
      return c.entries.map(([k]) => k);
    default:
      return typeError('a collection', c, e);
  }
}


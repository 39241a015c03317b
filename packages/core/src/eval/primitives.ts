import type { PrimExpr, PrimOp } from '../ir/nodes.js';
import { equalValues, V, type Value } from '../model/values.js';
import { bigAbs, rat, ratAdd, ratMul } from './arith.js';
import * as C from './collections.js';
import type { Env, RVal } from './env.js';
import { applyBool, applyValue } from './functions.js';
import type { Evaluator, PrimImpl, PrimTable } from './context.js';
import { minOrMax } from './numbers.js';
import { FLOAT_PRIMITIVES, valuesEqual } from './floats.js';
import { LIST_PRIMITIVES } from './lists.js';
import { TEXT_PRIMITIVES } from './text.js';
import { Unknown } from './outcome.js';
import { bool, FALSE, isNum, ratValue, toRat, TRUE, typeError, where } from './runtime.js';
import { seqLength, seqSlice } from './seq-view.js';
import { elements } from './sequences.js';
import { arity, val } from './prim-args.js';

export type { PrimImpl, PrimTable } from './context.js';

/**
 * Library operations as a table from the operation's name to its implementation, so that a language
 * adds its own (or its own reading of one) with `extendPrimitives` instead of editing the evaluator.
 */

const cardPrim: PrimImpl = (_ip, args, e) => {
  const [a] = args;
  arity(args, 1, e);
  if (a!.kind === 'map') return V.int(a!.entries.length);
  if (a!.kind === 'seq') return V.int(seqLength(a!));
  return V.int(elements(a!, e).length);
};

const inPrim: PrimImpl = (_ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  const x = val(a, e);
  const coll = b!;
  if (coll.kind === 'set' || coll.kind === 'multiset') return bool(C.sortedHas(coll.elems, x));
  if (coll.kind === 'map') return bool(C.mapLookup(coll, x) !== undefined);
  if (coll.kind === 'seq') return bool(coll.elems.some((y) => valuesEqual(x, y)));
  return typeError('a collection', coll, e);
};

const concatPrim: PrimImpl = (ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  if (a!.kind !== 'seq' || b!.kind !== 'seq') return typeError('two sequences', a!.kind !== 'seq' ? a! : b!, e);
  ip.chargeElements(seqLength(a!) + seqLength(b!));
  return V.seq([...a!.elems, ...b!.elems]);
};

const collectionAlgebra: PrimImpl = (_ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  const x = val(a, e);
  const y = val(b, e);
  if (x.kind === 'set' && y.kind === 'set') {
    return e.op === 'intersect' ? C.setIntersect(x, y) : e.op === 'difference' ? C.setDifference(x, y) : C.setUnion(x, y);
  }
  if (x.kind === 'multiset' && y.kind === 'multiset') {
    if (e.op === 'intersect') return C.multisetIntersect(x, y);
    if (e.op === 'difference') return C.multisetDifference(x, y);
    return e.op === 'union' ? C.multisetSum(x, y) : C.multisetMaxUnion(x, y);
  }
  if (x.kind === 'map' && y.kind === 'map' && e.op === 'union') return C.mapMerge(x, y);
  if (x.kind === 'map' && y.kind === 'set' && e.op === 'difference') return C.mapRemoveKeys(x, y.elems);
  return typeError(`operands of ${e.op}`, x, e);
};

const collectionOrder: PrimImpl = (_ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  const x = val(a, e);
  const y = val(b, e);
  if (!((x.kind === 'set' && y.kind === 'set') || (x.kind === 'multiset' && y.kind === 'multiset'))) {
    return typeError('two sets or two multisets', x.kind === 'set' || x.kind === 'multiset' ? y : x, e);
  }
  if (e.op === 'disjoint') return bool(C.isDisjoint(x.elems, y.elems));
  const sub = C.isSubCollection(x.elems, y.elems);
  return bool(e.op === 'subset' ? sub : sub && x.elems.length < y.elems.length);
};

const prefixOrder: PrimImpl = (_ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  if (a!.kind !== 'seq' || b!.kind !== 'seq') return typeError('two sequences', a!.kind !== 'seq' ? a! : b!, e);
  const pre = C.isPrefix(a!.elems, b!.elems);
  return bool(e.op === 'prefix' ? pre : pre && a!.elems.length < b!.elems.length);
};

const multiplicityPrim: PrimImpl = (_ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  const x = val(b, e);
  if (a!.kind === 'multiset') return V.int(C.sortedCount(a!.elems, x));
  if (a!.kind === 'seq') return V.int(C.seqCount(a!.elems, x));
  if (a!.kind === 'set') return V.int(C.sortedHas(a!.elems, x) ? 1 : 0);
  return typeError('a multiset', a!, e);
};

const mapView: PrimImpl = (_ip, args, e) => {
  const [a] = args;
  arity(args, 1, e);
  if (a!.kind !== 'map') return typeError('a map', a!, e);
  if (e.op === 'keys') return { kind: 'set', elems: a!.entries.map(([k]) => k) };
  if (e.op === 'values') return V.set(a!.entries.map(([, v]) => v));
  return { kind: 'set', elems: a!.entries.map(([k, v]) => V.tuple([k, v])) };
};

const toSetPrim: PrimImpl = (_ip, args, e) => {
  const [a] = args;
  arity(args, 1, e);
  return V.set([...elements(a!, e)]);
};

const toMultisetPrim: PrimImpl = (_ip, args, e) => {
  const [a] = args;
  arity(args, 1, e);
  return V.multiset([...elements(a!, e)]);
};

const toSeqPrim: PrimImpl = (_ip, args, e) => {
  const [a] = args;
  arity(args, 1, e);
  return V.seq([...elements(a!, e)]);
};

const extremum: PrimImpl = (_ip, args, e) => {
  const [a] = args;
  const xs = args.length === 1 ? [...elements(a!, e)] : args.map((x) => val(x, e));
  if (xs.length === 0) throw new Unknown('unsupported', `${e.op} of an empty collection${where(e)}`);
  return xs.slice(1).reduce((best, x) => minOrMax(e.op as 'min' | 'max', best, x, e), xs[0]!);
};

const absPrim: PrimImpl = (_ip, args, e) => {
  const [a] = args;
  arity(args, 1, e);
  if (a!.kind === 'int') return V.int(bigAbs(a!.value));
  if (a!.kind === 'real') return ratValue(rat(bigAbs(a!.num), a!.den));
  if (a!.kind === 'float') return V.float(Math.abs(a!.value));
  return typeError('a number', a!, e);
};

const reversePrim: PrimImpl = (_ip, args, e) => {
  const [a] = args;
  arity(args, 1, e);
  if (a!.kind !== 'seq') return typeError('a sequence', a!, e);
  return V.seq(a!.elems.slice().reverse());
};

const takeOrDrop: PrimImpl = (_ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  if (a!.kind !== 'seq') return typeError('a sequence', a!, e);
  if (b!.kind !== 'int') return typeError('an integer', b!, e);
  const len = seqLength(a!);
  const n = b!.value < 0n ? 0 : b!.value > BigInt(len) ? len : Number(b!.value);
  return e.op === 'take' ? seqSlice(a!, 0, n) : seqSlice(a!, n, len);
};

const rangePrim: PrimImpl = (ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  if (a!.kind !== 'int' || b!.kind !== 'int') return typeError('two integers', a!.kind !== 'int' ? a! : b!, e);
  if (b!.value - a!.value > BigInt(ip.ctx.budget.maxEnumeration)) throw new Unknown('budget', `range too long${where(e)}`);
  const out: Value[] = [];
  for (let i = a!.value; i < b!.value; i++) out.push(V.int(i));
  return V.seq(out);
};

const higherOrder: PrimImpl = (ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  const f = a!;
  const coll = val(b, e);
  const elems = elements(coll, e);
  if (e.op === 'map') {
    const out = elems.map((x) => applyValue(ip, f, [x], e));
    return coll.kind === 'seq' ? V.seq(out) : coll.kind === 'set' ? V.set(out) : V.multiset(out);
  }
  if (e.op === 'filter') {
    const out = elems.filter((x) => applyBool(ip, f, x, e));
    return coll.kind === 'seq' ? V.seq(out) : { kind: coll.kind as 'set' | 'multiset', elems: out };
  }
  if (e.op === 'count') return V.int(elems.filter((x) => applyBool(ip, f, x, e)).length);
  // all/any: three-valued over the elements, like a bounded quantifier.
  let unknown: Unknown | undefined;
  for (const x of elems) {
    try {
      if (applyBool(ip, f, x, e) === (e.op === 'any')) return bool(e.op === 'any');
    } catch (err) {
      if (err instanceof Unknown) unknown ??= err;
      else throw err;
    }
  }
  if (unknown) throw unknown;
  return bool(e.op === 'all');
};

const sumOrProduct: PrimImpl = (_ip, args, e) => {
  const [a] = args;
  arity(args, 1, e);
  const xs = elements(a!, e);
  if (xs.length > 0 && xs.every((x) => x.kind === 'float')) {
    // Rounding makes the order matter: `x0 + (x1 + (... + (xn + 0.0)))`, as Lean's `List.sum` and
    // `Array.sum` (`foldr (· + ·) 0`) compute.
    let acc = e.op === 'sum' ? 0 : 1;
    for (let i = xs.length - 1; i >= 0; i--) {
      const x = (xs[i] as { value: number }).value;
      acc = e.op === 'sum' ? x + acc : x * acc;
    }
    return V.float(acc);
  }
  let acc: Value = V.int(e.op === 'sum' ? 0 : 1);
  for (const x of xs) {
    if (!isNum(x) || !isNum(acc)) return typeError('numbers', x, e);
    if (x.kind === 'int' && acc.kind === 'int') acc = V.int(e.op === 'sum' ? acc.value + x.value : acc.value * x.value);
    else acc = ratValue(e.op === 'sum' ? ratAdd(toRat(acc), toRat(x)) : ratMul(toRat(acc), toRat(x)));
  }
  return acc;
};

const fold: PrimImpl = (ip, args, e) => {
  const [a, b, c] = args;
  arity(args, 3, e);
  const f = a!;
  let acc = val(b, e);
  const elems = elements(val(c, e), e);
  if (e.op === 'foldl') for (const x of elems) acc = applyValue(ip, f, [acc, x], e);
  else for (let i = elems.length - 1; i >= 0; i--) acc = applyValue(ip, f, [elems[i]!, acc], e);
  return acc;
};

const zipPrim: PrimImpl = (_ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  if (a!.kind !== 'seq' || b!.kind !== 'seq') return typeError('two sequences', a!.kind !== 'seq' ? a! : b!, e);
  const n = Math.min(a!.elems.length, b!.elems.length);
  const out: Value[] = [];
  for (let i = 0; i < n; i++) out.push(V.tuple([a!.elems[i]!, b!.elems[i]!]));
  return V.seq(out);
};

const indexOfPrim: PrimImpl = (_ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  if (a!.kind !== 'seq') return typeError('a sequence', a!, e);
  const x = val(b, e);
  return V.int(a!.elems.findIndex((y) => valuesEqual(x, y)));
};

/** Which element a `choose` picks is fixed only when exactly one candidate exists. */
const onlyPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 1, e);
  const c = args[0]!;
  if (c.kind !== 'seq' && c.kind !== 'set' && c.kind !== 'multiset') return typeError('a collection', c, e);
  if (c.elems.length === 1) return c.elems[0]!;
  throw new Unknown('unspecified', `unspecified: ${c.elems.length === 0 ? 'no value satisfies the condition' : `${c.elems.length} values satisfy the condition, and which one is chosen is not specified`}${where(e)}`);
};

const bitwise: PrimImpl = (_ip, args, e) => {
  const [a, b] = args;
  arity(args, 2, e);
  if (a!.kind !== 'int' || b!.kind !== 'int') return typeError('two integers', a!.kind !== 'int' ? a! : b!, e);
  const x = a!.value;
  const y = b!.value;
  if (x < 0n || y < 0n) throw new Unknown('unsupported', `bit operation on a negative integer${where(e)}`);
  if ((e.op === 'shl' || e.op === 'shr') && y > 100_000n) throw new Unknown('budget', `shift too large${where(e)}`);
  const r = e.op === 'bitAnd' ? x & y : e.op === 'bitOr' ? x | y : e.op === 'bitXor' ? x ^ y : e.op === 'shl' ? x << y : x >> y;
  return V.int(r);
};


/** The evaluator's library operations (`PrimOp`), one entry each. */
const CORE: Record<PrimOp, PrimImpl> = {
  card: cardPrim,
  in: inPrim,
  concat: concatPrim,
  union: collectionAlgebra,
  intersect: collectionAlgebra,
  difference: collectionAlgebra,
  multisetUnion: collectionAlgebra,
  subset: collectionOrder,
  properSubset: collectionOrder,
  disjoint: collectionOrder,
  prefix: prefixOrder,
  properPrefix: prefixOrder,
  multiplicity: multiplicityPrim,
  keys: mapView,
  values: mapView,
  items: mapView,
  toSet: toSetPrim,
  toMultiset: toMultisetPrim,
  toSeq: toSeqPrim,
  min: extremum,
  max: extremum,
  abs: absPrim,
  reverse: reversePrim,
  take: takeOrDrop,
  drop: takeOrDrop,
  range: rangePrim,
  map: higherOrder,
  filter: higherOrder,
  all: higherOrder,
  any: higherOrder,
  count: higherOrder,
  sum: sumOrProduct,
  product: sumOrProduct,
  foldl: fold,
  foldr: fold,
  zip: zipPrim,
  indexOf: indexOfPrim,
  only: onlyPrim,
  bitAnd: bitwise,
  bitOr: bitwise,
  bitXor: bitwise,
  shl: bitwise,
  shr: bitwise,
  ...FLOAT_PRIMITIVES,
  ...TEXT_PRIMITIVES,
  ...LIST_PRIMITIVES,
};

export const CORE_PRIMITIVES: PrimTable = new Map(Object.entries(CORE));

/** `base` with `extra`'s entries added or replacing base's. */
export function extendPrimitives(base: PrimTable, extra: Readonly<Record<string, PrimImpl>>): PrimTable {
  return new Map([...base, ...Object.entries(extra)]);
}

export function prim(ip: Evaluator, e: PrimExpr, env: Env | undefined): RVal {
  // The two operations quantifier bodies use most, without the general path's allocations (unless a
  // language replaced them).
  if (e.op === 'card' && e.args.length === 1 && ip.primitives.get('card') === cardPrim) {
    const c = ip.eval(e.args[0]!, env);
    if (c.kind === 'seq') return { kind: 'int', value: BigInt(seqLength(c)) };
    if (c.kind === 'set' || c.kind === 'multiset') return { kind: 'int', value: BigInt(c.elems.length) };
    if (c.kind === 'map') return { kind: 'int', value: BigInt(c.entries.length) };
    return typeError('a collection', c, e);
  }
  if (e.op === 'in' && e.args.length === 2 && ip.primitives.get('in') === inPrim) {
    const x = ip.eval(e.args[0]!, env);
    const coll = ip.eval(e.args[1]!, env);
    if (x.kind === 'fn') return typeError('a value', x, e);
    if (coll.kind === 'set' || coll.kind === 'multiset') return bool(C.sortedHas(coll.elems, x));
    if (coll.kind === 'map') return bool(C.mapLookup(coll, x) !== undefined);
    if (coll.kind === 'seq') {
      for (const y of coll.elems) if (valuesEqual(x, y)) return TRUE;
      return FALSE;
    }
    return typeError('a collection', coll, e);
  }
  const impl = ip.primitives.get(e.op);
  if (!impl) throw new Unknown('unsupported', `unknown operation ${e.op}${where(e)}`);
  return impl(ip, e.args.map((a) => ip.eval(a, env)), e);
}

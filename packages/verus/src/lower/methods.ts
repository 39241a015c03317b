import { T, type Expr, type Type } from '@specmut/core';
import { E, freshName, NotLowered, type LowerContext, type Typed } from './context.js';
import { elemOf, optionType } from './types.js';
import type { Node } from '../syntax/parser.js';

const AMBIGUOUS = new Set(['insert', 'remove', 'map', 'index', 'update', 'filter', 'fold_left', 'fold_right']);

/**
 * vstd's spec functions on `Seq`, `Set`, `Multiset` and `Map` (and on exec `Vec`/slices/`String`, whose
 * spec meaning is their view's). A function that `recommends` a condition has an unspecified value outside
 * it (Verus does not define it): out-of-range indexes and subranges are unspecified, never clamped.
 */
export function collectionMethod(ctx: LowerContext, r: Typed, name: string, lazyArgs: () => Typed[], node: Node): Typed {
  const kind = r.t?.kind;
  const args = lazyArgs();
  const need = (n: number) => {
    if (args.length !== n) throw new NotLowered(`${name} with ${args.length} arguments`, node);
  };
  const a = args[0]?.e;
  const b = args[1]?.e;
  if (kind === 'string') return stringMethod(r, name, args, node);
  if (kind === 'map') return mapMethod(r, name, args, node);
  if (kind === 'set') {
    const set = setMethod(ctx, r, name, args, node);
    if (set) return set;
  }
  if (kind === 'multiset') {
    const ms = multisetMethod(r, name, args, node);
    if (ms) return ms;
  }
  const elem = elemOf(r.t);
  const seqT = r.t ?? T.seq(elem ?? T.opaque('?'));
  const len = E.card(r.e);
  switch (name) {
    case 'len':
      need(0);
      return { e: len, t: T.nat };
    case 'is_empty':
      need(0);
      return { e: E.eq(len, E.int(0)), t: T.bool };
    case 'contains':
      need(1);
      return { e: E.in(a!, r.e), t: T.bool };
    case 'to_multiset':
      return { e: E.toMultiset(r.e), t: T.multiset(elem ?? T.opaque('?')) };
    case 'finite':
      return { e: E.bool(true), t: T.bool };
  }
  if (kind !== undefined && kind !== 'seq' && kind !== 'array') throw new NotLowered(`method ${name} on ${kind}`, node);
  // These mean different things on a Seq, a Set, a Map or a Multiset: without the receiver's type, no guess.
  if (kind === undefined && AMBIGUOUS.has(name)) throw new NotLowered(`method ${name} on a value of unknown type`, node);
  switch (name) {
    case 'index':
    case 'spec_index':
      need(1);
      return { e: E.index(r.e, a!), t: elem };
    case 'subrange':
      need(2);
      return { e: E.slice(r.e, a!, b!), t: seqT };
    case 'take':
      need(1);
      return { e: E.slice(r.e, E.int(0), a!), t: seqT };
    case 'skip':
      need(1);
      return { e: E.slice(r.e, a!, len), t: seqT };
    case 'first':
      need(0);
      return { e: E.index(r.e, E.int(0)), t: elem };
    case 'last':
      need(0);
      return { e: E.index(r.e, E.sub(len, E.int(1))), t: elem };
    case 'drop_last':
      need(0);
      return { e: E.slice(r.e, E.int(0), E.sub(len, E.int(1))), t: seqT };
    case 'drop_first':
      need(0);
      return { e: E.slice(r.e, E.int(1), len), t: seqT };
    case 'push':
      need(1);
      return { e: E.concat(r.e, E.seq(a!)), t: seqT };
    case 'add':
      need(1);
      return { e: E.add(r.e, a!), t: seqT };
    case 'update':
      need(2);
      return { e: E.update(r.e, a!, b!), t: seqT };
    case 'insert':
      need(2);
      return { e: E.concat(E.concat(E.slice(r.e, E.int(0), a!), E.seq(b!)), E.slice(r.e, a!, len)), t: seqT };
    case 'remove':
      need(1);
      return { e: E.concat(E.slice(r.e, E.int(0), a!), E.slice(r.e, E.add(a!, E.int(1)), len)), t: seqT };
    case 'to_set':
      return { e: E.toSet(r.e), t: T.set(elem ?? T.opaque('?')) };
    case 'reverse':
      return { e: E.prim('reverse', r.e), t: seqT };
    case 'filter':
      need(1);
      return { e: E.prim('filter', a!, r.e), t: seqT };
    case 'map_values':
      need(1);
      return { e: E.prim('map', a!, r.e), t: T.seq(T.opaque('?')) };
    case 'map': {
      // Seq::map passes the index too: `f(i, s[i])`.
      need(1);
      if (args[0]!.e.kind === 'lambda' && args[0]!.e.params.length !== 2) throw new NotLowered('Seq::map with a function of one argument (it takes the index and the element)', node);
      const i = freshName(ctx, 'i');
      return { e: E.seqInit(len, E.lambda([[i, T.int]], E.apply(a!, E.v(i), E.index(r.e, E.v(i))))), t: T.seq(T.opaque('?')) };
    }
    case 'fold_left':
      need(2);
      return { e: E.prim('foldl', b!, a!, r.e), t: args[0]!.t };
    case 'fold_right':
      need(2);
      return { e: E.prim('foldr', a!, b!, r.e), t: args[1]!.t };
    case 'no_duplicates':
      return { e: E.eq(E.card(E.toSet(r.e)), len), t: T.bool };
    case 'is_prefix_of':
      need(1);
      return { e: E.prefix(r.e, a!), t: T.bool };
    case 'is_suffix_of':
      need(1);
      return { e: E.prim('suffix', r.e, a!), t: T.bool };
    case 'flatten':
      return { e: E.prim('flatten', r.e), t: elem };
    case 'zip_with':
      need(1);
      return { e: E.prim('zip', r.e, a!), t: T.seq(T.tuple(elem ?? T.opaque('?'), elemOf(args[0]!.t) ?? T.opaque('?'))) };
    case 'count':
      // vstd's Seq::count? not in every version; a spec that names it means occurrences of the argument.
      throw new NotLowered(`Seq method ${name}`, node);
    default:
      throw new NotLowered(`method ${name}`, node);
  }
}

function setMethod(ctx: LowerContext, r: Typed, name: string, args: Typed[], node: Node): Typed | undefined {
  const [a] = args.map((x) => x.e);
  const t = r.t;
  switch (name) {
    case 'insert':
      return { e: E.union(r.e, E.set(a!)), t };
    case 'remove':
      return { e: E.difference(r.e, E.set(a!)), t };
    case 'union':
      return { e: E.union(r.e, a!), t };
    case 'intersect':
      return { e: E.intersect(r.e, a!), t };
    case 'difference':
      return { e: E.difference(r.e, a!), t };
    case 'subset_of':
      return { e: E.subset(r.e, a!), t: T.bool };
    case 'disjoint':
      return { e: E.disjoint(r.e, a!), t: T.bool };
    case 'filter':
      return { e: E.prim('filter', a!, r.e), t };
    case 'map':
      return { e: E.prim('map', a!, r.e), t: T.set(T.opaque('?')) };
    // `Set::choose` is some element: fixed only when there is exactly one.
    case 'choose':
      return { e: E.prim('only', r.e), t: elemOf(t) };
    default:
      void ctx;
      void node;
      return undefined;
  }
}

function multisetMethod(r: Typed, name: string, args: Typed[], node: Node): Typed | undefined {
  const [a] = args.map((x) => x.e);
  switch (name) {
    case 'count':
      return { e: E.multiplicity(r.e, a!), t: T.nat };
    case 'insert':
      return { e: E.add(r.e, E.multiset(a!)), t: r.t };
    case 'add':
      // vstd's Multiset::add sums multiplicities (the evaluator's `+` on multisets).
      return { e: E.add(r.e, a!), t: r.t };
    case 'remove':
      return { e: E.difference(r.e, E.multiset(a!)), t: r.t };
    case 'sub':
      return { e: E.difference(r.e, a!), t: r.t };
    case 'subset_of':
      return { e: E.subset(r.e, a!), t: T.bool };
    default:
      void node;
      return undefined;
  }
}

function mapMethod(r: Typed, name: string, args: Typed[], node: Node): Typed {
  const [a, b] = args.map((x) => x.e);
  const t = r.t as Extract<Type, { kind: 'map' }>;
  switch (name) {
    case 'dom':
      return { e: E.keys(r.e), t: T.set(t.key) };
    case 'len':
      return { e: E.card(r.e), t: T.nat };
    case 'index':
    case 'spec_index':
      return { e: E.index(r.e, a!), t: t.value };
    case 'contains_key':
      return { e: E.in(a!, E.keys(r.e)), t: T.bool };
    case 'contains_value':
      return { e: E.in(a!, E.values(r.e)), t: T.bool };
    case 'insert':
      return { e: E.update(r.e, a!, b!), t };
    case 'remove':
      return { e: E.difference(r.e, E.set(a!)), t };
    case 'values':
      return { e: E.values(r.e), t: T.set(t.value) };
    case 'is_empty':
      return { e: E.eq(E.card(r.e), E.int(0)), t: T.bool };
    case 'get':
      return { e: E.ite(E.in(a!, E.keys(r.e)), E.ctor('Some', E.index(r.e, a!)), E.ctor('None')), t: optionType(t.value) };
    default:
      throw new NotLowered(`Map method ${name}`, node);
  }
}

/** UTF-8 length of one char from its code point. */
function utf8Width(c: Expr): Expr {
  const cp = E.charToInt(c);
  return E.ite(E.lt(cp, E.int(0x80)), E.int(1), E.ite(E.lt(cp, E.int(0x800)), E.int(2), E.ite(E.lt(cp, E.int(0x10000)), E.int(3), E.int(4))));
}

/** An exec `String`/`&str` in a spec: `len()` counts UTF-8 bytes (Rust's `str::len`); `s@` is its chars. */
function stringMethod(r: Typed, name: string, args: Typed[], node: Node): Typed {
  switch (name) {
    case 'len':
      return { e: E.prim('sum', E.prim('map', E.lambda([['c', T.char]], utf8Width(E.v('c'))), r.e)), t: T.machine(64, false, true) };
    case 'is_empty':
      return { e: E.eq(E.card(r.e), E.int(0)), t: T.bool };
    case 'unicode_len':
      return { e: E.card(r.e), t: T.nat };
    case 'get_char':
      return { e: E.index(r.e, args[0]!.e), t: T.char };
    default:
      throw new NotLowered(`String method ${name}`, node);
  }
}

import { defaultValue, INT, NAT, T, type Expr, type Type } from '@specmut/core';
import { lookup } from '../syntax/declarations.js';
import type { Node } from '../syntax/parser.js';
import { E, elemOf, freshName, NotLowered, type LowerContext, type Scope, type Typed } from './context.js';
import { constructor, functionArg, isTyped, lowerArg, registerDatatype, type Arg } from './expressions.js';
import { optionType, unparen } from '../syntax/types.js';
import { callFunction } from './functions.js';

/** One library call being lowered: the receiver (first explicit argument) and the rest. */
interface Call {
  ctx: LowerContext;
  scope: Scope;
  recv: Typed;
  args: Arg[];
  node: Node;
  expected?: Type | undefined;
}

type Impl = (c: Call) => Typed;

const arg = (c: Call, i: number, t?: Type): Typed => {
  const a = c.args[i];
  if (!a) throw new NotLowered(`missing argument ${i + 1}`, c.node);
  return lowerArg(c.ctx, c.scope, a, t);
};
/** A function-valued argument with its parameters' types. */
const fn = (c: Call, i: number, params: (Type | undefined)[]): Expr => {
  const a = c.args[i];
  if (!a) throw new NotLowered(`missing argument ${i + 1}`, c.node);
  return isTyped(a) ? a.e : functionArg(c.ctx, c.scope, a, params).e;
};
const elem = (c: Call): Type | undefined => elemOf(c.recv.t);
const nat = (e: Expr): Typed => ({ e, t: T.nat });
const bool = (e: Expr): Typed => ({ e, t: T.bool });
const same = (c: Call, e: Expr): Typed => ({ e, t: c.recv.t });
const len = (c: Call): Expr => E.card(c.recv.e);

function option(c: Call, elemType: Type | undefined, isNone: Expr, value: Expr): Typed {
  const t = optionType(elemType ?? T.opaque('_'));
  registerDatatype(c.ctx, t);
  return { e: E.ite(isNone, E.ctor('none'), E.ctor('some', value)), t: elemType ? t : undefined };
}

function withDefault(target: Expr, index: Expr, t: Type | undefined): Typed {
  const d = t ? defaultValue(t) : undefined;
  return { e: E.index(target, index, { onFail: d ? { mode: 'default', value: d } : { mode: 'unspecified' } }), t };
}

/** `xs.Pairwise R`: R holds of every earlier and later element. */
function pairwise(c: Call, rel: Expr, xs: Expr): Typed {
  const i = freshName(c.ctx, 'i');
  const j = freshName(c.ctx, 'j');
  const range = E.and(E.lt(E.v(i), E.v(j)), E.lt(E.v(j), E.card(xs)));
  return bool(E.forall([[i, T.nat], [j, T.nat]], E.apply(rel, E.index(xs, E.v(i)), E.index(xs, E.v(j))), range));
}

/** Lean's `Inhabited Char` default, returned by `String.get` and `front`/`back` of "" . */
const CHAR_DEFAULT = { mode: 'default', value: { kind: 'char', value: 'A' } } as const;

/** Functions on List, Array and String (a String is its list of chars here). */
const SEQUENCES: Record<string, Impl> = {
  length: (c) => nat(len(c)),
  size: (c) => nat(len(c)),
  isEmpty: (c) => bool(E.eq(len(c), E.int(0))),
  toList: (c) => ({ e: c.recv.e, t: c.recv.t?.kind === 'array' ? T.seq(elem(c)!) : c.recv.t?.kind === 'string' ? T.seq(T.char) : c.recv.t }),
  toArray: (c) => ({ e: c.recv.e, t: elem(c) ? T.array(elem(c)!) : undefined }),
  data: (c) => ({ e: c.recv.e, t: c.recv.t?.kind === 'string' ? T.seq(T.char) : elem(c) ? T.seq(elem(c)!) : undefined }),
  asString: (c) => ({ e: c.recv.e, t: T.string }),
  reverse: (c) => same(c, E.prim('reverse', c.recv.e)),
  take: (c) => same(c, E.prim('take', c.recv.e, arg(c, 0, T.nat).e)),
  drop: (c) => same(c, E.prim('drop', c.recv.e, arg(c, 0, T.nat).e)),
  tail: (c) => same(c, E.prim('drop', c.recv.e, E.int(1))),
  dropLast: (c) => same(c, E.prim('take', c.recv.e, E.sub(len(c), E.int(1), { domain: NAT }))),
  pop: (c) => same(c, E.prim('take', c.recv.e, E.sub(len(c), E.int(1), { domain: NAT }))),
  append: (c) => same(c, E.concat(c.recv.e, arg(c, 0, c.recv.t).e)),
  push: (c) => same(c, E.concat(c.recv.e, E.seq(arg(c, 0, elem(c)).e))),
  concat: (c) => same(c, E.concat(c.recv.e, E.seq(arg(c, 0, elem(c)).e))),
  cons: (c) => same(c, E.concat(E.seq(arg(c, 0, elem(c)).e), c.recv.e)),
  contains: (c) => bool(E.in(arg(c, 0, elem(c)).e, c.recv.e)),
  elem: (c) => bool(E.in(arg(c, 0, elem(c)).e, c.recv.e)),
  count: (c) => nat(E.multiplicity(c.recv.e, arg(c, 0, elem(c)).e)),
  countP: (c) => nat(E.prim('count', fn(c, 0, [elem(c)]), c.recv.e)),
  map: (c) => {
    const f = c.args[0] && !isTyped(c.args[0]) ? functionArg(c.ctx, c.scope, c.args[0], [elem(c)]) : { e: fn(c, 0, [elem(c)]), t: undefined };
    const out = f.t ?? (c.recv.t?.kind === 'string' ? T.char : undefined);
    const t = c.recv.t?.kind === 'string' ? T.string : out ? (c.recv.t?.kind === 'array' ? T.array(out) : T.seq(out)) : undefined;
    return { e: E.prim('map', f.e, c.recv.e), t };
  },
  filter: (c) => same(c, E.prim('filter', fn(c, 0, [elem(c)]), c.recv.e)),
  all: (c) => bool(E.prim('all', fn(c, 0, [elem(c)]), c.recv.e)),
  any: (c) => bool(E.prim('any', fn(c, 0, [elem(c)]), c.recv.e)),
  foldl: (c) => {
    const init = arg(c, 1, c.expected);
    // An initial value of unknown type (`[]`) takes the type the step function returns.
    const acc = init.t && !(init.t.kind === 'seq' && !elemOf(init.t)) ? init.t : stepType(c, 0, (t) => [t, elem(c)]) ?? init.t;
    return { e: E.prim('foldl', fn(c, 0, [acc, elem(c)]), init.e, c.recv.e), t: acc };
  },
  foldr: (c) => {
    const init = arg(c, 1, c.expected);
    return { e: E.prim('foldr', fn(c, 0, [elem(c), init.t]), init.e, c.recv.e), t: init.t };
  },
  sum: (c) => ({ e: E.prim('sum', c.recv.e), t: elem(c) }),
  prod: (c) => ({ e: E.prim('product', c.recv.e), t: elem(c) }),
  zip: (c) => {
    const other = arg(c, 0);
    const a = elem(c);
    const b = elemOf(other.t);
    return { e: E.prim('zip', c.recv.e, other.e), t: a && b ? T.seq(T.tuple(a, b)) : undefined };
  },
  enum: (c) => ({ e: E.prim('zip', E.prim('range', E.int(0), len(c)), c.recv.e), t: elem(c) ? T.seq(T.tuple(T.nat, elem(c)!)) : undefined }),
  zipIdx: (c) => ({ e: E.prim('zip', c.recv.e, E.prim('range', E.int(0), len(c))), t: elem(c) ? T.seq(T.tuple(elem(c)!, T.nat)) : undefined }),
  'get!': (c) => withDefault(c.recv.e, arg(c, 0, T.nat).e, elem(c)),
  getD: (c) => ({ e: E.ite(E.lt(arg(c, 0, T.nat).e, len(c)), E.index(c.recv.e, arg(c, 0, T.nat).e), arg(c, 1, elem(c)).e), t: elem(c) }),
  'get?': (c) => option(c, elem(c), E.ge(arg(c, 0, T.nat).e, len(c)), E.index(c.recv.e, arg(c, 0, T.nat).e)),
  get: (c) => {
    if (c.recv.t?.kind === 'string') throw new NotLowered('String.get with a String.Pos', c.node);
    return { e: E.index(c.recv.e, arg(c, 0, T.nat).e), t: elem(c) };
  },
  'head!': (c) => withDefault(c.recv.e, E.int(0), elem(c)),
  head: (c) => ({ e: E.index(c.recv.e, E.int(0)), t: elem(c) }),
  'head?': (c) => option(c, elem(c), E.eq(len(c), E.int(0)), E.index(c.recv.e, E.int(0))),
  headD: (c) => ({ e: E.ite(E.eq(len(c), E.int(0)), arg(c, 0, elem(c)).e, E.index(c.recv.e, E.int(0))), t: elem(c) }),
  front: (c) => ({ e: E.index(c.recv.e, E.int(0), { onFail: CHAR_DEFAULT }), t: elem(c) }),
  'getLast!': (c) => withDefault(c.recv.e, E.sub(len(c), E.int(1), { domain: INT }), elem(c)),
  'back!': (c) => withDefault(c.recv.e, E.sub(len(c), E.int(1), { domain: INT }), elem(c)),
  back: (c) => ({ e: E.index(c.recv.e, E.sub(len(c), E.int(1), { domain: INT }), { onFail: CHAR_DEFAULT }), t: elem(c) }),
  getLast: (c) => ({ e: E.index(c.recv.e, E.sub(len(c), E.int(1), { domain: INT })), t: elem(c) }),
  'getLast?': (c) => option(c, elem(c), E.eq(len(c), E.int(0)), E.index(c.recv.e, E.sub(len(c), E.int(1), { domain: INT }))),
  'back?': (c) => option(c, elem(c), E.eq(len(c), E.int(0)), E.index(c.recv.e, E.sub(len(c), E.int(1), { domain: INT }))),
  'max?': (c) => option(c, elem(c), E.eq(len(c), E.int(0)), E.prim('max', c.recv.e)),
  'min?': (c) => option(c, elem(c), E.eq(len(c), E.int(0)), E.prim('min', c.recv.e)),
  'maximum?': (c) => option(c, elem(c), E.eq(len(c), E.int(0)), E.prim('max', c.recv.e)),
  'minimum?': (c) => option(c, elem(c), E.eq(len(c), E.int(0)), E.prim('min', c.recv.e)),
  // `List.set`/`Array.set!` leave the list unchanged when the index is out of range.
  set: (c) => setAt(c),
  'set!': (c) => setAt(c),
  setD: (c) => setAt(c),
  extract: (c) => same(c, E.slice(c.recv.e, arg(c, 0, T.nat).e, arg(c, 1, T.nat).e, { bounds: 'clamp' })),
  // `indexOf`/`idxOf` give the length when the element is absent.
  indexOf: (c) => indexOf(c),
  idxOf: (c) => indexOf(c),
  filterMap: (c) => {
    const f = c.args[0] && !isTyped(c.args[0]) ? functionArg(c.ctx, c.scope, c.args[0], [elem(c)]) : { e: fn(c, 0, [elem(c)]), t: undefined };
    const out = f.t?.kind === 'datatype' && f.t.name === 'Option' ? f.t.args[0] : undefined;
    return { e: E.prim('filterMap', f.e, c.recv.e), t: out ? T.seq(out) : undefined };
  },
  Nodup: (c) => bool(E.eq(E.card(E.toSet(c.recv.e)), len(c))),
  nodup: (c) => bool(E.eq(E.card(E.toSet(c.recv.e)), len(c))),
  Pairwise: (c) => pairwise(c, fn(c, 0, [elem(c), elem(c)]), c.recv.e),
  Sorted: (c) => pairwise(c, fn(c, 0, [elem(c), elem(c)]), c.recv.e),
  Perm: (c) => bool(E.eq(E.toMultiset(c.recv.e), E.toMultiset(arg(c, 0, c.recv.t).e))),
  isPerm: (c) => bool(E.eq(E.toMultiset(c.recv.e), E.toMultiset(arg(c, 0, c.recv.t).e))),
  startsWith: (c) => bool(E.prefix(arg(c, 0, c.recv.t).e, c.recv.e)),
  isPrefixOf: (c) => bool(E.prefix(c.recv.e, arg(c, 0, c.recv.t).e)),
  endsWith: (c) => bool(E.prefix(E.prim('reverse', arg(c, 0, c.recv.t).e), E.prim('reverse', c.recv.e))),
  isSuffixOf: (c) => bool(E.prefix(E.prim('reverse', c.recv.e), E.prim('reverse', arg(c, 0, c.recv.t).e))),
  'find?': (c) => {
    const f = freshName(c.ctx, 'found');
    const found = E.prim('filter', fn(c, 0, [elem(c)]), c.recv.e);
    const opt = option(c, elem(c), E.eq(E.card(E.v(f)), E.int(0)), E.index(E.v(f), E.int(0)));
    return { e: E.let(f, found, opt.e), t: opt.t };
  },
  flatten: (c) => ({ e: E.prim('foldl', E.lambda(['a', 'b'], E.concat(E.v('a'), E.v('b'))), E.seq(), c.recv.e), t: elem(c) }),
};
SEQUENCES.join = SEQUENCES.flatten!;
SEQUENCES.intersperse = (c) => {
  const x = freshName(c.ctx, 'x');
  return same(c, E.prim('intercalate', E.seq(arg(c, 0, elem(c)).e), E.prim('map', E.lambda([x], E.seq(E.v(x))), c.recv.e)));
};
SEQUENCES.dropRight = (c) => same(c, E.prim('take', c.recv.e, E.sub(len(c), arg(c, 0, T.nat).e, { domain: NAT })));
SEQUENCES.takeRight = (c) => same(c, E.prim('drop', c.recv.e, E.sub(len(c), arg(c, 0, T.nat).e, { domain: NAT })));
// Mathlib's order: `sublists [1, 2] = [[], [1], [2], [1, 2]]` (a foldr that keeps and extends each list).
SEQUENCES.sublists = (c) => {
  const [a, acc, x] = ['a', 'acc', 'x'].map((n) => freshName(c.ctx, n)) as [string, string, string];
  const both = E.prim('map', E.lambda([x], E.seq(E.v(x), E.concat(E.seq(E.v(a)), E.v(x)))), E.v(acc));
  const step = E.lambda([a, acc], E.prim('foldl', E.lambda(['p', 'q'], E.concat(E.v('p'), E.v('q'))), E.seq(), both));
  return { e: E.prim('foldr', step, E.seq(E.seq()), c.recv.e), t: c.recv.t ? T.seq(c.recv.t) : undefined };
};
SEQUENCES.mergeSort = (c) => mergeSort(c);
/** The length of the longest prefix whose elements satisfy the predicate. */
const prefixLength = (c: Call): Expr => {
  const i = freshName(c.ctx, 'i');
  const p = fn(c, 0, [elem(c)]);
  return E.prim('findIndex', E.lambda([elem(c) ? [i, elem(c)!] : i], E.not(E.apply(p, E.v(i)))), c.recv.e);
};
SEQUENCES.takeWhile = (c) => same(c, E.prim('take', c.recv.e, prefixLength(c)));
SEQUENCES.dropWhile = (c) => same(c, E.prim('drop', c.recv.e, prefixLength(c)));
// `List.zipWith f xs ys` (f first in Lean 4 core since 2024; `xs.zipWith f ys` as a method call then)
SEQUENCES.zipWith = (c) => {
  const isList = (a: Arg): boolean => {
    if (!isTyped(a) && isFunctionNode(a)) return false;
    try {
      const k = lowerArg(c.ctx, c.scope, a).t?.kind;
      return k === 'seq' || k === 'array' || k === 'string';
    } catch {
      return false;
    }
  };
  const other = c.args.findIndex(isList);
  const f = c.args.findIndex((_, i) => i !== other);
  if (other < 0 || f < 0) throw new NotLowered('zipWith without a list and a function', c.node);
  const ys = arg(c, other);
  const [x, y] = [freshName(c.ctx, 'x'), freshName(c.ctx, 'y')];
  const g = fn(c, f, [elem(c), elemOf(ys.t)]);
  const pairs = E.prim('zip', c.recv.e, ys.e);
  const p = freshName(c.ctx, 'p');
  const body = E.let(x, E.tupleGet(E.v(p), 0), E.let(y, E.tupleGet(E.v(p), 1), E.apply(g, E.v(x), E.v(y))));
  return { e: E.prim('map', E.lambda([p], body), pairs), t: c.expected };
};
// Lean's `rotateRight`: lists of length ≤ 1 unchanged, else the last `n % length` elements first.
SEQUENCES.rotateRight = (c) => {
  const k = freshName(c.ctx, 'k');
  const cut = E.sub(len(c), E.mod(arg(c, 0, T.nat).e, len(c), { domain: NAT }), { domain: NAT });
  return same(c, E.ite(E.le(len(c), E.int(1)), c.recv.e, E.let(k, cut, E.concat(E.prim('drop', c.recv.e, E.v(k)), E.prim('take', c.recv.e, E.v(k))))));
};
SEQUENCES.rotateLeft = (c) => {
  const k = freshName(c.ctx, 'k');
  const cut = E.mod(arg(c, 0, T.nat).e, len(c), { domain: NAT });
  return same(c, E.ite(E.le(len(c), E.int(1)), c.recv.e, E.let(k, cut, E.concat(E.prim('drop', c.recv.e, E.v(k)), E.prim('take', c.recv.e, E.v(k))))));
};
SEQUENCES.flatMap = (c) => {
  const mapped = E.prim('map', fn(c, 0, [elem(c)]), c.recv.e);
  return { e: E.prim('foldl', E.lambda(['a', 'b'], E.concat(E.v('a'), E.v('b'))), E.seq(), mapped), t: c.expected ?? (c.recv.t?.kind === 'array' ? undefined : undefined) };
};
// `eraseDups` keeps the first occurrence of each element, in order.
SEQUENCES.eraseDups = (c) => same(c, E.prim('dedup', c.recv.e));
SEQUENCES.erase = (c) => same(c, E.prim('erase', c.recv.e, arg(c, 0, elem(c)).e));
SEQUENCES.splitOn = (c) => ({ e: E.prim('splitOn', c.recv.e, arg(c, 0, c.recv.t).e), t: c.recv.t ? T.seq(c.recv.t) : undefined });
SEQUENCES.intercalate = (c) => {
  const parts = arg(c, 0);
  return { e: E.prim('intercalate', c.recv.e, parts.e), t: c.recv.t };
};
SEQUENCES.eraseIdx = (c) => {
  const i = arg(c, 0, T.nat).e;
  return same(c, E.concat(E.prim('take', c.recv.e, i), E.prim('drop', c.recv.e, E.add(i, E.int(1)))));
};
/** Indices whose element satisfies the predicate, in order. */
const matching = (c: Call): Expr => {
  const i = freshName(c.ctx, 'i');
  const p = fn(c, 0, [elem(c)]);
  return E.prim('filter', E.lambda([[i, T.nat]], E.apply(p, E.index(c.recv.e, E.v(i)))), E.prim('range', E.int(0), len(c)));
};
// `findIdx` gives the length when no element satisfies the predicate.
SEQUENCES.findIdx = (c) => {
  const m = freshName(c.ctx, 'm');
  return nat(E.let(m, matching(c), E.ite(E.eq(E.card(E.v(m)), E.int(0)), len(c), E.index(E.v(m), E.int(0)))));
};
SEQUENCES['findIdx?'] = (c) => {
  const m = freshName(c.ctx, 'm');
  const opt = option(c, T.nat, E.eq(E.card(E.v(m)), E.int(0)), E.index(E.v(m), E.int(0)));
  return { e: E.let(m, matching(c), opt.e), t: opt.t };
};
SEQUENCES.getLastD = (c) => ({ e: E.ite(E.eq(len(c), E.int(0)), arg(c, 0, elem(c)).e, E.index(c.recv.e, E.sub(len(c), E.int(1), { domain: INT }))), t: elem(c) });

/** Lean's `List.mergeSort` (stable; the default comparator is `≤`), as core implements it. */
function mergeSort(c: Call): Typed {
  let le: Expr;
  if (!c.args[0]) {
    const [p, q] = [freshName(c.ctx, 'p'), freshName(c.ctx, 'q')];
    le = E.lambda([p, q], E.le(E.v(p), E.v(q)));
  } else le = fn(c, 0, [elem(c), elem(c)]);
  return same(c, E.prim('mergeSort', le, c.recv.e));
}

/** The result type of a step function, found by lowering it with the accumulator's type unknown. */
function stepType(c: Call, i: number, params: (acc: Type | undefined) => (Type | undefined)[]): Type | undefined {
  const a = c.args[i];
  if (!a || isTyped(a)) return undefined;
  try {
    return functionArg(c.ctx, c.scope, a, params(undefined)).t;
  } catch {
    return undefined;
  }
}

function setAt(c: Call): Typed {
  const i = arg(c, 0, T.nat).e;
  return same(c, E.ite(E.lt(i, len(c)), E.update(c.recv.e, i, arg(c, 1, elem(c)).e), c.recv.e));
}

function indexOf(c: Call): Typed {
  const x = arg(c, 0, elem(c)).e;
  return nat(E.ite(E.in(x, c.recv.e), E.prim('indexOf', c.recv.e, x), len(c)));
}

const code = (e: Expr): Expr => E.charToInt(e);
const isFunctionNode = (a: Node): boolean => unparen(a).type === 'fun' || (a.type === 'parenthesized' && a.text.includes('·'));
const between = (e: Expr, lo: string, hi: string): Expr => E.and(E.le(E.int(lo.codePointAt(0)!), code(e)), E.le(code(e), E.int(hi.codePointAt(0)!)));
const isUpper = (e: Expr): Expr => between(e, 'A', 'Z');
const isLower = (e: Expr): Expr => between(e, 'a', 'z');
const isDigit = (e: Expr): Expr => between(e, '0', '9');

/** Char's ASCII classifications and case mappings, as Lean's `Char` defines them. */
const CHARS: Record<string, Impl> = {
  isDigit: (c) => bool(isDigit(c.recv.e)),
  isUpper: (c) => bool(isUpper(c.recv.e)),
  isLower: (c) => bool(isLower(c.recv.e)),
  isAlpha: (c) => bool(E.or(isUpper(c.recv.e), isLower(c.recv.e))),
  isAlphanum: (c) => bool(E.or(isUpper(c.recv.e), isLower(c.recv.e), isDigit(c.recv.e))),
  isWhitespace: (c) => bool(E.or(...[' ', '\t', '\r', '\n'].map((w) => E.eq(c.recv.e, E.char(w))))),
  toNat: (c) => nat(code(c.recv.e)),
  val: (c) => nat(code(c.recv.e)),
  toLower: (c) => ({ e: E.ite(isUpper(c.recv.e), E.intToChar(E.add(code(c.recv.e), E.int(32))), c.recv.e), t: T.char }),
  toUpper: (c) => ({ e: E.ite(isLower(c.recv.e), E.intToChar(E.sub(code(c.recv.e), E.int(32))), c.recv.e), t: T.char }),
};

Object.assign(CHARS, { toString: (c: Call): Typed => ({ e: E.seq(c.recv.e), t: T.string }) });

const mapChars = (c: Call, f: Impl): Typed => {
  const x = freshName(c.ctx, 'c');
  return { e: E.prim('map', E.lambda([[x, T.char]], f({ ...c, recv: { e: E.v(x), t: T.char }, args: [] }).e), c.recv.e), t: T.string };
};
const STRINGS: Record<string, Impl> = {
  // `String.split p`: the pieces between chars satisfying p, empty pieces kept
  split: (c) => ({ e: E.prim('splitWhere', fn(c, 0, [T.char]), c.recv.e), t: T.seq(T.string) }),
  // `replace` with a non-empty literal pattern: every non-overlapping occurrence, left to right
  replace: (c) => {
    const pattern = c.args[0];
    if (!pattern || isTyped(pattern) || unparen(pattern).type !== 'string' || unparen(pattern).text === '""') throw new NotLowered('String.replace with a pattern that is not a non-empty literal', c.node);
    return { e: E.prim('intercalate', arg(c, 1, T.string).e, E.prim('splitOn', c.recv.e, arg(c, 0, T.string).e)), t: T.string };
  },
  trim: (c) => ({ e: E.prim('trim', c.recv.e), t: T.string }),
  trimLeft: (c) => ({ e: E.prim('trimLeft', c.recv.e), t: T.string }),
  trimRight: (c) => ({ e: E.prim('trimRight', c.recv.e), t: T.string }),
  toUpper: (c) => mapChars(c, CHARS.toUpper!),
  toLower: (c) => mapChars(c, CHARS.toLower!),
  // `String.get s p`: the char starting at UTF-8 byte position p, else `(default : Char)` = 'A'
  // (`get!` panics there, and a panic's value is the default too)
  get: (c) => ({ e: E.prim('utf8Get', c.recv.e, arg(c, 0, T.nat).e, E.char('A')), t: T.char }),
  'get!': (c) => ({ e: E.prim('utf8Get', c.recv.e, arg(c, 0, T.nat).e, E.char('A')), t: T.char }),
  // none where no char starts at p: the char found with two different defaults is then each default
  'get?': (c) => {
    const p = arg(c, 0, T.nat).e;
    const [a, b] = [E.prim('utf8Get', c.recv.e, p, E.char('A')), E.prim('utf8Get', c.recv.e, p, E.char('B'))];
    return option(c, T.char, E.and(E.eq(a, E.char('A')), E.eq(b, E.char('B'))), a);
  },
  endPos: (c) => nat(utf8Size(c)),
  utf8ByteSize: (c) => nat(utf8Size(c)),
  isNat: (c) => bool(isNatString(c.recv.e)),
  'toNat?': (c) => option(c, T.nat, E.not(isNatString(c.recv.e)), digitsValue(c, c.recv.e)),
  // a panic's value is the default, 0
  'toNat!': (c) => nat(E.ite(isNatString(c.recv.e), digitsValue(c, c.recv.e), E.int(0))),
  'toInt?': (c) => toInt(c, 'option'),
  'toInt!': (c) => toInt(c, 'panic'),
  isInt: (c) => bool(intParts(c).valid),
  capitalize: (c) => ({ e: E.ite(E.eq(len(c), E.int(0)), c.recv.e, E.concat(E.seq(CHARS.toUpper!({ ...c, recv: { e: E.index(c.recv.e, E.int(0)), t: T.char }, args: [] }).e), E.prim('drop', c.recv.e, E.int(1)))), t: T.string }),
};

/** The size of a string in UTF-8 bytes: 1 to 4 per char by its code point. */
function utf8Size(c: Call): Expr {
  const x = freshName(c.ctx, 'c');
  const k = code(E.v(x));
  const bytes = E.ite(E.lt(k, E.int(0x80)), E.int(1), E.ite(E.lt(k, E.int(0x800)), E.int(2), E.ite(E.lt(k, E.int(0x10000)), E.int(3), E.int(4))));
  return E.prim('sum', E.prim('map', E.lambda([[x, T.char]], bytes), c.recv.e));
}

/**
 * `String.isNat`: non-empty and all ASCII digits. Newer Lean releases also accept `_` separators, so a
 * string with a `_` has no value fixed by the language version this targets: unspecified there.
 */
function isNatString(s: Expr): Expr {
  const x = '$c';
  const underscore = E.prim('any', E.lambda([[x, T.char]], E.eq(E.v(x), E.char('_'))), s);
  const unspecified = E.index(E.seq(), E.int(0), { onFail: { mode: 'unspecified' } });
  return E.ite(underscore, unspecified, E.and(E.gt(E.card(s), E.int(0)), E.prim('all', E.lambda([[x, T.char]], isDigit(E.v(x))), s)));
}

/** The value of a string of decimal digits (`foldl (n * 10 + digit) 0`). */
function digitsValue(c: Call, s: Expr): Expr {
  const [n, d] = [freshName(c.ctx, 'n'), freshName(c.ctx, 'd')];
  return E.prim('foldl', E.lambda([[n, T.nat], [d, T.char]], E.add(E.mul(E.v(n), E.int(10)), E.sub(code(E.v(d)), E.int(48)))), E.int(0), s);
}

/** `String.toInt?`: a leading '-' negates the Nat the rest spells; otherwise the string is a Nat. */
function intParts(c: Call): { valid: Expr; value: Expr } {
  const s = c.recv.e;
  const negative = E.and(E.gt(E.card(s), E.int(0)), E.eq(E.index(s, E.int(0)), E.char('-')));
  const rest = E.prim('drop', s, E.int(1));
  return {
    valid: E.ite(negative, isNatString(rest), isNatString(s)),
    value: E.ite(negative, E.neg(digitsValue(c, rest)), digitsValue(c, s)),
  };
}

function toInt(c: Call, mode: 'option' | 'panic'): Typed {
  const { valid, value } = intParts(c);
  if (mode === 'panic') return { e: E.ite(valid, value, E.int(0)), t: T.int };
  return option(c, T.int, E.not(valid), value);
}

/** A function of the spec defined once by name (Lean library functions that recurse). */
function libraryFunction(c: Call, name: string, params: [string, Type][], result: Type, body: () => Expr): string {
  if (!c.ctx.functions.has(name)) c.ctx.functions.set(name, { name, params: params.map(([n, t]) => ({ name: n, type: t })), result, body: body() });
  return name;
}

/** `Nat.gcd` (Euclid: `gcd 0 y = y`, `gcd x y = gcd (y % x) x`); `Int.gcd` is that of the absolute values. */
function gcd(c: Call, a: Expr, b: Expr): Expr {
  const name = libraryFunction(c, 'lean$Nat.gcd', [['x', T.nat], ['y', T.nat]], T.nat, () =>
    E.ite(E.eq(E.v('x'), E.int(0)), E.v('y'), E.call('lean$Nat.gcd', E.mod(E.v('y'), E.v('x'), { domain: NAT }), E.v('x'))),
  );
  return E.call(name, a, b);
}
const natOf = (c: Call, e: Expr): Expr => (c.recv.t?.kind === 'int' ? E.prim('abs', e) : e);
/** `Nat.lcm x y = x * y / gcd x y` (0 when either is 0). */
const lcm = (c: Call, a: Expr, b: Expr): Expr => E.ite(E.or(E.eq(a, E.int(0)), E.eq(b, E.int(0))), E.int(0), E.div(E.mul(a, b), gcd(c, a, b), { domain: NAT }));

/** `&&&`, `|||`, `^^^`, `<<<`, `>>>` and their names, on Nat (Int's are two's complement: not modelled). */
const bitwise = (op: 'bitAnd' | 'bitOr' | 'bitXor' | 'shl' | 'shr'): Impl => (c) => {
  if (c.recv.t?.kind !== 'nat') throw new NotLowered(`${op} on ${c.recv.t?.kind ?? 'a value of unknown type'}`, c.node);
  return nat(E.prim(op, c.recv.e, arg(c, 0, T.nat).e));
};
export const BITWISE_OPERATORS: Record<string, 'bitAnd' | 'bitOr' | 'bitXor' | 'shl' | 'shr'> = { '&&&': 'bitAnd', '|||': 'bitOr', '^^^': 'bitXor', '<<<': 'shl', '>>>': 'shr' };

/** Nat and Int functions. */
const NUMBERS: Record<string, Impl> = {
  gcd: (c) => nat(gcd(c, natOf(c, c.recv.e), natOf(c, arg(c, 0, c.recv.t).e))),
  lcm: (c) => nat(lcm(c, natOf(c, c.recv.e), natOf(c, arg(c, 0, c.recv.t).e))),
  land: bitwise('bitAnd'),
  lor: bitwise('bitOr'),
  xor: bitwise('bitXor'),
  shiftLeft: bitwise('shl'),
  shiftRight: bitwise('shr'),
  testBit: (c) => {
    if (c.recv.t?.kind !== 'nat') throw new NotLowered('testBit on a value that is not a Nat', c.node);
    return bool(E.eq(E.mod(E.prim('shr', c.recv.e, arg(c, 0, T.nat).e), E.int(2), { domain: NAT }), E.int(1)));
  },
  natAbs: (c) => nat(E.prim('abs', c.recv.e)),
  // `i.val`, `i.toNat` of a `Fin n` (modelled as its Nat)
  val: (c) => nat(c.recv.e),
  // `p.byteIdx` of a String.Pos (modelled as its Nat)
  byteIdx: (c) => nat(c.recv.e),
  toNat: (c) => nat(E.ite(E.lt(c.recv.e, E.int(0)), E.int(0), c.recv.e)),
  toInt: (c) => ({ e: c.recv.e, t: T.int }),
  // `Nat.toFloat`, `Float.ofNat`, `Float.ofInt`: the nearest double of the integer's top 64 bits
  toFloat: (c) => ({ e: E.intToFloat(c.recv.e, 64), t: T.float }),
  ofNat: (c) => ({ e: c.recv.e, t: T.int }),
  succ: (c) => nat(E.add(c.recv.e, E.int(1))),
  pred: (c) => nat(E.sub(c.recv.e, E.int(1), { domain: NAT })),
  abs: (c) => same(c, E.prim('abs', c.recv.e)),
  min: (c) => same(c, E.prim('min', c.recv.e, arg(c, 0, c.recv.t).e)),
  max: (c) => same(c, E.prim('max', c.recv.e, arg(c, 0, c.recv.t).e)),
  ediv: (c) => same(c, E.div(c.recv.e, arg(c, 0, c.recv.t).e, { rounding: 'euclid' })),
  emod: (c) => same(c, E.mod(c.recv.e, arg(c, 0, c.recv.t).e, { rounding: 'euclid' })),
  tdiv: (c) => same(c, E.div(c.recv.e, arg(c, 0, c.recv.t).e, { rounding: 'trunc' })),
  tmod: (c) => same(c, E.mod(c.recv.e, arg(c, 0, c.recv.t).e, { rounding: 'trunc' })),
  // Before December 2024 `Int.div`/`Int.mod` were the T-rounding pair (now `tdiv`/`tmod`).
  div: (c) => same(c, E.div(c.recv.e, arg(c, 0, c.recv.t).e, { rounding: c.recv.t?.kind === 'nat' ? 'euclid' : 'trunc' })),
  mod: (c) => same(c, E.mod(c.recv.e, arg(c, 0, c.recv.t).e, { rounding: c.recv.t?.kind === 'nat' ? 'euclid' : 'trunc' })),
  fdiv: (c) => same(c, E.div(c.recv.e, arg(c, 0, c.recv.t).e, { rounding: 'floor' })),
  fmod: (c) => same(c, E.mod(c.recv.e, arg(c, 0, c.recv.t).e, { rounding: 'floor' })),
  Prime: (c) => {
    const d = freshName(c.ctx, 'd');
    const p = c.recv.e;
    return bool(E.and(E.ge(p, E.int(2)), E.forall([[d, T.nat]], E.ne(E.mod(p, E.v(d), { domain: NAT }), E.int(0)), E.and(E.le(E.int(2), E.v(d)), E.lt(E.v(d), p)))));
  },
};

/**
 * `Nat.repr` / `toString` of a Nat or Int: the decimal digits, as a function of the spec defined once
 * (`n < 10` a digit, else the digits of `n / 10` and the last one; an Int's sign first).
 */
function decimal(c: Call): Typed {
  const name = 'lean$Nat.repr';
  if (!c.ctx.functions.has(name)) {
    const n = E.v('n');
    const digit = (d: Expr) => E.intToChar(E.add(E.int(48), d));
    c.ctx.functions.set(name, {
      name,
      params: [{ name: 'n', type: T.nat }],
      result: T.string,
      body: E.ite(E.lt(n, E.int(10)), E.seq(digit(n)), E.concat(E.call(name, E.div(n, E.int(10), { domain: NAT })), E.seq(digit(E.mod(n, E.int(10), { domain: NAT }))))),
    });
  }
  const x = c.recv.e;
  if (c.recv.t?.kind === 'nat') return { e: E.call(name, x), t: T.string };
  if (c.recv.t?.kind === 'int') return { e: E.ite(E.lt(x, E.int(0)), E.concat(E.str('-'), E.call(name, E.neg(x))), E.call(name, x)), t: T.string };
  // the `ToString` instances of String, Char, Bool and `List α` ("[a, b]")
  if (c.recv.t?.kind === 'string') return { e: x, t: T.string };
  if (c.recv.t?.kind === 'char') return { e: E.seq(x), t: T.string };
  if (c.recv.t?.kind === 'bool') return { e: E.ite(x, E.str('true'), E.str('false')), t: T.string };
  if (c.recv.t?.kind === 'seq' && c.recv.t.elem.kind !== 'seq' && c.recv.t.elem.kind !== 'array') {
    const v = freshName(c.ctx, 'x');
    const shown = decimal({ ...c, recv: { e: E.v(v), t: c.recv.t.elem } }).e;
    return { e: E.concat(E.concat(E.str('['), E.prim('intercalate', E.str(', '), E.prim('map', E.lambda([[v, c.recv.t.elem]], shown), x))), E.str(']')), t: T.string };
  }
  throw new NotLowered('toString of a value that is not a Nat, Int, String, Char, Bool or list of them', c.node);
}
Object.assign(NUMBERS, { repr: decimal, toString: decimal });

/** `Nat.add a b`, `Int.sub a b`… written as functions: the operator at the receiver's type. */
const operatorFunction = (op: 'add' | 'sub' | 'mul'): Impl => (c) => same(c, E[op](c.recv.e, arg(c, 0, c.recv.t).e, { domain: c.recv.t?.kind === 'nat' ? NAT : INT }));
Object.assign(NUMBERS, {
  add: operatorFunction('add'),
  sub: operatorFunction('sub'),
  mul: operatorFunction('mul'),
  le: (c: Call) => bool(E.le(c.recv.e, arg(c, 0, c.recv.t).e)),
  lt: (c: Call) => bool(E.lt(c.recv.e, arg(c, 0, c.recv.t).e)),
  // `Nat.log2 n`: ⌊log₂ n⌋, and 0 for 0 (a function of the spec, halving)
  log2: (c: Call) => {
    const name = 'lean$Nat.log2';
    if (!c.ctx.functions.has(name)) {
      const n = E.v('n');
      c.ctx.functions.set(name, { name, params: [{ name: 'n', type: T.nat }], result: T.nat, body: E.ite(E.lt(n, E.int(2)), E.int(0), E.add(E.int(1), E.call(name, E.div(n, E.int(2), { domain: NAT })))) });
    }
    return nat(E.call(name, c.recv.e));
  },
});

/** Float functions (IEEE, as Lean's `Float` calls C's). */
const FLOATS: Record<string, Impl> = {
  sqrt: (c) => ({ e: E.prim('sqrt', c.recv.e), t: T.float }),
  abs: (c) => ({ e: E.prim('abs', c.recv.e), t: T.float }),
  floor: (c) => ({ e: E.prim('floor', c.recv.e), t: T.float }),
  ceil: (c) => ({ e: E.prim('ceil', c.recv.e), t: T.float }),
  round: (c) => ({ e: E.prim('round', c.recv.e), t: T.float }),
  isNaN: (c) => bool(E.prim('isNaN', c.recv.e)),
  isInf: (c) => bool(E.prim('isInfinite', c.recv.e)),
  isFinite: (c) => bool(E.prim('isFinite', c.recv.e)),
  min: (c) => ({ e: E.prim('min', c.recv.e, arg(c, 0, T.float).e), t: T.float }),
  max: (c) => ({ e: E.prim('max', c.recv.e, arg(c, 0, T.float).e), t: T.float }),
};

const OPTIONS: Record<string, Impl> = {
  map: (c) => {
    const inner = c.recv.t?.kind === 'datatype' ? c.recv.t.args[0] : undefined;
    const f = c.args[0] && !isTyped(c.args[0]) ? functionArg(c.ctx, c.scope, c.args[0], [inner]) : { e: fn(c, 0, [inner]), t: undefined };
    const t = f.t ? optionType(f.t) : undefined;
    if (t) registerDatatype(c.ctx, t);
    return { e: E.ite(E.isCtor(c.recv.e, 'some'), E.ctor('some', E.apply(f.e, E.field(c.recv.e, 'val'))), E.ctor('none')), t };
  },
  isSome: (c) => bool(E.isCtor(c.recv.e, 'some')),
  isNone: (c) => bool(E.isCtor(c.recv.e, 'none')),
  'get!': (c) => {
    const t = c.recv.t?.kind === 'datatype' ? c.recv.t.args[0] : undefined;
    const d = t ? defaultValue(t) : undefined;
    return { e: E.field(c.recv.e, 'val', { onFail: d ? { mode: 'default', value: d } : { mode: 'unspecified' } }), t };
  },
  getD: (c) => {
    const t = c.recv.t?.kind === 'datatype' ? c.recv.t.args[0] : undefined;
    return { e: E.ite(E.isCtor(c.recv.e, 'some'), E.field(c.recv.e, 'val'), arg(c, 0, t).e), t };
  },
};

const BOOLS: Record<string, Impl> = {
  not: (c) => bool(E.not(c.recv.e)),
};

function tableFor(t: Type | undefined): Record<string, Impl>[] {
  switch (t?.kind) {
    case 'seq':
    case 'array':
      return [SEQUENCES];
    case 'string':
      return [STRINGS, SEQUENCES];
    case 'char':
      return [CHARS];
    case 'float':
      return [FLOATS];
    case 'int':
    case 'nat':
      return [NUMBERS];
    case 'bool':
      return [BOOLS];
    case 'datatype':
      return t.name === 'Option' ? [OPTIONS] : [];
    case undefined:
      return [SEQUENCES, OPTIONS];
    default:
      return [];
  }
}

const NAMESPACE_TYPE: Record<string, Type | undefined> = {
  Prod: undefined,
  Float: T.float,
  List: undefined, Array: undefined, String: T.string, Char: T.char, Nat: T.nat, Int: T.int, Option: undefined, Bool: T.bool,
};

/** `recv.name args`: a tuple projection, a structure field, a library function, or a function of the type's namespace. */
export function method(ctx: LowerContext, scope: Scope, recv: Typed, name: string, args: Arg[], node: Node, expected?: Type): Typed {
  const t = recv.t;
  if (/^\d+$/.test(name) || name === 'fst' || name === 'snd') {
    const i = name === 'fst' || name === '1' ? 0 : name === 'snd' || name === '2' ? 1 : -1;
    if (i < 0 || (t && t.kind !== 'tuple')) {
      if (t?.kind === 'datatype' && t.ctors.length === 1) return applyTo(ctx, scope, { e: E.field(recv.e, Number(name) - 1), t: t.ctors[0]!.fields[Number(name) - 1]?.type }, args);
      throw new NotLowered(`projection .${name}`, node);
    }
    return applyTo(ctx, scope, { e: E.tupleGet(recv.e, i), t: t?.kind === 'tuple' ? t.elems[i] : undefined }, args);
  }
  if (t?.kind === 'datatype') {
    const f = t.ctors.length === 1 ? t.ctors[0]!.fields.find((x) => x.name === name) : undefined;
    if (f) {
      registerDatatype(ctx, t);
      return applyTo(ctx, scope, { e: E.field(recv.e, name), t: f.type }, args);
    }
    const own = lookup(ctx.declarations, `${t.name}.${name}`);
    if (own?.kind === 'def') return callFunction(ctx, scope, own, [recv, ...args], node, expected);
  }
  // A function the file defines in the type's namespace (`def List.myprod (xs : List Int)`).
  const ns = t ? NAMESPACE_OF[t.kind] : undefined;
  const own = ns ? lookup(ctx.declarations, `${ns}.${name}`) : undefined;
  if (own?.kind === 'def') return callFunction(ctx, scope, own, [recv, ...args], node, expected);
  for (const table of tableFor(t)) {
    // own entries only: `toString`, `constructor` … of Object.prototype are not library functions
    const impl = Object.hasOwn(table, name) ? table[name] : undefined;
    if (impl) return impl({ ctx, scope, recv, args, node, expected });
  }
  throw new NotLowered(`${name} on ${t ? t.kind : 'a value of unknown type'}`, node);
}

function applyTo(ctx: LowerContext, scope: Scope, f: Typed, args: Arg[]): Typed {
  if (!args.length) return f;
  return { e: E.apply(f.e, ...args.map((a) => lowerArg(ctx, scope, a).e)), t: undefined };
}

/** Global names: `List.length xs` (a method with its receiver first), `min a b`, `List.range n`, `decide p`. */
export function globalFunction(ctx: LowerContext, scope: Scope, name: string, args: Arg[], node: Node, expected?: Type): Typed | undefined {
  const a = (i: number, t?: Type): Typed => {
    if (!args[i]) throw new NotLowered(`${name} needs ${i + 1} arguments`, node);
    return lowerArg(ctx, scope, args[i]!, t);
  };
  switch (name) {
    case 'toString':
    case 'repr': {
      const x = a(0);
      return decimal({ ctx, scope, recv: x, args: [], node, expected });
    }
    case 'decide':
    case 'id':
      return a(0, expected);
    case 'not':
      return bool(E.not(a(0, T.bool).e));
    case 'min':
    case 'max': {
      const x = a(0, expected);
      const y = a(1, x.t);
      return { e: E.prim(name, x.e, y.e), t: x.t ?? y.t };
    }
    case 'List.range':
    case 'Array.range':
      return { e: E.prim('range', E.int(0), a(0, T.nat).e), t: name === 'List.range' ? T.seq(T.nat) : T.array(T.nat) };
    case "List.range'": {
      const s = a(0, T.nat);
      return { e: E.prim('range', s.e, E.add(s.e, a(1, T.nat).e)), t: T.seq(T.nat) };
    }
    case 'List.replicate':
    case 'Array.replicate':
    case 'Array.mkArray':
    case 'mkArray': {
      const x = a(1, elemOf(expected));
      const t = x.t ? (name.startsWith('List') ? T.seq(x.t) : T.array(x.t)) : expected;
      return { e: E.prim('map', E.lambda(['_'], x.e), E.prim('range', E.int(0), a(0, T.nat).e)), t };
    }
    case 'String.Pos.mk':
      return nat(a(0, T.nat).e);
    case 'Nat.zero':
      if (args.length === 0) return nat(E.int(0));
      break;
    case 'List.nil':
      if (args.length === 0) return { e: E.seq(), t: expected };
      break;
    case 'String.singleton':
      return { e: E.seq(a(0, T.char).e), t: T.string };
    case 'String.mk':
    case 'List.asString':
      return { e: a(0, T.seq(T.char)).e, t: T.string };
    case 'Char.ofNat':
      return { e: E.intToChar(a(0, T.nat).e, { onFail: { mode: 'default', value: { kind: 'char', value: '\0' } } }), t: T.char };
    case 'Float.ofNat':
    case 'Float.ofInt':
      return { e: E.intToFloat(a(0, name === 'Float.ofNat' ? T.nat : T.int).e, 64), t: T.float };
    case 'Int.ofNat':
    case 'Int.toNat':
    case 'Nat.cast':
    case 'Int.natAbs':
      break;
    case 'some':
    case 'none':
      return constructor(ctx, scope, name, args, node, expected);
  }
  const dot = name.indexOf('.');
  if (dot < 0 || args.length === 0) return undefined;
  const ns = name.slice(0, dot);
  if (!Object.hasOwn(NAMESPACE_TYPE, ns)) return undefined;
  // Dot notation passes the receiver as the first explicit argument of the namespace's type
  // (`List.take n xs`, `List.Pairwise R xs`): find it among the arguments that are not functions.
  const at = receiverIndex(ctx, scope, ns, args);
  const recv = a(at, NAMESPACE_TYPE[ns]);
  const rest = args.filter((_, i) => i !== at);
  return method(ctx, scope, { e: recv.e, t: recv.t ?? NAMESPACE_TYPE[ns] }, name.slice(dot + 1), rest, node, expected);
}

const NAMESPACE_OF: Partial<Record<Type['kind'], string>> = { float: 'Float', seq: 'List', array: 'Array', string: 'String', char: 'Char', nat: 'Nat', int: 'Int', bool: 'Bool' };

const NAMESPACE_KIND: Record<string, string[]> = { Prod: ['tuple'], Float: ['float'], List: ['seq'], Array: ['array'], String: ['string'], Char: ['char'], Nat: ['nat'], Int: ['int', 'nat'], Option: ['datatype'], Bool: ['bool'] };

function receiverIndex(ctx: LowerContext, scope: Scope, ns: string, args: Arg[]): number {
  const isFunction = (a: Arg): boolean => !isTyped(a) && (unparen(a).type === 'fun' || (a.type === 'parenthesized' && a.text.includes('·')));
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (isFunction(a)) continue;
    try {
      const t = lowerArg(ctx, scope, a).t;
      if (t && NAMESPACE_KIND[ns]!.includes(t.kind)) return i;
    } catch {
      // not lowerable on its own (a function name, a partial application): not the receiver
    }
  }
  // No argument of a known type: the first one that is not a function.
  const first = args.findIndex((a) => !isFunction(a));
  return first < 0 ? 0 : first;
}

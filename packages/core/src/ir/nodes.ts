import type { Constructor, Type } from '../model/types.js';
import type { Value } from '../model/values.js';

/**
 * The typed intermediate representation of specification expressions shared by every language. A
 * lowering (Dafny, Verus, Lean...) turns its syntax tree into these nodes and decides, node by node,
 * every point where the languages disagree (division rounding, natural subtraction, what an out-of-range
 * index means); the evaluator never guesses a language's meaning. Nodes are plain JSON-like objects
 * (bigints inside literal values aside) discriminated by `kind`.
 *
 * Operators are polymorphic over the runtime value where the source languages overload them without
 * the lowering necessarily knowing the static type: `+` on sequences concatenates, `s[k]` on a map
 * looks the key up, `<` on sets is proper subset. See README.md for the table.
 */

/** Where a node came from, for explanations: 1-based line and column. */
export interface IrLoc {
  file?: string | undefined;
  line: number;
  column: number;
}

/**
 * What a partial operation yields outside its domain (index out of range, missing key, division by
 * zero, destructor of the wrong constructor, failed cast...).
 * - `error`: the expression is not well-formed (Dafny): a verifier rejects the harness, so the verdict
 *   is unknown with reason `not well-formed: ...`. Sticky in evaluation order: `s[9] == 0 || true` is
 *   still an error, `true || s[9] == 0` is not.
 * - `unspecified`: some value of the right type, unknown which (Verus): unknown unless it does not
 *   matter to the result.
 * - `default`: a fixed value, e.g. Lean's `xs[i]!` gives the type's `default` (see `defaultValue`).
 */
export type OnFailure = { mode: 'error' } | { mode: 'unspecified' } | { mode: 'default'; value: Value };

/** Division by zero: an `OnFailure`, or `total`: `x / 0 = 0` and `x % 0 = x` (Lean's Int and Nat). */
export type DivByZero = OnFailure | { mode: 'total' };

/**
 * The integers an arithmetic node computes in.
 * - `int`: unbounded mathematical integers (Dafny int/nat expressions, Verus spec code, Lean Int).
 * - `nat`: Lean's Nat: `a - b` is 0 when `b > a`; operands are assumed non-negative.
 * - `machine`: fixed-width integers (Verus u32, i64, usize...); a result outside the range is an
 *   `error`, `unspecified`, or `wrap`s modulo 2^bits.
 */
export type IntDomain =
  | { kind: 'int' }
  | { kind: 'nat' }
  | { kind: 'machine'; bits: number; signed: boolean; overflow: 'error' | 'unspecified' | 'wrap' };

/**
 * Integer division rounding. `euclid`: remainder in [0, |b|) (Dafny `/ %`, Lean `Int./ %`, SMT-LIB
 * `div mod`); `trunc`: quotient rounded toward zero, remainder has the sign of the dividend (Rust/Verus,
 * Lean `Int.tdiv`); `floor`: quotient rounded down, remainder has the sign of the divisor (Lean
 * `Int.fdiv`, Python). On reals the division is exact and rounding is ignored.
 */
export type Rounding = 'euclid' | 'trunc' | 'floor';

/** How `<`/`<=` order sequences: `prefix` (Dafny: proper prefix / prefix) or `lex` (Lean/Rust strings). */
export type SeqOrder = 'prefix' | 'lex';

interface Node {
  loc?: IrLoc | undefined;
}

/** A variable introduced by a quantifier, comprehension, lambda or function parameter. */
export interface Binder {
  name: string;
  /** Static type when the lowering knows it: finite types are enumerated, `nat` bounds below by 0. */
  type?: Type | undefined;
  /** A collection the variable ranges over (`forall x <- xs`, Lean `∀ x ∈ xs`): seq/set/multiset elements, map keys. */
  domain?: Expr | undefined;
}

export interface LitExpr extends Node { kind: 'lit'; value: Value }
export interface VarExpr extends Node { kind: 'var'; name: string }

/** `+ - * ^` on numbers; on collections `+` is concat/union/sum/merge, `-` difference, `*` intersection. */
export interface ArithExpr extends Node {
  kind: 'arith';
  op: 'add' | 'sub' | 'mul' | 'pow';
  left: Expr;
  right: Expr;
  domain: IntDomain;
}
export interface NegExpr extends Node { kind: 'neg'; arg: Expr; domain: IntDomain }
export interface DivExpr extends Node {
  kind: 'div';
  op: 'div' | 'mod';
  left: Expr;
  right: Expr;
  rounding: Rounding;
  domain: IntDomain;
  byZero: DivByZero;
}

export type CmpOp = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';
/**
 * Equality is structural on every value. Ordering: numbers and chars naturally; sets and multisets by
 * (proper) inclusion; sequences by `seqOrder` (an ordering of sequences without it is unsupported).
 * Chained comparisons `a < b < c` are lowered to `and` of two comparisons.
 */
export interface CmpExpr extends Node {
  kind: 'cmp';
  op: CmpOp;
  left: Expr;
  right: Expr;
  seqOrder?: SeqOrder | undefined;
}

export interface NotExpr extends Node { kind: 'not'; arg: Expr }
/** n-ary, evaluated left to right with short-circuit; `and []` is true. */
export interface AndExpr extends Node { kind: 'and'; args: Expr[] }
export interface OrExpr extends Node { kind: 'or'; args: Expr[] }
/** `left ==> right`; a reverse implication `a <== b` is lowered to `implies(b, a)`. */
export interface ImpliesExpr extends Node { kind: 'implies'; left: Expr; right: Expr }
export interface IffExpr extends Node { kind: 'iff'; left: Expr; right: Expr }
export interface IteExpr extends Node { kind: 'ite'; cond: Expr; then: Expr; else: Expr }
/** Sequential bindings: each value sees the earlier ones. A refutable pattern that does not match is `onFail`. */
export interface LetExpr extends Node {
  kind: 'let';
  bindings: { pattern: Pattern; value: Expr }[];
  body: Expr;
  onFail?: OnFailure | undefined;
}

/** `s[i]` on a sequence, `m[k]` on a map, `ms[x]` (multiplicity, total) on a multiset. */
export interface IndexExpr extends Node { kind: 'index'; target: Expr; index: Expr; onFail: OnFailure }
/**
 * `s[from..to]` (either end optional). `checked`: `0 <= from <= to <= |s|` or `onFail` (Dafny);
 * `clamp`: ends are clamped into range and an empty slice results when `from >= to` (Lean `extract`).
 */
export interface SliceExpr extends Node {
  kind: 'slice';
  target: Expr;
  from?: Expr | undefined;
  to?: Expr | undefined;
  bounds: 'checked' | 'clamp';
  onFail: OnFailure;
}
/** `s[i := v]` on a sequence (index out of range is `onFail`), a map (total), a multiset (negative multiplicity is `onFail`). */
export interface UpdateExpr extends Node { kind: 'update'; target: Expr; key: Expr; value: Expr; onFail: OnFailure }

/**
 * Total library operations, polymorphic over the runtime value (see README.md for each):
 * sizes and membership, collection algebra, map views, conversions between collections, and the
 * list functions that Lean and Verus specs use. Function arguments are lambdas or `fnRef`s.
 */
export type PrimOp =
  | 'card' // |s| of a seq, set, multiset or map
  | 'in' // (x, c): x in c; map: key membership; multiset: multiplicity > 0
  | 'concat' // (s, t) sequences
  | 'union' // sets, multisets (sum of multiplicities), maps (right-biased)
  | 'multisetUnion' // multisets: max of multiplicities (Lean's ∪ on multisets)
  | 'intersect' // sets, multisets (min of multiplicities)
  | 'difference' // sets, multisets (saturating), map minus a set of keys
  | 'subset' // sets, multisets
  | 'properSubset'
  | 'disjoint' // sets, multisets
  | 'prefix' // sequences
  | 'properPrefix'
  | 'multiplicity' // (ms, x); on a seq: number of occurrences
  | 'keys' // map -> set
  | 'values' // map -> set
  | 'items' // map -> set of (key, value) tuples
  | 'toSet' // seq, multiset, set -> set
  | 'toMultiset' // seq, set, multiset -> multiset
  | 'toSeq' // set/multiset -> sequence in canonical (ascending) order
  | 'min' // two numbers, or a non-empty collection (empty: unsupported)
  | 'max'
  | 'abs'
  | 'reverse' // sequence
  | 'take' // (s, n) clamped: first min(n, |s|) elements
  | 'drop' // (s, n) clamped
  | 'range' // (lo, hi): [lo, lo+1, ..., hi-1]
  | 'map' // (f, s): sequence of f(x); on a set, the image set
  | 'filter' // (f, s): elements with f(x) true (sequence, set or multiset)
  | 'all' // (f, s)
  | 'any' // (f, s)
  | 'count' // (f, s): number of elements with f(x) true
  | 'sum' // numbers of a sequence/multiset/set
  | 'product'
  | 'foldl' // (f, init, s): f(...f(f(init, s0), s1)..., sn)
  | 'foldr' // (f, init, s): f(s0, f(s1, ... f(sn, init)))
  | 'zip' // (s, t): sequence of pairs, length of the shorter
  | 'indexOf' // (s, x): first index of x or -1
  | 'only' // (c): the single element of a sequence, set or multiset; otherwise unspecified (Verus `choose` with one witness)
  | 'bitAnd' // non-negative integers
  | 'bitOr'
  | 'bitXor'
  | 'shl'
  | 'shr'
  // Floats (IEEE doubles); `abs`, `min`, `max`, `sum` and `product` above take floats too.
  | 'sqrt' // (x) correctly rounded
  | 'floor' // (x) float -> float
  | 'ceil'
  | 'round' // (x) halfway cases away from zero (C `round`, Lean `Float.round`)
  | 'isNaN' // (x) -> bool
  | 'isInfinite'
  | 'isFinite'
  // Characters, ASCII only (Lean's `Char.isDigit`... and `Char.toUpper`; Rust's `is_ascii_*`).
  | 'isAsciiDigit' // (c) '0'..'9'
  | 'isAsciiAlpha' // (c) 'a'..'z' or 'A'..'Z'
  | 'isAsciiUpper'
  | 'isAsciiLower'
  | 'isAsciiAlphanum'
  | 'isWhitespace' // (c) space, tab, CR or LF (Lean's `Char.isWhitespace`)
  | 'toAsciiUpper' // (c) or (s): a char, or every char of a string; other chars unchanged
  | 'toAsciiLower'
  // Strings (sequences of chars) and sequences.
  | 'suffix' // (s, t): s is a suffix of t
  | 'splitOn' // (s, sep): the pieces between non-overlapping leftmost occurrences of sep; sep empty: [s]
  | 'splitWhere' // (f, s): the pieces between elements with f(x) true, empty pieces kept ([s] has one piece)
  | 'intercalate' // (sep, parts): parts joined with sep between them
  | 'trim' // (s) without leading and trailing `isWhitespace` chars
  | 'trimLeft'
  | 'trimRight'
  | 'utf8Get' // (s, pos, dflt): the char starting at UTF-8 byte offset pos, or dflt when none starts there
  | 'flatten' // (ss): concatenation of a sequence of sequences
  | 'replicate' // (n, x): [x, ..., x] n times (n < 0: [])
  | 'enumerate' // (s) or (s, start): [(start, s0), (start + 1, s1), ...]
  | 'splitAt' // (s, n): (take(s, n), drop(s, n))
  | 'erase' // (s, x): s without the first occurrence of x
  | 'dedup' // (s): first occurrence of each element kept, in order (Lean `eraseDups`)
  | 'dedupLast' // (s): last occurrence of each element kept, in order (Mathlib `List.dedup`)
  | 'dedupAdjacent' // (s): runs of equal neighbours collapsed (Lean `eraseReps`)
  | 'findIndex' // (f, s): first index with f(x) true, else |s| (Lean `findIdx`)
  | 'mergeSort' // (le, s): stable merge sort, halves split at ceil(n/2), left taken when le(l, r) (Lean `List.mergeSort`)
  | 'insertionSort' // (lt, s): each element swapped left while lt(it, left neighbour) (Lean `Array.insertionSort`)
  | 'sort' // (s) or (lt, s): the sorted sequence when any correct sort gives the same one, else unknown (Lean `Array.qsort`)
  // Partial list functions returning an option (`PrimExpr.option` names its constructors).
  | 'getOpt' // (s, i): some(s[i]) or none (Lean `xs[i]?`)
  | 'headOpt' // (s)
  | 'lastOpt' // (s)
  | 'minOpt' // (s): the fold of `min` from the first element (Lean `List.min?`)
  | 'maxOpt'
  | 'findOpt' // (f, s): first element with f(x) true
  | 'indexOfOpt' // (s, x): first index of x
  | 'findIndexOpt' // (f, s)
  | 'filterMap'; // (f, s): the v of each f(x) = some(v), in order

/** Constructor names of the option type that `...Opt` and `filterMap` produce and read. */
export interface OptionCtors {
  none: string;
  some: string;
}

export interface PrimExpr extends Node {
  kind: 'prim';
  op: PrimOp;
  args: Expr[];
  /** For the operations on options; default `{ none: 'none', some: 'some' }` (qualified names match too). */
  option?: OptionCtors | undefined;
}

/** Sequence, set or multiset display `[a, b]`, `{a, b}`, `multiset{a, b}`. */
export interface DisplayExpr extends Node { kind: 'display'; coll: 'seq' | 'set' | 'multiset'; elems: Expr[] }
/** `map[k1 := v1, ...]`; a repeated key keeps the last value. */
export interface MapDisplayExpr extends Node { kind: 'mapDisplay'; entries: { key: Expr; value: Expr }[] }
/** `seq(n, f)`: [f(0), ..., f(n-1)]; a negative length is `onFail`. */
export interface SeqInitExpr extends Node { kind: 'seqInit'; length: Expr; fn: Expr; onFail: OnFailure }

/**
 * `forall binders | range :: body` is `range ==> body`; `exists binders | range :: body` is
 * `range && body`. The range may be absent and folded into the body instead (`forall i :: 0 <= i < n ==> P`):
 * the evaluator finds bounds in either.
 */
export interface QuantExpr extends Node {
  kind: 'quant';
  quant: 'forall' | 'exists';
  binders: Binder[];
  range?: Expr | undefined;
  body: Expr;
}
/** `set x, y | range :: term` (term defaults to the single binder); `multiset` collects with multiplicity. */
export interface SetCompExpr extends Node {
  kind: 'setComp';
  coll: 'set' | 'multiset';
  binders: Binder[];
  range?: Expr | undefined;
  term?: Expr | undefined;
}
/** `map x | range :: key := value` (key defaults to the single binder). */
export interface MapCompExpr extends Node {
  kind: 'mapComp';
  binders: Binder[];
  range?: Expr | undefined;
  key?: Expr | undefined;
  value: Expr;
}

/** Call of a function or predicate defined in `IrSpec.functions` (recursion allowed). */
export interface CallExpr extends Node { kind: 'call'; fn: string; args: Expr[] }
/** A defined function used as a value (`seq(n, f)`, `xs.map f`). */
export interface FnRefExpr extends Node { kind: 'fnRef'; fn: string }
export interface LambdaExpr extends Node { kind: 'lambda'; params: Binder[]; body: Expr }
export interface ApplyExpr extends Node { kind: 'apply'; fn: Expr; args: Expr[] }

export interface TupleExpr extends Node { kind: 'tuple'; elems: Expr[] }
/** 0-based component. */
export interface TupleGetExpr extends Node { kind: 'tupleGet'; target: Expr; index: number }
export interface CtorExpr extends Node { kind: 'ctor'; ctor: string; args: Expr[] }
/**
 * Destructor `x.name` (looked up in `IrSpec.datatypes` by the value's constructor) or positional
 * `x.0`; `onFail` when the value's constructor has no such field (Dafny: not well-formed; Lean `get!`: default).
 */
export interface FieldExpr extends Node { kind: 'field'; target: Expr; field: string | number; onFail: OnFailure }
/**
 * `{ s with f := v, ... }` (Lean structure update, Dafny `d.(f := v)`): a copy of a datatype value with
 * the named (or positional) fields replaced, applied left to right. A field the value's constructor
 * does not have is `onFail`.
 */
export interface WithFieldsExpr extends Node {
  kind: 'withFields';
  target: Expr;
  updates: { field: string | number; value: Expr }[];
  onFail: OnFailure;
}
/**
 * A call of the function the spec is about at arguments of the spec's choosing (`f (n + 1)` in a
 * postcondition of `f`). A triple has no implementation to run; its value is the expected output of
 * the suite's test whose inputs are exactly these arguments (in the order of `IrSpec.params`; the
 * tuple of the outputs when the spec has several results), from `EvalOptions.knownResults`; at the
 * checked triple's own inputs it is the triple's own output (`EvalOptions.ownResult`). With no such
 * test, or tests that disagree, it is unknown with that reason.
 */
export interface SpecCallExpr extends Node { kind: 'specCall'; fn: string; args: Expr[] }
/** `x.Ctor?` / `x is Ctor`. */
export interface IsCtorExpr extends Node { kind: 'isCtor'; target: Expr; ctor: string }
export interface MatchCase {
  pattern: Pattern;
  guard?: Expr | undefined;
  body: Expr;
}
/** First matching case wins; no matching case is `onFail`. */
export interface MatchExpr extends Node { kind: 'match'; target: Expr; cases: MatchCase[]; onFail: OnFailure }

/**
 * Scalar conversions. `intToReal`; `realFloor` (Dafny `.Floor`); `charToInt` (code point);
 * `intToChar` (invalid code point is `onFail`); `intCast` into `domain` (nat: negative is `onFail`,
 * e.g. Lean `Int.toNat` gives default 0; machine: out of range follows the domain's overflow).
 * `intToFloat`: the nearest double (ties to even), after truncating the integer to its `keepBits` most
 * significant bits when given (Lean's `Float.ofNat`/`ofInt` keep 64). `floatToInt`: rounded toward
 * zero; into a machine `domain` it saturates and NaN gives 0 (Lean's `Float.toUInt64`, `toInt64`...);
 * into `int`/`nat` (or no domain) NaN and the infinities are `onFail` (nat: negatives too).
 */
export interface ConvertExpr extends Node {
  kind: 'convert';
  conv: 'intToReal' | 'realFloor' | 'charToInt' | 'intToChar' | 'intCast' | 'intToFloat' | 'floatToInt';
  arg: Expr;
  domain?: IntDomain | undefined;
  keepBits?: number | undefined;
  onFail: OnFailure;
}

/**
 * A construct the lowering could not translate. It evaluates to unknown (cause `unsupported`), so the
 * rest of the clause can still decide when it does not depend on it.
 */
export interface UnsupportedExpr extends Node { kind: 'unsupported'; construct: string }

export type Expr =
  | LitExpr
  | VarExpr
  | ArithExpr
  | NegExpr
  | DivExpr
  | CmpExpr
  | NotExpr
  | AndExpr
  | OrExpr
  | ImpliesExpr
  | IffExpr
  | IteExpr
  | LetExpr
  | IndexExpr
  | SliceExpr
  | UpdateExpr
  | PrimExpr
  | DisplayExpr
  | MapDisplayExpr
  | SeqInitExpr
  | QuantExpr
  | SetCompExpr
  | MapCompExpr
  | CallExpr
  | FnRefExpr
  | LambdaExpr
  | ApplyExpr
  | TupleExpr
  | TupleGetExpr
  | CtorExpr
  | FieldExpr
  | IsCtorExpr
  | MatchExpr
  | ConvertExpr
  | WithFieldsExpr
  | SpecCallExpr
  | UnsupportedExpr;

export type ExprKind = Expr['kind'];

/**
 * Patterns of `match` and `let`: `_`, a variable (optionally `name @ pattern` / `pattern as name`),
 * a literal, a constructor or tuple with sub-patterns, a sequence with exact elements or with a `rest`
 * (Lean `x :: xs` is `{ elems: [x], rest: xs }`).
 */
export type Pattern =
  | { kind: 'wild' }
  | { kind: 'bind'; name: string; pattern?: Pattern | undefined }
  | { kind: 'lit'; value: Value }
  | { kind: 'ctor'; ctor: string; args: Pattern[] }
  | { kind: 'tuple'; elems: Pattern[] }
  | { kind: 'seq'; elems: Pattern[]; rest?: Pattern | undefined };

/**
 * A user-defined function or predicate. Without a body it is opaque (calls are unknown, `unsupported`).
 * `requires` are checked at each call; a false one is `onRequiresFail` (Dafny: not well-formed). Lean's
 * hypotheses and Verus's `recommends` are not preconditions: leave `requires` empty for them.
 */
export interface FunctionDef {
  name: string;
  params: Binder[];
  result?: Type | undefined;
  requires?: Expr[] | undefined;
  onRequiresFail?: OnFailure | undefined;
  body?: Expr | undefined;
  loc?: IrLoc | undefined;
}

export interface DatatypeDecl {
  name: string;
  /** Type parameters named in the constructors' field types (`{ kind: 'param' }`). */
  params?: string[] | undefined;
  ctors: Constructor[];
}

export interface IrClause {
  expr: Expr;
  /** A user label (Dafny `{:label}` / `ensures name:`), shown in explanations. */
  label?: string | undefined;
  loc?: IrLoc | undefined;
}

/**
 * What the evaluator needs of one method/function spec: its parameters and results (bound to the
 * triple's inputs and outputs by name), its clauses, and the functions and datatypes they use.
 */
export interface IrSpec {
  name: string;
  params: Binder[];
  results: Binder[];
  requires: IrClause[];
  ensures: IrClause[];
  functions: FunctionDef[];
  datatypes?: DatatypeDecl[] | undefined;
}

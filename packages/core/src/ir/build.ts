import type { Type } from '../model/types.js';
import { V, type Value } from '../model/values.js';
import type {
  Binder,
  CmpOp,
  DivByZero,
  Expr,
  IntDomain,
  IrLoc,
  MatchCase,
  OnFailure,
  Pattern,
  PrimOp,
  Rounding,
} from './nodes.js';
import type { Semantics } from './semantics.js';

/** Per-node overrides of the language defaults. */
export interface ArithOptions { domain?: IntDomain }
export interface DivOptions { domain?: IntDomain; rounding?: Rounding; byZero?: DivByZero }
export interface FailOptions { onFail?: OnFailure }

/** Attaches a source location to a node (returns the same node, for chaining). */
export function at<E extends Expr>(node: E, loc: IrLoc | undefined): E {
  if (loc) node.loc = loc;
  return node;
}

/** A binder from a name, or a name and a type, or a full binder. */
export type BinderLike = string | [string, Type] | Binder;

export function binder(b: BinderLike): Binder {
  if (typeof b === 'string') return { name: b };
  if (Array.isArray(b)) return { name: b[0], type: b[1] };
  return b;
}

/** Patterns: `P.bind('x')`, `P.ctor('Cons', P.bind('h'), P.wild)`... */
export const P = {
  wild: { kind: 'wild' } as Pattern,
  bind: (name: string, pattern?: Pattern): Pattern => (pattern ? { kind: 'bind', name, pattern } : { kind: 'bind', name }),
  lit: (value: Value): Pattern => ({ kind: 'lit', value }),
  ctor: (ctor: string, ...args: Pattern[]): Pattern => ({ kind: 'ctor', ctor, args }),
  tuple: (...elems: Pattern[]): Pattern => ({ kind: 'tuple', elems }),
  seq: (elems: Pattern[], rest?: Pattern): Pattern => (rest ? { kind: 'seq', elems, rest } : { kind: 'seq', elems }),
} as const;

/**
 * Small constructors for every node, with the language's defaults filled in from `sem`; every
 * partial or overloaded choice can be overridden per node. Literals accept JS numbers, booleans and
 * strings for brevity through `E.int`, `E.bool`, `E.str`, `E.char`.
 */
export function builders(sem: Semantics) {
  const fail = (o?: FailOptions): OnFailure => o?.onFail ?? sem.onFail;
  const cmp = (op: CmpOp) => (left: Expr, right: Expr): Expr => ({ kind: 'cmp', op, left, right, seqOrder: sem.seqOrder });
  const arith = (op: 'add' | 'sub' | 'mul' | 'pow') => (left: Expr, right: Expr, o?: ArithOptions): Expr => ({
    kind: 'arith', op, left, right, domain: o?.domain ?? sem.intDomain,
  });
  const divmod = (op: 'div' | 'mod') => (left: Expr, right: Expr, o?: DivOptions): Expr => ({
    kind: 'div', op, left, right,
    rounding: o?.rounding ?? sem.rounding,
    domain: o?.domain ?? sem.intDomain,
    byZero: o?.byZero ?? sem.divByZero,
  });
  const prim = (op: PrimOp) => (...args: Expr[]): Expr => (sem.option ? { kind: 'prim', op, args, option: sem.option } : { kind: 'prim', op, args });

  return {
    semantics: sem,
    lit: (value: Value): Expr => ({ kind: 'lit', value }),
    int: (n: number | bigint): Expr => ({ kind: 'lit', value: V.int(n) }),
    bool: (b: boolean): Expr => ({ kind: 'lit', value: V.bool(b) }),
    char: (c: string): Expr => ({ kind: 'lit', value: V.char(c) }),
    str: (s: string): Expr => ({ kind: 'lit', value: V.string(s) }),
    real: (num: number | bigint, den: number | bigint = 1): Expr => ({ kind: 'lit', value: V.real(num, den) }),
    float: (x: number): Expr => ({ kind: 'lit', value: V.float(x) }),
    v: (name: string): Expr => ({ kind: 'var', name }),

    add: arith('add'),
    sub: arith('sub'),
    mul: arith('mul'),
    pow: arith('pow'),
    neg: (arg: Expr, o?: ArithOptions): Expr => ({ kind: 'neg', arg, domain: o?.domain ?? sem.intDomain }),
    div: divmod('div'),
    mod: divmod('mod'),

    eq: cmp('eq'),
    ne: cmp('ne'),
    lt: cmp('lt'),
    le: cmp('le'),
    gt: cmp('gt'),
    ge: cmp('ge'),
    /** `a op1 b op2 c ...` as the conjunction of adjacent comparisons (operands are shared, not re-evaluated differently). */
    chain: (operands: Expr[], ops: CmpOp[]): Expr => {
      const parts: Expr[] = ops.map((op, i) => cmp(op)(operands[i]!, operands[i + 1]!));
      return parts.length === 1 ? parts[0]! : { kind: 'and', args: parts };
    },

    not: (arg: Expr): Expr => ({ kind: 'not', arg }),
    and: (...args: Expr[]): Expr => ({ kind: 'and', args }),
    or: (...args: Expr[]): Expr => ({ kind: 'or', args }),
    implies: (left: Expr, right: Expr): Expr => ({ kind: 'implies', left, right }),
    /** `a <== b`, i.e. `b ==> a`. */
    explies: (left: Expr, right: Expr): Expr => ({ kind: 'implies', left: right, right: left }),
    iff: (left: Expr, right: Expr): Expr => ({ kind: 'iff', left, right }),
    ite: (cond: Expr, then: Expr, otherwise: Expr): Expr => ({ kind: 'ite', cond, then, else: otherwise }),
    let: (name: string | Pattern, value: Expr, body: Expr, o?: FailOptions): Expr => ({
      kind: 'let',
      bindings: [{ pattern: typeof name === 'string' ? { kind: 'bind', name } : name, value }],
      body,
      onFail: fail(o),
    }),

    index: (target: Expr, index: Expr, o?: FailOptions): Expr => ({ kind: 'index', target, index, onFail: fail(o) }),
    slice: (target: Expr, from: Expr | undefined, to: Expr | undefined, o?: FailOptions & { bounds?: 'checked' | 'clamp' }): Expr => ({
      kind: 'slice', target, from, to, bounds: o?.bounds ?? 'checked', onFail: fail(o),
    }),
    update: (target: Expr, key: Expr, value: Expr, o?: FailOptions): Expr => ({ kind: 'update', target, key, value, onFail: fail(o) }),
    /** Any library operation; the operations returning options get the language's option constructors. */
    prim: (op: PrimOp, ...args: Expr[]): Expr => prim(op)(...args),
    card: prim('card'),
    in: prim('in'),
    notIn: (x: Expr, c: Expr): Expr => ({ kind: 'not', arg: { kind: 'prim', op: 'in', args: [x, c] } }),
    concat: prim('concat'),
    union: prim('union'),
    intersect: prim('intersect'),
    difference: prim('difference'),
    subset: prim('subset'),
    properSubset: prim('properSubset'),
    disjoint: prim('disjoint'),
    prefix: prim('prefix'),
    properPrefix: prim('properPrefix'),
    multiplicity: prim('multiplicity'),
    keys: prim('keys'),
    values: prim('values'),
    items: prim('items'),
    toSet: prim('toSet'),
    toMultiset: prim('toMultiset'),

    seq: (...elems: Expr[]): Expr => ({ kind: 'display', coll: 'seq', elems }),
    set: (...elems: Expr[]): Expr => ({ kind: 'display', coll: 'set', elems }),
    multiset: (...elems: Expr[]): Expr => ({ kind: 'display', coll: 'multiset', elems }),
    map: (...entries: [Expr, Expr][]): Expr => ({ kind: 'mapDisplay', entries: entries.map(([key, value]) => ({ key, value })) }),
    seqInit: (length: Expr, fn: Expr, o?: FailOptions): Expr => ({ kind: 'seqInit', length, fn, onFail: fail(o) }),

    forall: (binders: BinderLike[], body: Expr, range?: Expr): Expr => ({ kind: 'quant', quant: 'forall', binders: binders.map(binder), range, body }),
    exists: (binders: BinderLike[], body: Expr, range?: Expr): Expr => ({ kind: 'quant', quant: 'exists', binders: binders.map(binder), range, body }),
    setComp: (binders: BinderLike[], range: Expr | undefined, term?: Expr): Expr => ({ kind: 'setComp', coll: 'set', binders: binders.map(binder), range, term }),
    multisetComp: (binders: BinderLike[], range: Expr | undefined, term?: Expr): Expr => ({ kind: 'setComp', coll: 'multiset', binders: binders.map(binder), range, term }),
    mapComp: (binders: BinderLike[], range: Expr | undefined, key: Expr | undefined, value: Expr): Expr => ({ kind: 'mapComp', binders: binders.map(binder), range, key, value }),

    call: (fn: string, ...args: Expr[]): Expr => ({ kind: 'call', fn, args }),
    fnRef: (fn: string): Expr => ({ kind: 'fnRef', fn }),
    lambda: (params: BinderLike[], body: Expr): Expr => ({ kind: 'lambda', params: params.map(binder), body }),
    apply: (fn: Expr, ...args: Expr[]): Expr => ({ kind: 'apply', fn, args }),

    tuple: (...elems: Expr[]): Expr => ({ kind: 'tuple', elems }),
    tupleGet: (target: Expr, index: number): Expr => ({ kind: 'tupleGet', target, index }),
    ctor: (ctor: string, ...args: Expr[]): Expr => ({ kind: 'ctor', ctor, args }),
    field: (target: Expr, field: string | number, o?: FailOptions): Expr => ({ kind: 'field', target, field, onFail: fail(o) }),
    isCtor: (target: Expr, ctor: string): Expr => ({ kind: 'isCtor', target, ctor }),
    /** `{ target with field := value, ... }`. */
    withFields: (target: Expr, updates: [string | number, Expr][], o?: FailOptions): Expr => ({
      kind: 'withFields', target, updates: updates.map(([field, value]) => ({ field, value })), onFail: fail(o),
    }),
    /** The spec's own function at other arguments, looked up among the suite's tests. */
    specCall: (fn: string, ...args: Expr[]): Expr => ({ kind: 'specCall', fn, args }),
    match: (target: Expr, cases: MatchCase[], o?: FailOptions): Expr => ({ kind: 'match', target, cases, onFail: fail(o) }),
    /** A match case: `kase(P.ctor('Nil'), body)` or with a guard. */
    kase: (pattern: Pattern, body: Expr, guard?: Expr): MatchCase => (guard ? { pattern, guard, body } : { pattern, body }),

    intToReal: (arg: Expr): Expr => ({ kind: 'convert', conv: 'intToReal', arg, onFail: sem.onFail }),
    realFloor: (arg: Expr): Expr => ({ kind: 'convert', conv: 'realFloor', arg, onFail: sem.onFail }),
    charToInt: (arg: Expr): Expr => ({ kind: 'convert', conv: 'charToInt', arg, onFail: sem.onFail }),
    intToChar: (arg: Expr, o?: FailOptions): Expr => ({ kind: 'convert', conv: 'intToChar', arg, onFail: fail(o) }),
    intCast: (arg: Expr, domain: IntDomain, o?: FailOptions): Expr => ({ kind: 'convert', conv: 'intCast', arg, domain, onFail: fail(o) }),
    /** The nearest double; `keepBits` truncates the integer first (Lean's `Float.ofNat`/`ofInt`: 64). */
    intToFloat: (arg: Expr, keepBits?: number): Expr => ({ kind: 'convert', conv: 'intToFloat', arg, keepBits, onFail: sem.onFail }),
    /** Toward zero; saturating with NaN as 0 into a machine domain, else NaN/infinite is `onFail`. */
    floatToInt: (arg: Expr, domain?: IntDomain, o?: FailOptions): Expr => ({ kind: 'convert', conv: 'floatToInt', arg, domain, onFail: fail(o) }),

    unsupported: (construct: string, loc?: IrLoc): Expr => (loc ? { kind: 'unsupported', construct, loc } : { kind: 'unsupported', construct }),
  };
}

export type Builders = ReturnType<typeof builders>;

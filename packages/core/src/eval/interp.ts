import type {
  ArithExpr,
  Binder,
  CmpExpr,
  ConvertExpr,
  DatatypeDecl,
  DivExpr,
  Expr,
  FunctionDef,
  IndexExpr,
  IntDomain,
  IrLoc,
  MatchExpr,
  OnFailure,
  Pattern,
  PrimExpr,
  QuantExpr,
  SetCompExpr,
  MapCompExpr,
  SliceExpr,
  UpdateExpr,
} from '../ir/nodes.js';
import { showExpr, showValue } from '../ir/print.js';
import { freeVars } from '../ir/vars.js';
import { compareValues, equalValues, V, valueKey, type Value } from '../model/values.js';
import { bigAbs, divMod, intoDomain, rat, ratAdd, ratCmp, ratDiv, ratFloor, ratMul, ratSub, type Rat } from './arith.js';
import { conjuncts, makePlan, quantifierConstraints, type Plan, type Source } from './bounds.js';
import * as C from './collections.js';
import { Env, lookup, type FnVal, type RVal } from './env.js';
import { IllFormed, Unknown, showLoc } from './outcome.js';

export interface Budget {
  /** Nodes evaluated per clause check before giving up (`budget`). */
  maxSteps: number;
  /** Nested function calls. */
  maxDepth: number;
  /** Candidate tuples one quantifier or comprehension may enumerate; past it the quantifier goes to Z3. */
  maxEnumeration: number;
}

export const DEFAULT_BUDGET: Budget = { maxSteps: 2_000_000, maxDepth: 500, maxEnumeration: 1_000_000 };

/** A quantifier the enumerator could not bound, with the concrete values of its free variables. */
export interface Z3Query {
  key: string;
  expr: QuantExpr;
  bindings: Map<string, Value>;
}

/** What Z3 said about a query: the quantifier's truth value, or why it could not tell. */
export type Z3Answer = boolean | Unknown;

export interface InterpContext {
  functions: ReadonlyMap<string, FunctionDef>;
  datatypes: readonly DatatypeDecl[];
  budget: Budget;
  /** When false, unboundable quantifiers are unknown (`gave-up`) instead of becoming Z3 queries. */
  useZ3: boolean;
  answers: Map<string, Z3Answer>;
  /** Told of every quantifier instance that decided its quantifier (a witness or a counterexample). */
  onInstance?: ((q: QuantExpr, values: Record<string, Value>) => void) | undefined;
}

export class NotEnumerable {
  constructor(readonly reason: string) {}
}

const fieldIndexes = new WeakMap<readonly DatatypeDecl[], Map<string, Map<string, number>>>();

/** Constructor name (bare and qualified) -> field name -> position; built once per declaration list. */
function fieldIndexOf(datatypes: readonly DatatypeDecl[]): Map<string, Map<string, number>> {
  let index = fieldIndexes.get(datatypes);
  if (!index) {
    index = new Map();
    for (const d of datatypes) {
      for (const c of d.ctors) {
        const m = new Map<string, number>();
        c.fields.forEach((f, i) => f.name !== undefined && m.set(f.name, i));
        index.set(c.name, m);
        index.set(`${d.name}.${c.name}`, m);
      }
    }
    fieldIndexes.set(datatypes, index);
  }
  return index;
}

/** Enumeration plans depend only on the (immutable) node, so they are shared by every evaluation. */
const plans = new WeakMap<Expr, Plan | null>();

const nodeIds = new WeakMap<Expr, number>();
let nextNodeId = 1;
export function nodeId(e: Expr): number {
  let id = nodeIds.get(e);
  if (id === undefined) nodeIds.set(e, (id = nextNodeId++));
  return id;
}

const TRUE: Value = { kind: 'bool', value: true };
const FALSE: Value = { kind: 'bool', value: false };
const bool = (b: boolean): Value => (b ? TRUE : FALSE);

function where(e: { loc?: IrLoc | undefined }): string {
  return showLoc(e.loc);
}

function describe(v: RVal): string {
  return v.kind === 'fn' ? `<function ${v.name}>` : showValue(v);
}

function typeError(expected: string, got: RVal, e: Expr): never {
  throw new Unknown('unsupported', `expected ${expected}, got ${describe(got)} in ${showExpr(e)}${where(e)}`);
}

function isNum(v: RVal): v is Extract<Value, { kind: 'int' | 'real' }> {
  return v.kind === 'int' || v.kind === 'real';
}

function toRat(v: Extract<Value, { kind: 'int' | 'real' }>): Rat {
  return v.kind === 'int' ? { num: v.value, den: 1n } : { num: v.num, den: v.den };
}

function ratValue(r: Rat): Value {
  return { kind: 'real', num: r.num, den: r.den };
}

function sameCtor(a: string, b: string): boolean {
  if (a === b) return true;
  // `Option.some` and `some`, `List.nil` and `nil`: qualified and bare names denote the same constructor.
  const la = a.slice(a.lastIndexOf('.') + 1);
  const lb = b.slice(b.lastIndexOf('.') + 1);
  return la === lb && (a.includes('.') || b.includes('.'));
}

/**
 * The tree-walking evaluator. Definite values are returned; "no definite value" travels as a thrown
 * `Unknown` (with its cause) or `IllFormed`, caught only by the connectives, conditionals and
 * quantifiers that can still decide without it. One instance evaluates one clause check: the step
 * counter is its budget.
 */
export class Interp {
  steps = 0;
  depth = 0;
  readonly pending = new Map<string, Z3Query>();
  private readonly fieldIndex: Map<string, Map<string, number>>;

  constructor(readonly ctx: InterpContext) {
    this.fieldIndex = fieldIndexOf(ctx.datatypes);
  }

  private tick(): void {
    if (++this.steps > this.ctx.budget.maxSteps) {
      throw new Unknown('budget', `evaluation step budget (${this.ctx.budget.maxSteps}) exhausted`);
    }
  }

  private fail(onFail: OnFailure | undefined, reason: string, e: Expr): Value {
    const mode = onFail ?? { mode: 'error' };
    if (mode.mode === 'default') return mode.value;
    if (mode.mode === 'unspecified') throw new Unknown('unspecified', `unspecified result: ${reason}${where(e)}`);
    throw new IllFormed(`${reason}${where(e)}`);
  }

  value(e: Expr, env: Env | undefined): Value {
    const v = this.eval(e, env);
    if (v.kind === 'fn') typeError('a value', v, e);
    return v;
  }

  bool(e: Expr, env: Env | undefined): boolean {
    const v = this.eval(e, env);
    if (v.kind !== 'bool') typeError('a boolean', v, e);
    return v.value;
  }

  int(e: Expr, env: Env | undefined): bigint {
    const v = this.eval(e, env);
    if (v.kind !== 'int') typeError('an integer', v, e);
    return v.value;
  }

  eval(e: Expr, env: Env | undefined): RVal {
    this.tick();
    switch (e.kind) {
      case 'lit':
        return e.value;
      case 'var': {
        const v = lookup(env, e.name);
        if (v !== undefined) return v;
        const def = this.ctx.functions.get(e.name);
        if (def) return this.fnOfDef(def);
        throw new Unknown('unsupported', `unbound variable ${e.name}${where(e)}`);
      }
      case 'arith':
        return this.arith(e, this.eval(e.left, env), this.eval(e.right, env));
      case 'neg': {
        const v = this.eval(e.arg, env);
        if (v.kind === 'real') return ratValue(rat(-v.num, v.den));
        if (v.kind !== 'int') typeError('a number', v, e);
        return this.inDomain(-v.value, e.domain, e);
      }
      case 'div':
        return this.divide(e, this.eval(e.left, env), this.eval(e.right, env));
      case 'cmp':
        return bool(this.compare(e, this.eval(e.left, env), this.eval(e.right, env)));
      case 'not':
        return bool(!this.bool(e.arg, env));
      case 'and':
        return bool(this.junction(e.args, env, false));
      case 'or':
        return bool(this.junction(e.args, env, true));
      case 'implies':
        return bool(this.implies(e.left, e.right, env));
      case 'iff':
        return bool(this.bool(e.left, env) === this.bool(e.right, env));
      case 'ite':
        return this.ite(e.cond, e.then, e.else, env);
      case 'let': {
        let scope = env;
        for (const b of e.bindings) {
          const v = this.eval(b.value, scope);
          const bound = this.match(b.pattern, v, scope);
          if (bound === null) return this.fail(e.onFail, `value ${describe(v)} does not match the pattern of a let`, e);
          scope = bound;
        }
        return this.eval(e.body, scope);
      }
      case 'index':
        return this.index(e, this.eval(e.target, env), this.eval(e.index, env));
      case 'slice':
        return this.slice(e, env);
      case 'update':
        return this.update(e, this.eval(e.target, env), this.eval(e.key, env), this.eval(e.value, env));
      case 'prim':
        return this.prim(e, env);
      case 'display': {
        const elems = e.elems.map((x) => this.value(x, env));
        return e.coll === 'seq' ? V.seq(elems) : e.coll === 'set' ? V.set(elems) : V.multiset(elems);
      }
      case 'mapDisplay':
        return V.map(e.entries.map((x) => [this.value(x.key, env), this.value(x.value, env)]));
      case 'seqInit': {
        const n = this.int(e.length, env);
        if (n < 0n) return this.fail(e.onFail, `seq length ${n} is negative`, e);
        const f = this.eval(e.fn, env);
        if (n > BigInt(this.ctx.budget.maxEnumeration)) throw new Unknown('budget', `seq(${n}, ...) is too long to build${where(e)}`);
        const elems: Value[] = [];
        for (let i = 0n; i < n; i++) elems.push(this.applyValue(f, [V.int(i)], e));
        return V.seq(elems);
      }
      case 'quant':
        return bool(this.quantifier(e, env));
      case 'setComp':
        return this.setComp(e, env);
      case 'mapComp':
        return this.mapComp(e, env);
      case 'call': {
        const def = this.ctx.functions.get(e.fn);
        if (!def) {
          const local = lookup(env, e.fn);
          if (local) return this.apply(local, e.args.map((a) => this.eval(a, env)), e);
          throw new Unknown('unsupported', `call of unknown function ${e.fn}${where(e)}`);
        }
        return this.callDef(def, e.args.map((a) => this.eval(a, env)), e);
      }
      case 'fnRef': {
        const def = this.ctx.functions.get(e.fn);
        if (!def) throw new Unknown('unsupported', `unknown function ${e.fn}${where(e)}`);
        return this.fnOfDef(def);
      }
      case 'lambda':
        return { kind: 'fn', params: e.params, body: e.body, env, name: 'lambda' };
      case 'apply':
        return this.apply(this.eval(e.fn, env), e.args.map((a) => this.eval(a, env)), e);
      case 'tuple':
        return V.tuple(e.elems.map((x) => this.value(x, env)));
      case 'tupleGet': {
        const t = this.eval(e.target, env);
        if (t.kind !== 'tuple' && t.kind !== 'datatype') typeError('a tuple', t, e);
        const elems = t.kind === 'tuple' ? t.elems : t.fields;
        const v = elems[e.index];
        if (!v) typeError(`a tuple with a component ${e.index}`, t, e);
        return v;
      }
      case 'ctor':
        return V.datatype(e.ctor, e.args.map((a) => this.value(a, env)));
      case 'field':
        return this.field(e, this.eval(e.target, env));
      case 'isCtor': {
        const t = this.eval(e.target, env);
        if (t.kind !== 'datatype') typeError('a datatype value', t, e);
        return bool(sameCtor(t.ctor, e.ctor));
      }
      case 'match':
        return this.matchExpr(e, env);
      case 'convert':
        return this.convert(e, this.eval(e.arg, env));
      case 'unsupported':
        throw new Unknown('unsupported', `unsupported construct: ${e.construct}${where(e)}`);
    }
  }

  // ---- connectives: three-valued, left to right, short-circuit ----

  /** `and` (stopOn = false) or `or` (stopOn = true) of args. */
  private junction(args: Expr[], env: Env | undefined, stopOn: boolean): boolean {
    let unknown: Unknown | undefined;
    for (const a of args) {
      try {
        if (this.bool(a, env) === stopOn) return stopOn;
      } catch (x) {
        // An ill-formed operand after an unknown one may never be reached (the unknown may be the
        // deciding value), so it only makes the result unknown.
        if (x instanceof Unknown) unknown ??= x;
        else if (x instanceof IllFormed && unknown) continue;
        else throw x;
      }
    }
    if (unknown) throw unknown;
    return !stopOn;
  }

  private implies(left: Expr, right: Expr, env: Env | undefined): boolean {
    let l: boolean | Unknown;
    try {
      l = this.bool(left, env);
    } catch (x) {
      if (!(x instanceof Unknown)) throw x;
      l = x;
    }
    if (l === false) return true;
    if (l === true) return this.bool(right, env);
    try {
      if (this.bool(right, env)) return true;
    } catch (x) {
      if (!(x instanceof Unknown || x instanceof IllFormed)) throw x;
    }
    throw l;
  }

  private ite(cond: Expr, then: Expr, otherwise: Expr, env: Env | undefined): RVal {
    let c: boolean;
    try {
      c = this.bool(cond, env);
    } catch (x) {
      if (!(x instanceof Unknown)) throw x;
      // The condition is unknown: the result is still definite when both branches agree.
      const a = this.eval(then, env);
      const b = this.eval(otherwise, env);
      if (a.kind !== 'fn' && b.kind !== 'fn' && equalValues(a, b)) return a;
      throw x;
    }
    return this.eval(c ? then : otherwise, env);
  }

  // ---- arithmetic ----

  private inDomain(n: bigint, domain: IntDomain, e: Expr): Value {
    const r = intoDomain(n, domain);
    if (r !== 'overflow') return V.int(r);
    const d = domain as Extract<IntDomain, { kind: 'machine' }>;
    const name = `${d.signed ? 'i' : 'u'}${d.bits}`;
    if (d.overflow === 'error') throw new IllFormed(`arithmetic overflow: ${n} is out of range of ${name}${where(e)}`);
    throw new Unknown('unspecified', `unspecified result: ${n} overflows ${name}${where(e)}`);
  }

  private arith(e: ArithExpr, l: RVal, r: RVal): Value {
    if (l.kind === 'int' && r.kind === 'int') {
      const a = l.value;
      const b = r.value;
      switch (e.op) {
        case 'add':
          return this.inDomain(a + b, e.domain, e);
        case 'sub':
          return this.inDomain(a - b, e.domain, e);
        case 'mul':
          return this.inDomain(a * b, e.domain, e);
        case 'pow':
          if (b < 0n) throw new Unknown('unsupported', `negative exponent ${b}${where(e)}`);
          if (b > 100_000n) throw new Unknown('budget', `exponent ${b} too large${where(e)}`);
          return this.inDomain(a ** b, e.domain, e);
      }
    }
    if (isNum(l) && isNum(r)) {
      const a = toRat(l);
      const b = toRat(r);
      switch (e.op) {
        case 'add':
          return ratValue(ratAdd(a, b));
        case 'sub':
          return ratValue(ratSub(a, b));
        case 'mul':
          return ratValue(ratMul(a, b));
        case 'pow': {
          if (r.kind !== 'int' || r.value < 0n || r.value > 10_000n) throw new Unknown('unsupported', `real power ${showExpr(e)}${where(e)}`);
          return ratValue(rat(a.num ** r.value, a.den ** r.value));
        }
      }
    }
    // Collection overloads of + - * (Dafny).
    if (l.kind === 'seq' && r.kind === 'seq' && e.op === 'add') return V.seq([...l.elems, ...r.elems]);
    if (l.kind === 'set' && r.kind === 'set') {
      if (e.op === 'add') return C.setUnion(l, r);
      if (e.op === 'sub') return C.setDifference(l, r);
      if (e.op === 'mul') return C.setIntersect(l, r);
    }
    if (l.kind === 'multiset' && r.kind === 'multiset') {
      if (e.op === 'add') return C.multisetSum(l, r);
      if (e.op === 'sub') return C.multisetDifference(l, r);
      if (e.op === 'mul') return C.multisetIntersect(l, r);
    }
    if (l.kind === 'map' && r.kind === 'map' && e.op === 'add') return C.mapMerge(l, r);
    if (l.kind === 'map' && r.kind === 'set' && e.op === 'sub') return C.mapRemoveKeys(l, r.elems);
    throw new Unknown('unsupported', `cannot apply ${e.op} to ${describe(l)} and ${describe(r)}${where(e)}`);
  }

  private divide(e: DivExpr, l: RVal, r: RVal): Value {
    if (l.kind === 'int' && r.kind === 'int') {
      if (r.value === 0n) {
        if (e.byZero.mode === 'total') return e.op === 'div' ? V.int(0) : l;
        return this.fail(e.byZero, `division by zero in ${showExpr(e)}`, e);
      }
      const [q, m] = divMod(l.value, r.value, e.rounding);
      return this.inDomain(e.op === 'div' ? q : m, e.domain, e);
    }
    if (isNum(l) && isNum(r) && e.op === 'div') {
      const b = toRat(r);
      if (b.num === 0n) {
        if (e.byZero.mode === 'total') return V.real(0);
        return this.fail(e.byZero, `division by zero in ${showExpr(e)}`, e);
      }
      return ratValue(ratDiv(toRat(l), b));
    }
    throw new Unknown('unsupported', `cannot apply ${e.op} to ${describe(l)} and ${describe(r)}${where(e)}`);
  }

  // ---- comparisons ----

  private compare(e: CmpExpr, l: RVal, r: RVal): boolean {
    if (l.kind === 'int' && r.kind === 'int') {
      const a = l.value;
      const b = r.value;
      switch (e.op) {
        case 'eq':
          return a === b;
        case 'ne':
          return a !== b;
        case 'lt':
          return a < b;
        case 'le':
          return a <= b;
        case 'gt':
          return a > b;
        case 'ge':
          return a >= b;
      }
    }
    if (l.kind === 'fn' || r.kind === 'fn') throw new Unknown('unsupported', `comparison of functions${where(e)}`);
    if (e.op === 'eq' || e.op === 'ne') {
      let eq: boolean;
      if (isNum(l) && isNum(r) && l.kind !== r.kind) eq = ratCmp(toRat(l), toRat(r)) === 0;
      else eq = equalValues(l, r);
      return e.op === 'eq' ? eq : !eq;
    }
    const [a, b, op] = e.op === 'gt' || e.op === 'ge' ? [r, l, e.op === 'gt' ? 'lt' : 'le'] : [l, r, e.op];
    const strict = op === 'lt';
    if (isNum(a) && isNum(b)) {
      const c = a.kind === 'int' && b.kind === 'int' ? (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) : ratCmp(toRat(a), toRat(b));
      return strict ? c < 0 : c <= 0;
    }
    if (a.kind === 'char' && b.kind === 'char') {
      const c = compareValues(a, b);
      return strict ? c < 0 : c <= 0;
    }
    if ((a.kind === 'set' && b.kind === 'set') || (a.kind === 'multiset' && b.kind === 'multiset')) {
      const sub = C.isSubCollection(a.elems, b.elems);
      return strict ? sub && a.elems.length < b.elems.length : sub;
    }
    if (a.kind === 'seq' && b.kind === 'seq') {
      if (e.seqOrder === 'prefix') {
        const pre = C.isPrefix(a.elems, b.elems);
        return strict ? pre && a.elems.length < b.elems.length : pre;
      }
      if (e.seqOrder === 'lex') {
        const c = compareValues(a, b);
        return strict ? c < 0 : c <= 0;
      }
      throw new Unknown('unsupported', `ordering of sequences without a declared order${where(e)}`);
    }
    if (a.kind === 'bool' && b.kind === 'bool') {
      const c = Number(a.value) - Number(b.value);
      return strict ? c < 0 : c <= 0;
    }
    throw new Unknown('unsupported', `cannot order ${describe(l)} and ${describe(r)}${where(e)}`);
  }

  // ---- sequences, maps, multisets ----

  private index(e: IndexExpr, t: RVal, i: RVal): Value {
    if (t.kind === 'seq') {
      if (i.kind !== 'int') typeError('an integer index', i, e);
      const n = i.value;
      const v = n >= 0n && n < 4294967296n ? t.elems[Number(n)] : undefined;
      if (v === undefined) return this.fail(e.onFail, `index ${n} out of range (length ${t.elems.length}) in ${showExpr(e)}`, e);
      return v;
    }
    if (i.kind === 'fn') typeError('a value', i, e);
    if (t.kind === 'map') {
      const v = C.mapLookup(t, i);
      return v ?? this.fail(e.onFail, `key ${showValue(i)} not in map in ${showExpr(e)}`, e);
    }
    if (t.kind === 'multiset') return V.int(C.sortedCount(t.elems, i));
    return typeError('a sequence or map', t, e);
  }

  private slice(e: SliceExpr, env: Env | undefined): Value {
    const t = this.eval(e.target, env);
    if (t.kind !== 'seq') typeError('a sequence', t, e);
    const len = BigInt(t.elems.length);
    let from = e.from ? this.int(e.from, env) : 0n;
    let to = e.to ? this.int(e.to, env) : len;
    if (e.bounds === 'clamp') {
      from = from < 0n ? 0n : from > len ? len : from;
      to = to < from ? from : to > len ? len : to;
    } else if (!(0n <= from && from <= to && to <= len)) {
      return this.fail(e.onFail, `slice [${from}..${to}] out of range (length ${len}) in ${showExpr(e)}`, e);
    }
    return V.seq(t.elems.slice(Number(from), Number(to)));
  }

  private update(e: UpdateExpr, t: RVal, k: RVal, v: RVal): Value {
    if (k.kind === 'fn' || v.kind === 'fn') typeError('a value', k.kind === 'fn' ? k : v, e);
    if (t.kind === 'seq') {
      if (k.kind !== 'int') typeError('an integer index', k, e);
      if (k.value < 0n || k.value >= BigInt(t.elems.length)) {
        return this.fail(e.onFail, `update index ${k.value} out of range (length ${t.elems.length}) in ${showExpr(e)}`, e);
      }
      const elems = t.elems.slice();
      elems[Number(k.value)] = v;
      return V.seq(elems);
    }
    if (t.kind === 'map') return C.mapUpdate(t, k, v);
    if (t.kind === 'multiset') {
      if (v.kind !== 'int') typeError('an integer multiplicity', v, e);
      if (v.value < 0n) return this.fail(e.onFail, `negative multiplicity ${v.value} in ${showExpr(e)}`, e);
      return C.multisetWithCount(t, k, Number(v.value));
    }
    return typeError('a sequence, map or multiset', t, e);
  }

  private elements(c: RVal, e: Expr): readonly Value[] {
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

  private prim(e: PrimExpr, env: Env | undefined): RVal {
    // The two operations quantifier bodies use most, without the general path's allocations.
    if (e.op === 'card' && e.args.length === 1) {
      const c = this.eval(e.args[0]!, env);
      if (c.kind === 'seq' || c.kind === 'set' || c.kind === 'multiset') return { kind: 'int', value: BigInt(c.elems.length) };
      if (c.kind === 'map') return { kind: 'int', value: BigInt(c.entries.length) };
      return typeError('a collection', c, e);
    }
    if (e.op === 'in' && e.args.length === 2) {
      const x = this.eval(e.args[0]!, env);
      const coll = this.eval(e.args[1]!, env);
      if (x.kind === 'fn') return typeError('a value', x, e);
      if (coll.kind === 'set' || coll.kind === 'multiset') return bool(C.sortedHas(coll.elems, x));
      if (coll.kind === 'map') return bool(C.mapLookup(coll, x) !== undefined);
      if (coll.kind === 'seq') {
        for (const y of coll.elems) if (equalValues(x, y)) return TRUE;
        return FALSE;
      }
      return typeError('a collection', coll, e);
    }
    const args = e.args.map((a) => this.eval(a, env));
    const [a, b, c] = args;
    const arity = (n: number) => {
      if (args.length !== n) throw new Unknown('unsupported', `${e.op} expects ${n} arguments, got ${args.length}${where(e)}`);
    };
    const val = (x: RVal | undefined): Value => {
      if (!x || x.kind === 'fn') return typeError('a value', x ?? FALSE, e);
      return x;
    };
    switch (e.op) {
      case 'card':
        arity(1);
        if (a!.kind === 'map') return V.int(a!.entries.length);
        return V.int(this.elements(a!, e).length);
      case 'in': {
        arity(2);
        const x = val(a);
        const coll = b!;
        if (coll.kind === 'set' || coll.kind === 'multiset') return bool(C.sortedHas(coll.elems, x));
        if (coll.kind === 'map') return bool(C.mapLookup(coll, x) !== undefined);
        if (coll.kind === 'seq') return bool(coll.elems.some((y) => equalValues(x, y)));
        return typeError('a collection', coll, e);
      }
      case 'concat': {
        arity(2);
        if (a!.kind !== 'seq' || b!.kind !== 'seq') return typeError('two sequences', a!.kind !== 'seq' ? a! : b!, e);
        return V.seq([...a!.elems, ...b!.elems]);
      }
      case 'union':
      case 'intersect':
      case 'difference':
      case 'multisetUnion': {
        arity(2);
        const x = val(a);
        const y = val(b);
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
      }
      case 'subset':
      case 'properSubset':
      case 'disjoint': {
        arity(2);
        const x = val(a);
        const y = val(b);
        if (!((x.kind === 'set' && y.kind === 'set') || (x.kind === 'multiset' && y.kind === 'multiset'))) {
          return typeError('two sets or two multisets', x.kind === 'set' || x.kind === 'multiset' ? y : x, e);
        }
        if (e.op === 'disjoint') return bool(C.isDisjoint(x.elems, y.elems));
        const sub = C.isSubCollection(x.elems, y.elems);
        return bool(e.op === 'subset' ? sub : sub && x.elems.length < y.elems.length);
      }
      case 'prefix':
      case 'properPrefix': {
        arity(2);
        if (a!.kind !== 'seq' || b!.kind !== 'seq') return typeError('two sequences', a!.kind !== 'seq' ? a! : b!, e);
        const pre = C.isPrefix(a!.elems, b!.elems);
        return bool(e.op === 'prefix' ? pre : pre && a!.elems.length < b!.elems.length);
      }
      case 'multiplicity': {
        arity(2);
        const x = val(b);
        if (a!.kind === 'multiset') return V.int(C.sortedCount(a!.elems, x));
        if (a!.kind === 'seq') return V.int(C.seqCount(a!.elems, x));
        if (a!.kind === 'set') return V.int(C.sortedHas(a!.elems, x) ? 1 : 0);
        return typeError('a multiset', a!, e);
      }
      case 'keys':
      case 'values':
      case 'items': {
        arity(1);
        if (a!.kind !== 'map') return typeError('a map', a!, e);
        if (e.op === 'keys') return { kind: 'set', elems: a!.entries.map(([k]) => k) };
        if (e.op === 'values') return V.set(a!.entries.map(([, v]) => v));
        return { kind: 'set', elems: a!.entries.map(([k, v]) => V.tuple([k, v])) };
      }
      case 'toSet':
        arity(1);
        return V.set([...this.elements(a!, e)]);
      case 'toMultiset':
        arity(1);
        return V.multiset([...this.elements(a!, e)]);
      case 'toSeq':
        arity(1);
        return V.seq([...this.elements(a!, e)]);
      case 'min':
      case 'max': {
        const nums = args.length === 1 ? [...this.elements(a!, e)] : args.map(val);
        if (nums.length === 0) throw new Unknown('unsupported', `${e.op} of an empty collection${where(e)}`);
        let best = nums[0]!;
        for (const x of nums.slice(1)) {
          const lt = this.lessThan(x, best, e);
          if (e.op === 'min' ? lt : this.lessThan(best, x, e)) best = x;
        }
        return best;
      }
      case 'abs': {
        arity(1);
        if (a!.kind === 'int') return V.int(bigAbs(a!.value));
        if (a!.kind === 'real') return ratValue(rat(bigAbs(a!.num), a!.den));
        return typeError('a number', a!, e);
      }
      case 'reverse':
        arity(1);
        if (a!.kind !== 'seq') return typeError('a sequence', a!, e);
        return V.seq(a!.elems.slice().reverse());
      case 'take':
      case 'drop': {
        arity(2);
        if (a!.kind !== 'seq') return typeError('a sequence', a!, e);
        if (b!.kind !== 'int') return typeError('an integer', b!, e);
        const n = b!.value < 0n ? 0 : b!.value > BigInt(a!.elems.length) ? a!.elems.length : Number(b!.value);
        return V.seq(e.op === 'take' ? a!.elems.slice(0, n) : a!.elems.slice(n));
      }
      case 'range': {
        arity(2);
        if (a!.kind !== 'int' || b!.kind !== 'int') return typeError('two integers', a!.kind !== 'int' ? a! : b!, e);
        if (b!.value - a!.value > BigInt(this.ctx.budget.maxEnumeration)) throw new Unknown('budget', `range too long${where(e)}`);
        const out: Value[] = [];
        for (let i = a!.value; i < b!.value; i++) out.push(V.int(i));
        return V.seq(out);
      }
      case 'map':
      case 'filter':
      case 'all':
      case 'any':
      case 'count': {
        arity(2);
        const f = a!;
        const coll = val(b);
        const elems = this.elements(coll, e);
        if (e.op === 'map') {
          const out = elems.map((x) => this.applyValue(f, [x], e));
          return coll.kind === 'seq' ? V.seq(out) : coll.kind === 'set' ? V.set(out) : V.multiset(out);
        }
        if (e.op === 'filter') {
          const out = elems.filter((x) => this.applyBool(f, x, e));
          return coll.kind === 'seq' ? V.seq(out) : { kind: coll.kind as 'set' | 'multiset', elems: out };
        }
        if (e.op === 'count') return V.int(elems.filter((x) => this.applyBool(f, x, e)).length);
        // all/any: three-valued over the elements, like a bounded quantifier.
        let unknown: Unknown | undefined;
        for (const x of elems) {
          try {
            if (this.applyBool(f, x, e) === (e.op === 'any')) return bool(e.op === 'any');
          } catch (err) {
            if (err instanceof Unknown) unknown ??= err;
            else throw err;
          }
        }
        if (unknown) throw unknown;
        return bool(e.op === 'all');
      }
      case 'sum':
      case 'product': {
        arity(1);
        let acc: Value = V.int(e.op === 'sum' ? 0 : 1);
        for (const x of this.elements(a!, e)) {
          if (!isNum(x) || !isNum(acc)) return typeError('numbers', x, e);
          if (x.kind === 'int' && acc.kind === 'int') acc = V.int(e.op === 'sum' ? acc.value + x.value : acc.value * x.value);
          else acc = ratValue(e.op === 'sum' ? ratAdd(toRat(acc), toRat(x)) : ratMul(toRat(acc), toRat(x)));
        }
        return acc;
      }
      case 'foldl':
      case 'foldr': {
        arity(3);
        const f = a!;
        let acc = val(b);
        const elems = this.elements(val(c), e);
        if (e.op === 'foldl') for (const x of elems) acc = this.applyValue(f, [acc, x], e);
        else for (let i = elems.length - 1; i >= 0; i--) acc = this.applyValue(f, [elems[i]!, acc], e);
        return acc;
      }
      case 'zip': {
        arity(2);
        if (a!.kind !== 'seq' || b!.kind !== 'seq') return typeError('two sequences', a!.kind !== 'seq' ? a! : b!, e);
        const n = Math.min(a!.elems.length, b!.elems.length);
        const out: Value[] = [];
        for (let i = 0; i < n; i++) out.push(V.tuple([a!.elems[i]!, b!.elems[i]!]));
        return V.seq(out);
      }
      case 'indexOf': {
        arity(2);
        if (a!.kind !== 'seq') return typeError('a sequence', a!, e);
        const x = val(b);
        return V.int(a!.elems.findIndex((y) => equalValues(x, y)));
      }
      case 'bitAnd':
      case 'bitOr':
      case 'bitXor':
      case 'shl':
      case 'shr': {
        arity(2);
        if (a!.kind !== 'int' || b!.kind !== 'int') return typeError('two integers', a!.kind !== 'int' ? a! : b!, e);
        const x = a!.value;
        const y = b!.value;
        if (x < 0n || y < 0n) throw new Unknown('unsupported', `bit operation on a negative integer${where(e)}`);
        if ((e.op === 'shl' || e.op === 'shr') && y > 100_000n) throw new Unknown('budget', `shift too large${where(e)}`);
        const r = e.op === 'bitAnd' ? x & y : e.op === 'bitOr' ? x | y : e.op === 'bitXor' ? x ^ y : e.op === 'shl' ? x << y : x >> y;
        return V.int(r);
      }
    }
  }

  private lessThan(x: Value, y: Value, e: Expr): boolean {
    if (isNum(x) && isNum(y)) return ratCmp(toRat(x), toRat(y)) < 0;
    if (x.kind === 'char' && y.kind === 'char') return compareValues(x, y) < 0;
    return typeError('numbers', x, e);
  }

  // ---- datatypes and patterns ----

  private field(e: Extract<Expr, { kind: 'field' }>, t: RVal): Value {
    if (t.kind === 'tuple' && typeof e.field === 'number') {
      const v = t.elems[e.field];
      return v ?? typeError(`a tuple with a component ${e.field}`, t, e);
    }
    if (t.kind !== 'datatype') return typeError('a datatype value', t, e);
    let i: number | undefined;
    if (typeof e.field === 'number') i = e.field < t.fields.length ? e.field : undefined;
    else {
      const m = this.fieldIndex.get(t.ctor) ?? this.fieldIndex.get(t.ctor.slice(t.ctor.lastIndexOf('.') + 1));
      if (!m && this.ctx.datatypes.length === 0) throw new Unknown('unsupported', `field ${e.field} of ${t.ctor}: no datatype declarations given${where(e)}`);
      i = m?.get(e.field);
    }
    if (i === undefined) return this.fail(e.onFail, `destructor ${e.field} does not apply to ${t.ctor}`, e);
    return t.fields[i]!;
  }

  /** Extends env with the pattern's variables, or null when the value does not match. */
  match(p: Pattern, v: RVal, env: Env | undefined): Env | undefined | null {
    switch (p.kind) {
      case 'wild':
        return env;
      case 'bind': {
        const inner = p.pattern ? this.match(p.pattern, v, env) : env;
        return inner === null ? null : new Env(p.name, v, inner);
      }
      case 'lit':
        return v.kind !== 'fn' && equalValues(p.value, v) ? env : null;
      case 'ctor': {
        if (v.kind !== 'datatype' || !sameCtor(v.ctor, p.ctor) || v.fields.length !== p.args.length) return null;
        let scope: Env | undefined | null = env;
        for (let i = 0; i < p.args.length && scope !== null; i++) scope = this.match(p.args[i]!, v.fields[i]!, scope);
        return scope;
      }
      case 'tuple': {
        if (v.kind !== 'tuple' || v.elems.length !== p.elems.length) return null;
        let scope: Env | undefined | null = env;
        for (let i = 0; i < p.elems.length && scope !== null; i++) scope = this.match(p.elems[i]!, v.elems[i]!, scope);
        return scope;
      }
      case 'seq': {
        if (v.kind !== 'seq') return null;
        if (p.rest ? v.elems.length < p.elems.length : v.elems.length !== p.elems.length) return null;
        let scope: Env | undefined | null = env;
        for (let i = 0; i < p.elems.length && scope !== null; i++) scope = this.match(p.elems[i]!, v.elems[i]!, scope);
        if (p.rest && scope !== null) scope = this.match(p.rest, V.seq(v.elems.slice(p.elems.length)), scope);
        return scope;
      }
    }
  }

  private matchExpr(e: MatchExpr, env: Env | undefined): RVal {
    const v = this.eval(e.target, env);
    for (const c of e.cases) {
      const scope = this.match(c.pattern, v, env);
      if (scope === null) continue;
      if (c.guard && !this.bool(c.guard, scope)) continue;
      return this.eval(c.body, scope);
    }
    return this.fail(e.onFail, `no case matches ${describe(v)}`, e);
  }

  private convert(e: ConvertExpr, v: RVal): Value {
    switch (e.conv) {
      case 'intToReal':
        if (v.kind === 'real') return v;
        if (v.kind !== 'int') return typeError('an integer', v, e);
        return V.real(v.value);
      case 'realFloor':
        if (v.kind === 'int') return v;
        if (v.kind !== 'real') return typeError('a real', v, e);
        return V.int(ratFloor(v));
      case 'charToInt':
        if (v.kind !== 'char') return typeError('a char', v, e);
        return V.int(v.value.codePointAt(0)!);
      case 'intToChar': {
        if (v.kind !== 'int') return typeError('an integer', v, e);
        const n = v.value;
        if (n < 0n || n > 0x10ffffn || (n >= 0xd800n && n <= 0xdfffn)) return this.fail(e.onFail, `${n} is not a character code`, e);
        return V.char(String.fromCodePoint(Number(n)));
      }
      case 'intCast': {
        if (v.kind !== 'int') return typeError('an integer', v, e);
        const d = e.domain ?? { kind: 'int' };
        if (d.kind === 'nat') return v.value < 0n ? this.fail(e.onFail, `${v.value} is not a natural number`, e) : v;
        return this.inDomain(v.value, d, e);
      }
    }
  }

  // ---- functions ----

  private fnOfDef(def: FunctionDef): FnVal {
    return { kind: 'fn', params: def.params, body: def.body, env: undefined, def, name: def.name };
  }

  callDef(def: FunctionDef, args: RVal[], e: Expr): RVal {
    return this.apply(this.fnOfDef(def), args, e);
  }

  apply(f: RVal, args: RVal[], e: Expr): RVal {
    if (f.kind !== 'fn') {
      // Dafny lets a sequence or map be "applied" only through indexing; anything else is a type error.
      return typeError('a function', f, e);
    }
    if (f.params.length !== args.length) throw new Unknown('unsupported', `${f.name} expects ${f.params.length} arguments, got ${args.length}${where(e)}`);
    if (!f.body) throw new Unknown('unsupported', `function ${f.name} has no body to evaluate${where(e)}`);
    let scope = f.env;
    for (let i = 0; i < args.length; i++) scope = new Env(f.params[i]!.name, args[i]!, scope);
    if (++this.depth > this.ctx.budget.maxDepth) {
      this.depth--;
      throw new Unknown('budget', `recursion depth budget (${this.ctx.budget.maxDepth}) exhausted in ${f.name}${where(e)}`);
    }
    try {
      for (const r of f.def?.requires ?? []) {
        if (!this.bool(r, scope)) {
          const shown = args.map(describe).join(', ');
          this.fail(f.def?.onRequiresFail, `precondition ${showExpr(r)} of ${f.name}(${shown}) is false`, e);
          throw new Unknown('unspecified', `precondition of ${f.name} is false`);
        }
      }
      return this.eval(f.body, scope);
    } finally {
      this.depth--;
    }
  }

  applyValue(f: RVal, args: Value[], e: Expr): Value {
    const v = this.apply(f, args, e);
    if (v.kind === 'fn') return typeError('a value', v, e);
    return v;
  }

  private applyBool(f: RVal, x: Value, e: Expr): boolean {
    const v = this.apply(f, [x], e);
    if (v.kind !== 'bool') return typeError('a boolean', v, e);
    return v.value;
  }

  // ---- quantifiers and comprehensions ----

  planFor(e: Expr, binders: Binder[], constraints: () => Expr[]): Plan | null {
    let plan = plans.get(e);
    if (plan === undefined) {
      plan = makePlan(binders, constraints()) ?? null;
      plans.set(e, plan);
    }
    return plan;
  }

  /**
   * Calls `visit` with env extended by every candidate tuple; `visit` returns true to stop early.
   * Throws NotEnumerable when a variable's candidates cannot be computed or are too many.
   */
  enumerate(plan: Plan, env: Env | undefined, visit: (env: Env | undefined) => boolean): void {
    let count = 0;
    const limit = this.ctx.budget.maxEnumeration;
    const step = (k: number, scope: Env | undefined): boolean => {
      if (k === plan.order.length) {
        if (++count > limit) throw new NotEnumerable(`more than ${limit} candidates`);
        return visit(scope);
      }
      const { binder, source } = plan.order[k]!;
      const cands = this.candidates(plan, source, binder.name, scope, k);
      if (cands.kind === 'list') {
        for (const v of cands.values) if (step(k + 1, new Env(binder.name, v, scope))) return true;
      } else {
        if (cands.hi - cands.lo > BigInt(limit)) throw new NotEnumerable(`${binder.name} ranges over ${cands.hi - cands.lo + 1n} values`);
        for (let i = cands.lo; i <= cands.hi; i++) {
          const v: Value = cands.char ? { kind: 'char', value: String.fromCodePoint(Number(i)) } : { kind: 'int', value: i };
          if (step(k + 1, new Env(binder.name, v, scope))) return true;
        }
      }
      return false;
    };
    step(0, env);
  }

  private candidates(
    plan: Plan,
    source: Source,
    name: string,
    env: Env | undefined,
    k: number,
  ): { kind: 'list'; values: readonly Value[] } | { kind: 'range'; lo: bigint; hi: bigint; char: boolean } {
    const guarded = (f: () => Value): Value => {
      try {
        return f();
      } catch (x) {
        if (x instanceof Unknown || x instanceof IllFormed) throw new NotEnumerable(`cannot compute the range of ${name}: ${x.reason}`);
        throw x;
      }
    };
    switch (source.kind) {
      case 'domain':
      case 'member': {
        const c = guarded(() => this.value(source.expr, env));
        if (c.kind === 'map') return { kind: 'list', values: c.entries.map(([key]) => key) };
        if (c.kind === 'seq' || c.kind === 'set' || c.kind === 'multiset') return { kind: 'list', values: c.elems };
        throw new NotEnumerable(`${name} ranges over ${describe(c)}, not a collection`);
      }
      case 'equal':
        return { kind: 'list', values: [guarded(() => this.value(source.expr, env))] };
      case 'finite':
        return { kind: 'list', values: source.values };
      case 'interval': {
        const placed = new Set(plan.order.slice(0, k).map((o) => o.binder.name));
        let isChar = false;
        const resolve = (x: string, side: 'lowers' | 'uppers', visiting: Set<string>): bigint | undefined => {
          const bd = plan.bounds.get(x)!;
          let best = side === 'lowers' ? bd.typeLow : bd.typeHigh;
          for (const r of bd[side]) {
            let n: bigint | undefined;
            const fv = freeVars(r.expr);
            const readsUnplaced = [...plan.bounds.keys()].some((b) => b !== x && !placed.has(b) && fv.has(b));
            if (!readsUnplaced) {
              let v: Value;
              try {
                v = this.value(r.expr, env);
              } catch (err) {
                if (err instanceof Unknown || err instanceof IllFormed) continue;
                throw err;
              }
              if (v.kind === 'int') n = v.value;
              else if (v.kind === 'char') {
                n = BigInt(v.value.codePointAt(0)!);
                isChar = true;
              } else continue;
            } else if (r.expr.kind === 'var' && plan.bounds.has(r.expr.name) && !visiting.has(r.expr.name)) {
              n = resolve(r.expr.name, side, new Set([...visiting, x]));
            }
            if (n === undefined) continue;
            if (r.strict) n = side === 'lowers' ? n + 1n : n - 1n;
            if (best === undefined || (side === 'lowers' ? n > best : n < best)) best = n;
          }
          return best;
        };
        const lo = resolve(name, 'lowers', new Set());
        const hi = resolve(name, 'uppers', new Set());
        if (lo === undefined || hi === undefined) throw new NotEnumerable(`no finite bounds for ${name}`);
        return { kind: 'range', lo, hi, char: isChar };
      }
    }
  }

  private quantifier(e: QuantExpr, env: Env | undefined): boolean {
    const plan = this.planFor(e, e.binders, () => quantifierConstraints(e.quant, e.range, e.body));
    if (!plan) return this.viaZ3(e, env, 'no finite bounds');
    const isForall = e.quant === 'forall';
    let decided = false;
    let unknown: Unknown | undefined;
    try {
      this.enumerate(plan, env, (scope) => {
        try {
          const holds = e.range ? (isForall ? this.implies(e.range, e.body, scope) : this.junction([e.range, e.body], scope, false)) : this.bool(e.body, scope);
          if (holds !== isForall) {
            decided = true; // a counterexample (forall) or a witness (exists)
            if (this.ctx.onInstance) {
              const values: Record<string, Value> = {};
              for (const b of e.binders) {
                const v = lookup(scope, b.name);
                if (v && v.kind !== 'fn') values[b.name] = v;
              }
              this.ctx.onInstance(e, values);
            }
            return true;
          }
        } catch (x) {
          if (x instanceof Unknown) unknown ??= x;
          else if (!(x instanceof IllFormed && unknown)) throw x;
        }
        return false;
      });
    } catch (x) {
      if (x instanceof NotEnumerable) return this.viaZ3(e, env, x.reason);
      throw x;
    }
    if (decided) return !isForall;
    if (unknown) throw unknown;
    return isForall;
  }

  private viaZ3(e: QuantExpr, env: Env | undefined, why: string): boolean {
    const names = [...freeVars(e)].sort();
    const bindings = new Map<string, Value>();
    const keyParts: string[] = [String(nodeId(e))];
    for (const n of names) {
      const v = lookup(env, n);
      if (v === undefined) continue; // a function name: the translation resolves it
      if (v.kind === 'fn') throw new Unknown('unsupported', `quantifier over a function value${where(e)}`);
      bindings.set(n, v);
      keyParts.push(`${n}=${valueKey(v)}`);
    }
    const key = keyParts.join('|');
    const answer = this.ctx.answers.get(key);
    if (answer !== undefined) {
      if (answer instanceof Unknown) throw answer;
      return answer;
    }
    const vars = e.binders.map((b) => b.name).join(', ');
    if (!this.ctx.useZ3) throw new Unknown('gave-up', `cannot enumerate ${e.quant} ${vars} (${why})${where(e)}`);
    this.pending.set(key, { key, expr: e, bindings });
    throw new Unknown('pending', `${e.quant} ${vars} waits for Z3${where(e)}`);
  }

  private comprehension(e: SetCompExpr | MapCompExpr, env: Env | undefined, each: (scope: Env | undefined) => void): void {
    const plan = this.planFor(e, e.binders, () => conjuncts(e.range));
    const vars = e.binders.map((b) => b.name).join(', ');
    if (!plan) throw new Unknown('unsupported', `cannot enumerate the comprehension over ${vars}${where(e)}`);
    try {
      this.enumerate(plan, env, (scope) => {
        if (!e.range || this.bool(e.range, scope)) each(scope);
        return false;
      });
    } catch (x) {
      if (x instanceof NotEnumerable) throw new Unknown('unsupported', `cannot enumerate the comprehension over ${vars}: ${x.reason}${where(e)}`);
      throw x;
    }
  }

  private setComp(e: SetCompExpr, env: Env | undefined): Value {
    const out: Value[] = [];
    this.comprehension(e, env, (scope) => {
      out.push(e.term ? this.value(e.term, scope) : this.value({ kind: 'var', name: e.binders[0]!.name }, scope));
    });
    return e.coll === 'set' ? V.set(out) : V.multiset(out);
  }

  private mapComp(e: MapCompExpr, env: Env | undefined): Value {
    const out: [Value, Value][] = [];
    const seen = new Map<string, Value>();
    let conflict: string | undefined;
    this.comprehension(e, env, (scope) => {
      const k = e.key ? this.value(e.key, scope) : this.value({ kind: 'var', name: e.binders[0]!.name }, scope);
      const v = this.value(e.value, scope);
      const kk = valueKey(k);
      const prev = seen.get(kk);
      if (prev && !equalValues(prev, v)) conflict ??= showValue(k);
      seen.set(kk, v);
      out.push([k, v]);
    });
    if (conflict !== undefined) throw new IllFormed(`map comprehension gives key ${conflict} two values${where(e)}`);
    return V.map(out);
  }
}

import type { Binder, Expr } from '../ir/nodes.js';
import { freeVars } from '../ir/vars.js';
import type { Value } from '../model/values.js';
import { machineRange, machineType } from '../model/types.js';

/**
 * Finding what a bound variable ranges over, from the constraints a quantifier or comprehension puts
 * on it: conjuncts of its range and (for `forall`) of the antecedents of its body, or (for `exists`) of
 * its body. Only constraints implied by those conjuncts are used, so enumerating the candidates and
 * evaluating the whole formula on each gives exactly the formula's value: values outside the
 * candidates make a conjunct false.
 */

/** One bound `x < e` (upper, strict) or `e <= x` (lower, non-strict)... on a variable. */
export interface BoundRef {
  expr: Expr;
  strict: boolean;
}

/** Where the candidates of one bound variable come from. */
export type Source =
  | { kind: 'domain'; expr: Expr } // binder's own `x <- xs`
  | { kind: 'equal'; expr: Expr } // conjunct `x == e`
  | { kind: 'member'; expr: Expr } // conjunct `x in e`: elements of a seq/set/multiset, keys of a map
  | { kind: 'interval'; lowers: BoundRef[]; uppers: BoundRef[]; typeLow?: bigint; typeHigh?: bigint }
  | { kind: 'finite'; values: Value[] }; // bool, enumerations

export interface Plan {
  /** Binders in enumeration order: each one's source reads only the ones before it (and the outer scope). */
  order: { binder: Binder; source: Source }[];
  /** Interval bounds of every binder, for resolving `i < j` where j comes later. */
  bounds: Map<string, { lowers: BoundRef[]; uppers: BoundRef[]; typeLow?: bigint; typeHigh?: bigint }>;
}

/** Conjuncts of `e`, flattening nested `and`s. */
export function conjuncts(e: Expr | undefined, out: Expr[] = []): Expr[] {
  if (!e) return out;
  if (e.kind === 'and') for (const a of e.args) conjuncts(a, out);
  else out.push(e);
  return out;
}

/** The constraints that bound a quantifier's variables. */
export function quantifierConstraints(quant: 'forall' | 'exists', range: Expr | undefined, body: Expr): Expr[] {
  const out = conjuncts(range);
  if (quant === 'exists') return conjuncts(body, out);
  // forall: A ==> (B ==> C): both A and B bound the variables (outside them the implication holds).
  let b = body;
  while (b.kind === 'implies') {
    conjuncts(b.left, out);
    b = b.right;
  }
  return out;
}

function isVar(e: Expr, name: string): boolean {
  return e.kind === 'var' && e.name === name;
}

const FLIP = { lt: 'gt', le: 'ge', gt: 'lt', ge: 'le', eq: 'eq', ne: 'ne' } as const;

function typeBounds(b: Binder): { typeLow?: bigint; typeHigh?: bigint } {
  const t = b.type;
  if (!t) return {};
  if (t.kind === 'nat') return { typeLow: 0n };
  if (t.kind === 'bitvector') return { typeLow: 0n, typeHigh: (1n << BigInt(t.width)) - 1n };
  return {};
}

function finiteValues(b: Binder): Value[] | undefined {
  const t = b.type;
  if (!t) return undefined;
  if (t.kind === 'bool') return [{ kind: 'bool', value: false }, { kind: 'bool', value: true }];
  if (t.kind === 'datatype' && t.ctors.length > 0 && t.ctors.every((c) => c.fields.length === 0)) {
    return t.ctors.map((c) => ({ kind: 'datatype', ctor: c.name, fields: [] }));
  }
  return undefined;
}

/** A machine-typed binder (`u8`...) is bounded by its range; so is one given as an opaque type name. */
function machineTypeBounds(b: Binder): { typeLow?: bigint; typeHigh?: bigint } {
  const t = b.type?.kind === 'opaque' ? machineType(b.type.name) : b.type;
  if (t?.kind !== 'machine') return {};
  const [lo, hi] = machineRange(t.bits, t.signed);
  return { typeLow: lo, typeHigh: hi };
}

/**
 * Builds an enumeration plan, or undefined when some variable has no usable source (then the formula
 * goes to Z3, or is unknown).
 */
export function makePlan(binders: Binder[], constraints: Expr[]): Plan | undefined {
  const names = binders.map((b) => b.name);
  const bounds: Plan['bounds'] = new Map();
  const equal = new Map<string, Expr[]>();
  const member = new Map<string, Expr[]>();
  for (const b of binders) {
    bounds.set(b.name, { lowers: [], uppers: [], ...typeBounds(b), ...machineTypeBounds(b) });
    equal.set(b.name, []);
    member.set(b.name, []);
  }
  for (const c of constraints) {
    if (c.kind === 'prim' && c.op === 'in' && c.args.length === 2 && c.args[0]!.kind === 'var') {
      const x = c.args[0]!.name;
      if (member.has(x) && !freeVars(c.args[1]!).has(x)) member.get(x)!.push(c.args[1]!);
      continue;
    }
    if (c.kind !== 'cmp' || c.op === 'ne') continue;
    for (const [v, other, op] of [
      [c.left, c.right, c.op],
      [c.right, c.left, FLIP[c.op]],
    ] as const) {
      if (v.kind !== 'var' || !bounds.has(v.name) || freeVars(other).has(v.name)) continue;
      const bd = bounds.get(v.name)!;
      if (op === 'eq') equal.get(v.name)!.push(other);
      else if (op === 'lt' || op === 'le') bd.uppers.push({ expr: other, strict: op === 'lt' });
      else if (op === 'gt' || op === 'ge') bd.lowers.push({ expr: other, strict: op === 'gt' });
    }
  }

  const placed = new Set<string>();
  const unplacedOthers = (self: string) => names.filter((n) => n !== self && !placed.has(n));
  const readsOnlyPlaced = (e: Expr, self: string) => {
    const fv = freeVars(e);
    return unplacedOthers(self).every((n) => !fv.has(n));
  };
  // A bound resolves if its expression reads only placed variables, or is another variable whose own
  // bound (on the same side) resolves: `i < j < n` bounds i above by n - 1.
  const resolvable = (x: string, side: 'lowers' | 'uppers', visiting: Set<string>): boolean => {
    const bd = bounds.get(x)!;
    if ((side === 'lowers' ? bd.typeLow : bd.typeHigh) !== undefined) return true;
    return bd[side].some((r) => {
      if (readsOnlyPlaced(r.expr, x)) return true;
      if (r.expr.kind === 'var' && bounds.has(r.expr.name) && !placed.has(r.expr.name) && !visiting.has(r.expr.name)) {
        return resolvable(r.expr.name, side, new Set([...visiting, x]));
      }
      return false;
    });
  };

  const order: Plan['order'] = [];
  while (order.length < binders.length) {
    let chosen: { binder: Binder; source: Source } | undefined;
    for (const b of binders) {
      if (placed.has(b.name)) continue;
      const source = sourceFor(b);
      if (source) {
        chosen = { binder: b, source };
        break;
      }
    }
    if (!chosen) return undefined;
    placed.add(chosen.binder.name);
    order.push(chosen);
  }
  return { order, bounds };

  function sourceFor(b: Binder): Source | undefined {
    if (b.domain && readsOnlyPlaced(b.domain, b.name)) return { kind: 'domain', expr: b.domain };
    const eq = equal.get(b.name)!.find((e) => readsOnlyPlaced(e, b.name));
    if (eq) return { kind: 'equal', expr: eq };
    const mem = member.get(b.name)!.find((e) => readsOnlyPlaced(e, b.name));
    if (mem) return { kind: 'member', expr: mem };
    if (resolvable(b.name, 'lowers', new Set()) && resolvable(b.name, 'uppers', new Set())) {
      const bd = bounds.get(b.name)!;
      return { kind: 'interval', ...bd };
    }
    const fin = finiteValues(b);
    if (fin) return { kind: 'finite', values: fin };
    return undefined;
  }
}

export function isBinderVar(e: Expr, names: readonly string[]): e is Extract<Expr, { kind: 'var' }> {
  return e.kind === 'var' && names.some((n) => isVar(e, n));
}

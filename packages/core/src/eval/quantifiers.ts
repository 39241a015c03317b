import type { Binder, Expr, MapCompExpr, QuantExpr, SetCompExpr } from '../ir/nodes.js';
import { showValue } from '../ir/print.js';
import { freeVars } from '../ir/vars.js';
import { equalValues, V, valueKey, type Value } from '../model/values.js';
import { conjuncts, makePlan, quantifierConstraints, type Plan, type Source } from './bounds.js';
import { Env, lookup } from './env.js';
import type { Evaluator } from './context.js';
import { implies, junction } from './logic.js';
import { IllFormed, Unknown } from './outcome.js';
import { describe, where } from './runtime.js';

/**
 * Quantifiers and comprehensions: enumerated over the candidates a plan finds for each bound variable,
 * three-valued like the connectives; what cannot be bounded becomes a Z3 query (or `gave-up`).
 */

export class NotEnumerable {
  constructor(readonly reason: string) {}
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

export function planFor(e: Expr, binders: Binder[], constraints: () => Expr[]): Plan | null {
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
export function enumerate(ip: Evaluator, plan: Plan, env: Env | undefined, visit: (env: Env | undefined) => boolean): void {
  let count = 0;
  const limit = ip.ctx.budget.maxEnumeration;
  const step = (k: number, scope: Env | undefined): boolean => {
    if (k === plan.order.length) {
      if (++count > limit) throw new NotEnumerable(`more than ${limit} candidates`);
      return visit(scope);
    }
    const { binder, source } = plan.order[k]!;
    const cands = candidates(ip, plan, source, binder.name, scope, k);
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

export function candidates(
  ip: Evaluator,
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
      const c = guarded(() => ip.value(source.expr, env));
      if (c.kind === 'map') return { kind: 'list', values: c.entries.map(([key]) => key) };
      if (c.kind === 'seq' || c.kind === 'set' || c.kind === 'multiset') return { kind: 'list', values: c.elems };
      throw new NotEnumerable(`${name} ranges over ${describe(c)}, not a collection`);
    }
    case 'equal':
      return { kind: 'list', values: [guarded(() => ip.value(source.expr, env))] };
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
              v = ip.value(r.expr, env);
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

export function quantifier(ip: Evaluator, e: QuantExpr, env: Env | undefined): boolean {
  const plan = planFor(e, e.binders, () => quantifierConstraints(e.quant, e.range, e.body));
  if (!plan) return viaZ3(ip, e, env, 'no finite bounds');
  const isForall = e.quant === 'forall';
  let decided = false;
  let unknown: Unknown | undefined;
  try {
    enumerate(ip, plan, env, (scope) => {
      try {
        const holds = e.range ? (isForall ? implies(ip, e.range, e.body, scope) : junction(ip, [e.range, e.body], scope, false)) : ip.bool(e.body, scope);
        if (holds !== isForall) {
          decided = true; // a counterexample (forall) or a witness (exists)
          if (ip.ctx.onInstance) {
            const values: Record<string, Value> = {};
            for (const b of e.binders) {
              const v = lookup(scope, b.name);
              if (v && v.kind !== 'fn') values[b.name] = v;
            }
            ip.ctx.onInstance(e, values);
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
    if (x instanceof NotEnumerable) return viaZ3(ip, e, env, x.reason);
    throw x;
  }
  if (decided) return !isForall;
  if (unknown) throw unknown;
  return isForall;
}

export function viaZ3(ip: Evaluator, e: QuantExpr, env: Env | undefined, why: string): boolean {
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
  const answer = ip.ctx.answers.get(key);
  if (answer !== undefined) {
    if (answer instanceof Unknown) throw answer;
    return answer;
  }
  const vars = e.binders.map((b) => b.name).join(', ');
  if (!ip.ctx.useZ3) throw new Unknown('gave-up', `cannot enumerate ${e.quant} ${vars} (${why})${where(e)}`);
  ip.pending.set(key, { key, expr: e, bindings });
  throw new Unknown('pending', `${e.quant} ${vars} waits for Z3${where(e)}`);
}

export function comprehension(ip: Evaluator, e: SetCompExpr | MapCompExpr, env: Env | undefined, each: (scope: Env | undefined) => void): void {
  const plan = planFor(e, e.binders, () => conjuncts(e.range));
  const vars = e.binders.map((b) => b.name).join(', ');
  if (!plan) throw new Unknown('unsupported', `cannot enumerate the comprehension over ${vars}${where(e)}`);
  try {
    enumerate(ip, plan, env, (scope) => {
      if (!e.range || ip.bool(e.range, scope)) each(scope);
      return false;
    });
  } catch (x) {
    if (x instanceof NotEnumerable) throw new Unknown('unsupported', `cannot enumerate the comprehension over ${vars}: ${x.reason}${where(e)}`);
    throw x;
  }
}

export function setComp(ip: Evaluator, e: SetCompExpr, env: Env | undefined): Value {
  const out: Value[] = [];
  comprehension(ip, e, env, (scope) => {
    out.push(e.term ? ip.value(e.term, scope) : ip.value({ kind: 'var', name: e.binders[0]!.name }, scope));
  });
  return e.coll === 'set' ? V.set(out) : V.multiset(out);
}

export function mapComp(ip: Evaluator, e: MapCompExpr, env: Env | undefined): Value {
  const out: [Value, Value][] = [];
  const seen = new Map<string, Value>();
  let conflict: string | undefined;
  comprehension(ip, e, env, (scope) => {
    const k = e.key ? ip.value(e.key, scope) : ip.value({ kind: 'var', name: e.binders[0]!.name }, scope);
    const v = ip.value(e.value, scope);
    const kk = valueKey(k);
    const prev = seen.get(kk);
    if (prev && !equalValues(prev, v)) conflict ??= showValue(k);
    seen.set(kk, v);
    out.push([k, v]);
  });
  if (conflict !== undefined) throw new IllFormed(`map comprehension gives key ${conflict} two values${where(e)}`);
  return V.map(out);
}
import type { Expr, QuantExpr } from '../ir/nodes.js';
import type { Value } from '../model/values.js';
import { quantifierConstraints } from './bounds.js';
import { Env, lookup, type RVal } from './env.js';
import { NotEnumerable, type Interp } from './interp.js';
import { IllFormed, Unknown } from './outcome.js';

/**
 * Says why an expression that evaluated to false is false, for a person reading a report: the conjunct
 * that failed, the values a quantifier failed at (or that no witness exists), the operand values of a
 * failed comparison. It re-evaluates parts of the expression, so it is only called once a clause is
 * known to be false.
 */
export function explainFalse(ip: Interp, e: Expr, env: Env | undefined, witnessVars: ReadonlySet<string> = new Set(), depth = 0): string {
  const text = (x: Expr) => ip.printer.expr(substitute(x, env, witnessVars));
  const is = (x: Expr, want: boolean): boolean => {
    try {
      return ip.bool(x, env) === want;
    } catch (err) {
      if (err instanceof Unknown || err instanceof IllFormed) return false;
      throw err;
    }
  };
  const value = (x: Expr): RVal | undefined => {
    try {
      return ip.eval(x, env);
    } catch (err) {
      if (err instanceof Unknown || err instanceof IllFormed) return undefined;
      throw err;
    }
  };
  const shown = (v: RVal | undefined) => (v === undefined ? '?' : v.kind === 'fn' ? '<function>' : ip.printer.value(v));
  if (depth > 6) return `${text(e)} is false`;
  switch (e.kind) {
    case 'and': {
      const bad = e.args.find((a) => is(a, false));
      return bad ? explainFalse(ip, bad, env, witnessVars, depth + 1) : `${text(e)} is false`;
    }
    case 'implies':
      return explainFalse(ip, e.right, env, witnessVars, depth + 1);
    case 'not':
      return `${text(e.arg)} is true`;
    case 'or':
      return e.args.length > 1 ? `no alternative holds: ${e.args.map((a) => explainFalse(ip, a, env, witnessVars, depth + 1)).join('; ')}` : `${text(e)} is false`;
    case 'iff':
      return `${text(e.left)} is ${shown(value(e.left))} but ${text(e.right)} is ${shown(value(e.right))}`;
    case 'cmp': {
      const l = value(e.left);
      const r = value(e.right);
      // In words, not in any language's syntax: the printer may not have an equality operator to hand.
      if (e.op === 'ne') {
        if (e.right.kind === 'lit') return `${text(e.left)} is ${shown(r)}`;
        if (e.left.kind === 'lit') return `${text(e.right)} is ${shown(l)}`;
        return `${text(e.left)} and ${text(e.right)} are both ${shown(l)}`;
      }
      const parts = [e.left, e.right]
        .map((x, i) => (x.kind === 'lit' ? undefined : `${text(x)} = ${shown(i === 0 ? l : r)}`))
        .filter((x): x is string => x !== undefined);
      return `${text(e)} is false${parts.length ? ` (${parts.join(', ')})` : ''}`;
    }
    case 'quant':
      return explainQuantifier(ip, e, env, witnessVars, depth);
    case 'call': {
      const def = ip.ctx.functions.get(e.fn);
      const args = e.args.map(value);
      const head = `${e.fn}(${args.map(shown).join(', ')}) is false`;
      if (!def?.body || args.some((a) => a === undefined)) return head;
      let scope: Env | undefined;
      def.params.forEach((p, i) => (scope = new Env(p.name, args[i]!, scope)));
      const inner = explainFalse(ip, def.body, scope, new Set(), depth + 1);
      return inner.endsWith(' is false') && inner.startsWith(ip.printer.expr(def.body)) ? head : `${head}: ${inner}`;
    }
    case 'let': {
      let scope = env;
      for (const b of e.bindings) {
        const v = value(b.value);
        const next = v === undefined ? null : ip.match(b.pattern, v, scope);
        if (next === null) return `${text(e)} is false`;
        scope = next;
      }
      return explainFalse(ip, e.body, scope, witnessVars, depth + 1);
    }
    case 'ite':
      return explainFalse(ip, is(e.cond, true) ? e.then : e.else, env, witnessVars, depth + 1);
    default:
      return `${text(e)} is false`;
  }
}

function explainQuantifier(ip: Interp, e: QuantExpr, env: Env | undefined, witnessVars: ReadonlySet<string>, depth: number): string {
  const vars = e.binders.map((b) => b.name).join(', ');
  const plan = ip.planFor(e, e.binders, () => quantifierConstraints(e.quant, e.range, e.body));
  if (!plan) return `${e.quant} ${vars} is false (decided by Z3)`;
  if (e.quant === 'exists') return `no ${vars} satisfies ${ip.printer.expr(substitute(e.range ? { kind: 'and', args: [e.range, e.body] } : e.body, env, witnessVars))}`;
  let witness: Env | undefined;
  try {
    ip.enumerate(plan, env, (scope) => {
      try {
        if ((e.range && !ip.bool(e.range, scope)) || ip.bool(e.body, scope)) return false;
        witness = scope;
        return true;
      } catch (err) {
        if (err instanceof Unknown || err instanceof IllFormed) return false;
        throw err;
      }
    });
  } catch (err) {
    if (!(err instanceof NotEnumerable || err instanceof Unknown || err instanceof IllFormed)) throw err;
  }
  if (!witness) return `${e.quant} ${vars} is false`;
  const at = e.binders.map((b) => `${b.name}=${showBound(ip, lookup(witness, b.name))}`).join(', ');
  const inner = new Set([...witnessVars, ...e.binders.map((b) => b.name)]);
  return `forall ${vars} fails at ${at} (${explainFalse(ip, e.body, witness, inner, depth + 1)})`;
}

function showBound(ip: Interp, v: RVal | undefined): string {
  return v === undefined ? '?' : v.kind === 'fn' ? '<function>' : ip.printer.value(v);
}

/** Replaces the witness variables by their values, so `result[i]` reads `result[0]`. */
export function substitute(e: Expr, env: Env | undefined, names: ReadonlySet<string>): Expr {
  if (names.size === 0) return e;
  const go = (x: Expr, hidden: ReadonlySet<string>): Expr => {
    if (x.kind === 'var') {
      if (!names.has(x.name) || hidden.has(x.name)) return x;
      const v = lookup(env, x.name);
      return v && v.kind !== 'fn' ? { kind: 'lit', value: v as Value } : x;
    }
    if (x.kind === 'quant' || x.kind === 'setComp' || x.kind === 'mapComp' || x.kind === 'lambda' || x.kind === 'let' || x.kind === 'match') {
      return x; // binders inside: leave as written
    }
    const out: Record<string, unknown> = { ...x };
    for (const [k, v] of Object.entries(x)) {
      if (Array.isArray(v)) out[k] = v.map((y) => (isExpr(y) ? go(y, hidden) : y));
      else if (isExpr(v)) out[k] = go(v, hidden);
    }
    return out as unknown as Expr;
  };
  return go(e, new Set());
}

function isExpr(x: unknown): x is Expr {
  return typeof x === 'object' && x !== null && 'kind' in x && typeof (x as { kind: unknown }).kind === 'string' && !('value' in x && (x as { kind: string }).kind !== 'lit') && !Array.isArray(x);
}

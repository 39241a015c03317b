import { freeVars, type Binder, type Expr, type FunctionDef, type IrSpec, type QuantExpr } from '@specmut/core';
import { instantiate, mapChildren } from './rewrite.js';

/**
 * The evaluator enumerates a quantifier's variables from the constraints it can read off its range and
 * antecedents (`x in s`, `x == e`, `lo <= i < hi`, finite types); others go to Z3, which cannot use
 * Dafny's partial indexing. Two Dafny idioms hide the bounds: an equivalence as the body
 * (`forall x :: x in r <==> InBoth(a, b, x)`) and a membership predicate as the antecedent
 * (`forall x :: InArray(a, x) ==> x in r`, whose body is `exists i :: 0 <= i < a.Length && a[i] == x`).
 * These rewrites are logical equivalences that bring the bounds out:
 *
 *  - `forall x | R :: A <==> B` is `(forall x | R :: A ==> B) && (forall x | R :: B ==> A)`;
 *  - a call of a predicate without precondition whose body is an `exists` is replaced by the body
 *    (parameters substituted, bound variables renamed apart);
 *  - an `exists` among a `forall`'s antecedents, or among an `exists`'s conjuncts, is pulled out:
 *    `forall x :: (exists k :: P(k, x)) && C ==> D` is `forall x, k :: P(k, x) && C ==> D`.
 *
 * A quantifier is rewritten only when some variable has no bound and the rewrite bounds them all.
 */
export function makeEnumerable(spec: IrSpec, fresh: (name: string) => string): IrSpec {
  const functions = new Map(spec.functions.map((f) => [f.name, f]));
  const walk = (e: Expr): Expr => {
    const inner = mapChildren(e, walk);
    return inner.kind === 'quant' ? reshape(inner, functions, fresh) : inner;
  };
  for (const f of spec.functions) {
    if (f.body) f.body = walk(f.body);
    if (f.requires) f.requires = f.requires.map(walk);
  }
  return {
    ...spec,
    requires: spec.requires.map((c) => ({ ...c, expr: walk(c.expr) })),
    ensures: spec.ensures.map((c) => ({ ...c, expr: walk(c.expr) })),
  };
}

function conjuncts(e: Expr | undefined, out: Expr[] = []): Expr[] {
  if (!e) return out;
  if (e.kind === 'and') e.args.forEach((a) => conjuncts(a, out));
  else out.push(e);
  return out;
}

/** The constraints the evaluator reads bounds from: range, and antecedents (forall) or body (exists). */
function constraints(q: QuantExpr): Expr[] {
  const out = conjuncts(q.range);
  if (q.quant === 'exists') return conjuncts(q.body, out);
  for (let b = q.body; b.kind === 'implies'; b = b.right) conjuncts(b.left, out);
  return out;
}

const isVar = (e: Expr, name: string) => e.kind === 'var' && e.name === name;

/** Variables with no source of candidates (approximates the evaluator's planner, ignoring the order between variables). */
function unbounded(binders: Binder[], cs: Expr[]): Set<string> {
  const out = new Set<string>();
  for (const b of binders) {
    if (b.domain || finite(b)) continue;
    let lower = b.type?.kind === 'nat' || b.type?.kind === 'bitvector';
    let upper = b.type?.kind === 'bitvector';
    let found = false;
    for (const c of cs) {
      if (c.kind === 'prim' && c.op === 'in' && isVar(c.args[0]!, b.name) && !freeVars(c.args[1]!).has(b.name)) found = true;
      if (c.kind !== 'cmp' || c.op === 'ne') continue;
      for (const [v, other, flip] of [[c.left, c.right, false], [c.right, c.left, true]] as const) {
        if (!isVar(v, b.name) || freeVars(other).has(b.name)) continue;
        const op = flip ? ({ lt: 'gt', le: 'ge', gt: 'lt', ge: 'le', eq: 'eq' } as const)[c.op] : c.op;
        if (op === 'eq') found = true;
        if (op === 'lt' || op === 'le') upper = true;
        if (op === 'gt' || op === 'ge') lower = true;
      }
    }
    if (!found && !(lower && upper)) out.add(b.name);
  }
  return out;
}

function finite(b: Binder): boolean {
  const t = b.type;
  return t?.kind === 'bool' || (t?.kind === 'datatype' && t.ctors.length > 0 && t.ctors.every((c) => c.fields.length === 0));
}

function reshape(q: QuantExpr, functions: ReadonlyMap<string, FunctionDef>, fresh: (name: string) => string): Expr {
  if (unbounded(q.binders, constraints(q)).size === 0) return q;
  if (q.quant === 'forall' && q.body.kind === 'iff') {
    const halves: QuantExpr[] = [
      { ...q, body: { kind: 'implies', left: q.body.left, right: q.body.right } },
      { ...q, body: { kind: 'implies', left: q.body.right, right: q.body.left } },
    ];
    const shaped = halves.map((h) => reshape(h, functions, fresh));
    if (shaped.every((s) => s.kind !== 'quant' || unbounded(s.binders, constraints(s)).size === 0)) return { kind: 'and', args: shaped, loc: q.loc };
    return q;
  }
  const pulled = pullExists(q, functions, fresh);
  return pulled ?? q;
}

/** A predicate call's body at these arguments, when it is an `exists` (and the predicate has no precondition). */
function existsInstance(c: Expr, functions: ReadonlyMap<string, FunctionDef>, fresh: (name: string) => string): QuantExpr | undefined {
  if (c.kind === 'quant' && c.quant === 'exists') return instantiate(c, new Map(), fresh) as QuantExpr;
  if (c.kind !== 'call') return undefined;
  const def = functions.get(c.fn);
  if (!def?.body || def.body.kind !== 'quant' || def.body.quant !== 'exists' || (def.requires?.length ?? 0) > 0 || def.params.length !== c.args.length) return undefined;
  const values = new Map(def.params.map((p, i) => [p.name, c.args[i]!]));
  return instantiate(def.body, values, fresh) as QuantExpr;
}

function pullExists(q: QuantExpr, functions: ReadonlyMap<string, FunctionDef>, fresh: (name: string) => string): QuantExpr | undefined {
  // The conjuncts that may be flattened, and what stays outside them: the consequent of a forall.
  const parts = conjuncts(q.range);
  let consequent: Expr | undefined;
  if (q.quant === 'forall') {
    if (q.body.kind !== 'implies') return undefined;
    conjuncts(q.body.left, parts);
    consequent = q.body.right;
  } else conjuncts(q.body, parts);

  let binders = [...q.binders];
  let open = unbounded(binders, parts);
  const out: Expr[] = [];
  for (const c of parts) {
    const mentionsOpen = [...freeVars(c)].some((v) => open.has(v));
    const instance = mentionsOpen ? existsInstance(c, functions, fresh) : undefined;
    if (!instance) {
      out.push(c);
      continue;
    }
    binders = [...binders, ...instance.binders];
    out.push(...conjuncts(instance.range), ...conjuncts(instance.body));
    open = unbounded(binders, [...out, ...parts.slice(parts.indexOf(c) + 1)]);
  }
  if (binders.length === q.binders.length || unbounded(binders, out).size > 0) return undefined;
  const all: Expr = out.length === 1 ? out[0]! : { kind: 'and', args: out };
  const body: Expr = consequent ? { kind: 'implies', left: all, right: consequent } : all;
  return { kind: 'quant', quant: q.quant, binders, body, loc: q.loc };
}

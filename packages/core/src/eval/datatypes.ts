import type { DatatypeDecl, Expr, MatchExpr, Pattern } from '../ir/nodes.js';
import { equalValues, V, type Value } from '../model/values.js';
import { Env, type RVal } from './env.js';
import type { Evaluator } from './context.js';
import { Unknown } from './outcome.js';
import { describe, typeError, where } from './runtime.js';
import { seqAt, seqLength, seqSlice } from './seq-view.js';

/** Datatype values: constructors, destructors (fields), patterns and `match`. */

const fieldIndexes = new WeakMap<readonly DatatypeDecl[], Map<string, Map<string, number>>>();

/** Constructor name (bare and qualified) -> field name -> position; built once per declaration list. */
export function fieldIndexOf(datatypes: readonly DatatypeDecl[]): Map<string, Map<string, number>> {
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

export function sameCtor(a: string, b: string): boolean {
  if (a === b) return true;
  // `Option.some` and `some`, `List.nil` and `nil`: qualified and bare names denote the same constructor.
  const la = a.slice(a.lastIndexOf('.') + 1);
  const lb = b.slice(b.lastIndexOf('.') + 1);
  return la === lb && (a.includes('.') || b.includes('.'));
}

export function withFields(ip: Evaluator, e: Extract<Expr, { kind: 'withFields' }>, env: Env | undefined): Value {
  const t = ip.eval(e.target, env);
  if (t.kind !== 'datatype') return typeError('a datatype value', t, e);
  const fields = t.fields.slice();
  for (const u of e.updates) {
    const v = ip.value(u.value, env);
    const i = fieldPosition(ip, t, u.field, e);
    if (i === undefined) return ip.fail(e.onFail, `${t.ctor} has no field ${u.field}`, e);
    fields[i] = v;
  }
  return V.datatype(t.ctor, fields);
}

/** The position of a field (by name through the declarations, or by number) in a value's constructor. */
function fieldPosition(ip: Evaluator, t: Extract<Value, { kind: 'datatype' }>, name: string | number, e: Expr): number | undefined {
  if (typeof name === 'number') return name < t.fields.length ? name : undefined;
  const m = ip.fieldIndex.get(t.ctor) ?? ip.fieldIndex.get(t.ctor.slice(t.ctor.lastIndexOf('.') + 1));
  if (!m && ip.ctx.datatypes.length === 0) throw new Unknown('unsupported', `field ${name} of ${t.ctor}: no datatype declarations given${where(e)}`);
  return m?.get(name);
}

export function field(ip: Evaluator, e: Extract<Expr, { kind: 'field' }>, t: RVal): Value {
  if (t.kind === 'tuple' && typeof e.field === 'number') {
    const v = t.elems[e.field];
    return v ?? typeError(`a tuple with a component ${e.field}`, t, e);
  }
  if (t.kind !== 'datatype') return typeError('a datatype value', t, e);
  const i = fieldPosition(ip, t, e.field, e);
  if (i === undefined) return ip.fail(e.onFail, `destructor ${e.field} does not apply to ${t.ctor}`, e);
  return t.fields[i]!;
}

/** Extends env with the pattern's variables, or null when the value does not match. */
export function match(p: Pattern, v: RVal, env: Env | undefined): Env | undefined | null {
  switch (p.kind) {
    case 'wild':
      return env;
    case 'bind': {
      const inner = p.pattern ? match(p.pattern, v, env) : env;
      return inner === null ? null : new Env(p.name, v, inner);
    }
    case 'lit':
      return v.kind !== 'fn' && equalValues(p.value, v) ? env : null;
    case 'ctor': {
      if (v.kind !== 'datatype' || !sameCtor(v.ctor, p.ctor) || v.fields.length !== p.args.length) return null;
      let scope: Env | undefined | null = env;
      for (let i = 0; i < p.args.length && scope !== null; i++) scope = match(p.args[i]!, v.fields[i]!, scope);
      return scope;
    }
    case 'tuple': {
      if (v.kind !== 'tuple' || v.elems.length !== p.elems.length) return null;
      let scope: Env | undefined | null = env;
      for (let i = 0; i < p.elems.length && scope !== null; i++) scope = match(p.elems[i]!, v.elems[i]!, scope);
      return scope;
    }
    case 'seq': {
      if (v.kind !== 'seq') return null;
      if (p.rest ? seqLength(v) < p.elems.length : seqLength(v) !== p.elems.length) return null;
      let scope: Env | undefined | null = env;
      for (let i = 0; i < p.elems.length && scope !== null; i++) scope = match(p.elems[i]!, seqAt(v, i)!, scope);
      if (p.rest && scope !== null) scope = match(p.rest, seqSlice(v, p.elems.length, seqLength(v)), scope);
      return scope;
    }
  }
}

export function matchExpr(ip: Evaluator, e: MatchExpr, env: Env | undefined): RVal {
  const v = ip.eval(e.target, env);
  for (const c of e.cases) {
    const scope = match(c.pattern, v, env);
    if (scope === null) continue;
    if (c.guard && !ip.bool(c.guard, scope)) continue;
    return ip.eval(c.body, scope);
  }
  return ip.fail(e.onFail, `no case matches ${describe(v)}`, e);
}


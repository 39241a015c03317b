import type { Binder, Expr, MatchCase, Pattern } from '@specmut/core';

/** The node with every direct sub-expression replaced by `f` of it (binders' domains included). */
export function mapChildren(e: Expr, f: (x: Expr) => Expr): Expr {
  const fb = (bs: Binder[]): Binder[] => bs.map((b) => (b.domain ? { ...b, domain: f(b.domain) } : b));
  const opt = (x: Expr | undefined) => (x ? f(x) : undefined);
  switch (e.kind) {
    case 'lit':
    case 'var':
    case 'fnRef':
    case 'unsupported':
      return e;
    case 'arith':
    case 'div':
    case 'cmp':
    case 'implies':
    case 'iff':
      return { ...e, left: f(e.left), right: f(e.right) };
    case 'neg':
    case 'not':
    case 'convert':
      return { ...e, arg: f(e.arg) };
    case 'and':
    case 'or':
    case 'prim':
      return { ...e, args: e.args.map(f) };
    case 'ite':
      return { ...e, cond: f(e.cond), then: f(e.then), else: f(e.else) };
    case 'let':
      return { ...e, bindings: e.bindings.map((b) => ({ pattern: b.pattern, value: f(b.value) })), body: f(e.body) };
    case 'index':
      return { ...e, target: f(e.target), index: f(e.index) };
    case 'slice':
      return { ...e, target: f(e.target), from: opt(e.from), to: opt(e.to) };
    case 'update':
      return { ...e, target: f(e.target), key: f(e.key), value: f(e.value) };
    case 'display':
    case 'tuple':
      return { ...e, elems: e.elems.map(f) };
    case 'mapDisplay':
      return { ...e, entries: e.entries.map((x) => ({ key: f(x.key), value: f(x.value) })) };
    case 'seqInit':
      return { ...e, length: f(e.length), fn: f(e.fn) };
    case 'quant':
      return { ...e, binders: fb(e.binders), range: opt(e.range), body: f(e.body) };
    case 'setComp':
      return { ...e, binders: fb(e.binders), range: opt(e.range), term: opt(e.term) };
    case 'mapComp':
      return { ...e, binders: fb(e.binders), range: opt(e.range), key: opt(e.key), value: f(e.value) };
    case 'call':
    case 'ctor':
    case 'specCall':
      return { ...e, args: e.args.map(f) };
    case 'withFields':
      return { ...e, target: f(e.target), updates: e.updates.map((u) => ({ field: u.field, value: f(u.value) })) };
    case 'lambda':
      return { ...e, body: f(e.body) };
    case 'apply':
      return { ...e, fn: f(e.fn), args: e.args.map(f) };
    case 'tupleGet':
    case 'field':
    case 'isCtor':
      return { ...e, target: f(e.target) };
    case 'match':
      return { ...e, target: f(e.target), cases: e.cases.map((c) => ({ ...c, guard: opt(c.guard), body: f(c.body) })) };
  }
}

/**
 * `e` with its free variables replaced by `values`, every variable it binds renamed by `fresh` (so no
 * replacement can be captured, whatever names it mentions): the instance of a function body at a call.
 */
export function instantiate(e: Expr, values: ReadonlyMap<string, Expr>, fresh: (name: string) => string): Expr {
  const go = (x: Expr, env: ReadonlyMap<string, Expr>): Expr => {
    switch (x.kind) {
      case 'var':
        return env.get(x.name) ?? x;
      case 'quant':
      case 'setComp':
      case 'mapComp': {
        let inner = new Map(env);
        const binders = x.binders.map((b): Binder => {
          const domain = b.domain ? go(b.domain, inner) : undefined;
          const name = fresh(b.name);
          inner = new Map(inner).set(b.name, { kind: 'var', name });
          return { ...b, name, domain };
        });
        const sub = (y: Expr | undefined) => (y ? go(y, inner) : undefined);
        if (x.kind === 'quant') return { ...x, binders, range: sub(x.range), body: go(x.body, inner) };
        if (x.kind === 'setComp') return { ...x, binders, range: sub(x.range), term: sub(x.term) ?? (x.binders.length === 1 ? { kind: 'var', name: binders[0]!.name } : undefined) };
        return { ...x, binders, range: sub(x.range), key: sub(x.key) ?? (x.binders.length === 1 ? { kind: 'var', name: binders[0]!.name } : undefined), value: go(x.value, inner) };
      }
      case 'lambda': {
        const inner = new Map(env);
        const params = x.params.map((p) => {
          const name = fresh(p.name);
          inner.set(p.name, { kind: 'var', name });
          return { ...p, name };
        });
        return { ...x, params, body: go(x.body, inner) };
      }
      case 'let': {
        // Bindings are sequential: each value sees the variables bound before it.
        const inner = new Map(env);
        const bindings = x.bindings.map((b) => {
          const value = go(b.value, new Map(inner));
          return { pattern: renamePattern(b.pattern, inner, fresh), value };
        });
        return { ...x, bindings, body: go(x.body, inner) };
      }
      case 'match': {
        const cases = x.cases.map((c): MatchCase => {
          const inner = new Map(env);
          const pattern = renamePattern(c.pattern, inner, fresh);
          return { pattern, guard: c.guard ? go(c.guard, inner) : undefined, body: go(c.body, inner) };
        });
        return { ...x, target: go(x.target, env), cases };
      }
      default:
        return mapChildren(x, (y) => go(y, env));
    }
  };
  return go(e, values);
}

function renamePattern(p: Pattern, env: Map<string, Expr>, fresh: (name: string) => string): Pattern {
  switch (p.kind) {
    case 'bind': {
      const name = fresh(p.name);
      env.set(p.name, { kind: 'var', name });
      return p.pattern ? { kind: 'bind', name, pattern: renamePattern(p.pattern, env, fresh) } : { kind: 'bind', name };
    }
    case 'ctor':
      return { ...p, args: p.args.map((a) => renamePattern(a, env, fresh)) };
    case 'tuple':
      return { ...p, elems: p.elems.map((a) => renamePattern(a, env, fresh)) };
    case 'seq':
      return { ...p, elems: p.elems.map((a) => renamePattern(a, env, fresh)), rest: p.rest ? renamePattern(p.rest, env, fresh) : undefined };
    default:
      return p;
  }
}

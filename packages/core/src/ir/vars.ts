import type { Binder, Expr, Pattern } from './nodes.js';

export function patternVars(p: Pattern, out: string[] = []): string[] {
  switch (p.kind) {
    case 'bind':
      out.push(p.name);
      if (p.pattern) patternVars(p.pattern, out);
      break;
    case 'ctor':
      p.args.forEach((a) => patternVars(a, out));
      break;
    case 'tuple':
      p.elems.forEach((a) => patternVars(a, out));
      break;
    case 'seq':
      p.elems.forEach((a) => patternVars(a, out));
      if (p.rest) patternVars(p.rest, out);
      break;
    default:
      break;
  }
  return out;
}

/** The direct sub-expressions of a node (binders' domains included), in evaluation order. */
export function children(e: Expr): Expr[] {
  switch (e.kind) {
    case 'lit':
    case 'var':
    case 'fnRef':
    case 'unsupported':
      return [];
    case 'arith':
    case 'div':
    case 'cmp':
    case 'implies':
    case 'iff':
      return [e.left, e.right];
    case 'neg':
    case 'not':
    case 'convert':
      return [e.arg];
    case 'and':
    case 'or':
    case 'prim':
      return e.args;
    case 'ite':
      return [e.cond, e.then, e.else];
    case 'let':
      return [...e.bindings.map((b) => b.value), e.body];
    case 'index':
      return [e.target, e.index];
    case 'slice':
      return [e.target, ...(e.from ? [e.from] : []), ...(e.to ? [e.to] : [])];
    case 'update':
      return [e.target, e.key, e.value];
    case 'display':
    case 'tuple':
      return e.elems;
    case 'mapDisplay':
      return e.entries.flatMap((x) => [x.key, x.value]);
    case 'seqInit':
      return [e.length, e.fn];
    case 'quant':
      return [...binderDomains(e.binders), ...(e.range ? [e.range] : []), e.body];
    case 'setComp':
      return [...binderDomains(e.binders), ...(e.range ? [e.range] : []), ...(e.term ? [e.term] : [])];
    case 'mapComp':
      return [...binderDomains(e.binders), ...(e.range ? [e.range] : []), ...(e.key ? [e.key] : []), e.value];
    case 'call':
      return e.args;
    case 'lambda':
      return [e.body];
    case 'apply':
      return [e.fn, ...e.args];
    case 'tupleGet':
    case 'field':
    case 'isCtor':
      return [e.target];
    case 'ctor':
    case 'specCall':
      return e.args;
    case 'withFields':
      return [e.target, ...e.updates.map((u) => u.value)];
    case 'match':
      return [e.target, ...e.cases.flatMap((c) => (c.guard ? [c.guard, c.body] : [c.body]))];
  }
}

function binderDomains(bs: Binder[]): Expr[] {
  return bs.flatMap((b) => (b.domain ? [b.domain] : []));
}

/**
 * The variables an expression reads that it does not bind itself. Cached per node: IR trees are
 * treated as immutable once built, and the quantifier enumerator asks this question often.
 */
const cache = new WeakMap<Expr, ReadonlySet<string>>();

export function freeVars(e: Expr): ReadonlySet<string> {
  const hit = cache.get(e);
  if (hit) return hit;
  const out = new Set<string>();
  const addAll = (s: Iterable<string>, except: ReadonlySet<string> = EMPTY) => {
    for (const x of s) if (!except.has(x)) out.add(x);
  };
  switch (e.kind) {
    case 'var':
      out.add(e.name);
      break;
    case 'quant':
    case 'setComp':
    case 'mapComp': {
      // A binder's domain sees the earlier binders only; range and body see all of them.
      const bound = new Set<string>();
      for (const b of e.binders) {
        if (b.domain) addAll(freeVars(b.domain), bound);
        bound.add(b.name);
      }
      const rest = e.kind === 'quant' ? [e.range, e.body] : e.kind === 'setComp' ? [e.range, e.term] : [e.range, e.key, e.value];
      for (const r of rest) if (r) addAll(freeVars(r), bound);
      break;
    }
    case 'lambda': {
      const bound = new Set(e.params.map((p) => p.name));
      addAll(freeVars(e.body), bound);
      break;
    }
    case 'let': {
      const bound = new Set<string>();
      for (const b of e.bindings) {
        addAll(freeVars(b.value), bound);
        patternVars(b.pattern).forEach((x) => bound.add(x));
      }
      addAll(freeVars(e.body), bound);
      break;
    }
    case 'match': {
      addAll(freeVars(e.target));
      for (const c of e.cases) {
        const bound = new Set(patternVars(c.pattern));
        if (c.guard) addAll(freeVars(c.guard), bound);
        addAll(freeVars(c.body), bound);
      }
      break;
    }
    default:
      for (const c of children(e)) addAll(freeVars(c));
  }
  cache.set(e, out);
  return out;
}

const EMPTY: ReadonlySet<string> = new Set();

/** True when `e` reads none of `names`. */
export function independentOf(e: Expr, names: ReadonlySet<string> | readonly string[]): boolean {
  const fv = freeVars(e);
  for (const n of names) if (fv.has(n)) return false;
  return true;
}

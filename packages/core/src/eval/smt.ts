import type { Binder, Expr, FunctionDef, QuantExpr } from '../ir/nodes.js';
import { showExpr } from '../ir/print.js';
import { freeVars } from '../ir/vars.js';
import { machineRange, type Type } from '../model/types.js';
import type { Value } from '../model/values.js';
import { Env } from './env.js';
import type { Interp } from './interp.js';
import { IllFormed, Unknown } from './outcome.js';

/**
 * Translation of one quantifier, with the concrete values of its free variables, to an SMT-LIB
 * formula. Sub-expressions that do not mention the quantified variables are evaluated by the
 * evaluator first and written as literals, so only the part that depends on the unbounded variables
 * reaches Z3: integer, real and boolean arithmetic, sequences of those, membership in concrete
 * collections, and calls of defined functions (as `define-fun-rec`). Anything else, and any partial
 * operation whose failure would make the spec ill-formed, is not translated: the quantifier stays unknown.
 */

export class NotTranslatable {
  constructor(readonly reason: string) {}
}

type Sort = string; // 'Int' | 'Bool' | 'Real' | '(Seq <sort>)'

interface Term {
  t: string;
  s: Sort;
}

function sortOfType(t: Type | undefined): Sort | undefined {
  if (!t) return 'Int';
  switch (t.kind) {
    case 'int':
    case 'nat':
    case 'char':
    case 'bitvector':
    case 'machine':
      return 'Int';
    case 'bool':
      return 'Bool';
    case 'real':
      return 'Real';
    case 'string':
      return '(Seq Int)';
    case 'seq':
    case 'array': {
      const e = sortOfType(t.kind === 'array' && t.dims > 1 ? { kind: 'array', elem: t.elem, dims: t.dims - 1 } : t.elem);
      return e && `(Seq ${e})`;
    }
    default:
      return undefined;
  }
}

/** Side conditions a binder's type puts on its value (nat >= 0, chars are code points). */
function typeGuard(b: Binder, name: string): string | undefined {
  const k = b.type?.kind;
  if (k === 'nat') return `(>= ${name} 0)`;
  if (k === 'char') return `(and (>= ${name} 0) (<= ${name} 1114111))`;
  if (b.type?.kind === 'machine') {
    const [lo, hi] = machineRange(b.type.bits, b.type.signed);
    return `(and (>= ${name} ${int(lo)}) (<= ${name} ${int(hi)}))`;
  }
  if (k === 'bitvector') return `(and (>= ${name} 0) (< ${name} ${(1n << BigInt((b.type as { width: number }).width)).toString()}))`;
  return undefined;
}

const int = (n: bigint): string => (n < 0n ? `(- ${-n})` : n.toString());

function literal(v: Value, hint?: Sort): Term {
  switch (v.kind) {
    case 'int':
      return { t: int(v.value), s: 'Int' };
    case 'bool':
      return { t: String(v.value), s: 'Bool' };
    case 'char':
      return { t: String(v.value.codePointAt(0)!), s: 'Int' };
    case 'real': {
      const mag = `(/ ${(v.num < 0n ? -v.num : v.num).toString()}.0 ${v.den.toString()}.0)`;
      return { t: v.num < 0n ? `(- ${mag})` : mag, s: 'Real' };
    }
    case 'seq': {
      if (v.elems.length > 5_000) throw new NotTranslatable('sequence too long for Z3');
      if (v.elems.length === 0) {
        const s = hint && hint.startsWith('(Seq') ? hint : '(Seq Int)';
        return { t: `(as seq.empty ${s})`, s };
      }
      const elems = v.elems.map((e) => literal(e));
      const s = `(Seq ${elems[0]!.s})`;
      const units = elems.map((e) => `(seq.unit ${e.t})`);
      return { t: units.length === 1 ? units[0]! : `(seq.++ ${units.join(' ')})`, s };
    }
    default:
      throw new NotTranslatable(`a ${v.kind} value cannot be given to Z3`);
  }
}

const quote = (name: string): string => `|${name.replace(/[|\\]/g, '_')}|`;

export interface SmtProblem {
  /** Declarations (recursive function definitions) followed by the formula's text. */
  declarations: string[];
  formula: string;
}

export function translateQuantifier(q: QuantExpr, bindings: Map<string, Value>, ip: Interp): SmtProblem {
  const declarations: string[] = [];
  const defined = new Map<string, Sort>();
  let env: Env | undefined;
  for (const [k, v] of bindings) env = new Env(k, v, env);

  const evalClosed = (e: Expr, scopeEnv: Env | undefined): Value => {
    try {
      return ip.value(e, scopeEnv);
    } catch (err) {
      if (err instanceof Unknown || err instanceof IllFormed) throw new NotTranslatable(`cannot evaluate ${showExpr(e)}: ${err.reason}`);
      throw err;
    }
  };

  const defineFunction = (def: FunctionDef): Sort => {
    const known = defined.get(def.name);
    if (known) return known;
    const result = def.result ? sortOfType(def.result) : undefined;
    if (!result || !def.body) throw new NotTranslatable(`function ${def.name} without a result type or body`);
    if ((def.requires ?? []).length > 0) throw new NotTranslatable(`function ${def.name} has a precondition`);
    defined.set(def.name, result);
    const params = def.params.map((p) => {
      const s = sortOfType(p.type);
      if (!s) throw new NotTranslatable(`parameter ${p.name} of ${def.name} has no SMT sort`);
      return [p.name, s] as const;
    });
    const scope = new Map<string, Sort>(params);
    const body = tr(def.body, scope, undefined);
    if (body.s !== result) throw new NotTranslatable(`function ${def.name} body sort mismatch`);
    declarations.push(`(define-fun-rec ${quote(def.name)} (${params.map(([n, s]) => `(${quote(n)} ${s})`).join(' ')}) ${result} ${body.t})`);
    return result;
  };

  /**
   * `scope`: the SMT-bound variables and their sorts; `closedEnv`: the concrete values of everything
   * else (undefined inside a function body, which reads only its parameters).
   */
  function tr(e: Expr, scope: Map<string, Sort>, closedEnv: Env | undefined, root = false): Term {
    const fv = freeVars(e);
    let closed = !root;
    for (const n of fv) if (scope.has(n)) closed = false;
    if (closed && (closedEnv !== undefined || fv.size === 0) && e.kind !== 'lit') {
      // A nested quantifier the evaluator cannot decide on its own is translated instead.
      if (e.kind !== 'quant') return literal(evalClosed(e, closedEnv));
      try {
        return literal(evalClosed(e, closedEnv));
      } catch (err) {
        if (!(err instanceof NotTranslatable)) throw err;
      }
    }
    const sub = (x: Expr) => tr(x, scope, closedEnv);
    const want = (x: Expr, s: Sort) => {
      const r = sub(x);
      if (r.s !== s) throw new NotTranslatable(`${showExpr(x)} is not ${s}`);
      return r.t;
    };
    switch (e.kind) {
      case 'lit':
        return literal(e.value);
      case 'var': {
        const s = scope.get(e.name);
        if (!s) throw new NotTranslatable(`unbound ${e.name}`);
        return { t: quote(e.name), s };
      }
      case 'arith': {
        const l = sub(e.left);
        const r = sub(e.right);
        if (l.s.startsWith('(Seq') && e.op === 'add' && l.s === r.s) return { t: `(seq.++ ${l.t} ${r.t})`, s: l.s };
        if (l.s !== r.s || (l.s !== 'Int' && l.s !== 'Real')) throw new NotTranslatable(`arithmetic on ${l.s}, ${r.s}`);
        if (l.s === 'Int' && e.domain.kind === 'machine') throw new NotTranslatable('machine integer arithmetic');
        if (e.op === 'pow') {
          const n = e.right.kind === 'lit' && e.right.value.kind === 'int' ? e.right.value.value : undefined;
          if (n === undefined || n < 0n || n > 16n) throw new NotTranslatable('power with a non-literal exponent');
          return { t: n === 0n ? (l.s === 'Int' ? '1' : '1.0') : n === 1n ? l.t : `(* ${Array(Number(n)).fill(l.t).join(' ')})`, s: l.s };
        }
        const op = e.op === 'add' ? '+' : e.op === 'sub' ? '-' : '*';
        if (l.s === 'Int' && e.domain.kind === 'nat' && e.op === 'sub') return { t: `(ite (>= ${l.t} ${r.t}) (- ${l.t} ${r.t}) 0)`, s: 'Int' };
        return { t: `(${op} ${l.t} ${r.t})`, s: l.s };
      }
      case 'neg': {
        const a = sub(e.arg);
        if (a.s !== 'Int' && a.s !== 'Real') throw new NotTranslatable('negation of a non-number');
        if (a.s === 'Int' && e.domain.kind !== 'int') throw new NotTranslatable('negation outside int');
        return { t: `(- ${a.t})`, s: a.s };
      }
      case 'div': {
        const l = sub(e.left);
        const r = sub(e.right);
        const nonZeroLiteral = e.right.kind === 'lit' || ![...freeVars(e.right)].some((n) => scope.has(n));
        if (l.s === 'Real' && r.s === 'Real' && e.op === 'div') {
          if (!nonZeroLiteral || r.t === '(/ 0.0 1.0)') throw new NotTranslatable('real division by a possibly-zero term');
          return { t: `(/ ${l.t} ${r.t})`, s: 'Real' };
        }
        if (l.s !== 'Int' || r.s !== 'Int' || e.domain.kind === 'machine') throw new NotTranslatable('division outside the integers');
        const total = e.byZero.mode === 'total';
        if (!total && (!nonZeroLiteral || r.t === '0')) throw new NotTranslatable('division by a possibly-zero term');
        const a = l.t;
        const b = r.t;
        let q: string;
        if (e.rounding === 'euclid') q = `(div ${a} ${b})`;
        else if (e.rounding === 'trunc') q = `(ite (>= ${a} 0) (div ${a} ${b}) (- (div (- ${a}) ${b})))`;
        else q = `(ite (> ${b} 0) (div ${a} ${b}) (div (- ${a}) (- ${b})))`;
        let t = e.op === 'div' ? q : e.rounding === 'euclid' ? `(mod ${a} ${b})` : `(- ${a} (* ${b} ${q}))`;
        if (total) t = `(ite (= ${b} 0) ${e.op === 'div' ? '0' : a} ${t})`;
        return { t, s: 'Int' };
      }
      case 'cmp': {
        const l = sub(e.left);
        const r = sub(e.right);
        if (l.s !== r.s) throw new NotTranslatable(`comparison of ${l.s} and ${r.s}`);
        if (e.op === 'eq') return { t: `(= ${l.t} ${r.t})`, s: 'Bool' };
        if (e.op === 'ne') return { t: `(not (= ${l.t} ${r.t}))`, s: 'Bool' };
        if (l.s !== 'Int' && l.s !== 'Real') throw new NotTranslatable(`ordering of ${l.s}`);
        const op = { lt: '<', le: '<=', gt: '>', ge: '>=' }[e.op];
        return { t: `(${op} ${l.t} ${r.t})`, s: 'Bool' };
      }
      case 'not':
        return { t: `(not ${want(e.arg, 'Bool')})`, s: 'Bool' };
      case 'and':
      case 'or':
        if (e.args.length === 0) return { t: e.kind === 'and' ? 'true' : 'false', s: 'Bool' };
        return { t: `(${e.kind} ${e.args.map((a) => want(a, 'Bool')).join(' ')})`, s: 'Bool' };
      case 'implies':
        return { t: `(=> ${want(e.left, 'Bool')} ${want(e.right, 'Bool')})`, s: 'Bool' };
      case 'iff':
        return { t: `(= ${want(e.left, 'Bool')} ${want(e.right, 'Bool')})`, s: 'Bool' };
      case 'ite': {
        const c = want(e.cond, 'Bool');
        const a = sub(e.then);
        const b = sub(e.else);
        if (a.s !== b.s) throw new NotTranslatable('if-then-else branches of different sorts');
        return { t: `(ite ${c} ${a.t} ${b.t})`, s: a.s };
      }
      case 'let': {
        let inner = new Map(scope);
        const binds: string[] = [];
        let t = '';
        for (const b of e.bindings) {
          if (b.pattern.kind !== 'bind' || b.pattern.pattern) throw new NotTranslatable('let with a pattern');
          const v = tr(b.value, inner, closedEnv);
          inner = new Map(inner).set(b.pattern.name, v.s);
          binds.push(`(${quote(b.pattern.name)} ${v.t})`);
        }
        const body = tr(e.body, inner, closedEnv);
        t = body.t;
        for (let i = binds.length - 1; i >= 0; i--) t = `(let (${binds[i]}) ${t})`;
        return { t, s: body.s };
      }
      case 'index': {
        if (e.onFail.mode === 'error') throw new NotTranslatable('an index that must be in range');
        const s = sub(e.target);
        if (!s.s.startsWith('(Seq ')) throw new NotTranslatable('index of a non-sequence');
        return { t: `(seq.nth ${s.t} ${want(e.index, 'Int')})`, s: s.s.slice(5, -1) };
      }
      case 'prim': {
        if (e.op === 'card' && e.args.length === 1) {
          const s = sub(e.args[0]!);
          if (!s.s.startsWith('(Seq ')) throw new NotTranslatable('cardinality of a non-sequence');
          return { t: `(seq.len ${s.t})`, s: 'Int' };
        }
        if (e.op === 'in' && e.args.length === 2) {
          const x = sub(e.args[0]!);
          const collFree = [...freeVars(e.args[1]!)].some((n) => scope.has(n));
          if (!collFree && closedEnv !== undefined) {
            const c = evalClosed(e.args[1]!, closedEnv);
            const elems = c.kind === 'map' ? c.entries.map(([k]) => k) : c.kind === 'seq' || c.kind === 'set' || c.kind === 'multiset' ? c.elems : undefined;
            if (!elems) throw new NotTranslatable('membership in a non-collection');
            if (elems.length > 5_000) throw new NotTranslatable('collection too large for Z3');
            if (elems.length === 0) return { t: 'false', s: 'Bool' };
            return { t: `(or ${elems.map((v) => `(= ${x.t} ${literal(v).t})`).join(' ')})`, s: 'Bool' };
          }
          const c = sub(e.args[1]!);
          if (c.s !== `(Seq ${x.s})`) throw new NotTranslatable('membership in a non-sequence');
          return { t: `(seq.contains ${c.t} (seq.unit ${x.t}))`, s: 'Bool' };
        }
        if ((e.op === 'min' || e.op === 'max') && e.args.length === 2) {
          const a = sub(e.args[0]!);
          const b = sub(e.args[1]!);
          if (a.s !== b.s || (a.s !== 'Int' && a.s !== 'Real')) throw new NotTranslatable('min/max of non-numbers');
          return { t: `(ite (${e.op === 'min' ? '<=' : '>='} ${a.t} ${b.t}) ${a.t} ${b.t})`, s: a.s };
        }
        if (e.op === 'abs' && e.args.length === 1) {
          const a = sub(e.args[0]!);
          if (a.s !== 'Int' && a.s !== 'Real') throw new NotTranslatable('abs of a non-number');
          return { t: `(ite (>= ${a.t} ${a.s === 'Int' ? '0' : '0.0'}) ${a.t} (- ${a.t}))`, s: a.s };
        }
        throw new NotTranslatable(`${e.op} is not translated to Z3`);
      }
      case 'quant': {
        const inner = new Map(scope);
        const decls: string[] = [];
        const guards: string[] = [];
        for (const b of e.binders) {
          if (b.domain) throw new NotTranslatable('binder with a domain');
          const s = sortOfType(b.type);
          if (!s) throw new NotTranslatable(`binder ${b.name} has no SMT sort`);
          inner.set(b.name, s);
          decls.push(`(${quote(b.name)} ${s})`);
          const g = typeGuard(b, quote(b.name));
          if (g) guards.push(g);
        }
        const range = e.range ? [tr(e.range, inner, closedEnv).t] : [];
        const body = tr(e.body, inner, closedEnv);
        if (body.s !== 'Bool') throw new NotTranslatable('quantifier body is not boolean');
        const cond = [...guards, ...range];
        const t =
          e.quant === 'forall'
            ? `(forall (${decls.join(' ')}) ${cond.length ? `(=> (and ${cond.join(' ')} true) ${body.t})` : body.t})`
            : `(exists (${decls.join(' ')}) (and ${[...cond, body.t].join(' ')}))`;
        return { t, s: 'Bool' };
      }
      case 'call': {
        const def = ip.ctx.functions.get(e.fn);
        if (!def) throw new NotTranslatable(`unknown function ${e.fn}`);
        const s = defineFunction(def);
        const args = e.args.map((a, i) => {
          const r = sub(a);
          const ps = sortOfType(def.params[i]?.type);
          if (r.s !== ps) throw new NotTranslatable(`argument ${i + 1} of ${e.fn} has the wrong sort`);
          return r.t;
        });
        return { t: args.length ? `(${quote(def.name)} ${args.join(' ')})` : quote(def.name), s };
      }
      default:
        throw new NotTranslatable(`${e.kind} is not translated to Z3`);
    }
  }

  const formula = tr(q, new Map(), env, true);
  if (formula.s !== 'Bool') throw new NotTranslatable('not a formula');
  return { declarations, formula: formula.t };
}

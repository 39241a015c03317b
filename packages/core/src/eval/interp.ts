import type { Binder, DatatypeDecl, Expr, FunctionDef, OnFailure, Pattern, QuantExpr } from '../ir/nodes.js';
import { DEBUG_PRINTER, type Printer } from '../ir/print.js';
import { V, type Value } from '../model/values.js';
import { rat } from './arith.js';
import type { Plan } from './bounds.js';
import { Env, lookup, type RVal } from './env.js';
import { fieldIndexOf, field, match, matchExpr, sameCtor, withFields } from './datatypes.js';
import { apply, applyValue, callDef, fnOfDef, specCall } from './functions.js';
import { implies, ite, junction } from './logic.js';
import { compare, convert, divide, inDomain, arith } from './numbers.js';
import { IllFormed, Unknown } from './outcome.js';
import { CORE_PRIMITIVES, prim } from './primitives.js';
import type { Evaluator, InterpContext, PrimTable, Z3Query } from './context.js';
import { enumerate, mapComp, planFor, quantifier, setComp } from './quantifiers.js';
import { bool, describe, ratValue, typeError, where } from './runtime.js';
import { index, slice, update } from './sequences.js';

export { NotEnumerable, nodeId } from './quantifiers.js';

/*
 * The evaluator's entry: the dispatch over IR nodes. Each concern lives in its own module (logic,
 * numbers, sequences, datatypes, functions, quantifiers, primitives); they call back into `eval`.
 */

/**
 * The tree-walking evaluator. Definite values are returned; "no definite value" travels as a thrown
 * `Unknown` (with its cause) or `IllFormed`, caught only by the connectives, conditionals and
 * quantifiers that can still decide without it. One instance evaluates one clause check: the step
 * counter is its budget.
 */
export class Interp implements Evaluator {
  steps = 0;
  depth = 0;
  readonly pending = new Map<string, Z3Query>();
  readonly fieldIndex: Map<string, Map<string, number>>;
  readonly primitives: PrimTable;
  readonly printer: Printer;

  constructor(readonly ctx: InterpContext) {
    this.fieldIndex = fieldIndexOf(ctx.datatypes);
    this.primitives = ctx.primitives ?? CORE_PRIMITIVES;
    this.printer = ctx.printer ?? DEBUG_PRINTER;
  }

  private elements = 0;

  chargeElements(n: number): void {
    this.elements += n;
    if (this.elements > this.ctx.budget.maxElements) {
      throw new Unknown('budget', `collection element budget (${this.ctx.budget.maxElements}) exhausted: the clause builds more collection elements than that`);
    }
  }

  private tick(): void {
    if (++this.steps > this.ctx.budget.maxSteps) {
      throw new Unknown('budget', `evaluation step budget (${this.ctx.budget.maxSteps}) exhausted`);
    }
  }

  /** A partial operation failed: its `onFail` mode decides between a default, unknown and ill-formed. */
  fail(onFail: OnFailure | undefined, reason: string, e: Expr): Value {
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
        if (def) return fnOfDef(def);
        throw new Unknown('unsupported', `unbound variable ${e.name}${where(e)}`);
      }
      case 'arith':
      {
        const v = arith(e, this.eval(e.left, env), this.eval(e.right, env));
        // Sequence concatenation builds a new sequence of both lengths.
        if (v.kind === 'seq') this.chargeElements(v.elems.length);
        return v;
      }
      case 'neg': {
        const v = this.eval(e.arg, env);
        if (v.kind === 'real') return ratValue(rat(-v.num, v.den));
        if (v.kind === 'float') return V.float(-v.value);
        if (v.kind !== 'int') typeError('a number', v, e);
        return inDomain(-v.value, e.domain, e);
      }
      case 'div':
        return divide(this, e, this.eval(e.left, env), this.eval(e.right, env));
      case 'cmp':
        return bool(compare(e, this.eval(e.left, env), this.eval(e.right, env)));
      case 'not':
        return bool(!this.bool(e.arg, env));
      case 'and':
        return bool(junction(this, e.args, env, false));
      case 'or':
        return bool(junction(this, e.args, env, true));
      case 'implies':
        return bool(implies(this, e.left, e.right, env));
      case 'iff':
        return bool(this.bool(e.left, env) === this.bool(e.right, env));
      case 'ite':
        return ite(this, e.cond, e.then, e.else, env);
      case 'let': {
        let scope = env;
        for (const b of e.bindings) {
          const v = this.eval(b.value, scope);
          const bound = match(b.pattern, v, scope);
          if (bound === null) return this.fail(e.onFail, `value ${describe(v)} does not match the pattern of a let`, e);
          scope = bound;
        }
        return this.eval(e.body, scope);
      }
      case 'index':
        return index(this, e, this.eval(e.target, env), this.eval(e.index, env));
      case 'slice':
        return slice(this, e, env);
      case 'update':
        return update(this, e, this.eval(e.target, env), this.eval(e.key, env), this.eval(e.value, env));
      case 'prim':
        return prim(this, e, env);
      case 'display': {
        this.chargeElements(e.elems.length);
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
        this.chargeElements(Number(n));
        const elems: Value[] = [];
        for (let i = 0n; i < n; i++) elems.push(applyValue(this, f, [V.int(i)], e));
        return V.seq(elems);
      }
      case 'quant':
        return bool(quantifier(this, e, env));
      case 'setComp':
        return setComp(this, e, env);
      case 'mapComp':
        return mapComp(this, e, env);
      case 'call': {
        const def = this.ctx.functions.get(e.fn);
        if (!def) {
          const local = lookup(env, e.fn);
          if (local) return apply(this, local, e.args.map((a) => this.eval(a, env)), e);
          throw new Unknown('unsupported', `call of unknown function ${e.fn}${where(e)}`);
        }
        return callDef(this, def, e.args.map((a) => this.eval(a, env)), e);
      }
      case 'fnRef': {
        const def = this.ctx.functions.get(e.fn);
        if (!def) throw new Unknown('unsupported', `unknown function ${e.fn}${where(e)}`);
        return fnOfDef(def);
      }
      case 'lambda':
        return { kind: 'fn', params: e.params, body: e.body, env, name: 'lambda' };
      case 'apply':
        return apply(this, this.eval(e.fn, env), e.args.map((a) => this.eval(a, env)), e);
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
        return field(this, e, this.eval(e.target, env));
      case 'isCtor': {
        const t = this.eval(e.target, env);
        if (t.kind !== 'datatype') typeError('a datatype value', t, e);
        return bool(sameCtor(t.ctor, e.ctor));
      }
      case 'match':
        return matchExpr(this, e, env);
      case 'convert':
        return convert(this, e, this.eval(e.arg, env));
      case 'withFields':
        return withFields(this, e, env);
      case 'specCall':
        return specCall(this, e, e.args.map((a) => this.value(a, env)));
      case 'unsupported':
        throw new Unknown('unsupported', `unsupported construct: ${e.construct}${where(e)}`);
    }
  }

  /** Extends env with the pattern's variables, or null when the value does not match. */
  match(p: Pattern, v: RVal, env: Env | undefined): Env | undefined | null {
    return match(p, v, env);
  }

  callDef(def: FunctionDef, args: RVal[], e: Expr): RVal {
    return callDef(this, def, args, e);
  }

  apply(f: RVal, args: RVal[], e: Expr): RVal {
    return apply(this, f, args, e);
  }

  applyValue(f: RVal, args: Value[], e: Expr): Value {
    return applyValue(this, f, args, e);
  }

  planFor(e: Expr, binders: Binder[], constraints: () => Expr[]): Plan | null {
    return planFor(e, binders, constraints);
  }

  /**
   * Calls `visit` with env extended by every candidate tuple; `visit` returns true to stop early.
   * Throws NotEnumerable when a variable's candidates cannot be computed or are too many.
   */
  enumerate(plan: Plan, env: Env | undefined, visit: (env: Env | undefined) => boolean): void {
    enumerate(this, plan, env, visit);
  }
}

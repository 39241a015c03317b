import { type Binder, type Expr, type IrClause, type IrSpec, type MethodSpec, type SpecModule, type Unsupported } from '@specmut/core';
import { hypothesisKey, isHypothesis, leanNative, sharedHypotheses, type LeanSpecShape } from '../spec-module.js';
import type { Node } from '../syntax/parser.js';
import { spine } from '../syntax/types.js';
import { lengthScope, sizeFacts, vectorLengths, withLengths, type VectorLengths } from './lengths.js';
import { E, locOf, NotLowered, withVars, type LowerContext, type Scope, type SelfFunction } from './context.js';
import { lowerOrUnsupported, userDeclaration } from './expressions.js';
import { callFunction } from './functions.js';

function binders(params: MethodSpec['signature']['params']): Binder[] {
  return params.map((p) => ({ name: p.name, type: p.type }));
}

function scopeOf(method: MethodSpec): Scope {
  return withVars(new Map(), [...method.signature.params, ...method.signature.results].map((p) => [p.name, p.type]));
}

/**
 * VERINA's clauses: the bodies of `f_precond` and `f_postcond`, read with the postcondition's
 * parameter names; the precondition is called positionally, since its parameters may be named apart.
 */
function predicateClauses(ctx: LowerContext, method: MethodSpec, shape: Extract<LeanSpecShape, { style: 'predicates' }>, lengths: SpecLengths): { requires: IrClause[]; ensures: IrClause[] } {
  const scope = lengthScope(scopeOf(method), lengths.all);
  const requires: IrClause[] = [];
  if (shape.precond?.body) {
    const args = method.signature.params.map((p) => ({ e: E.v(p.name), t: p.type }));
    let expr: Expr;
    try {
      expr = callFunction(ctx, scope, shape.precond, args, shape.precond.body).e;
    } catch (e) {
      if (!(e instanceof NotLowered)) throw e;
      expr = E.unsupported(e.what, locOf(ctx, e.node));
    }
    requires.push({ expr: withLengths(lengths.inputs, expr), label: shape.precond.name, loc: locOf(ctx, shape.precond.body) });
  }
  const body = shape.postcond.body!;
  const ensures = [{ expr: withLengths(lengths.all, lowerOrUnsupported(ctx, scope, body).e), label: shape.postcond.name, loc: locOf(ctx, body) }];
  return { requires, ensures };
}

/**
 * Theorem-style clauses: each theorem `∀ vars, hyps → concl` where `f args` at the test's arguments
 * is the result. The theorem's variables that are `f`'s arguments are the test's inputs (renamed);
 * others stay universally quantified.
 */
function theoremClauses(ctx: LowerContext, method: MethodSpec, shape: Extract<LeanSpecShape, { style: 'theorems' }>): { requires: IrClause[]; ensures: IrClause[] } {
  const first = shape.theorems[0];
  const shared = new Set(first ? sharedHypotheses(shape.theorems).map((h) => hypothesisKey(h, first)) : []);
  const requires: IrClause[] = [];
  const ensures: IrClause[] = [];
  const sharedDone = new Set<string>();
  for (const t of shape.theorems) {
    const renaming = t.renaming;
    // the sizes of the theorem's vectors that are the test's inputs: its own length variables
    const vectors = t.theorem.binders.filter((b) => renaming.has(b.name)).map((b) => ({ binder: b, value: renaming.get(b.name)! }));
    const lengths = vectorLengths(vectors, new Set(renaming.keys()));
    const bound = new Set(lengths.binds.map((b) => b.name));
    const scope = lengthScope(withVars(scopeOf(method), t.variables.map((v) => [v.name, v.type])), lengths);
    const lowerIn = (n: Node): Expr => withLengths(lengths, lowerRenamed(ctx, scope, n, renaming));
    const hyps: Expr[] = [];
    for (const h of t.hypotheses) {
      const key = hypothesisKey(h, t);
      if (shared.has(key)) {
        if (!sharedDone.has(key)) requires.push({ expr: lowerIn(h), label: 'hypothesis', loc: locOf(ctx, h) });
        sharedDone.add(key);
      } else hyps.push(lowerIn(h));
    }
    let expr = lowerIn(t.conclusion);
    if (hyps.length) expr = E.implies(E.and(...hyps), expr);
    const free = t.variables.filter((v) => !renaming.has(v.name) && !bound.has(v.name));
    if (free.length) expr = E.forall(free.map((v) => ({ name: v.name, type: v.type })), expr);
    ensures.push({ expr, label: t.theorem.name, loc: locOf(ctx, t.theorem.node) });
  }
  return { requires, ensures };
}

function lowerRenamed(ctx: LowerContext, scope: Scope, node: Node, renaming: Map<string, string>): Expr {
  ctx.aliases = renaming;
  try {
    return lowerOrUnsupported(ctx, scope, node).e;
  } finally {
    ctx.aliases = undefined;
  }
}

/**
 * The function the spec is about: theorem-style specs state properties of `f`; VERINA's `f_postcond`
 * may call `f` too (its own definition is the reference solution, not the spec, so it is not evaluated).
 */
function selfFunction(ctx: LowerContext, method: MethodSpec, shape: LeanSpecShape): SelfFunction | undefined {
  const result = method.signature.results[0]!;
  const fn = shape.style === 'theorems' ? shape.fn : userDeclaration(ctx, method.name);
  if (!fn) return undefined;
  const explicit = fn.binders.filter((b) => b.kind === 'explicit');
  const hypotheses = new Set(explicit.flatMap((b, i) => (isHypothesis(b, ctx.types, ctx.declarations) ? [i] : [])));
  // a definition whose parameters are not the spec's (another arity) cannot stand for it
  if (explicit.length - hypotheses.size !== method.signature.params.length) return undefined;
  const leading = new Set(shape.style === 'theorems' ? shape.theorems.flatMap((t) => [...t.leading]) : []);
  const params = method.signature.params;
  return { name: fn.name, qualified: fn.qualified, params: params.map((p) => p.name), paramTypes: params.map((p) => p.type), result: result.name, resultType: result.type, leading, hypotheses };
}

interface SpecLengths {
  /** From the inputs' vector types: they hold in the precondition too. */
  inputs: VectorLengths;
  /** From the inputs' and the result's. */
  all: VectorLengths;
}

/** The sizes of the spec's vectors, from the declaration that names its parameters and result. */
function specLengths(method: MethodSpec, shape: LeanSpecShape): SpecLengths {
  const result = method.signature.results[0]!;
  const params = new Set(method.signature.params.map((p) => p.name));
  const decl = shape.style === 'theorems' ? shape.fn : shape.postcond;
  const inputs = decl.binders.filter((b) => params.has(b.name)).map((b) => ({ binder: b, value: b.name }));
  const resultType = shape.style === 'theorems' ? unwrapId(shape.fn.type) : decl.binders.find((b) => b.name === result.name)?.type;
  const resultVector = resultType ? [{ binder: { name: result.name, type: resultType, kind: 'explicit' as const, node: resultType }, value: result.name }] : [];
  return { inputs: vectorLengths(inputs, params), all: vectorLengths([...inputs, ...resultVector], params) };
}

/** `Id T` (Std.Do's pure computations) is `T`. */
function unwrapId(type: Node | undefined): Node | undefined {
  if (!type) return undefined;
  const { head, args } = spine(type);
  return head.text === 'Id' && args.length === 1 ? args[0] : type;
}

/** The spec in core's IR, with Lean's semantics. */
export function lowerLeanSpec(module: SpecModule, method: MethodSpec): IrSpec | Unsupported {
  if (method.unsupported) return { unsupported: method.unsupported };
  const native = leanNative(module);
  const shape = native.shapes.get(method.name);
  if (!shape) return { unsupported: `no Lean spec named ${method.name}` };
  const ctx: LowerContext = { file: module.file, declarations: native.declarations, types: native.types, interpolations: native.interpolations, functions: new Map(), datatypes: new Map(), fresh: { n: 0 } };
  ctx.self = selfFunction(ctx, method, shape);
  const lengths = specLengths(method, shape);
  const { requires, ensures } = shape.style === 'predicates' ? predicateClauses(ctx, method, shape, lengths) : theoremClauses(ctx, method, shape);
  const inputs = new Set(method.signature.params.map((p) => p.name));
  const results = new Set(method.signature.results.map((p) => p.name));
  const inputFacts = sizeFacts(ctx, scopeOf(method), lengths.inputs, inputs);
  const resultFacts = sizeFacts(ctx, scopeOf(method), lengths.all, results);
  if (inputFacts) requires.unshift({ expr: inputFacts, label: 'vector sizes' });
  if (resultFacts) ensures.unshift({ expr: resultFacts, label: 'vector size' });
  return {
    name: method.name,
    params: binders(method.signature.params),
    results: binders(method.signature.results),
    requires,
    ensures,
    functions: [...ctx.functions.values()],
    datatypes: [...ctx.datatypes.values()],
  };
}


import type { Expr, FunctionDef, Type } from '@specmut/core';
import { isHypothesis } from '../spec-module.js';
import type { Declaration } from '../syntax/declarations.js';
import { field, type Node } from '../syntax/parser.js';
import { unparen } from '../syntax/types.js';
import { E, locOf, NotLowered, withVars, type LowerContext, type Scope, type Typed } from './context.js';
import { lowerArg, lowerOrUnsupported, matchAlternatives, type Arg } from './expressions.js';

/** A helper definition's parameters: explicit binders that are values (hypothesis arguments are dropped at calls). */
interface Shape {
  /** Per explicit argument position: the parameter's name, or undefined for a hypothesis. */
  positions: ({ name: string; type: Type | undefined } | undefined)[];
  result: Type | undefined;
  /** Equation-style definitions (`| 0 => … | n+1 => …`) take their parameters from the arrow type. */
  arrows: Type[];
}

function shapeOf(ctx: LowerContext, decl: Declaration): Shape {
  const positions = decl.binders
    .filter((b) => b.kind === 'explicit')
    .map((b) => (isHypothesis(b, ctx.types, ctx.declarations) ? undefined : { name: b.name, type: ctx.types.resolve(b.type) }));
  const arrows: Type[] = [];
  let t = decl.type;
  if (decl.body?.type === 'match_alternatives') {
    while (t) {
      const u = unparen(t);
      if (u.type !== 'binary_expression' || !['→', '->'].includes(field(u, 'operator')!.text)) break;
      arrows.push(ctx.types.resolve(field(u, 'left')));
      t = field(u, 'right');
    }
  }
  const result = t ? ctx.types.resolve(t) : undefined;
  return { positions, result: result?.kind === 'opaque' ? undefined : result, arrows };
}

/** Lowers a helper definition into `ctx.functions` once (recursion sees it while in progress). */
export function defineFunction(ctx: LowerContext, decl: Declaration): Shape {
  const shape = shapeOf(ctx, decl);
  if (ctx.functions.has(decl.qualified)) return shape;
  const params = shape.positions.filter((p) => p !== undefined);
  const arrowNames = shape.arrows.map((_, i) => `$arg${i}`);
  const def: FunctionDef = {
    name: decl.qualified,
    params: [...params.map((p) => (p.type && p.type.kind !== 'opaque' ? { name: p.name, type: p.type } : { name: p.name })), ...arrowNames.map((n, i) => ({ name: n, type: shape.arrows[i] }))],
    result: shape.result,
    loc: locOf(ctx, decl.node),
  };
  ctx.functions.set(decl.qualified, def);
  // `:= sorry` (a function still to be written): no body, so calls of it are unknown
  if (!decl.body || decl.body.type === 'sorry') return shape;
  const scope = withVars(new Map(), [...params.map((p): [string, Type | undefined] => [p.name, p.type]), ...arrowNames.map((n, i): [string, Type | undefined] => [n, shape.arrows[i]])]);
  def.body = decl.body.type === 'match_alternatives' ? equations(ctx, scope, decl.body, arrowNames, shape) : lowerOrUnsupported(ctx, scope, decl.body, shape.result).e;
  return shape;
}

/** `| p, q => e` alternatives of an equation-style definition: a match on its arrow parameters. */
function equations(ctx: LowerContext, scope: Scope, alternatives: Node, names: string[], shape: Shape): Expr {
  // Reuse the match lowering by viewing the alternatives against the parameters as discriminants.
  return lowerOrUnsupportedMatch(ctx, scope, alternatives, names.map((n, i) => ({ e: E.v(n), t: shape.arrows[i] })), shape.result);
}

function lowerOrUnsupportedMatch(ctx: LowerContext, scope: Scope, alternatives: Node, discriminants: Typed[], expected?: Type): Expr {
  try {
    return matchAlternatives(ctx, scope, alternatives, discriminants, expected).e;
  } catch (e) {
    if (!(e instanceof NotLowered)) throw e;
    return E.unsupported(`${e.what}: ${e.node.text.trim().split('\n')[0]!.slice(0, 80)}`, locOf(ctx, e.node));
  }
}

/** A call of a helper: values at value positions, hypotheses dropped; fewer arguments give a lambda. */
export function callFunction(ctx: LowerContext, scope: Scope, decl: Declaration, args: Arg[], node: Node, expected?: Type): Typed {
  const shape = defineFunction(ctx, decl);
  const slots = [...shape.positions, ...shape.arrows.map((t, i) => ({ name: `$arg${i}`, type: t as Type | undefined }))];
  const values: Expr[] = [];
  slots.slice(0, args.length).forEach((slot, i) => {
    if (slot) values.push(lowerArg(ctx, scope, args[i]!, slot.type).e);
  });
  if (args.length > slots.length) throw new NotLowered(`${decl.name} applied to too many arguments`, node);
  const missing = slots.slice(args.length).filter((s) => s !== undefined);
  if (missing.length === 0) return { e: E.call(decl.qualified, ...values), t: shape.result ?? expected };
  const names = missing.map((_, i) => `$p${ctx.fresh.n++}_${i}`);
  return { e: E.lambda(names, E.call(decl.qualified, ...values, ...names.map((n) => E.v(n)))), t: undefined };
}

import { T, UNSPECIFIED, type Binder, type Expr, type Type } from '@specmut/core';
import { fields, named, type Node } from '../syntax/parser.js';
import { checked } from './checks.js';
import type { Lowered, LowerContext } from './context.js';
import { pin, withInference } from './infer.js';
import type { Binding, Scope } from './scope.js';
import { subsetConstraints } from './subsets.js';
import { unsupportedAt } from './unsupported.js';
import { known, memberType } from './types.js';

/** Bound variables as written; untyped ones get their type from their uses (see infer.ts). */
function boundVariables(cx: LowerContext, list: Node | null): { nodes: Node[]; bindings: Binding[] } {
  return variablesOf(cx, list ? named(list).filter((n) => n.type === 'bound_variable') : []);
}

function variablesOf(cx: LowerContext, nodes: Node[]): { nodes: Node[]; bindings: Binding[] } {
  const bindings = nodes.map((n): Binding => {
    const name = n.childForFieldName('name')!.text;
    const typeNode = n.childForFieldName('type');
    if (!typeNode) return { name, ir: name, inference: { asked: false } };
    const r = cx.type(typeNode);
    return { name, ir: name, type: r.type, subset: r.subset };
  });
  return { nodes, bindings };
}

interface BoundScope {
  scope: Scope;
  binders: () => Binder[];
  /** Constraints of subset-typed bound variables: part of the range in Dafny. */
  constraints: Expr[];
}

/** Brings bound variables into scope one by one: `x <- xs` collections see the earlier variables. */
function bind(cx: LowerContext, nodes: Node[], bindings: Binding[], outer: Scope): BoundScope {
  let scope = outer;
  const domains: (Expr | undefined)[] = [];
  const constraints: Expr[] = [];
  nodes.forEach((n, i) => {
    const b = bindings[i]!;
    const collection = n.childForFieldName('collection');
    if (collection) {
      const c = cx.expr(collection, scope);
      pin({ e: cx.E.v(b.ir), binding: b }, memberType(c.t));
      domains.push(c.e);
    } else domains.push(undefined);
    scope = scope.with([b]);
    if (b.subset) constraints.push(...subsetConstraints(cx, b.subset, b.ir));
  });
  // Read at the end: uses in the range and body may have pinned the types of untyped variables.
  const binders = () => bindings.map((b, i): Binder => ({ name: b.ir, type: known(b.type), domain: domains[i] }));
  return { scope, binders, constraints };
}

function conjunction(cx: LowerContext, parts: (Expr | undefined)[]): Expr | undefined {
  const xs = parts.filter((p): p is Expr => p !== undefined);
  return xs.length === 0 ? undefined : xs.length === 1 ? xs[0] : cx.E.and(...xs);
}

/** `forall x, y: T | R :: B` (attributes and triggers ignored); a subset-typed variable adds its constraint to R. */
export function lowerQuantifier(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const quant = node.childForFieldName('quantifier')!.text === 'exists' ? 'exists' : 'forall';
  const { nodes, bindings } = boundVariables(cx, node.childForFieldName('bound_variables'));
  return withInference(bindings, () => {
    const b = bind(cx, nodes, bindings, scope);
    const rangeNode = node.childForFieldName('range');
    const range = rangeNode ? cx.expr(rangeNode, b.scope).e : undefined;
    const body = cx.expr(node.childForFieldName('body')!, b.scope).e;
    const full = conjunction(cx, [...b.constraints, range]);
    const e: Expr = { kind: 'quant', quant, binders: b.binders(), range: full, body };
    return { e, t: T.bool };
  });
}

/** `set x | R :: T` (T defaults to x); an `iset` comprehension is evaluated the same way when its range is finite. */
export function lowerSetComprehension(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const { nodes, bindings } = boundVariables(cx, node.childForFieldName('bound_variables'));
  return withInference(bindings, () => {
    const b = bind(cx, nodes, bindings, scope);
    const rangeNode = node.childForFieldName('range');
    const range = rangeNode ? cx.expr(rangeNode, b.scope).e : undefined;
    const termNode = node.childForFieldName('body');
    const term = termNode ? cx.expr(termNode, b.scope) : undefined;
    const full = conjunction(cx, [...b.constraints, range]);
    const elem: Type | undefined = term ? known(term.t) : known(bindings[0]?.type);
    return { e: cx.E.setComp(b.binders(), full, term?.e), t: T.set(elem ?? T.opaque('?')) };
  });
}

/** `map x | R :: V` (key x) and `map x | R :: K := V`. */
export function lowerMapComprehension(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const { nodes, bindings } = boundVariables(cx, node.childForFieldName('bound_variables'));
  return withInference(bindings, () => {
    const b = bind(cx, nodes, bindings, scope);
    const rangeNode = node.childForFieldName('range');
    const range = rangeNode ? cx.expr(rangeNode, b.scope).e : undefined;
    const keyNode = node.childForFieldName('key');
    const key = keyNode ? cx.expr(keyNode, b.scope) : undefined;
    const value = cx.expr(node.childForFieldName('value')!, b.scope);
    const full = conjunction(cx, [...b.constraints, range]);
    const keyType = key ? known(key.t) : known(bindings[0]?.type);
    return { e: cx.E.mapComp(b.binders(), full, key?.e, value.e), t: T.map(keyType ?? T.opaque('?'), known(value.t) ?? T.opaque('?')) };
  });
}

/**
 * `(x, y) => body`; a `requires` on the lambda is checked on each application (outside it the
 * application is not well-formed); `reads` is irrelevant to values.
 */
export function lowerLambda(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const paramsNode = node.childForFieldName('parameters')!;
  const nodes = named(paramsNode).filter((n) => n.type === 'bound_variable');
  const bindings = nodes.map((n): Binding => {
    const typeNode = n.childForFieldName('type');
    const name = n.childForFieldName('name')!.text;
    return typeNode ? { name, ir: name, type: cx.type(typeNode).type } : { name, ir: name, inference: { asked: false } };
  });
  return withInference(bindings, () => {
    const inner = scope.with(bindings);
    let body = cx.expr(node.childForFieldName('body')!, inner).e;
    const requires = fields(node, 'requires').map((r) => cx.expr(r, inner).e);
    if (requires.length) body = checked(conjunction(cx, requires)!, body, cx.loc(node), 'the precondition of the lambda');
    return { e: cx.E.lambda(bindings.map((b) => ({ name: b.ir, type: known(b.type) })), body), t: T.opaque('->') };
  });
}

/**
 * `var x :| P(x); E(x)`: Dafny picks some `x` with `P(x)` (which one is not specified), and the
 * expression is well-formed only if one exists. Its value is known only where it is the same for every
 * such `x`: the set of `E(x)` over all witnesses has exactly one element. Otherwise (several values,
 * or no witness) the value is unspecified, so a clause that depends on it is unknown, never decided by
 * a guess at Dafny's choice.
 */
export function lowerLetSuchThat(cx: LowerContext, node: Node, scope: Scope, expected?: Type): Lowered {
  const patterns = fields(node, 'pattern');
  if (!patterns.every((p) => p.type === 'bound_variable')) unsupportedAt('let such that with a pattern', node);
  const { nodes, bindings } = variablesOf(cx, patterns);
  return withInference(bindings, () => {
    const b = bind(cx, nodes, bindings, scope);
    const condition = fields(node, 'value').map((v) => cx.expr(v, b.scope).e);
    const body = cx.expr(node.childForFieldName('body')!, b.scope, expected);
    const values = cx.E.setComp(b.binders(), conjunction(cx, [...b.constraints, ...condition]), body.e);
    const all = cx.fresh('such_that');
    const single = cx.E.ite(cx.E.eq(cx.E.card(cx.E.v(all)), cx.E.int(1)), cx.E.int(0), cx.E.int(-1));
    return { e: cx.E.let(all, values, cx.E.index(cx.E.prim('toSeq', cx.E.v(all)), single, { onFail: UNSPECIFIED })), t: body.t, soft: body.soft };
  });
}
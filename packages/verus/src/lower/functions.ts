import { T, type FunctionDef, type Type } from '@specmut/core';
import { E, field, locOf, namedChildren, NotLowered, type LowerContext, type Scope, type ScopeEntry, type Typed } from './context.js';
import { lowerOrUnsupported } from './expressions.js';
import { resolveType } from './types.js';
import type { Node } from '../syntax/parser.js';

/** The parameters of a function item: name and type, `self` first for methods (typed by its impl). */
function parametersOf(ctx: LowerContext, fn: Node, selfType: Type | undefined): { name: string; t: Type | undefined }[] {
  return namedChildren(field(fn, 'parameters')!).flatMap((p) => {
    if (p.type === 'self_parameter') return [{ name: 'self', t: selfType }];
    if (p.type !== 'parameter') return [];
    const pattern = field(p, 'pattern')!;
    return [{ name: pattern.text, t: resolveType(ctx, field(p, 'type')) }];
  });
}

/** The type an `impl` block is for, when the function sits in one. */
export function implType(ctx: LowerContext, fn: Node): Type | undefined {
  let n = fn.parent;
  while (n && n.type !== 'impl_item') n = n.parent;
  return n ? resolveType(ctx, field(n, 'type')) : undefined;
}

/**
 * A `spec fn` of the file as a core function, lowered once (recursion sees the definition while its body
 * is lowered; `decreases` only proves termination, which a finite evaluation does not need).
 * `recommends` are not preconditions: outside them the body still gives the value.
 */
export function defineFunction(ctx: LowerContext, name: string): { def: FunctionDef; result: Type | undefined; params: (Type | undefined)[] } {
  const fn = ctx.items.functions.get(name)!;
  const selfType = implType(ctx, fn);
  const params = parametersOf(ctx, fn, selfType);
  const result = resolveType(ctx, field(fn, 'return_type'));
  const existing = ctx.functions.get(name);
  if (existing) return { def: existing, result, params: params.map((p) => p.t) };
  const def: FunctionDef = {
    name,
    params: params.map((p) => (p.t && p.t.kind !== 'opaque' ? { name: p.name, type: p.t } : { name: p.name })),
    result: result?.kind === 'opaque' ? undefined : result,
    loc: locOf(ctx, fn),
  };
  ctx.functions.set(name, def);
  const body = field(fn, 'body');
  if (body && !isOpaque(fn)) {
    const scope: Scope = new Map(params.map((p): [string, ScopeEntry] => [p.name, { ir: p.name, t: p.t }]));
    def.body = lowerOrUnsupported(ctx, scope, body).e;
  }
  return { def, result, params: params.map((p) => p.t) };
}

/** `#[verifier::opaque]` / `closed` functions still have a body the evaluator may use: Verus hides it from proofs only. */
function isOpaque(fn: Node): boolean {
  return fn.type === 'function_signature_item';
}

/** A call of a spec fn of the file. */
export function callFunction(ctx: LowerContext, name: string, args: Typed[], node: Node): Typed {
  const { result, params } = defineFunction(ctx, name);
  if (args.length !== params.length) throw new NotLowered(`${name} called with ${args.length} arguments, declared with ${params.length}`, node);
  return { e: E.call(name, ...args.map((a) => a.e)), t: result };
}

/** A `spec const` / `const` of the file: a function without parameters, so it is lowered once. */
export function constValue(ctx: LowerContext, name: string): Typed {
  const node = ctx.items.consts.get(name)!;
  const t = resolveType(ctx, field(node, 'type'));
  const key = `const ${name}`;
  if (!ctx.functions.has(key)) {
    const def: FunctionDef = { name: key, params: [], result: t?.kind === 'opaque' ? undefined : t, loc: locOf(ctx, node) };
    ctx.functions.set(key, def);
    const value = field(node, 'value');
    if (value) def.body = lowerOrUnsupported(ctx, new Map(), value).e;
  }
  return { e: E.call(key), t: t ?? T.int };
}

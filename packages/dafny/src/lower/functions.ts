import { ERROR, T, type Binder, type Expr, type FunctionDef, type Type } from '@specmut/core';
import type { Declaration } from '../syntax/declarations.js';
import { fields, named, type Node } from '../syntax/parser.js';
import type { Lowered, LowerContext } from './context.js';
import { binding, Scope, type Binding } from './scope.js';
import { known, type SubsetInfo } from './types.js';
import { unsupportedAt } from './unsupported.js';

const CALLABLE_VALUES = new Set(['function', 'predicate', 'const']);

export const isFunctionDecl = (d: Declaration): boolean => d.kind === 'function' || d.kind === 'predicate';
export const isValueDecl = (d: Declaration): boolean => CALLABLE_VALUES.has(d.kind);

/** The datatype whose body declares `decl` (a member function or constant), if any. */
export function enclosingDatatype(cx: LowerContext, decl: Declaration): Declaration | undefined {
  if (decl.container?.parent?.type !== 'datatype_declaration') return undefined;
  return cx.native.declarations.find((d) => d.kind === 'datatype' && d.node.startIndex === decl.container!.parent!.startIndex);
}

function isStatic(decl: Declaration): boolean {
  return named(decl.node).some((c) => c.type === 'modifier' && c.text === 'static');
}

/** Members of a datatype that read `this` take it as their first parameter. */
export function takesThis(cx: LowerContext, decl: Declaration): Declaration | undefined {
  const dt = enclosingDatatype(cx, decl);
  return dt && !isStatic(decl) ? dt : undefined;
}

function irName(cx: LowerContext, decl: Declaration): string {
  const same = cx.native.declarations.filter((d) => d.name === decl.name && isValueDecl(d));
  return same.length > 1 ? [...decl.path, decl.name].join('.') : decl.name;
}

export function parameterNodes(decl: Declaration): Node[] {
  const list = decl.node.childForFieldName('parameters');
  return list ? named(list).filter((p) => p.type === 'formal_parameter') : [];
}

/** The declared result type of a function, predicate or constant (undefined when not written or opaque). */
export function resultType(cx: LowerContext, decl: Declaration): Type | undefined {
  if (decl.kind === 'predicate') return T.bool;
  if (decl.kind === 'const') {
    const t = decl.node.childForFieldName('type');
    return t ? known(cx.type(t).type) : undefined;
  }
  const result = decl.node.childForFieldName('result');
  if (!result) return undefined;
  const typeNode = result.type === 'formal_parameter' ? result.childForFieldName('type') : result;
  return typeNode ? known(cx.type(typeNode).type) : undefined;
}

/** The newtype a function or constant returns, if it returns one (its arithmetic is checked). */
export function resultNewtype(cx: LowerContext, decl: Declaration): SubsetInfo | undefined {
  const result = decl.kind === 'const' ? decl.node.childForFieldName('type') : decl.node.childForFieldName('result');
  const typeNode = result?.type === 'formal_parameter' ? result.childForFieldName('type') : result;
  const subset = typeNode ? cx.type(typeNode).subset : undefined;
  return subset?.decl.kind === 'newtype' ? subset : undefined;
}

const EXTREME = /\b(least|greatest|inductive|copredicate|twostate)\b/;

/**
 * The IR function for a function, predicate or constant declaration, lowered on first use (registered
 * before its body is lowered, so recursive and mutually recursive calls find it). Its `requires` are
 * checked on every call: a call outside them is not well-formed, as in Dafny.
 */
export function ensureFunction(cx: LowerContext, decl: Declaration): string {
  const known_ = cx.irNames.get(decl);
  if (known_) return known_;
  const name = irName(cx, decl);
  cx.irNames.set(decl, name);
  const def: FunctionDef = { name, params: [], result: resultType(cx, decl), requires: [], onRequiresFail: ERROR, loc: cx.loc(decl.node) };
  cx.functions.set(name, def);

  const thisType = takesThis(cx, decl);
  const bindings: Binding[] = [];
  if (thisType) bindings.push(binding('this', cx.datatypeType(thisType)));
  for (const p of parameterNodes(decl)) {
    const t = cx.type(p.childForFieldName('type')!);
    bindings.push(binding(p.childForFieldName('name')!.text, t.type, t.subset));
  }
  def.params = bindings.map((b): Binder => ({ name: b.ir, type: b.type }));
  const scope = Scope.root({ path: decl.path, thisDatatype: thisType, functionBody: true }, bindings);

  if (decl.kind === 'const') {
    const value = decl.node.childForFieldName('value');
    if (value) def.body = cx.expr(value, scope, def.result).e;
    return name;
  }
  def.requires = named(decl.node)
    .filter((c) => c.type === 'requires_clause')
    .map((c) => cx.expr(c.childForFieldName('condition')!, scope).e);
  const kind = fields(decl.node, 'kind').map((k) => k.text).join(' ');
  const body = decl.node.childForFieldName('body');
  if (EXTREME.test(kind)) def.body = cx.unsupported(`${kind} ${decl.name}`, decl.node).e;
  else if (body) def.body = cx.expr(body, scope, def.result).e;
  return name;
}

/** A declared function or constant used as a value: a constant's value, a function's reference. */
export function valueOf(cx: LowerContext, decl: Declaration, receiver?: Expr): Lowered {
  const name = ensureFunction(cx, decl);
  const args = takesThis(cx, decl) ? [receiver ?? cx.E.v('this')] : [];
  if (decl.kind === 'const' || args.length > 0) {
    if (decl.kind !== 'const' && parameterNodes(decl).length > 0) unsupportedAt(`member function ${decl.name} used as a value`, decl.node);
    return { e: cx.E.call(name, ...args), t: resultType(cx, decl), newtype: resultNewtype(cx, decl) };
  }
  return { e: cx.E.fnRef(name), t: T.opaque('->') };
}

/** A member function or constant of a datatype, called on a value of it. */
export function memberFunction(cx: LowerContext, name: string, datatype?: string): { call: (receiver: Expr, args: Expr[]) => Lowered; decl: Declaration } | undefined {
  const decl = cx.native.declarations.find((d) => d.name === name && isValueDecl(d) && enclosingDatatype(cx, d) && (!datatype || enclosingDatatype(cx, d)!.name === datatype));
  if (!decl) return undefined;
  return {
    decl,
    call: (receiver, args) => {
      const fn = ensureFunction(cx, decl);
      const all = takesThis(cx, decl) ? [receiver, ...args] : args;
      return { e: cx.E.call(fn, ...all), t: resultType(cx, decl) };
    },
  };
}

/** `Q.name` where Q names a module, class or datatype: a constructor, constant or function. */
export function staticMember(cx: LowerContext, qualifier: string, name: string, node: Node): Lowered {
  const ctor = cx.ctor(name, qualifier);
  if (ctor) {
    if (ctor.fields.length > 0) unsupportedAt(`constructor ${name} used as a function value`, node);
    return { e: cx.E.ctor(name), t: cx.datatypeType(ctor.datatype) };
  }
  const decl = cx.member(qualifier, name, isValueDecl);
  if (decl) return valueOf(cx, decl);
  return unsupportedAt(`${qualifier}.${name}`, node);
}

import type { Expr } from '@specmut/core';
import type { Declaration } from '../syntax/declarations.js';
import { fields, type Node } from '../syntax/parser.js';
import type { CtorInfo, Lowered, LowerContext } from './context.js';
import { ensureFunction, isFunctionDecl, memberFunction, parameterNodes, resultNewtype, resultType, takesThis } from './functions.js';
import { pin } from './infer.js';
import { qualifierName } from './members.js';
import type { Scope } from './scope.js';
import { known } from './types.js';
import { unsupportedAt } from './unsupported.js';

interface Param {
  name?: string | undefined;
  typeNode?: Node | undefined;
}

/**
 * Arguments in parameter order: positional first, then `name := value` ones. A missing argument (a
 * parameter with a default value) is not supported.
 */
function orderedArguments(cx: LowerContext, call: Node, params: Param[], scope: Scope, what: string): Expr[] {
  const argsNode = call.childForFieldName('arguments')!;
  const slots: (Expr | undefined)[] = params.map(() => undefined);
  let position = 0;
  for (const a of fields(argsNode, 'argument')) {
    let index: number;
    let valueNode: Node;
    if (a.type === 'named_argument') {
      const name = a.childForFieldName('name')!.text;
      index = params.findIndex((p) => p.name === name);
      if (index < 0) unsupportedAt(`argument ${name} of ${what}`, a);
      valueNode = a.childForFieldName('value')!;
    } else {
      index = position++;
      valueNode = a;
    }
    if (index >= params.length) unsupportedAt(`too many arguments to ${what}`, a);
    const p = params[index]!;
    const t = p.typeNode ? cx.type(p.typeNode).type : undefined;
    const v = cx.expr(valueNode, scope, t);
    pin(v, t);
    slots[index] = v.e;
  }
  const missing = slots.findIndex((s) => s === undefined);
  if (missing >= 0) unsupportedAt(`call of ${what} without argument ${params[missing]!.name ?? missing + 1} (default values)`, call);
  return slots as Expr[];
}

function functionParams(decl: Declaration): Param[] {
  return parameterNodes(decl).map((p) => ({ name: p.childForFieldName('name')?.text, typeNode: p.childForFieldName('type') ?? undefined }));
}

/** A call of a declared function; a datatype member that reads `this` gets the receiver first. */
function callDecl(cx: LowerContext, decl: Declaration, call: Node, scope: Scope, receiver?: Expr): Lowered {
  const args = orderedArguments(cx, call, functionParams(decl), scope, decl.name);
  const self = takesThis(cx, decl) ? [receiver ?? cx.E.v('this')] : [];
  return { e: cx.E.call(ensureFunction(cx, decl), ...self, ...args), t: resultType(cx, decl), newtype: resultNewtype(cx, decl) };
}

function callCtor(cx: LowerContext, ctor: CtorInfo, call: Node, scope: Scope): Lowered {
  const args = orderedArguments(cx, call, ctor.fields, scope, ctor.name);
  return { e: cx.E.ctor(ctor.name, ...args), t: cx.datatypeType(ctor.datatype) };
}

/** In a function's own ensures, `F(x, y)` with exactly its parameters denotes its result. */
function isSelfCall(call: Node, name: string, scope: Scope): boolean {
  const self = scope.frame.selfCall;
  if (!self || self.name !== name) return false;
  const args = fields(call.childForFieldName('arguments')!, 'argument');
  return args.length === self.params.length && args.every((a, i) => a.type === 'identifier' && a.text === self.params[i] && scope.isRootBinding(a.text));
}

function selfResult(scope: Scope): Lowered {
  const self = scope.frame.selfCall!;
  return { e: { kind: 'var', name: self.result }, t: scope.lookup(self.result)?.type };
}

function nameOf(node: Node): string | undefined {
  if (node.type === 'identifier') return node.text;
  if (node.type === 'generic_name') return node.childForFieldName('name')?.text;
  return undefined;
}

/**
 * A call: of a defined function or predicate, of a datatype constructor, of a member function on a
 * datatype value, or of a function value (a lambda, a bound variable) by application.
 */
export function lowerCall(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const E = cx.E;
  const fn = node.childForFieldName('function')!;
  const name = nameOf(fn);
  if (name !== undefined) {
    const local = scope.lookup(name);
    if (local) return { e: E.apply(E.v(local.ir), ...positional(cx, node, scope)) };
    if (isSelfCall(node, name, scope)) return selfResult(scope);
    const dt = scope.frame.thisDatatype;
    if (dt) {
      const member = memberFunction(cx, name, dt.name);
      if (member) return callDecl(cx, member.decl, node, scope, E.v('this'));
    }
    const decl = cx.declaration(name, scope.frame.path, (d) => isFunctionDecl(d) || d.kind === 'const' || d.kind === 'method' || d.kind === 'lemma');
    if (decl && isFunctionDecl(decl)) return callDecl(cx, decl, node, scope);
    // A constant holding a function value.
    if (decl?.kind === 'const') return { e: E.apply(E.call(ensureFunction(cx, decl)), ...positional(cx, node, scope)) };
    const ctor = cx.ctor(name);
    if (ctor) return callCtor(cx, ctor, node, scope);
    if (decl) unsupportedAt(`call of ${decl.kind} ${name} in an expression`, node);
    return unsupportedAt(`call of unknown function ${name}`, node);
  }
  if (fn.type === 'member_expression') {
    const member = fn.childForFieldName('member')!.text;
    const qualifier = qualifierName(fn.childForFieldName('object')!, scope);
    if (qualifier && cx.isContainer(qualifier)) {
      if (isSelfCall(node, member, scope)) return selfResult(scope);
      const ctor = cx.ctor(member, qualifier);
      if (ctor) return callCtor(cx, ctor, node, scope);
      const decl = cx.member(qualifier, member, isFunctionDecl);
      if (decl) return callDecl(cx, decl, node, scope);
      return unsupportedAt(`call of ${qualifier}.${member}`, node);
    }
    const receiver = cx.expr(fn.childForFieldName('object')!, scope);
    const t = known(receiver.t);
    const m = memberFunction(cx, member, t?.kind === 'datatype' ? t.name : undefined);
    if (m && (!t || t.kind === 'datatype')) return callDecl(cx, m.decl, node, scope, receiver.e);
    return unsupportedAt(`call of member ${member}${t ? ` on ${t.kind}` : ''}`, node);
  }
  const target = cx.expr(fn, scope);
  return { e: E.apply(target.e, ...positional(cx, node, scope)) };
}

function positional(cx: LowerContext, call: Node, scope: Scope): Expr[] {
  return fields(call.childForFieldName('arguments')!, 'argument').map((a) => {
    if (a.type === 'named_argument') unsupportedAt('named argument to a function value', a);
    return cx.expr(a, scope).e;
  });
}


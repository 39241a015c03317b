import { T, type Expr, type Type } from '@specmut/core';
import { checked, inTypeArith, wrapping } from './arithmetic.js';
import { E, field, namedChildren, NotLowered, type LowerContext, type Scope, type Typed } from './context.js';
import { closureBinders, lowerClosure, lowerExpr, view } from './expressions.js';
import { callFunction } from './functions.js';
import { lowerMacroArguments, lowerMatchesMacro } from './macros.js';
import { constructorOf, constructorType } from './names.js';
import { collectionMethod } from './methods.js';
import { elemOf, isMachine, optionType } from './types.js';
import type { Node } from '../syntax/parser.js';

const strip = (path: string): string[] => path.replace(/\s+/g, '').replace(/::<.*?>(?=::|$)/g, '').replace(/<[^:]*?>/g, '').split('::');

/** `f(a, b)`, `Some(x)`, `Enum::V(x)`, `Seq::new(n, f)`, `Type::f(x)`, vstd's `add(a, b)`, `min`, `pow`… */
export function lowerCall(ctx: LowerContext, scope: Scope, callee: Node, argNodes: Node[], node: Node): Typed {
  const fnNode = callee.type === 'generic_function' ? field(callee, 'function')! : callee;
  const args = (): Typed[] => argNodes.map((a) => lowerExpr(ctx, scope, a));
  if (fnNode.type === 'identifier' && scope.has(fnNode.text)) {
    const f = scope.get(fnNode.text)!;
    return { e: E.apply(E.v(f.ir), ...args().map((a) => a.e)) };
  }
  if (fnNode.type !== 'identifier' && fnNode.type !== 'scoped_identifier') {
    const f = lowerExpr(ctx, scope, fnNode);
    return { e: E.apply(f.e, ...args().map((a) => a.e)) };
  }
  const path = fnNode.text.replace(/\s+/g, '');
  const parts = strip(path);
  const last = parts[parts.length - 1]!;
  const owner = parts.length >= 2 ? parts[parts.length - 2]! : undefined;
  const ctor = constructorOf(ctx, path);
  if (ctor) {
    const a = args();
    return { e: E.ctor(ctor, ...a.map((x) => x.e)), t: constructorType(ctx, path, ctor, a.map((x) => x.t)) };
  }
  if (ctx.items.functions.has(path)) return callFunction(ctx, path, args(), node);
  if (owner && ctx.items.functions.has(`${owner}::${last}`)) return callFunction(ctx, `${owner}::${last}`, args(), node);
  if (!owner && ctx.items.functions.has(last)) return callFunction(ctx, last, args(), node);
  if (owner === 'Set' && last === 'new') return setNew(ctx, scope, argNodes, node);
  const staticCall = collectionConstructor(owner, last, args, node);
  if (staticCall) return staticCall;
  return libraryFunction(last, args(), node);
}

/** `Seq::empty()`, `Seq::new(n, f)`, `Set::empty()`, `Map::empty()`, `Multiset::empty()`, `Multiset::singleton(x)`. */
function collectionConstructor(owner: string | undefined, name: string, args: () => Typed[], node: Node): Typed | undefined {
  if (owner === 'Seq' && name === 'empty') return { e: E.seq(), t: T.seq(T.opaque('?')) };
  if (owner === 'Seq' && name === 'new') {
    const [n, f] = args();
    return { e: E.seqInit(n!.e, f!.e), t: T.seq(T.opaque('?')) };
  }
  if (owner === 'Set' && name === 'empty') return { e: E.set(), t: T.set(T.opaque('?')) };
  if (owner === 'Multiset' && name === 'empty') return { e: E.multiset(), t: T.multiset(T.opaque('?')) };
  if (owner === 'Multiset' && name === 'singleton') return { e: E.multiset(args()[0]!.e), t: T.multiset(T.opaque('?')) };
  if (owner === 'Map' && name === 'empty') return { e: E.map(), t: T.map(T.opaque('?'), T.opaque('?')) };
  return undefined;
}

/**
 * `Set::new(|x: T| p(x))`: the set of the values satisfying p, a comprehension. It is finite exactly
 * when the evaluator can bound x from p; otherwise evaluating it is unknown.
 */
function setNew(ctx: LowerContext, scope: Scope, args: Node[], node: Node): Typed {
  const f = args[0];
  if (args.length !== 1 || f?.type !== 'closure_expression') throw new NotLowered('Set::new of a function value', node);
  const { binders, inner } = closureBinders(ctx, scope, field(f, 'parameters')!);
  if (binders.length !== 1) throw new NotLowered('Set::new of a function of several arguments', node);
  const body = lowerExpr(ctx, inner, field(f, 'body')!);
  return { e: E.setComp(binders, body.e), t: T.set(binders[0]!.type ?? T.opaque('?')) };
}

/** Free spec functions of vstd the specs use. */
function libraryFunction(name: string, args: Typed[], node: Node): Typed {
  const [a, b] = args;
  const need = (n: number) => {
    if (args.length !== n) throw new NotLowered(`${name} with ${args.length} arguments`, node);
  };
  switch (name) {
    case 'add':
    case 'sub':
    case 'mul':
      need(2);
      return inTypeArith(name, a!, b!, node);
    case 'min':
    case 'max':
      need(2);
      return { e: E.prim(name, a!.e, b!.e), t: a!.t ?? b!.t };
    case 'abs':
      need(1);
      return { e: E.prim('abs', a!.e), t: T.int };
    case 'pow':
      need(2);
      return { e: E.pow(a!.e, b!.e), t: T.int };
    case 'pow2':
      need(1);
      return { e: E.pow(E.int(2), a!.e), t: T.nat };
    case 'spec_affirm':
      need(1);
      return a!;
    case 'equal':
      need(2);
      return { e: E.eq(a!.e, b!.e), t: T.bool };
    default:
      throw new NotLowered(`call of ${name}`, node);
  }
}

/** `x.f(args)`: a spec method of the file's impls, an integer or Option method, or a collection's spec function. */
export function lowerMethodCall(ctx: LowerContext, scope: Scope, receiverNode: Node, name: string, argNodes: Node[], node: Node): Typed {
  const r = lowerExpr(ctx, scope, receiverNode);
  const args = (): Typed[] => {
    const plain = argNodes.map((a) => (a.type === 'closure_expression' ? undefined : lowerExpr(ctx, scope, a)));
    const hints = closureHints(name, r.t, plain);
    return argNodes.map((a, i) => plain[i] ?? lowerClosure(ctx, scope, a, hints));
  };
  if (r.t?.kind === 'datatype' && r.t.name !== 'Option') {
    const key = `${r.t.name}::${name}`;
    if (ctx.items.functions.has(key)) return callFunction(ctx, key, [r, ...args()], node);
  }
  // Without the receiver's type, a method the file defines on one of its types is not told apart from vstd's.
  if (r.t === undefined && [...ctx.items.functions.keys()].some((k) => k.endsWith(`::${name}`))) {
    throw new NotLowered(`method ${name} on a value of unknown type`, node);
  }
  if (name === 'view' || name === 'deep_view') return view(r);
  if (name === 'clone') return r;
  if (isMachine(r.t) || (r.t === undefined && /^(wrapping|checked)_/.test(name))) return integerMethod(r, name, args(), node);
  if (r.t?.kind === 'datatype' && r.t.name === 'Option') return optionMethod(r, name, args(), node);
  if (r.t?.kind === 'char') return charMethod(r, name, node);
  return collectionMethod(ctx, r, name, args, node);
}

/** The parameter types of a closure passed to a collection's spec function, from the elements' type. */
function closureHints(name: string, receiver: Type | undefined, others: (Typed | undefined)[]): (Type | undefined)[] {
  const init = others.find((o) => o !== undefined)?.t;
  const elem = elemOf(receiver);
  switch (name) {
    case 'map':
      // Seq::map passes the index first; Set::map the element alone.
      return receiver?.kind === 'seq' || receiver?.kind === 'array' ? [T.int, elem] : [elem];
    case 'fold_left':
      return [init, elem];
    case 'fold_right':
      return [elem, init];
    default:
      return [elem];
  }
}

function integerMethod(r: Typed, name: string, args: Typed[], node: Node): Typed {
  const m = /^(wrapping|checked)_(add|sub|mul|neg|div|rem)$/.exec(name);
  if (m) {
    if (m[1] === 'wrapping' && (m[2] === 'add' || m[2] === 'sub' || m[2] === 'mul' || m[2] === 'neg')) return wrapping(m[2], r, args[0], node);
    if (m[1] === 'checked' && m[2] !== 'neg') return checked(m[2] as 'add', r, args[0]!, node);
  }
  if ((name === 'min' || name === 'max') && args.length === 1) return { e: E.prim(name, r.e, args[0]!.e), t: r.t };
  throw new NotLowered(`integer method ${name}`, node);
}

function optionMethod(r: Typed, name: string, args: Typed[], node: Node): Typed {
  const inner: Type | undefined = r.t?.kind === 'datatype' ? r.t.ctors.find((c) => c.name === 'Some')?.fields[0]?.type : undefined;
  switch (name) {
    case 'is_Some':
    case 'is_some':
      return { e: E.isCtor(r.e, 'Some'), t: T.bool };
    case 'is_None':
    case 'is_none':
      return { e: E.isCtor(r.e, 'None'), t: T.bool };
    // `unwrap` recommends `is_Some`: on None its value is unspecified.
    case 'unwrap':
    case 'get_Some_0':
    case 'expect':
      return { e: E.field(r.e, 0), t: inner };
    case 'unwrap_or':
      return { e: E.ite(E.isCtor(r.e, 'Some'), E.field(r.e, 0), args[0]!.e), t: inner };
    default:
      throw new NotLowered(`Option method ${name}`, node);
  }
}

const CHAR_PRIMS: Record<string, Parameters<typeof E.prim>[0]> = {
  is_ascii_digit: 'isAsciiDigit',
  is_ascii_alphabetic: 'isAsciiAlpha',
  is_ascii_uppercase: 'isAsciiUpper',
  is_ascii_lowercase: 'isAsciiLower',
  is_ascii_alphanumeric: 'isAsciiAlphanum',
  to_ascii_uppercase: 'toAsciiUpper',
  to_ascii_lowercase: 'toAsciiLower',
};

function charMethod(r: Typed, name: string, node: Node): Typed {
  const op = CHAR_PRIMS[name];
  if (!op) throw new NotLowered(`char method ${name}`, node);
  return { e: E.prim(op, r.e), t: name.startsWith('to_') ? T.char : T.bool };
}

/** `seq![a, b]`, `set![…]`, `map![k => v, …]`, `vec![…]`. */
export function lowerMacro(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const name = field(node, 'macro')!.text;
  const tree = namedChildren(node).find((c) => c.type === 'token_tree');
  if (!tree) throw new NotLowered(`macro ${name}!`, node);
  if (name === 'matches') return lowerMatchesMacro(ctx, scope, tree);
  if (name === 'map') {
    const entries = lowerMacroArguments(ctx, scope, tree, true);
    return { e: E.map(...entries.map(([k, v]): [Expr, Expr] => [k!.e, v!.e])), t: T.map(entries[0]?.[0]?.t ?? T.opaque('?'), entries[0]?.[1]?.t ?? T.opaque('?')) };
  }
  if (name !== 'seq' && name !== 'set' && name !== 'vec') throw new NotLowered(`macro ${name}!`, node);
  if (name === 'vec' && tree.text.includes(';')) throw new NotLowered('vec![x; n]', node);
  const elems = lowerMacroArguments(ctx, scope, tree, false).map(([x]) => x!);
  const elem = elems[0]?.t ?? T.opaque('?');
  return name === 'set' ? { e: E.set(...elems.map((x) => x.e)), t: T.set(elem) } : { e: E.seq(...elems.map((x) => x.e)), t: T.seq(elem) };
}

export { optionType };

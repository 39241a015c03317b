import { defaultValue, INT, NAT, T, V, type Expr, type FunctionDef, type MatchCase, type Pattern, type Type } from '@specmut/core';
import { lookup, type Declaration } from '../syntax/declarations.js';
import { descendants, field, fields, named, type Node } from '../syntax/parser.js';
import { finBound, optionType, spine, unparen } from '../syntax/types.js';
import { reboundAt } from '../spec-module.js';
import { E, elemOf, freshName, isNat, locOf, NotLowered, withVars, type LowerContext, type Scope, type Typed } from './context.js';
import { callFunction } from './functions.js';
import { BITWISE_OPERATORS, globalFunction, method } from './library.js';
import { readChar, readString } from './literals.js';

/** An argument: a syntax node still to lower, or a term already lowered (a lambda's parameter). */
export type Arg = Node | Typed;
export const isTyped = (a: Arg): a is Typed => 'e' in a;

export function lowerArg(ctx: LowerContext, scope: Scope, a: Arg, expected?: Type): Typed {
  return isTyped(a) ? a : lower(ctx, scope, a, expected);
}

const NUMERIC = new Set(['+', '-', '*', '/', '%', '^']);
const COMPARE: Record<string, 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge'> = {
  '=': 'eq', '==': 'eq', '≠': 'ne', '!=': 'ne', '<': 'lt', '>': 'gt', '≤': 'le', '<=': 'le', '≥': 'ge', '>=': 'ge',
};

/** Lowers a Lean term with Lean's semantics; `expected` is the type the context asks for (numerals, `⟨⟩`). */
export function lower(ctx: LowerContext, scope: Scope, node: Node, expected?: Type): Typed {
  const r = lowerNode(ctx, scope, node, expected);
  if (!r.e.loc) r.e.loc = locOf(ctx, node);
  return r;
}

/** Lowers, turning a construct the lowering does not know into an `unsupported` node (the rest may still decide). */
export function lowerOrUnsupported(ctx: LowerContext, scope: Scope, node: Node, expected?: Type): Typed {
  try {
    return lower(ctx, scope, node, expected);
  } catch (e) {
    if (!(e instanceof NotLowered)) throw e;
    return { e: E.unsupported(`${e.what}: ${e.node.text.trim().split('\n')[0]!.slice(0, 80)}`, locOf(ctx, e.node)), t: expected };
  }
}

function lowerNode(ctx: LowerContext, scope: Scope, node: Node, expected?: Type): Typed {
  switch (node.type) {
    case 'parenthesized': {
      const cdots = sectionDots(node);
      if (cdots.length) return section(ctx, scope, node, cdots, []);
      return lower(ctx, scope, field(node, 'expression')!, expected);
    }
    case 'number':
      return numeral(node, expected);
    case 'string':
      return { e: E.str(readString(node.text)), t: T.string };
    case 'char':
      return { e: E.char(readChar(node.text)), t: T.char };
    case 'interpolated_string':
      return interpolation(ctx, scope, node);
    case 'identifier':
    case 'application':
    case 'projection':
    case 'pipe_projection':
    case 'dot_identifier':
      return application(ctx, scope, node, [], expected);
    case 'binary_expression':
      return binary(ctx, scope, node, expected);
    case 'unary_expression': {
      const op = field(node, 'operator')!.text;
      const operand = field(node, 'operand')!;
      if (op === '¬' || op === '!') return { e: E.not(lower(ctx, scope, operand, T.bool).e), t: T.bool };
      if (op === '-') {
        const a = lower(ctx, scope, operand, expected);
        // Nat has no negation: `-n` elaborates only where an Int is expected (n coerced)
        const t = expected?.kind === 'int' ? T.int : a.t ?? expected ?? T.int;
        if (isNat(t)) throw new NotLowered('negation of a Nat', node);
        return { e: E.neg(a.e), t };
      }
      throw new NotLowered(`operator ${op}`, node);
    }
    case 'if_then_else':
      return conditional(ctx, scope, node, expected);
    case 'let':
      return letTerm(ctx, scope, node, expected);
    case 'have':
    case 'show': {
      const body = field(node, 'body') ?? field(node, 'value');
      if (!body) throw new NotLowered(node.type, node);
      return lower(ctx, scope, body, expected);
    }
    case 'quantifier':
      return quantifier(ctx, scope, node);
    case 'match':
      return matchTerm(ctx, scope, node, expected);
    case 'fun':
      return lambda(ctx, scope, node, []);
    case 'tuple': {
      const elems = fields(node, 'element');
      return tupleOf(ctx, scope, elems, expected);
    }
    case 'type_ascription': {
      const type = field(node, 'type');
      const t = type ? ctx.types.resolve(type) : undefined;
      const inner = lower(ctx, scope, field(node, 'expression')!, t && t.kind !== 'opaque' ? t : expected);
      return { e: inner.e, t: t && t.kind !== 'opaque' ? t : inner.t };
    }
    case 'list':
    case 'array': {
      const elemType = elemOf(expected);
      const elems = fields(node, 'element').map((e) => lower(ctx, scope, e, elemType));
      const elem = elemType ?? elems.find((x) => x.t)?.t;
      const t = node.type === 'list' ? (elem ? T.seq(elem) : undefined) : elem ? T.array(elem) : undefined;
      return { e: E.seq(...elems.map((x) => x.e)), t };
    }
    case 'anonymous_constructor':
      return anonymous(ctx, scope, node, fields(node, 'element'), expected);
    case 'structure_instance':
      return structureInstance(ctx, scope, node, expected);
    case 'index':
      return indexTerm(ctx, scope, node);
    case 'coercion': {
      const inner = lower(ctx, scope, field(node, 'operand')!, undefined);
      return { e: inner.e, t: expected && (expected.kind === 'int' || expected.kind === 'nat') ? expected : inner.t?.kind === 'nat' ? T.int : inner.t };
    }
    case 'absolute_value': {
      const inner = lower(ctx, scope, field(node, 'operand')!, expected);
      return { e: E.prim('abs', inner.e), t: inner.t };
    }
    case 'unit':
      return { e: E.tuple(), t: T.tuple() };
    case 'cdot': {
      const name = ctx.cdots?.get(node.id);
      if (!name) throw new NotLowered('a `·` outside a section', node);
      return { e: E.v(name), t: scope.get(name) };
    }
    case 'lift': // `⌜P⌝`: a proposition as an assertion of Std.Do
      return lower(ctx, scope, field(node, 'operand')!, T.bool);
    case 'hoare_triple':
      return hoareTriple(ctx, scope, node);
    case 'by':
    case 'sorry':
      throw new NotLowered(node.type === 'by' ? 'a proof term' : 'sorry', node);
    default:
      throw new NotLowered(node.type.replace(/_/g, ' '), node);
  }
}

/**
 * Std.Do's `⦃P⦄ f x ⦃⇓r => Q⦄` about the function under test at the test's arguments: `P → Q` with
 * `r` the result (the program of an `Id` function returns its value).
 */
function hoareTriple(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const program = lower(ctx, scope, field(node, 'program')!);
  const post = field(node, 'postcondition')!;
  if (post.type !== 'postcondition') throw new NotLowered('a Hoare triple whose postcondition is not ⇓ r => …', post);
  const binders = fields(post, 'binder');
  if (binders.length !== 1 || unparen(binders[0]!).type !== 'identifier') throw new NotLowered('a postcondition binding other than one name', post);
  const r = unparen(binders[0]!).text;
  const q = lower(ctx, withVars(scope, [[r, program.t]]), field(post, 'body')!, T.bool);
  const p = lower(ctx, scope, field(node, 'precondition')!, T.bool);
  return { e: E.implies(p.e, E.let(r, program.e, q.e)), t: T.bool };
}

/** `s!"a{x}b"`: `"a" ++ toString x ++ "b"` (`toString` as `ToString` gives it for the modelled types). */
function interpolation(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const pieces = ctx.interpolations?.get(node.id);
  if (!pieces) throw new NotLowered('interpolated string', node);
  const parts = pieces.map((p) => (typeof p === 'string' ? E.str(readString(`"${p}"`)) : showValue(ctx, scope, p)));
  return { e: parts.reduce((a, b) => E.concat(a, b)), t: T.string };
}

/** `toString x` for Nat, Int, String, Char and Bool. */
export function showValue(ctx: LowerContext, scope: Scope, node: Node): Expr {
  const x = lower(ctx, scope, node);
  switch (x.t?.kind) {
    case 'string':
      return x.e;
    case 'char':
      return E.seq(x.e);
    case 'bool':
      return E.ite(x.e, E.str('true'), E.str('false'));
    case 'nat':
    case 'int':
      return globalFunction(ctx, scope, 'toString', [x], node)!.e;
    default:
      throw new NotLowered(`toString of a ${x.t?.kind ?? 'value of unknown type'}`, node);
  }
}

function numeral(node: Node, expected?: Type): Typed {
  const text = node.text.replace(/_/g, '');
  // A scientific literal is a Float (OfScientific), rounded to the nearest double as JS parses it;
  // a natural numeral is a Float where one is expected (OfNat Float).
  if (/[.eE]/.test(text) && !/^0x/i.test(text)) return { e: E.float(Number(text)), t: T.float };
  if (expected?.kind === 'float' && /^[0-9]+$/.test(text) && BigInt(text) <= 2n ** 53n) return { e: E.float(Number(text)), t: T.float };
  const value = BigInt(text);
  const t = expected && (expected.kind === 'int' || expected.kind === 'nat') ? expected : T.nat;
  return { e: E.int(value), t };
}

/** The `·` of a section `(· + 1)`, not those of nested parentheses (their own sections). */
function sectionDots(paren: Node): Node[] {
  const out: Node[] = [];
  const walk = (n: Node): void => {
    for (const c of named(n)) {
      if (c.type === 'cdot') out.push(c);
      else if (c.type !== 'parenthesized') walk(c);
    }
  };
  walk(field(paren, 'expression') ?? paren);
  return out;
}

function section(ctx: LowerContext, scope: Scope, paren: Node, dots: Node[], paramTypes: (Type | undefined)[]): Typed {
  const names = dots.map((d) => {
    const name = freshName(ctx, 'x');
    (ctx.cdots ??= new Map()).set(d.id, name);
    return name;
  });
  const inner = withVars(scope, names.map((n, i) => [n, paramTypes[i]]));
  const body = lower(ctx, inner, field(paren, 'expression')!);
  return { e: E.lambda(names.map((n, i) => (paramTypes[i] ? [n, paramTypes[i]!] : n)), body.e), t: undefined };
}

// ----------------------------------------------------------------------------- applications

/** Flattens `f a b`, `x.m a`, `e |>.m a` into a head and its arguments. */
function application(ctx: LowerContext, scope: Scope, node: Node, extra: Arg[], expected?: Type): Typed {
  const { head, args } = spine(node);
  const all: Arg[] = [...args, ...extra];
  switch (head.type) {
    case 'identifier':
      return named_(ctx, scope, head, all, expected);
    case 'projection': {
      const recv = lower(ctx, scope, field(head, 'object')!);
      return method(ctx, scope, recv, field(head, 'field')!.text.slice(1), all, head, expected);
    }
    case 'pipe_projection': {
      const recv = lower(ctx, scope, field(head, 'object')!);
      return method(ctx, scope, recv, field(head, 'field')!.text, all, head, expected);
    }
    case 'dot_identifier':
      return constructor(ctx, scope, head.text.slice(1), all, head, expected);
    case 'fun':
      return lambda(ctx, scope, head, all);
    case 'parenthesized': {
      const dots = sectionDots(head);
      if (dots.length) {
        const lam = section(ctx, scope, head, dots, all.map((a) => (isTyped(a) ? a.t : undefined)));
        return { e: E.apply(lam.e, ...all.map((a) => lowerArg(ctx, scope, a).e)), t: undefined };
      }
      if (all.length === 0) return lower(ctx, scope, field(head, 'expression')!, expected);
      return application(ctx, scope, field(head, 'expression')!, all, expected);
    }
    default: {
      if (all.length === 0) return lower(ctx, scope, head, expected);
      const fn = lower(ctx, scope, head);
      return { e: E.apply(fn.e, ...all.map((a) => lowerArg(ctx, scope, a).e)), t: undefined };
    }
  }
}

const CONSTANTS: Record<string, boolean> = { true: true, false: false, True: true, False: false };

/** A dotted name `a.b.c` applied to arguments: a local with fields and methods, or a global. */
function named_(ctx: LowerContext, scope: Scope, head: Node, args: Arg[], expected?: Type): Typed {
  const name = head.text;
  const segments = splitName(name);
  // Locals shadow globals; `xs.length.succ` is a chain of methods on the local `xs`.
  if (scope.has(segments[0]!)) {
    let recv: Typed = { e: E.v(ctx.aliases?.get(segments[0]!) ?? segments[0]!), t: scope.get(segments[0]!) };
    const rest = segments.slice(1);
    for (let i = 0; i < rest.length; i++) recv = method(ctx, scope, recv, rest[i]!, i === rest.length - 1 ? args : [], head, i === rest.length - 1 ? expected : undefined);
    if (rest.length === 0 && args.length) return { e: E.apply(recv.e, ...args.map((a) => lowerArg(ctx, scope, a).e)), t: undefined };
    return recv;
  }
  const local = ctx.localFunctions?.get(segments[0]!);
  if (local && segments.length === 1) {
    const values = args.map((a) => lowerArg(ctx, scope, a).e);
    const def = ctx.functions.get(local.fn)!;
    const all = [...local.captured.map((n) => E.v(n)), ...values];
    if (all.length < def.params.length) {
      const rest = def.params.slice(all.length).map((p) => freshName(ctx, p.name));
      return { e: E.lambda(rest, E.call(local.fn, ...all, ...rest.map((r) => E.v(r)))), t: undefined };
    }
    return { e: E.call(local.fn, ...all), t: local.result };
  }
  // a fresh node each time: `lower` attaches the location to it
  if (Object.hasOwn(CONSTANTS, name) && args.length === 0) return { e: E.bool(CONSTANTS[name]!), t: T.bool };
  if (ctx.self && (name === ctx.self.name || name === ctx.self.qualified)) return selfCall(ctx, scope, head, args);
  const decl = userDeclaration(ctx, name);
  if (decl) return callFunction(ctx, scope, decl, args, head, expected);
  const ctor = constructorName(ctx, name);
  if (ctor) return constructor(ctx, scope, ctor, args, head, expected);
  const global = globalFunction(ctx, scope, name, args, head, expected);
  if (global) return global;
  // `Foo.bar.baz` where `Foo.bar` is a global constant: methods on it.
  for (let cut = segments.length - 1; cut > 0; cut--) {
    const prefix = segments.slice(0, cut).join('.');
    if (userDeclaration(ctx, prefix)) {
      let recv = callFunction(ctx, scope, userDeclaration(ctx, prefix)!, [], head);
      const rest = segments.slice(cut);
      for (let i = 0; i < rest.length; i++) recv = method(ctx, scope, recv, rest[i]!, i === rest.length - 1 ? args : [], head);
      return recv;
    }
  }
  throw new NotLowered(`unknown name ${name}`, head);
}

/** `xs.1.2` splits into `xs`, `1`, `2`; `«a.b»` stays one segment. */
function splitName(name: string): string[] {
  return name.match(/«[^»]*»|[^.]+/g) ?? [name];
}

export function userDeclaration(ctx: LowerContext, name: string): Declaration | undefined {
  const d = lookup(ctx.declarations, name);
  return d && d.kind === 'def' ? d : undefined;
}

/**
 * The function under test: at the test's own arguments (the parameters themselves, not bound again)
 * it is the result; at other arguments a `specCall`, which the evaluator decides from the suite's test
 * with exactly those inputs (or the triple's own output when they are the test's inputs after all).
 */
function selfCall(ctx: LowerContext, scope: Scope, head: Node, args: Arg[]): Typed {
  const self = ctx.self!;
  const values = args.filter((_, i) => !self.hypotheses.has(i));
  if (values.length > self.params.length) throw new NotLowered(`${self.name} applied to too many arguments`, head);
  const lowered = values.map((a, i) => lowerArg(ctx, scope, a, self.paramTypes[i]));
  const same = lowered.length === self.params.length && lowered.every((a, i) => a.e.kind === 'var' && a.e.name === self.params[i] && !reboundAt(head, argName(values[i]!), self.leading));
  if (same) return { e: E.v(self.result), t: self.resultType };
  if (lowered.length === self.params.length) return { e: E.specCall(self.name, ...lowered.map((a) => a.e)), t: self.resultType };
  // `xs.map f`: the function itself, a lambda over the missing arguments
  const rest = self.params.slice(lowered.length).map((p) => freshName(ctx, p));
  const all = [...lowered.map((a) => a.e), ...rest.map((r) => E.v(r))];
  return { e: E.lambda(rest.map((r, i) => [r, self.paramTypes[lowered.length + i]!]), E.specCall(self.name, ...all)), t: self.resultType };
}

function argName(a: Arg): string {
  return isTyped(a) ? '' : unparen(a).text;
}

function constructorName(ctx: LowerContext, name: string): string | undefined {
  if (['some', 'none', 'Option.some', 'Option.none'].includes(name)) return name.replace('Option.', '');
  if (/\.mk$/.test(name) && name !== 'String.mk' && name !== 'String.Pos.mk') return name;
  const parts = name.split('.');
  if (parts.length === 2) {
    const owner = lookup(ctx.declarations, parts[0]!);
    if (owner?.kind === 'inductive' && fields(owner.node, 'constructor').some((c) => field(c, 'name')?.text === parts[1])) return parts[1];
  }
  return undefined;
}

/** `some x`, `none`, `.leaf`, `Point.mk a b`, a user inductive's constructor. */
export function constructor(ctx: LowerContext, scope: Scope, name: string, args: Arg[], node: Node, expected?: Type): Typed {
  if (name === 'some') {
    if (args.length !== 1) throw new NotLowered('some applied to other than one argument', node);
    const inner = expected?.kind === 'datatype' && expected.name === 'Option' ? expected.args[0] : undefined;
    const x = lowerArg(ctx, scope, args[0]!, inner);
    const t = optionType((inner ?? x.t) as Type);
    registerDatatype(ctx, t);
    return { e: E.ctor('some', x.e), t: inner ?? x.t ? t : undefined };
  }
  if (name === 'none') {
    if (expected) registerDatatype(ctx, expected);
    return { e: E.ctor('none'), t: expected };
  }
  const type = datatypeOwning(ctx, name, expected);
  if (!type) throw new NotLowered(`constructor ${name}`, node);
  const ctor = type.ctors.find((c) => c.name === name || `${type.name}.${c.name}` === name)!;
  if (args.length !== ctor.fields.length) throw new NotLowered(`${name} partially applied`, node);
  registerDatatype(ctx, type);
  return { e: E.ctor(ctor.name, ...args.map((a, i) => lowerArg(ctx, scope, a, ctor.fields[i]!.type).e)), t: type };
}

function datatypeOwning(ctx: LowerContext, name: string, expected?: Type): Extract<Type, { kind: 'datatype' }> | undefined {
  if (expected?.kind === 'datatype' && expected.ctors.some((c) => c.name === name || `${expected.name}.${c.name}` === name)) return expected;
  const owner = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : undefined;
  if (!owner) return undefined;
  const t = ctx.types.named(owner);
  return t.kind === 'datatype' ? t : undefined;
}

export function registerDatatype(ctx: LowerContext, t: Type | undefined): void {
  if (t?.kind !== 'datatype' || ctx.datatypes.has(t.name)) return;
  ctx.datatypes.set(t.name, { name: t.name, ctors: t.ctors });
}

function anonymous(ctx: LowerContext, scope: Scope, node: Node, elems: Node[], expected?: Type): Typed {
  if (expected?.kind === 'tuple') return tupleOf(ctx, scope, elems, expected);
  // `⟨i⟩ : String.Pos`, `⟨i, h⟩ : Fin n`: the Nat (the proof is not data)
  if (expected?.kind === 'nat' && (elems.length === 1 || elems.length === 2)) return lower(ctx, scope, elems[0]!, T.nat);
  // `⟨cs⟩ : String`: String.mk of its list of chars
  if (expected?.kind === 'string' && elems.length === 1) return { e: lower(ctx, scope, elems[0]!, T.seq(T.char)).e, t: T.string };
  if (expected?.kind === 'datatype' && expected.ctors.length === 1) {
    const ctor = expected.ctors[0]!;
    if (ctor.fields.length !== elems.length) throw new NotLowered('⟨…⟩ with another number of fields', node);
    registerDatatype(ctx, expected);
    return { e: E.ctor(ctor.name, ...elems.map((e, i) => lower(ctx, scope, e, ctor.fields[i]!.type).e)), t: expected };
  }
  throw new NotLowered('⟨…⟩ of an unknown type', node);
}

/** `(a, b, c)` is `(a, (b, c))`. */
function tupleOf(ctx: LowerContext, scope: Scope, elems: Node[], expected?: Type): Typed {
  if (elems.length === 1) return lower(ctx, scope, elems[0]!, expected);
  const et = expected?.kind === 'tuple' ? expected.elems : [];
  const first = lower(ctx, scope, elems[0]!, et[0]);
  const rest = tupleOf(ctx, scope, elems.slice(1), et[1]);
  return { e: E.tuple(first.e, rest.e), t: first.t && rest.t ? T.tuple(first.t, rest.t) : undefined };
}

function structureInstance(ctx: LowerContext, scope: Scope, node: Node, expected?: Type): Typed {
  if (expected?.kind !== 'datatype' || expected.ctors.length !== 1) throw new NotLowered('a structure instance of an unknown type', node);
  const ctor = expected.ctors[0]!;
  const given = new Map(fields(node, 'field').map((f) => [field(f, 'name')!.text, field(f, 'value')!]));
  const source = field(node, 'source');
  const base = source ? lower(ctx, scope, source, expected).e : undefined;
  registerDatatype(ctx, expected);
  const args = ctor.fields.map((f) => {
    const v = given.get(f.name!);
    if (v) return lower(ctx, scope, v, f.type).e;
    if (base) return E.field(base, f.name!);
    throw new NotLowered(`field ${f.name} missing`, node);
  });
  return { e: E.ctor(ctor.name, ...args), t: expected };
}

// ----------------------------------------------------------------------------- operators

function binary(ctx: LowerContext, scope: Scope, node: Node, expected?: Type): Typed {
  const op = field(node, 'operator')!.text;
  const l = field(node, 'left')!;
  const r = field(node, 'right')!;
  switch (op) {
    case '∧': case '/\\': case '&&':
      return { e: E.and(lower(ctx, scope, l, T.bool).e, lower(ctx, scope, r, T.bool).e), t: T.bool };
    case '∨': case '\\/': case '||':
      return { e: E.or(lower(ctx, scope, l, T.bool).e, lower(ctx, scope, r, T.bool).e), t: T.bool };
    case '→': case '->': {
      // `(h : P) → Q`: a named hypothesis is its proposition
      const lu = unparen(l);
      const antecedent = lu.type === 'type_ascription' && field(lu, 'type') && unparen(field(lu, 'expression')!).type === 'identifier' ? field(lu, 'type')! : l;
      return { e: E.implies(lower(ctx, scope, antecedent, T.bool).e, lower(ctx, scope, r, T.bool).e), t: T.bool };
    }
    case '↔': case '<->':
      return { e: E.iff(lower(ctx, scope, l, T.bool).e, lower(ctx, scope, r, T.bool).e), t: T.bool };
    case '∈': case '∉': {
      const coll = lower(ctx, scope, r);
      const x = lower(ctx, scope, l, elemOf(coll.t));
      const e = E.in(x.e, coll.e);
      return { e: op === '∈' ? e : E.not(e), t: T.bool };
    }
    case '++': {
      const a = lower(ctx, scope, l, expected);
      const b = lower(ctx, scope, r, a.t ?? expected);
      return { e: E.concat(a.e, b.e), t: a.t ?? b.t };
    }
    case '::': {
      const tail = lower(ctx, scope, r, expected);
      const head = lower(ctx, scope, l, elemOf(tail.t ?? expected));
      return { e: E.concat(E.seq(head.e), tail.e), t: tail.t ?? (head.t ? T.seq(head.t) : undefined) };
    }
    case '∣': {
      const [a, b] = operands(ctx, scope, l, r, undefined);
      return { e: E.eq(E.mod(b.e, a.e), E.int(0)), t: T.bool };
    }
    case '|>': // x |> f
      return application(ctx, scope, r, [l], expected);
    case '<|': case '$': // f <| x
      return application(ctx, scope, l, [r], expected);
    case '∘': {
      const x = freshName(ctx, 'x');
      const inner = application(ctx, scope, r, [{ e: E.v(x) }]);
      const outer = application(ctx, withVars(scope, [[x, undefined]]), l, [inner]);
      return { e: E.lambda([x], outer.e) };
    }
  }
  if (Object.hasOwn(BITWISE_OPERATORS, op)) {
    const [a, b] = operands(ctx, scope, l, r, T.nat);
    if (a.t?.kind !== 'nat' || b.t?.kind !== 'nat') throw new NotLowered(`${op} on values that are not both Nats`, node);
    return { e: E.prim(BITWISE_OPERATORS[op]!, a.e, b.e), t: T.nat };
  }
  if (Object.hasOwn(COMPARE, op)) {
    // `binrel%`: both sides are one tree for the coercion analysis (`(i : Int) = n - 1` subtracts in Int).
    const [a, b] = operands(ctx, scope, l, r, treeType(ctx, scope, [l, r]));
    // On Floats `==` is IEEE equality; `=` is equality of the values as Lean's kernel sees them (NaN = NaN,
    // 0.0 ≠ -0.0), which the evaluator does not compute.
    if ((op === '=' || op === '≠') && (a.t?.kind === 'float' || b.t?.kind === 'float')) throw new NotLowered(`${op} on Floats (propositional, not IEEE, equality)`, node);
    return { e: E[COMPARE[op]!](...optionCoercion(a, b)), t: T.bool };
  }
  if (NUMERIC.has(op)) return arithmetic(ctx, scope, node, op, l, r, expected);
  throw new NotLowered(`operator ${op}`, node);
}

/** Lean coerces `x : α` to `some x : Option α` where an `Option α` is expected (`xs[i]! = some v`). */
function optionCoercion(a: Typed, b: Typed): [Expr, Expr] {
  const isOption = (t: Type | undefined) => t?.kind === 'datatype' && t.name === 'Option';
  const plain = (t: Type | undefined) => t !== undefined && !isOption(t) && t.kind !== 'opaque';
  if (isOption(b.t) && plain(a.t)) return [E.ctor('some', a.e), b.e];
  if (isOption(a.t) && plain(b.t)) return [a.e, E.ctor('some', b.e)];
  return [a.e, b.e];
}

/** Both operands, each typed from the other where a numeral needs it. */
function operands(ctx: LowerContext, scope: Scope, l: Node, r: Node, expected?: Type): [Typed, Typed] {
  const numeral = (n: Node): boolean => unparen(n).type === 'number';
  if (numeral(l) && !numeral(r)) {
    const b = lower(ctx, scope, r, expected);
    return [lower(ctx, scope, l, b.t ?? expected), b];
  }
  const a = lower(ctx, scope, l, expected);
  return [a, lower(ctx, scope, r, a.t ?? expected)];
}

const NUMBER_TREE = new Set(['+', '-', '*', '/', '%']);

/**
 * The type Lean's `binop%`/`binrel%` elaborator gives a tree of arithmetic: it looks at every leaf of
 * the tree (through parentheses and unary minus, not into function arguments) and at the expected
 * type, and computes in the largest: `Int` as soon as one of them is an `Int` (the `Nat` leaves are
 * coerced), else `Nat`. Undefined when no leaf's type is known.
 */
function treeType(ctx: LowerContext, scope: Scope, roots: Node[], expected?: Type): Type | undefined {
  let found: Type | undefined = expected && (expected.kind === 'int' || expected.kind === 'nat' || expected.kind === 'float') ? expected : undefined;
  const visit = (n: Node): void => {
    const u = unparen(n);
    if (u.type === 'binary_expression' && NUMBER_TREE.has(field(u, 'operator')!.text)) {
      visit(field(u, 'left')!);
      visit(field(u, 'right')!);
      return;
    }
    if (u.type === 'binary_expression' && field(u, 'operator')!.text === '^') return visit(field(u, 'left')!);
    if (u.type === 'unary_expression' && field(u, 'operator')!.text === '-') return visit(field(u, 'operand')!);
    if (u.type === 'number' || u.type === 'coercion') return;
    const t = leafType(ctx, scope, u);
    if (t?.kind === 'float' || found?.kind === 'float') found = T.float;
    else if (t?.kind === 'int') found = T.int;
    else if (t?.kind === 'nat' && !found) found = T.nat;
    else if (t && t.kind !== 'nat' && !found) found = t;
  };
  roots.forEach(visit);
  return found;
}

function arithmeticLeaves(roots: Node[]): Node[] {
  const out: Node[] = [];
  const visit = (n: Node): void => {
    const u = unparen(n);
    if (u.type === 'binary_expression' && NUMBER_TREE.has(field(u, 'operator')!.text)) {
      visit(field(u, 'left')!);
      visit(field(u, 'right')!);
    } else out.push(u);
  };
  roots.forEach(visit);
  return out;
}

/** A leaf's type, computed once per scope (trees nest, and each level looks at its leaves). */
function leafType(ctx: LowerContext, scope: Scope, leaf: Node): Type | undefined {
  let cache = leafTypes.get(scope);
  if (!cache) leafTypes.set(scope, (cache = new Map()));
  if (cache.has(leaf.id)) return cache.get(leaf.id);
  let t: Type | undefined;
  try {
    t = lower(ctx, scope, leaf).t;
  } catch {
    // a leaf that does not lower says nothing about the tree's type
  }
  cache.set(leaf.id, t);
  return t;
}
const leafTypes = new WeakMap<Scope, Map<number, Type | undefined>>();

/**
 * Whether an arithmetic tree computes in `Fin n` (modular, which the lowering does not model): all its
 * leaves, and those of the other side of the relation around it, are `Fin` variables or numerals.
 * One Nat leaf makes Lean's binop% coerce the `Fin`s to Nat (`i + 1 < n` is `↑i + 1 < n`).
 */
function finArithmetic(ctx: LowerContext, node: Node): boolean {
  if (!ctx.finNames?.size) return false;
  let top = node;
  while (top.parent && (top.parent.type === 'parenthesized' || (top.parent.type === 'binary_expression' && NUMBER_TREE.has(field(top.parent, 'operator')!.text)))) top = top.parent;
  const roots = [top];
  const rel = top.parent;
  if (rel?.type === 'binary_expression' && Object.hasOwn(COMPARE, field(rel, 'operator')!.text)) roots.push(field(rel, 'left')!.id === top.id ? field(rel, 'right')! : field(rel, 'left')!);
  const leaves = arithmeticLeaves(roots);
  return leaves.some((n) => n.type === 'identifier') && leaves.every((n) => n.type === 'number' || (n.type === 'identifier' && ctx.finNames!.has(n.text)));
}

function arithmetic(ctx: LowerContext, scope: Scope, node: Node, op: string, l: Node, r: Node, expected?: Type): Typed {
  if (op !== '^' && finArithmetic(ctx, node)) throw new NotLowered(`${op} on Fin (it wraps around)`, node);
  const tree = op === '^' ? undefined : treeType(ctx, scope, [l, r], expected);
  const [a, b] = operands(ctx, scope, l, r, op === '^' ? (expected?.kind === 'int' || expected?.kind === 'nat' ? expected : undefined) : tree);
  if (op === '^') return { e: E.pow(a.e, b.e, { domain: a.t?.kind === 'nat' ? NAT : INT }), t: a.t };
  // Lean's binop elaborator coerces a Nat operand to Int when the tree (or the expected type) has an Int.
  if (tree?.kind === 'float' || a.t?.kind === 'float' || b.t?.kind === 'float') return floatArithmetic(node, op, a, b);
  const t = tree?.kind === 'int' || a.t?.kind === 'int' || b.t?.kind === 'int' ? T.int : a.t?.kind === 'nat' || b.t?.kind === 'nat' ? T.nat : a.t ?? b.t;
  if (!t || (t.kind !== 'int' && t.kind !== 'nat')) {
    if (op === '+' && t && (t.kind === 'string' || t.kind === 'seq')) return { e: E.concat(a.e, b.e), t };
    if (op === '+' || op === '*') return { e: op === '+' ? E.add(a.e, b.e) : E.mul(a.e, b.e), t };
    throw new NotLowered(`${op} on operands of unknown type (Nat or Int?)`, node);
  }
  const domain = t.kind === 'nat' ? NAT : INT;
  switch (op) {
    case '+': return { e: E.add(a.e, b.e, { domain }), t };
    case '-': return { e: E.sub(a.e, b.e, { domain }), t };
    case '*': return { e: E.mul(a.e, b.e, { domain }), t };
    // Nat and Int: `/` and `%` are Euclidean (Int.ediv / Int.emod; on Nat the same), `x / 0 = 0`, `x % 0 = x`.
    case '/': return { e: E.div(a.e, b.e, { domain }), t };
    default: return { e: E.mod(a.e, b.e, { domain }), t };
  }
}

/** IEEE operations on two Floats (Lean has no implicit coercion of a Nat or Int to Float). */
function floatArithmetic(node: Node, op: string, a: Typed, b: Typed): Typed {
  if (a.t?.kind !== 'float' || b.t?.kind !== 'float') throw new NotLowered(`${op} of a Float and a value of another type`, node);
  switch (op) {
    case '+': return { e: E.add(a.e, b.e), t: T.float };
    case '-': return { e: E.sub(a.e, b.e), t: T.float };
    case '*': return { e: E.mul(a.e, b.e), t: T.float };
    case '/': return { e: E.div(a.e, b.e), t: T.float };
    default: throw new NotLowered(`${op} on Floats`, node);
  }
}

function conditional(ctx: LowerContext, scope: Scope, node: Node, expected?: Type): Typed {
  const pattern = field(node, 'pattern');
  if (pattern) throw new NotLowered('if let', node);
  const cond = lower(ctx, scope, field(node, 'condition')!, T.bool);
  const a = lower(ctx, scope, field(node, 'consequence')!, expected);
  const b = lower(ctx, scope, field(node, 'alternative')!, a.t ?? expected);
  return { e: E.ite(cond.e, a.e, b.e), t: a.t ?? b.t };
}

function letTerm(ctx: LowerContext, scope: Scope, node: Node, expected?: Type): Typed {
  const patterns = fields(node, 'pattern');
  const value = field(node, 'value');
  const body = field(node, 'body');
  if (!value || !body) throw new NotLowered('a let without a value or a body', node);
  const typeNode = field(node, 'type');
  const declared = typeNode ? ctx.types.resolve(typeNode) : undefined;
  if (patterns.length > 1 || field(node, 'modifier')?.text === 'rec') return localFunction(ctx, scope, patterns, value, body, declared, expected);
  const v = lower(ctx, scope, value, declared && declared.kind !== 'opaque' ? declared : undefined);
  const t = declared && declared.kind !== 'opaque' ? declared : v.t;
  const { pattern, vars } = toPattern(ctx, patterns[0]!, t);
  const b = lower(ctx, withVars(scope, vars), body, expected);
  return { e: E.let(pattern.pattern, v.e, wrapBinds(pattern, b.e)), t: b.t };
}

/**
 * `let f (x : T) := e` and `let rec go (n acc : Nat) : Nat := …`: lifted to a function of the spec
 * that takes the locals in scope first (those the body may read), then its own parameters.
 */
function localFunction(ctx: LowerContext, scope: Scope, patterns: Node[], value: Node, body: Node, declared: Type | undefined, expected?: Type): Typed {
  const name = patterns[0]!.text;
  const own = patterns.slice(1).flatMap((b) => binderNames(ctx, b));
  const captured = [...scope.keys()].filter((n) => !own.some((o) => o.name === n));
  const lifted = freshName(ctx, name);
  const result = declared && declared.kind !== 'opaque' ? declared : undefined;
  const local: { fn: string; captured: string[]; result: Type | undefined } = { fn: lifted, captured, result };
  const inner = new Map(ctx.localFunctions ?? []);
  inner.set(name, local);
  const outer = ctx.localFunctions;
  ctx.localFunctions = inner;
  try {
    const def: FunctionDef = { name: lifted, params: [...captured.map((n) => ({ name: n, type: scope.get(n) })), ...own.map((o) => ({ name: o.name, type: o.type }))], result };
    ctx.functions.set(lifted, def);
    const fnScope = withVars(scope, own.map((o) => [o.name, o.type]));
    const v = lower(ctx, fnScope, value, result);
    def.body = v.e;
    if (!local.result) local.result = v.t;
    return lower(ctx, scope, body, expected);
  } finally {
    ctx.localFunctions = outer;
  }
}

// ----------------------------------------------------------------------------- quantifiers and lambdas

/** `∀ x ∈ xs, P`, `∀ i < n, P`, `∀ (i : Nat) (j : Nat), P`, `∃ x y, P`. */
function quantifier(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const q = field(node, 'quantifier')!.text;
  if (q !== '∀' && q !== '∃' && q !== 'forall') throw new NotLowered(`quantifier ${q}`, node);
  const typeNode = field(node, 'type');
  const declared = typeNode ? ctx.types.resolve(typeNode) : undefined;
  const binders: { name: string; type?: Type | undefined; fin?: Node | undefined }[] = [];
  for (const b of fields(node, 'binder')) binders.push(...binderNames(ctx, b, declared, typeNode));
  const predicate = field(node, 'predicate');
  let range: Expr | undefined;
  let domain: Typed | undefined;
  if (predicate) {
    const op = field(predicate, 'operator')!.text;
    const bound = lower(ctx, scope, field(predicate, 'bound')!);
    if (op === '∈' || op === 'in') {
      domain = bound;
      for (const b of binders) b.type ??= elemOf(bound.t);
    } else {
      for (const b of binders) b.type ??= bound.t;
      const cmp = Object.hasOwn(COMPARE, op) ? COMPARE[op] : undefined;
      if (!cmp) throw new NotLowered(`binder predicate ${op}`, node);
      range = E.and(...binders.map((b) => E[cmp](E.v(b.name), bound.e)));
    }
  }
  // `∀ i : Fin n`: i ranges below n
  for (const b of binders) if (b.fin) (ctx.finNames ??= new Set()).add(b.name);
  const fins = binders.filter((b) => b.fin).map((b) => E.lt(E.v(b.name), lower(ctx, scope, b.fin!, T.nat).e));
  if (fins.length) range = range ? E.and(range, ...fins) : E.and(...fins);
  const body = field(node, 'body')!;
  for (const b of binders) b.type ??= inferBinderType(ctx, scope, b.name, body);
  const inner = withVars(scope, binders.map((b) => [b.name, b.type]));
  const e = lower(ctx, inner, body, T.bool).e;
  const irBinders = binders.map((b) => ({ name: b.name, type: b.type, domain: domain?.e }));
  const facts = q === '∃' ? conjuncts(body) : antecedents(body);
  const bounds = binders.flatMap((b) => (b.type?.kind === 'nat' ? impliedBounds(ctx, inner, b.name, facts) : []));
  if (bounds.length) range = range ? E.and(range, ...bounds) : E.and(...bounds);
  return { e: q === '∃' ? E.exists(irBinders, e, range) : E.forall(irBinders, e, range), t: T.bool };
}

const conjuncts = (n: Node): Node[] => {
  const u = unparen(n);
  return u.type === 'binary_expression' && ['∧', '&&', '/\\'].includes(field(u, 'operator')!.text) ? [...conjuncts(field(u, 'left')!), ...conjuncts(field(u, 'right')!)] : [u];
};

/** The conjuncts of the antecedents of `A → B → C`. */
const antecedents = (n: Node): Node[] => {
  const u = unparen(n);
  return u.type === 'binary_expression' && ['→', '->'].includes(field(u, 'operator')!.text) ? [...conjuncts(field(u, 'left')!), ...antecedents(field(u, 'right')!)] : [];
};

/**
 * Bounds on a `Nat` binder that facts of the quantifier imply (the conjuncts of an `∃`'s body, the
 * antecedents of a `∀`'s), in forms the evaluator enumerates: `n = b ^ m` with a numeral `b ≥ 2`
 * gives `m < n` (`b ^ m > m`); `i + k ≤ n` or `i + k < n` with `k` a `Nat` gives `i ≤ n`. Since the
 * facts imply them, adding them to the range changes no truth value.
 */
function impliedBounds(ctx: LowerContext, scope: Scope, name: string, facts: Node[]): Expr[] {
  const out: Expr[] = [];
  const mentions = (n: Node) => [...descendants(n)].some((d) => d.type === 'identifier' && d.text === name);
  const isVar = (n: Node) => unparen(n).type === 'identifier' && unparen(n).text === name;
  const bound = (side: Node, make: (e: Expr) => Expr): void => {
    if (mentions(side)) return;
    try {
      out.push(make(lower(ctx, scope, side).e));
    } catch {
      // a side that does not lower gives no bound
    }
  };
  for (const c of facts) {
    if (c.type !== 'binary_expression') continue;
    const op = field(c, 'operator')!.text;
    const [l, r] = [unparen(field(c, 'left')!), unparen(field(c, 'right')!)];
    if (op === '=') {
      const isPower = (n: Node): boolean => {
        if (n.type !== 'binary_expression' || field(n, 'operator')!.text !== '^') return false;
        const base = unparen(field(n, 'left')!);
        return base.type === 'number' && /^[0-9]+$/.test(base.text) && BigInt(base.text) >= 2n && isVar(field(n, 'right')!);
      };
      if (isPower(r)) bound(l, (e) => E.lt(E.v(name), e));
      else if (isPower(l)) bound(r, (e) => E.lt(E.v(name), e));
      continue;
    }
    if (!['≤', '<=', '<'].includes(op) || l.type !== 'binary_expression' || field(l, 'operator')!.text !== '+') continue;
    const [a, b] = [field(l, 'left')!, field(l, 'right')!];
    const other = isVar(a) ? b : isVar(b) ? a : undefined;
    if (!other || mentions(other) || leafType(ctx, scope, unparen(other))?.kind !== 'nat') continue;
    bound(r, (e) => E.le(E.v(name), e));
  }
  return out;
}

/** The names a binder position introduces: `x`, `(x y : T)`, `⟨a, b⟩` is not supported. */
function binderNames(ctx: LowerContext, b: Node, declared?: Type, declaredNode?: Node): { name: string; type?: Type | undefined; fin?: Node | undefined }[] {
  const u = b.type === 'parenthesized' ? unparen(b) : b;
  if (u.type === 'identifier' || u.type === 'hole') return [{ name: u.text, type: declared, fin: finBound(declaredNode) }];
  if (u.type === 'type_ascription') {
    const t = ctx.types.resolve(field(u, 'type'));
    const fin = finBound(field(u, 'type'));
    const { head, args } = spine(field(u, 'expression')!);
    return [head, ...args].map((n) => ({ name: n.text, type: t.kind === 'opaque' ? undefined : t, fin }));
  }
  // `∀ {i c}, …` and `∀ (i : T), …` written as binders (implicit or not, the same quantifier)
  if (['implicit_binder', 'strict_implicit_binder', 'explicit_binder'].includes(u.type) && fields(u, 'name').length) {
    const typeNode = field(u, 'type') ?? declaredNode;
    const t = field(u, 'type') ? ctx.types.resolve(field(u, 'type')) : declared;
    return fields(u, 'name').map((n) => ({ name: n.text, type: t?.kind === 'opaque' ? undefined : t, fin: finBound(typeNode) }));
  }
  throw new NotLowered('this binder', b);
}

/**
 * Lean infers an unannotated binder's type from its uses; the uses that decide it in specs are an
 * index (`xs[i]`: Nat) and a comparison with a typed term (`i < xs.length`).
 */
function inferBinderType(ctx: LowerContext, scope: Scope, name: string, body: Node): Type | undefined {
  for (const n of descendants(body)) {
    if (n.type === 'index' && field(n, 'index')?.text === name) return T.nat;
    if (n.type === 'binary_expression' && Object.hasOwn(COMPARE, field(n, 'operator')!.text)) {
      const l = field(n, 'left')!;
      const r = field(n, 'right')!;
      // `i + k ≤ n`: the binder is a leaf of the relation's arithmetic, which has one type
      if (arithmeticLeaves([l, r]).some((leaf) => leaf.text === name)) {
        const t = treeType(ctx, scope, [l, r]);
        if (t?.kind === 'nat' || t?.kind === 'int') return t;
      }
      const other = l.text === name ? r : r.text === name ? l : undefined;
      if (!other || other.text.includes(name)) continue;
      try {
        const t = lower(ctx, scope, other).t;
        if (t) return t;
      } catch {
        // the partner mentions something not lowered: no evidence from this use
      }
    }
  }
  return undefined;
}

/** `fun x y => e`, `fun (a, b) => e`, `fun | p => e`, applied to `args` when given. */
export function lambda(ctx: LowerContext, scope: Scope, node: Node, args: Arg[], paramTypes: (Type | undefined)[] = []): Typed {
  const alternatives = field(node, 'alternatives');
  if (alternatives) throw new NotLowered('fun with match alternatives', node);
  const typeNode = field(node, 'type');
  const declared = typeNode ? ctx.types.resolve(typeNode) : undefined;
  const params: string[] = [];
  const lets: { pattern: Pattern; value: Expr; binds: ReturnType<typeof toPattern>['pattern'] }[] = [];
  let inner = scope;
  const loweredArgs = args.map((a) => lowerArg(ctx, scope, a));
  fields(node, 'binder').forEach((b, i) => {
    const t = paramTypes[i] ?? loweredArgs[i]?.t ?? (declared?.kind === 'opaque' ? undefined : declared);
    const u = unparen(b);
    if (u.type === 'identifier' || u.type === 'hole') {
      params.push(u.text);
      inner = withVars(inner, [[u.text, t]]);
      return;
    }
    if (u.type === 'type_ascription') {
      const names = binderNames(ctx, b);
      for (const n of names) {
        params.push(n.name);
        inner = withVars(inner, [[n.name, n.type ?? t]]);
      }
      return;
    }
    const fresh = freshName(ctx, 'p');
    params.push(fresh);
    const { pattern, vars } = toPattern(ctx, b, t);
    lets.push({ pattern: pattern.pattern, value: E.v(fresh), binds: pattern });
    inner = withVars(inner, vars);
  });
  let body = lower(ctx, inner, field(node, 'body')!);
  let e = body.e;
  for (const l of lets.reverse()) e = E.let(l.pattern, l.value, wrapBinds(l.binds, e));
  const fn = E.lambda(params, e);
  // A function value's `t` is the type of its body (what `map` and `foldl` need to know).
  if (!args.length) return { e: fn, t: body.t };
  if (args.length !== params.length) throw new NotLowered('a lambda applied to another number of arguments', node);
  body = { e: E.apply(fn, ...loweredArgs.map((a) => a.e)), t: body.t };
  return body;
}

/**
 * A function-valued argument (`xs.map f`, `xs.all (· > 0)`) as a lambda of `arity` parameters whose
 * types are known from the collection: lambdas, sections, partially applied functions, method names.
 */
export function functionArg(ctx: LowerContext, scope: Scope, node: Node, paramTypes: (Type | undefined)[]): Typed {
  const u = unparen(node);
  if (u.type === 'fun') return lambda(ctx, scope, u, [], paramTypes);
  if (node.type === 'parenthesized' && sectionDots(node).length) return section(ctx, scope, node, sectionDots(node), paramTypes);
  const names = paramTypes.map(() => freshName(ctx, 'a'));
  const inner = withVars(scope, names.map((n, i) => [n, paramTypes[i]]));
  const body = application(ctx, inner, u, names.map((n, i) => ({ e: E.v(n), t: paramTypes[i] })));
  return { e: E.lambda(names.map((n, i) => (paramTypes[i] ? [n, paramTypes[i]!] : n)), body.e), t: body.t };
}

// ----------------------------------------------------------------------------- match and patterns

/** A pattern plus what IR patterns cannot say: `n + k` binds `n := v - k` under the guard `v ≥ k`. */
interface LoweredPattern {
  pattern: Pattern;
  guards: Expr[];
  binds: { name: string; value: Expr }[];
}

function wrapBinds(p: LoweredPattern, body: Expr): Expr {
  let e = body;
  for (const b of [...p.binds].reverse()) e = E.let(b.name, b.value, e);
  return e;
}

export function toPattern(ctx: LowerContext, node: Node, type: Type | undefined): { pattern: LoweredPattern; vars: [string, Type | undefined][] } {
  const vars: [string, Type | undefined][] = [];
  const guards: Expr[] = [];
  const binds: { name: string; value: Expr }[] = [];
  const go = (n: Node, t: Type | undefined): Pattern => {
    const u = unparen(n);
    switch (u.type) {
      case 'hole':
        return { kind: 'wild' };
      case 'number':
        return { kind: 'lit', value: V.int(BigInt(u.text.replace(/_/g, ''))) };
      case 'char':
        return { kind: 'lit', value: V.char(readChar(u.text)) };
      case 'string':
        return { kind: 'lit', value: V.string(readString(u.text)) };
      case 'list':
        return { kind: 'seq', elems: fields(u, 'element').map((e) => go(e, elemOf(t))) };
      case 'tuple':
      case 'anonymous_constructor': {
        const elems = fields(u, 'element');
        if (u.type === 'anonymous_constructor' && t?.kind === 'string' && elems.length === 1) return go(elems[0]!, t);
        if (u.type === 'anonymous_constructor' && t?.kind === 'datatype' && t.ctors.length === 1) {
          const c = t.ctors[0]!;
          return { kind: 'ctor', ctor: c.name, args: elems.map((e, i) => go(e, c.fields[i]?.type)) };
        }
        const nest = (es: Node[], tt: Type | undefined): Pattern =>
          es.length === 1 ? go(es[0]!, tt) : { kind: 'tuple', elems: [go(es[0]!, tt?.kind === 'tuple' ? tt.elems[0] : undefined), nest(es.slice(1), tt?.kind === 'tuple' ? tt.elems[1] : undefined)] };
        return nest(elems, t);
      }
      case 'binary_expression': {
        const op = field(u, 'operator')!.text;
        if (op === '::') return { kind: 'seq', elems: [go(field(u, 'left')!, elemOf(t))], rest: go(field(u, 'right')!, t) };
        if (op === '+' && unparen(field(u, 'right')!).type === 'number' && unparen(field(u, 'left')!).type === 'identifier') {
          const k = BigInt(unparen(field(u, 'right')!).text);
          const v = freshName(ctx, 'n');
          const name = unparen(field(u, 'left')!).text;
          guards.push(E.ge(E.v(v), E.int(k)));
          binds.push({ name, value: E.sub(E.v(v), E.int(k), { domain: NAT }) });
          vars.push([name, T.nat]);
          return { kind: 'bind', name: v };
        }
        throw new NotLowered(`pattern ${u.text}`, u);
      }
      case 'identifier':
      case 'dot_identifier':
      case 'application': {
        const { head, args } = spine(u);
        const name = head.text.replace(/^\./, '');
        if (head.type === 'identifier' && args.length === 0 && ['true', 'false'].includes(name)) return { kind: 'lit', value: V.bool(name === 'true') };
        const ctorName = head.type === 'dot_identifier' ? name : constructorName(ctx, name);
        if (!ctorName && args.length === 0 && head.type === 'identifier' && !name.includes('.')) {
          vars.push([name, t]);
          return { kind: 'bind', name };
        }
        if (!ctorName) throw new NotLowered(`pattern ${u.text}`, u);
        if (ctorName === 'some' || ctorName === 'none') {
          registerDatatype(ctx, t);
          const inner = t?.kind === 'datatype' ? t.args[0] : undefined;
          return { kind: 'ctor', ctor: ctorName, args: args.map((a) => go(a, inner)) };
        }
        const owner = datatypeOwning(ctx, ctorName, t);
        const c = owner?.ctors.find((x) => x.name === ctorName || `${owner.name}.${x.name}` === ctorName);
        if (!owner || !c) throw new NotLowered(`pattern ${u.text}`, u);
        registerDatatype(ctx, owner);
        return { kind: 'ctor', ctor: c.name, args: args.map((a, i) => go(a, c.fields[i]?.type)) };
      }
      default:
        throw new NotLowered(`pattern ${u.text}`, u);
    }
  };
  const pattern = go(node, type);
  return { pattern: { pattern, guards, binds }, vars };
}

function matchTerm(ctx: LowerContext, scope: Scope, node: Node, expected?: Type): Typed {
  const discriminants = fields(node, 'value').map((v) => lower(ctx, scope, v));
  return matchAlternatives(ctx, scope, field(node, 'alternatives')!, discriminants, expected);
}

/** `| p, q => e` alternatives against lowered discriminants; `| a | b => e` gives one case per pattern row. */
export function matchAlternatives(ctx: LowerContext, scope: Scope, alternatives: Node, discriminants: Typed[], expected?: Type): Typed {
  const target = discriminants.length === 1 ? discriminants[0]!.e : nestTuple(discriminants.map((d) => d.e));
  const cases: MatchCase[] = [];
  let t: Type | undefined;
  for (const alt of named(alternatives).filter((a) => a.type === 'match_alternative')) {
    const bodyNode = field(alt, 'body')!;
    for (const pats of named(alt).filter((p) => p.type === 'patterns')) {
      const ps = fields(pats, 'pattern');
      if (ps.length !== discriminants.length) throw new NotLowered('a match alternative with another number of patterns', alt);
      const lowered = ps.map((p, i) => toPattern(ctx, p, discriminants[i]!.t));
      const inner = withVars(scope, lowered.flatMap((l) => l.vars));
      const body = lower(ctx, inner, bodyNode, t ?? expected);
      t ??= body.t;
      const pattern = lowered.length === 1 ? lowered[0]!.pattern.pattern : nestPattern(lowered.map((l) => l.pattern.pattern));
      const guards = lowered.flatMap((l) => l.pattern.guards);
      let e = body.e;
      for (const l of [...lowered].reverse()) e = wrapBinds(l.pattern, e);
      // guards read the bound names only through the fresh variables, so they hold before the lets
      cases.push(guards.length ? E.kase(pattern, e, E.and(...guards)) : E.kase(pattern, e));
    }
  }
  return { e: E.match(target, cases), t };
}

function nestTuple(es: Expr[]): Expr {
  return es.length === 1 ? es[0]! : E.tuple(es[0]!, nestTuple(es.slice(1)));
}

function nestPattern(ps: Pattern[]): Pattern {
  return ps.length === 1 ? ps[0]! : { kind: 'tuple', elems: [ps[0]!, nestPattern(ps.slice(1))] };
}

// ----------------------------------------------------------------------------- indexing

/** `xs[i]!` (default when out of range), `xs[i]?` (an Option), `xs[i]` and `xs[i]'h` (in range by proof). */
function indexTerm(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const target = lower(ctx, scope, field(node, 'object')!);
  const indexNode = field(node, 'index');
  const stop = field(node, 'stop');
  const elem = elemOf(target.t);
  if (!indexNode && !stop) throw new NotLowered('xs[]', node);
  if (stop !== undefined || node.text.includes(':')) {
    const from = indexNode ? lower(ctx, scope, indexNode, T.nat).e : undefined;
    const to = stop ? lower(ctx, scope, stop, T.nat).e : undefined;
    return { e: E.slice(target.e, from, to, { bounds: 'clamp' }), t: target.t };
  }
  const i = lower(ctx, scope, indexNode!, T.nat);
  const mode = field(node, 'mode')?.text;
  if (mode === '!') {
    const d = elem ? defaultValue(elem) : undefined;
    return { e: E.index(target.e, i.e, { onFail: d ? { mode: 'default', value: d } : { mode: 'unspecified' } }), t: elem };
  }
  if (mode === '?') {
    const t = elem ? optionType(elem) : undefined;
    registerDatatype(ctx, t ?? optionType(T.int));
    return { e: E.ite(E.lt(i.e, E.card(target.e)), E.ctor('some', E.index(target.e, i.e)), E.ctor('none')), t };
  }
  // In Lean `xs[i]` needs a proof that `i` is in range: out of range it has no value at all.
  return { e: E.index(target.e, i.e), t: elem };
}


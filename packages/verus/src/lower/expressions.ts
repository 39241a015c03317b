import { machineType, P, T, V, type Binder, type CmpOp, type Expr, type Type } from '@specmut/core';
import { additive, bitwise, cast, complement, divisive, integerConstant, shift } from './arithmetic.js';
import { E, excerpt, field, freshName, locOf, namedChildren, NotLowered, withVars, type LowerContext, type Scope, type Typed } from './context.js';
import { lowerCall, lowerMacro, lowerMethodCall } from './calls.js';
import { readChar, readInteger, readString } from './literals.js';
import { constructorOf, constructorType } from './names.js';
import { bindPattern, lowerPattern, matchesTest } from './patterns.js';
import { constValue } from './functions.js';
import { elemOf, resolveType } from './types.js';
import type { Node } from '../syntax/parser.js';

const COMPARISONS: Record<string, CmpOp> = { '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge' };
const ORDER = new Set(['<', '<=', '>', '>=']);

/** Lowers an expression; an untranslatable part becomes an `unsupported` node that the rest can still decide around. */
export function lowerOrUnsupported(ctx: LowerContext, scope: Scope, node: Node): Typed {
  try {
    return lowerExpr(ctx, scope, node);
  } catch (e) {
    if (!(e instanceof NotLowered)) throw e;
    return { e: E.unsupported(`${e.what}: ${excerpt(e.node)}`, locOf(ctx, e.node)) };
  }
}

function operator(node: Node): string {
  return field(node, 'operator')?.text ?? node.child(1)?.text ?? '';
}

export function lowerExpr(ctx: LowerContext, scope: Scope, node: Node): Typed {
  switch (node.type) {
    case 'parenthesized_expression':
    case 'expression_statement':
      return lowerExpr(ctx, scope, namedChildren(node)[0]!);
    case 'integer_literal': {
      const v = readInteger(node.text);
      if (!v) throw new NotLowered('number literal', node);
      return { e: E.int(v.value), t: v.t };
    }
    case 'float_literal':
      throw new NotLowered('floating-point literal', node);
    case 'boolean_literal':
      return { e: E.bool(node.text === 'true'), t: T.bool };
    case 'char_literal': {
      const c = readChar(node.text);
      return { e: E.lit(c.value), t: c.t };
    }
    case 'string_literal':
    case 'raw_string_literal':
      return { e: E.lit(V.string(readString(node.text))), t: T.string };
    case 'identifier':
    case 'self':
      return lowerName(ctx, scope, node);
    case 'scoped_identifier':
      return lowerPath(ctx, node);
    case 'unary_expression':
      return lowerUnary(ctx, scope, node);
    case 'reference_expression':
      return lowerExpr(ctx, scope, field(node, 'value')!);
    case 'binary_expression':
      return lowerBinary(ctx, scope, node);
    case 'big_and_expression':
    case 'big_or_expression': {
      const ops = node.childrenForFieldName('operand').filter((o): o is Node => o !== null).map((o) => lowerOrUnsupported(ctx, scope, o).e);
      return { e: node.type === 'big_and_expression' ? E.and(...ops) : E.or(...ops), t: T.bool };
    }
    case 'type_cast_expression': {
      const arg = lowerExpr(ctx, scope, field(node, 'value')!);
      return cast(arg, resolveType(ctx, field(node, 'type')), node);
    }
    case 'view_expression':
      return view(lowerExpr(ctx, scope, field(node, 'value')!));
    case 'old_expression':
      return lowerOld(ctx, scope, field(node, 'value')!);
    case 'trigger_expression':
      return lowerExpr(ctx, scope, field(node, 'value')!);
    case 'index_expression': {
      const [target, index] = namedChildren(node);
      const s = lowerExpr(ctx, scope, target!);
      const i = lowerExpr(ctx, scope, index!);
      if (index!.type === 'range_expression') throw new NotLowered('range index', index!);
      const t = s.t?.kind === 'map' ? s.t.value : elemOf(s.t);
      return { e: E.index(s.e, i.e), t };
    }
    case 'field_expression':
      return lowerField(ctx, scope, node);
    case 'arrow_expression': {
      const value = lowerExpr(ctx, scope, field(node, 'value')!);
      const f = field(node, 'field')!;
      const key = f.type === 'integer_literal' ? Number(f.text) : f.text;
      return { e: E.field(value.e, key), t: fieldType(value.t, key) };
    }
    case 'is_expression': {
      const value = lowerExpr(ctx, scope, field(node, 'value')!);
      const variant = field(node, 'variant')!.text;
      const ctor = constructorOf(ctx, variant, value.t) ?? variant.split('::').pop()!;
      const test = E.isCtor(value.e, ctor);
      return { e: operator(node) === '!is' ? E.not(test) : test, t: T.bool };
    }
    case 'has_expression': {
      const coll = lowerExpr(ctx, scope, field(node, 'collection')!);
      const elem = lowerExpr(ctx, scope, field(node, 'element')!);
      const test = E.in(elem.e, coll.e);
      return { e: operator(node) === '!has' ? E.not(test) : test, t: T.bool };
    }
    case 'matches_expression': {
      const value = lowerExpr(ctx, scope, field(node, 'value')!);
      return { e: matchesTest(value.e, lowerPattern(ctx, field(node, 'pattern')!, value.t).pattern), t: T.bool };
    }
    case 'quantifier_expression':
      return lowerQuantifier(ctx, scope, node);
    case 'closure_expression':
      return lowerClosure(ctx, scope, node, []);
    case 'call_expression':
      return lowerCallExpression(ctx, scope, node);
    case 'macro_invocation':
      return lowerMacro(ctx, scope, node);
    case 'if_expression':
      return lowerIf(ctx, scope, node);
    case 'match_expression':
      return lowerMatch(ctx, scope, node);
    case 'block':
      return lowerBlock(ctx, scope, node);
    case 'tuple_expression': {
      const elems = namedChildren(node).map((c) => lowerExpr(ctx, scope, c));
      return { e: E.tuple(...elems.map((x) => x.e)), t: T.tuple(...elems.map((x) => x.t ?? T.opaque('?'))) };
    }
    case 'unit_expression':
      return { e: E.tuple(), t: T.tuple() };
    case 'array_expression': {
      const elems = namedChildren(node).map((c) => lowerExpr(ctx, scope, c));
      if (node.text.includes(';')) throw new NotLowered('array repeat expression', node);
      return { e: E.seq(...elems.map((x) => x.e)), t: T.seq(elems[0]?.t ?? T.opaque('?')) };
    }
    case 'struct_expression':
      return lowerStruct(ctx, scope, node);
    default:
      throw new NotLowered(node.type.replace(/_/g, ' '), node);
  }
}

/** `v@` / `v.view()`: a Vec, slice or array is its sequence already; a String's view is its chars. */
export function view(x: Typed): Typed {
  if (x.t?.kind === 'string') return { e: x.e, t: T.seq(T.char) };
  return x;
}

function lowerName(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const name = node.text;
  const v = scope.get(name);
  if (v) return { e: E.v(v.ir), t: v.t };
  const ctor = constructorOf(ctx, name);
  if (ctor) return { e: E.ctor(ctor), t: constructorType(ctx, name, ctor, []) };
  if (ctx.items.consts.has(name)) return constValue(ctx, name);
  if (ctx.items.functions.has(name)) return { e: E.fnRef(name) };
  throw new NotLowered(`unknown name ${name}`, node);
}

function lowerPath(ctx: LowerContext, node: Node): Typed {
  const path = node.text.replace(/\s+/g, '');
  const ctor = constructorOf(ctx, path);
  if (ctor) return { e: E.ctor(ctor), t: constructorType(ctx, path, ctor, []) };
  const parts = path.split('::');
  const owner = machineType(parts[parts.length - 2] ?? '');
  if (owner) return integerConstant(owner, parts[parts.length - 1]!, node);
  if (ctx.items.consts.has(path)) return constValue(ctx, path);
  if (ctx.items.functions.has(path)) return { e: E.fnRef(path) };
  throw new NotLowered(`path ${path}`, node);
}

function lowerOld(ctx: LowerContext, scope: Scope, value: Node): Typed {
  const inner = value.type === 'parenthesized_expression' ? namedChildren(value)[0]! : value;
  const name = inner.type === 'unary_expression' ? namedChildren(inner)[0]! : inner;
  const v = name.type === 'identifier' ? scope.get(name.text) : undefined;
  if (!v) throw new NotLowered('old() of something other than a parameter', value);
  return { e: E.v(v.preState ?? v.ir), t: v.t };
}

function lowerUnary(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const op = node.child(0)!.text;
  const arg = lowerExpr(ctx, scope, namedChildren(node)[0]!);
  if (op === '-') return { e: E.neg(arg.e), t: T.int };
  if (op === '!') return complement(arg, node);
  if (op === '*') return arg;
  throw new NotLowered(`unary ${op}`, node);
}

function isComparisonChain(node: Node): boolean {
  return node.type === 'binary_expression' && ORDER.has(operator(node));
}

function lowerBinary(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const op = operator(node);
  const leftNode = field(node, 'left')!;
  const rightNode = field(node, 'right')!;
  // `x matches P ==> q` / `x matches P && q`: P's bindings scope over q.
  const matched = matchesLeft(leftNode);
  if (matched && (op === '==>' || op === '&&')) {
    const value = lowerExpr(ctx, scope, matched.value);
    const pat = matched.pattern(ctx, value.t);
    const rest = lowerOrUnsupported(ctx, bindPattern(scope, pat.binds), rightNode).e;
    return { e: E.match(value.e, [E.kase(pat.pattern, rest), E.kase(P.wild, E.bool(op === '==>'))]), t: T.bool };
  }
  if (ORDER.has(op) && isComparisonChain(leftNode)) {
    const operands: Node[] = [rightNode];
    const ops: CmpOp[] = [COMPARISONS[op]!];
    let cur = leftNode;
    while (isComparisonChain(cur)) {
      operands.unshift(field(cur, 'right')!);
      ops.unshift(COMPARISONS[operator(cur)]!);
      cur = field(cur, 'left')!;
    }
    operands.unshift(cur);
    return { e: E.chain(operands.map((o) => lowerExpr(ctx, scope, o).e), ops), t: T.bool };
  }
  const logical = ['&&', '||', '==>', '<==', '<==>'].includes(op);
  const l = logical ? lowerOrUnsupported(ctx, scope, leftNode) : lowerExpr(ctx, scope, leftNode);
  const r = logical ? lowerOrUnsupported(ctx, scope, rightNode) : lowerExpr(ctx, scope, rightNode);
  switch (op) {
    case '&&': return { e: E.and(l.e, r.e), t: T.bool };
    case '||': return { e: E.or(l.e, r.e), t: T.bool };
    case '==>': return { e: E.implies(l.e, r.e), t: T.bool };
    case '<==': return { e: E.explies(l.e, r.e), t: T.bool };
    case '<==>': return { e: E.iff(l.e, r.e), t: T.bool };
    // Extensional equality (`=~=`, deep `=~~=`) and `===` agree with `==` on the values of a test.
    case '==': case '===': case '=~=': case '=~~=':
      return { e: E.eq(l.e, r.e), t: T.bool };
    case '!=': case '!==': case '!~=': case '!~~=':
      return { e: E.ne(l.e, r.e), t: T.bool };
    case '<': case '<=': case '>': case '>=': {
      const cmp = { '<': E.lt, '<=': E.le, '>': E.gt, '>=': E.ge }[op];
      return { e: cmp(l.e, r.e), t: T.bool };
    }
    case '+': case '-': case '*':
      return additive(op, l, r, node);
    case '/': case '%':
      return divisive(op, l, r);
    case '&': case '|': case '^':
      return bitwise(op, l, r, node);
    case '<<': case '>>':
      return shift(op, l, r, node);
    default:
      throw new NotLowered(`operator ${op}`, node);
  }
}

interface MatchedLeft {
  value: Node;
  pattern: (ctx: LowerContext, t: Type | undefined) => ReturnType<typeof lowerPattern>;
}

/** `x matches P` on the left of `==>`/`&&` (its bindings scope over the right side). */
function matchesLeft(node: Node): MatchedLeft | undefined {
  const n = node.type === 'parenthesized_expression' ? namedChildren(node)[0]! : node;
  if (n.type === 'matches_expression') return { value: field(n, 'value')!, pattern: (ctx, t) => lowerPattern(ctx, field(n, 'pattern')!, t) };
  return undefined;
}

function fieldType(t: Type | undefined, key: string | number): Type | undefined {
  if (t?.kind === 'tuple' && typeof key === 'number') return t.elems[key];
  if (t?.kind !== 'datatype') return undefined;
  for (const c of t.ctors) {
    const f = typeof key === 'number' ? c.fields[key] : c.fields.find((x) => x.name === key);
    if (f) return f.type;
  }
  return undefined;
}

function lowerField(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const target = lowerExpr(ctx, scope, field(node, 'value')!);
  const name = field(node, 'field')!.text;
  if (/^\d+$/.test(name)) {
    const i = Number(name);
    if (target.t?.kind === 'datatype') return { e: E.field(target.e, i), t: fieldType(target.t, i) };
    return { e: E.tupleGet(target.e, i), t: fieldType(target.t, i) };
  }
  return { e: E.field(target.e, name), t: fieldType(target.t, name) };
}

function lowerCallExpression(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const callee = field(node, 'function')!;
  const args = namedChildren(field(node, 'arguments')!);
  if (callee.type === 'field_expression') {
    return lowerMethodCall(ctx, scope, field(callee, 'value')!, field(callee, 'field')!.text, args, node);
  }
  return lowerCall(ctx, scope, callee, args, node);
}

function lowerIf(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const cond = field(node, 'condition')!;
  const then = field(node, 'consequence')!;
  const alt = field(node, 'alternative');
  const elseNode = alt ? namedChildren(alt)[0]! : undefined;
  if (cond.type === 'let_condition') {
    const value = lowerExpr(ctx, scope, field(cond, 'value')!);
    const pat = lowerPattern(ctx, field(cond, 'pattern')!, value.t);
    const yes = lowerExpr(ctx, bindPattern(scope, pat.binds), then);
    const no = elseNode ? lowerExpr(ctx, scope, elseNode) : { e: E.tuple() };
    return { e: E.match(value.e, [E.kase(pat.pattern, yes.e), E.kase(P.wild, no.e)]), t: yes.t ?? no.t };
  }
  if (!elseNode) throw new NotLowered('if without else', node);
  const c = lowerExpr(ctx, scope, cond);
  const a = lowerExpr(ctx, scope, then);
  const b = lowerExpr(ctx, scope, elseNode);
  return { e: E.ite(c.e, a.e, b.e), t: a.t ?? b.t };
}

function lowerMatch(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const value = lowerExpr(ctx, scope, field(node, 'value')!);
  let t: Type | undefined;
  const cases = namedChildren(field(node, 'body')!)
    .filter((a) => a.type === 'match_arm')
    .map((arm) => {
      const mp = field(arm, 'pattern')!;
      const patNode = namedChildren(mp).find((c) => c.id !== field(mp, 'condition')?.id) ?? mp;
      // `A | B => e`: one case per alternative, in order (each binds the same names).
      return alternatives(patNode).map((alt) => {
        const pat = lowerPattern(ctx, alt, value.t);
        const inner = bindPattern(scope, pat.binds);
        const guardNode = field(mp, 'condition');
        const body = lowerExpr(ctx, inner, field(arm, 'value')!);
        t ??= body.t;
        return E.kase(pat.pattern, body.e, guardNode ? lowerExpr(ctx, inner, guardNode).e : undefined);
      });
    })
    .flat();
  return { e: E.match(value.e, cases), t };
}

function alternatives(pattern: Node): Node[] {
  return pattern.type === 'or_pattern' ? namedChildren(pattern).flatMap(alternatives) : [pattern];
}

/** `{ let x = e; … ; result }`: nested lets around the final expression. */
function lowerBlock(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const items = namedChildren(node);
  const last = items[items.length - 1];
  if (!last || last.type === 'let_declaration') throw new NotLowered('block without a value', node);
  const lets = items.slice(0, -1);
  const go = (i: number, sc: Scope): Typed => {
    if (i === lets.length) return lowerExpr(ctx, sc, last);
    const d = lets[i]!;
    if (d.type !== 'let_declaration') {
      if (d.type === 'expression_statement' && /^(assert|proof|assume)/.test(d.text.trim())) return go(i + 1, sc);
      throw new NotLowered(`statement ${d.type}`, d);
    }
    const valueNode = field(d, 'value');
    if (!valueNode) throw new NotLowered('let without a value', d);
    const value = lowerExpr(ctx, sc, valueNode);
    const declared = resolveType(ctx, field(d, 'type'));
    const pat = lowerPattern(ctx, field(d, 'pattern')!, declared ?? value.t);
    const body = go(i + 1, bindPattern(sc, pat.binds));
    return { e: E.let(pat.pattern, value.e, body.e), t: body.t };
  };
  return go(0, scope);
}

function lowerStruct(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const name = field(node, 'name')!.text;
  const ctor = constructorOf(ctx, name);
  const t = ctor ? constructorType(ctx, name, ctor, []) : undefined;
  const fields = t?.kind === 'datatype' ? t.ctors.find((c) => c.name === ctor)?.fields : undefined;
  if (!ctor || !fields) throw new NotLowered(`struct expression ${name}`, node);
  const given = new Map<string, Expr>();
  for (const f of namedChildren(field(node, 'body')!)) {
    if (f.type === 'base_field_initializer') throw new NotLowered('struct update syntax', f);
    if (f.type === 'shorthand_field_initializer') given.set(f.text, lowerExpr(ctx, scope, f).e);
    else if (f.type === 'field_initializer') given.set(field(f, 'field')!.text, lowerExpr(ctx, scope, field(f, 'value')!).e);
  }
  const args = fields.map((f) => {
    const v = given.get(f.name ?? '');
    if (!v) throw new NotLowered(`struct expression without field ${f.name}`, node);
    return v;
  });
  return { e: E.ctor(ctor, ...args), t };
}

/** A closure `|x, y| e`; untyped parameters take the types the caller knows (`hints`, e.g. the elements of the sequence filtered). */
export function lowerClosure(ctx: LowerContext, scope: Scope, node: Node, hints: (Type | undefined)[]): Typed {
  const { binders, inner } = closureBinders(ctx, scope, field(node, 'parameters')!, hints);
  const body = lowerExpr(ctx, inner, field(node, 'body')!);
  return { e: E.lambda(binders, body.e), t: undefined };
}

/** Closure and quantifier parameters `|i: int, j|` as binders, and the scope that sees them. */
export function closureBinders(ctx: LowerContext, scope: Scope, params: Node, hints: (Type | undefined)[] = []): { binders: Binder[]; inner: Scope } {
  const binders: Binder[] = [];
  const vars: [string, Type | undefined][] = [];
  // `_` is an anonymous token in the parameter list: it is a parameter all the same.
  const list = params.children.filter((c): c is Node => c !== null && (c.type === '_' || (c.isNamed && c.type !== 'line_comment' && c.type !== 'block_comment')));
  for (const [i, p] of list.entries()) {
    const pattern = p.type === 'parameter' ? field(p, 'pattern')! : p;
    if (pattern.type === '_' || pattern.text === '_') {
      const name = freshName(ctx, 'unused');
      binders.push({ name });
      vars.push([name, undefined]);
      continue;
    }
    if (pattern.type !== 'identifier') throw new NotLowered('destructuring parameter', pattern);
    const declared = p.type === 'parameter' ? resolveType(ctx, field(p, 'type')) : undefined;
    const hint = hints[i];
    const t = declared ?? (hint && hint.kind !== 'opaque' ? hint : undefined);
    binders.push(t && t.kind !== 'opaque' ? { name: pattern.text, type: t } : { name: pattern.text });
    vars.push([pattern.text, t]);
  }
  return { binders, inner: withVars(scope, vars) };
}

/** `forall|…| body`, `exists|…| body` (triggers ignored); `choose|…| p` is its witness when only one exists. */
function lowerQuantifier(ctx: LowerContext, scope: Scope, node: Node): Typed {
  const kind = field(node, 'kind')!.text;
  const { binders, inner } = closureBinders(ctx, scope, field(node, 'parameters')!);
  const body = lowerOrUnsupported(ctx, inner, field(node, 'body')!).e;
  if (kind === 'forall') return { e: E.forall(binders, body), t: T.bool };
  if (kind === 'exists') return { e: E.exists(binders, body), t: T.bool };
  const term = binders.length === 1 ? undefined : E.tuple(...binders.map((b) => E.v(b.name)));
  const t = binders.length === 1 ? binders[0]!.type : T.tuple(...binders.map((b) => b.type ?? T.opaque('?')));
  return { e: E.prim('only', E.setComp(binders, body, term)), t };
}

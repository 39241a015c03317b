import { T, type Expr, type IntDomain, type Type } from '@specmut/core';
import type { Node } from '../syntax/parser.js';
import type { Lowered, LowerContext } from './context.js';
import { ask, pin } from './infer.js';
import type { Scope } from './scope.js';
import { checked } from './checks.js';
import { subsetConstraints } from './subsets.js';
import { isBitvector, isChar, known, memberType, type SubsetInfo } from './types.js';
import { unsupportedAt } from './unsupported.js';

const RELATIONAL = new Set(['==', '!=', '<', '<=', '>', '>=', 'in', '!in', '!!']);
const CMP = { '==': 'eq', '!=': 'ne', '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge' } as const;
const BITWISE = new Set(['&', '|', '^', '<<', '>>']);

export function operatorOf(node: Node): string {
  return node.childForFieldName('operator')?.type ?? '';
}

function isBinary(node: Node, ops: ReadonlySet<string>): boolean {
  return node.type === 'binary_expression' && ops.has(operatorOf(node)) && !node.childForFieldName('prefix_limit');
}

/** Bit-vector arithmetic wraps modulo 2^width (Dafny `bvN`). */
function bvDomain(t: Extract<Type, { kind: 'bitvector' }>): IntDomain {
  return { kind: 'machine', bits: t.width, signed: false, overflow: 'wrap' };
}

/** Operands of a left-nested `&&` / `||` (bullets included), flattened: one n-ary node reads better. */
function junctionOperands(node: Node, op: string, out: Node[] = []): Node[] {
  if (isBinary(node, new Set([op]))) {
    junctionOperands(node.childForFieldName('left')!, op, out);
    junctionOperands(node.childForFieldName('right')!, op, out);
  } else if (node.type === 'bullet_expression' && operatorOf(node) === op) {
    junctionOperands(node.childForFieldName('operand')!, op, out);
  } else out.push(node);
  return out;
}

/**
 * `a <= b < c` is `a <= b && b < c` in Dafny (the tree is left-nested; a parenthesized operand is a
 * different node kind, so `(a <= b) < c` is not a chain).
 */
function chainOf(node: Node): { operands: Node[]; ops: string[] } {
  const left = node.childForFieldName('left')!;
  const head = isBinary(left, RELATIONAL) ? chainOf(left) : { operands: [left], ops: [] };
  return { operands: [...head.operands, node.childForFieldName('right')!], ops: [...head.ops, operatorOf(node)] };
}

/** The operand's type, unless it only comes from integer literals (which adapt to their context). */
function firm(l: Lowered): Type | undefined {
  return l.soft ? undefined : known(l.t);
}

export function lowerBinary(cx: LowerContext, node: Node, scope: Scope, expected?: Type): Lowered {
  const op = operatorOf(node);
  const E = cx.E;
  if (node.childForFieldName('prefix_limit')) unsupportedAt('prefix equality ==#[k]', node);
  const side = (name: 'left' | 'right') => cx.expr(node.childForFieldName(name)!, scope);
  switch (op) {
    case '<==>':
      return { e: E.iff(side('left').e, side('right').e), t: T.bool };
    case '==>':
      return { e: E.implies(side('left').e, side('right').e), t: T.bool };
    case '<==':
      return { e: E.explies(side('left').e, side('right').e), t: T.bool };
    case '&&':
    case '||': {
      const args = junctionOperands(node, op).map((n) => cx.expr(n, scope).e);
      return { e: op === '&&' ? E.and(...args) : E.or(...args), t: T.bool };
    }
  }
  if (RELATIONAL.has(op)) return lowerChain(cx, node, scope);
  const shift = op === '<<' || op === '>>';
  const [l, r] = operands(cx, node, scope, expected, shift);
  return arithmetic(cx, node, op, l, r, expected);
}

/**
 * Both operands, each lowered with the type the other one has (Dafny types `x & 0x10` and `0x10 & x`
 * alike). A shift's amount is an int whatever the shifted value is.
 */
function operands(cx: LowerContext, node: Node, scope: Scope, expected: Type | undefined, shift: boolean): [Lowered, Lowered] {
  const leftNode = node.childForFieldName('left')!;
  const rightNode = node.childForFieldName('right')!;
  let l = cx.expr(leftNode, scope, expected);
  const r = cx.expr(rightNode, scope, shift ? undefined : (firm(l) ?? expected));
  const rt = firm(r);
  if (!shift && l.soft && isBitvector(rt)) l = cx.expr(leftNode, scope, rt);
  return [l, r];
}

function lowerChain(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const { operands, ops } = chainOf(node);
  if (ops.length > 1 && ops.some((o) => o === 'in' || o === '!in')) unsupportedAt('a chain with in / !in (Dafny rejects it)', node);
  const lower = (o: Node, t?: Type) => (o.type === 'null_literal' ? undefined : cx.expr(o, scope, t));
  let lowered = operands.map((o) => lower(o));
  // Literal operands compared with a bit-vector are bit-vectors (`x & mask != 0`).
  const bv = lowered.map((l) => l && firm(l)).find(isBitvector);
  if (bv && !ops.some((o) => o === 'in' || o === '!in')) lowered = operands.map((o, i) => (lowered[i]?.soft ? lower(o, bv) : lowered[i]));
  const parts: Expr[] = ops.map((op, i) => comparison(cx, op, lowered[i], lowered[i + 1], operands[i]!));
  return { e: parts.length === 1 ? parts[0]! : cx.E.and(...parts), t: T.bool };
}

/** One comparison; `undefined` operands are `null`, which no modelled value (arrays included) equals. */
function comparison(cx: LowerContext, op: string, l: Lowered | undefined, r: Lowered | undefined, at: Node): Expr {
  const E = cx.E;
  if (!l || !r) {
    if (op !== '==' && op !== '!=') unsupportedAt(`${op} on null`, at);
    const equal = !l && !r;
    return E.bool(op === '==' ? equal : !equal);
  }
  if (op === 'in' || op === '!in') {
    pin(l, memberType(r.t));
    return op === 'in' ? E.in(l.e, r.e) : E.notIn(l.e, r.e);
  }
  pin(l, r.t);
  pin(r, l.t);
  if (op === '!!') return E.disjoint(l.e, r.e);
  return { kind: 'cmp', op: CMP[op as keyof typeof CMP], left: l.e, right: r.e, seqOrder: E.semantics.seqOrder };
}

function arithmetic(cx: LowerContext, node: Node, op: string, l: Lowered, r: Lowered, expected: Type | undefined): Lowered {
  const E = cx.E;
  const shift = op === '<<' || op === '>>';
  if (!shift) {
    pin(l, r.t);
    pin(r, l.t);
  }
  ask(l);
  ask(r);
  // Operands typed by literals alone take the type the context expects (a bit-vector result).
  const soft = l.soft && (shift || r.soft);
  const t = firm(l) ?? (shift ? undefined : firm(r)) ?? (soft && isBitvector(expected) ? expected : known(l.t) ?? known(r.t));
  if (soft && !isBitvector(t) && BITWISE.has(op)) unsupportedAt(`operator ${op} on integer literals whose bit-vector type the lowering cannot tell`, node);
  if (isChar(t) && (op === '+' || op === '-')) {
    // Dafny adds and subtracts chars as code points; the result must again be a char.
    const n = (op === '+' ? E.add : E.sub)(E.charToInt(l.e), E.charToInt(r.e));
    return { e: E.intToChar(n), t: T.char };
  }
  if (isBitvector(t)) return bitvector(cx, node, op, l, r, t);
  const newtype = l.newtype ?? r.newtype;
  if (newtype) return withinNewtype(cx, node, newtype, plain(cx, node, op, l, r, t, soft));
  return plain(cx, node, op, l, r, t, soft);
}

/**
 * Arithmetic on a newtype stays in the newtype: Dafny checks the constraint on each result
 * (`newtype Byte = x | 0 <= x < 256`: `b + 1` with b = 255 is not well-formed).
 */
function withinNewtype(cx: LowerContext, node: Node, newtype: SubsetInfo, result: Lowered): Lowered {
  const v = cx.fresh('n');
  const constraints = subsetConstraints(cx, newtype, v);
  const e = cx.E.let(v, result.e, checked(cx.E.and(...constraints), cx.E.v(v), cx.loc(node), `the result must satisfy the constraint of ${newtype.name}`));
  return { ...result, e, newtype };
}

function plain(cx: LowerContext, node: Node, op: string, l: Lowered, r: Lowered, t: Type | undefined, soft: boolean | undefined): Lowered {
  const E = cx.E;
  switch (op) {
    case '+':
      return { e: E.add(l.e, r.e), t, soft };
    case '-':
      return { e: E.sub(l.e, r.e), t, soft };
    case '*':
      return { e: E.mul(l.e, r.e), t, soft };
    case '/':
      return { e: E.div(l.e, r.e), t, soft };
    case '%':
      return { e: E.mod(l.e, r.e), t, soft };
    default:
      return unsupportedAt(`operator ${op} on ${t ? t.kind : 'operands of unknown type'} (Dafny has it on bit-vectors only)`, node);
  }
}

function bitvector(cx: LowerContext, node: Node, op: string, l: Lowered, r: Lowered, t: Extract<Type, { kind: 'bitvector' }>): Lowered {
  const E = cx.E;
  const domain = bvDomain(t);
  const wrap = (e: Expr) => E.intCast(e, domain);
  switch (op) {
    case '+':
      return { e: E.add(l.e, r.e, { domain }), t };
    case '-':
      return { e: E.sub(l.e, r.e, { domain }), t };
    case '*':
      return { e: E.mul(l.e, r.e, { domain }), t };
    case '/':
      return { e: E.div(l.e, r.e, { domain }), t };
    case '%':
      return { e: E.mod(l.e, r.e, { domain }), t };
    case '&':
      return { e: E.prim('bitAnd', l.e, r.e), t };
    case '|':
      return { e: E.prim('bitOr', l.e, r.e), t };
    case '^':
      return { e: E.prim('bitXor', l.e, r.e), t };
    case '<<':
      return { e: wrap(E.prim('shl', l.e, r.e)), t };
    case '>>':
      return { e: E.prim('shr', l.e, r.e), t };
    default:
      return unsupportedAt(`operator ${op} on bv${t.width}`, node);
  }
}

export function lowerUnary(cx: LowerContext, node: Node, scope: Scope, expected?: Type): Lowered {
  const E = cx.E;
  const op = operatorOf(node);
  const operandNode = node.childForFieldName('operand')!;
  if (op === '-' && operandNode.type === 'integer_literal' && !isBitvector(expected)) {
    const v = cx.expr(operandNode, scope);
    if (v.e.kind === 'lit' && v.e.value.kind === 'int') return { e: E.int(-v.e.value.value), t: T.int, soft: true };
  }
  const x = cx.expr(operandNode, scope, op === '-' || isBitvector(expected) ? expected : undefined);
  const t = known(ask(x));
  if (op === '!') {
    if (isBitvector(t)) return { e: E.sub(E.int((1n << BigInt(t.width)) - 1n), x.e), t };
    return { e: E.not(x.e), t: T.bool };
  }
  if (isBitvector(t)) return { e: E.neg(x.e, { domain: bvDomain(t) }), t };
  if (x.e.kind === 'lit' && x.e.value.kind === 'real') return { e: E.real(-x.e.value.num, x.e.value.den), t };
  return { e: E.neg(x.e), t, soft: x.soft };
}

/** `&& a` / `|| a` bullets at the start of a clause: just the operand. */
export function lowerBullet(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const op = operatorOf(node);
  const args = junctionOperands(node, op).map((n) => cx.expr(n, scope).e);
  if (args.length === 1) return { e: args[0]!, t: T.bool };
  return { e: op === '&&' ? cx.E.and(...args) : cx.E.or(...args), t: T.bool };
}


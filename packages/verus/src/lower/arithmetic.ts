import { machineRange, T, type Expr, type IntDomain, type Type } from '@specmut/core';
import { E, NotLowered, type Typed } from './context.js';
import { isMachine, optionType } from './types.js';
import type { Node } from '../syntax/parser.js';

/**
 * Verus spec arithmetic (guide, "Arithmetic in spec code"; "Integers and arithmetic"):
 * `+ - *` are exact and give `int` (`nat` for nat op nat); `/` and `%` are Euclidean, unspecified for a
 * zero divisor; `/` gives `int` on signed types and stays in an unsigned type, `%` stays in its type.
 * Bitwise operators and shifts stay in the left operand's type with two's-complement meaning.
 */

type Machine = Extract<Type, { kind: 'machine' }>;

const natOrInt = (l: Typed, r: Typed): Type => (l.t?.kind === 'nat' && r.t?.kind === 'nat' ? T.nat : T.int);

export function additive(op: '+' | '-' | '*', l: Typed, r: Typed, node: Node): Typed {
  // A datatype of the file with its own `spec_add`… is not modelled.
  if (l.t?.kind === 'datatype' || r.t?.kind === 'datatype') throw new NotLowered(`\`${op}\` on a datatype`, node);
  // `+` on sequences is vstd's `spec_add`, concatenation (the evaluator's `add` does that on sequences).
  if (op === '+' && (l.t?.kind === 'seq' || l.t?.kind === 'string')) return { e: E.add(l.e, r.e), t: l.t };
  if (op === '+') return { e: E.add(l.e, r.e), t: natOrInt(l, r) };
  if (op === '*') return { e: E.mul(l.e, r.e), t: natOrInt(l, r) };
  return { e: E.sub(l.e, r.e), t: T.int };
}

export function divisive(op: '/' | '%', l: Typed, r: Typed): Typed {
  const t = l.t ?? r.t;
  const e = op === '/' ? E.div(l.e, r.e) : E.mod(l.e, r.e);
  if (op === '%') return { e, t };
  const stays = t?.kind === 'nat' || (isMachine(t) && !t.signed);
  return { e, t: stays ? t : T.int };
}

const wrapInto = (t: Machine, bits = t.bits): IntDomain => ({ kind: 'machine', bits, signed: t.signed, overflow: 'wrap' });
const unsignedOf = (bits: number): IntDomain => ({ kind: 'machine', bits, signed: false, overflow: 'wrap' });

/** The machine type of a bitwise operation: the typed operand's (a literal takes the other's type). */
function machineOf(l: Typed, r: Typed | undefined, node: Node): Machine | undefined {
  const t = isMachine(l.t) ? l.t : r && isMachine(r.t) ? r.t : undefined;
  if (t) return t;
  const known = [l.t, r?.t].find((x) => x !== undefined);
  if (known && known.kind !== 'int' && known.kind !== 'nat') throw new NotLowered(`bit operation on ${known.kind}`, node);
  return undefined;
}

/**
 * `& | ^` on a machine type: unsigned operands are in range and non-negative; signed ones are taken
 * modulo 2^bits, combined, and read back as two's complement. `isize` uses 64 bits, which gives the
 * 32-bit result too whenever the operands fit 32 bits.
 */
export function bitwise(op: '&' | '|' | '^', l: Typed, r: Typed, node: Node): Typed {
  if (l.t?.kind === 'bool' || r.t?.kind === 'bool') {
    const e = op === '&' ? E.and(l.e, r.e) : op === '|' ? E.or(l.e, r.e) : E.ne(l.e, r.e);
    return { e, t: T.bool };
  }
  const prim = op === '&' ? 'bitAnd' : op === '|' ? 'bitOr' : 'bitXor';
  const t = machineOf(l, r, node);
  if (!t || !t.signed) return { e: E.prim(prim, l.e, r.e), t: t ?? l.t ?? r.t };
  const u = (x: Expr) => E.intCast(x, unsignedOf(t.bits));
  return { e: E.intCast(E.prim(prim, u(l.e), u(r.e)), wrapInto(t)), t };
}

/** `!x`: logical not on bool; on a machine type the complement, `-x - 1` (signed) or `MAX - x` (unsigned). */
export function complement(arg: Typed, node: Node): Typed {
  if (arg.t?.kind === 'bool') return { e: E.not(arg.e), t: T.bool };
  const t = machineOf(arg, undefined, node);
  if (!t) throw new NotLowered('`!` on an integer of unknown type', node);
  if (t.signed) return { e: E.sub(E.neg(arg.e), E.int(1)), t };
  if (t.pointerSized) throw new NotLowered('`!` on usize depends on the platform width (32 or 64 bits)', node);
  return { e: E.sub(E.int(machineRange(t.bits, false)[1]), arg.e), t };
}

/** The shift amount, unspecified unless `0 <= n < bits` (an in-range check as a cast into `u(log2 bits)`). */
function shiftAmount(n: Expr, bits: number): Expr {
  return E.intCast(n, { kind: 'machine', bits: Math.log2(bits), signed: false, overflow: 'unspecified' });
}

/**
 * `x << n`, `x >> n` in the left operand's type. `<<` keeps the low bits (two's complement for signed);
 * `>>` is arithmetic on signed types (rounds toward -infinity), logical on unsigned ones. For `usize`
 * only results that 32 and 64 bits agree on are known.
 */
export function shift(op: '<<' | '>>', l: Typed, r: Typed, node: Node): Typed {
  const t = machineOf(l, undefined, node);
  if (!t) throw new NotLowered(`\`${op}\` on an integer of unknown type`, node);
  const bits = t.pointerSized ? 32 : t.bits;
  const n = shiftAmount(r.e, bits);
  if (op === '>>') {
    return { e: t.signed ? E.div(l.e, E.pow(E.int(2), n), { rounding: 'floor' }) : E.prim('shr', l.e, n), t };
  }
  if (t.pointerSized) return { e: E.intCast(E.prim('shl', l.e, n), { kind: 'machine', bits: 32, signed: t.signed, overflow: 'unspecified' }), t };
  const source = t.signed ? E.intCast(l.e, unsignedOf(t.bits)) : l.e;
  return { e: E.intCast(E.prim('shl', source, n), wrapInto(t)), t };
}

/**
 * `e as T` in spec code: the value when it fits T, otherwise an arbitrary value of T (guide, "Integer
 * coercions using as"). `usize`/`isize` are known only where 32 and 64 bits agree, so a value that fits
 * only the 64-bit width is unspecified. (`#[verifier::truncate]` casts, which wrap, do not parse yet.)
 */
export function cast(arg: Typed, target: Type | undefined, node: Node): Typed {
  if (!target) throw new NotLowered(`cast to ${field0(node)}`, node);
  let e = arg.e;
  if (arg.t?.kind === 'char' && (target.kind === 'machine' || target.kind === 'int' || target.kind === 'nat')) e = E.charToInt(e);
  else if (arg.t?.kind === 'bool') throw new NotLowered('cast of a bool', node);
  switch (target.kind) {
    case 'int':
      return { e, t: target };
    case 'nat':
      return { e: E.intCast(e, { kind: 'nat' }), t: target };
    case 'machine': {
      const bits = target.pointerSized ? 32 : target.bits;
      return { e: E.intCast(e, { kind: 'machine', bits, signed: target.signed, overflow: 'unspecified' }), t: target };
    }
    case 'char':
      // Verus treats char as an integer type in spec code: a code point that is not a char is arbitrary.
      if (arg.t?.kind === 'char') return { e, t: target };
      return { e: E.intToChar(e), t: target };
    default:
      throw new NotLowered(`cast to ${target.kind}`, node);
  }
}

function field0(node: Node): string {
  return node.childForFieldName('type')?.text ?? node.text;
}

/** The platform-independent range of a machine type (`usize`: what 32 and 64 bits share). */
function knownRange(t: Machine): [bigint, bigint] {
  return machineRange(t.pointerSized ? 32 : t.bits, t.signed);
}

/** vstd's `add(a, b)` / `sub` / `mul`: the result in the operands' type, arbitrary when it does not fit. */
export function inTypeArith(op: 'add' | 'sub' | 'mul', l: Typed, r: Typed, node: Node): Typed {
  const t = isMachine(l.t) ? l.t : isMachine(r.t) ? r.t : undefined;
  const raw = op === 'add' ? E.add(l.e, r.e) : op === 'sub' ? E.sub(l.e, r.e) : E.mul(l.e, r.e);
  if (!t) {
    if (l.t?.kind === 'nat' && op === 'sub') return { e: E.intCast(raw, { kind: 'nat' }), t: T.nat };
    if (l.t?.kind === 'int' || l.t?.kind === 'nat') return { e: raw, t: l.t };
    throw new NotLowered(`${op} on integers of unknown type`, node);
  }
  return { e: E.intCast(raw, { kind: 'machine', bits: t.pointerSized ? 32 : t.bits, signed: t.signed, overflow: 'unspecified' }), t };
}

/**
 * `x.wrapping_add(y)` etc. (vstd's specs of the std integer methods): the exact result taken modulo
 * 2^bits into the type; for `usize` known only when no wrapping happens on 32 bits.
 */
export function wrapping(op: 'add' | 'sub' | 'mul' | 'neg', l: Typed, r: Typed | undefined, node: Node): Typed {
  const t = isMachine(l.t) ? l.t : undefined;
  if (!t) throw new NotLowered(`wrapping_${op} on an integer of unknown type`, node);
  const raw = op === 'neg' ? E.neg(l.e) : op === 'add' ? E.add(l.e, r!.e) : op === 'sub' ? E.sub(l.e, r!.e) : E.mul(l.e, r!.e);
  if (t.pointerSized) return { e: E.intCast(raw, { kind: 'machine', bits: 32, signed: t.signed, overflow: 'unspecified' }), t };
  return { e: E.intCast(raw, wrapInto(t)), t };
}

/** `x.checked_add(y)` etc.: `Some(exact)` when it fits the type, else `None` (usize: unknown between 2^32 and 2^64). */
export function checked(op: 'add' | 'sub' | 'mul' | 'div' | 'rem', l: Typed, r: Typed, node: Node): Typed {
  const t = isMachine(l.t) ? l.t : undefined;
  if (!t) throw new NotLowered(`checked_${op} on an integer of unknown type`, node);
  const opt = optionType(t);
  if (op === 'div' || op === 'rem') {
    // Rust's `/` and `%` on integers truncate; None for a zero divisor or MIN / -1.
    const exact = op === 'div' ? E.div(l.e, r.e, { rounding: 'trunc' }) : E.mod(l.e, r.e, { rounding: 'trunc' });
    const overflow = t.signed ? E.and(E.eq(l.e, E.int(knownRange(t)[0])), E.eq(r.e, E.int(-1))) : E.bool(false);
    if (t.pointerSized && t.signed) throw new NotLowered(`checked_${op} on isize depends on the platform width`, node);
    return { e: E.ite(E.or(E.eq(r.e, E.int(0)), overflow), E.ctor('None'), E.ctor('Some', exact)), t: opt };
  }
  const raw = op === 'add' ? E.add(l.e, r.e) : op === 'sub' ? E.sub(l.e, r.e) : E.mul(l.e, r.e);
  const [lo, hi] = knownRange(t);
  const fits = E.and(E.le(E.int(lo), raw), E.le(raw, E.int(hi)));
  if (!t.pointerSized) return { e: E.ite(fits, E.ctor('Some', raw), E.ctor('None')), t: opt };
  const [lo64, hi64] = machineRange(64, t.signed);
  const never = E.or(E.lt(raw, E.int(lo64)), E.gt(raw, E.int(hi64)));
  return { e: E.ite(fits, E.ctor('Some', raw), E.ite(never, E.ctor('None'), E.intCast(raw, { kind: 'machine', bits: 32, signed: t.signed, overflow: 'unspecified' }))), t: opt };
}

/** `u32::MAX`, `i8::MIN`, `u8::BITS`: fixed except the pointer-sized ones' MAX/MIN. */
export function integerConstant(type: Type, name: string, node: Node): Typed {
  if (!isMachine(type)) throw new NotLowered(`constant ${node.text}`, node);
  if (name === 'BITS' && !type.pointerSized) return { e: E.int(type.bits), t: T.machine(32, false) };
  if (type.pointerSized && !(name === 'MIN' && !type.signed)) throw new NotLowered(`${node.text} depends on the platform width (32 or 64 bits)`, node);
  const [lo, hi] = machineRange(type.bits, type.signed);
  if (name === 'MAX') return { e: E.int(hi), t: type };
  if (name === 'MIN') return { e: E.int(lo), t: type };
  throw new NotLowered(`constant ${node.text}`, node);
}

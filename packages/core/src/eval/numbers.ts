import type { ArithExpr, CmpExpr, ConvertExpr, DivExpr, Expr, IntDomain } from '../ir/nodes.js';
import { showExpr } from '../ir/print.js';
import { compareValues, equalValues, V, type Value } from '../model/values.js';
import { divMod, intoDomain, machineRange, rat, ratAdd, ratCmp, ratDiv, ratFloor, ratMul, ratSub } from './arith.js';
import * as C from './collections.js';
import type { RVal } from './env.js';
import type { Evaluator } from './context.js';
import { IllFormed, Unknown } from './outcome.js';
import { describe, isNum, ratValue, toRat, typeError, where } from './runtime.js';
import { floatArith, floatDivide, primitiveCompare, valuesEqual } from './floats.js';
import { floatOfBinary } from '../model/floats.js';

/** Numbers (integers in their domains, exact reals), comparisons, orderings and conversions. */

export function inDomain(n: bigint, domain: IntDomain, e: Expr): Value {
  const r = intoDomain(n, domain);
  if (r !== 'overflow') return V.int(r);
  const d = domain as Extract<IntDomain, { kind: 'machine' }>;
  const name = `${d.signed ? 'i' : 'u'}${d.bits}`;
  if (d.overflow === 'error') throw new IllFormed(`arithmetic overflow: ${n} is out of range of ${name}${where(e)}`);
  throw new Unknown('unspecified', `unspecified result: ${n} overflows ${name}${where(e)}`);
}

export function arith(e: ArithExpr, l: RVal, r: RVal): Value {
  if (l.kind === 'float' || r.kind === 'float') return floatArith(e, l, r);
  if (l.kind === 'int' && r.kind === 'int') {
    const a = l.value;
    const b = r.value;
    switch (e.op) {
      case 'add':
        return inDomain(a + b, e.domain, e);
      case 'sub':
        return inDomain(a - b, e.domain, e);
      case 'mul':
        return inDomain(a * b, e.domain, e);
      case 'pow':
        if (b < 0n) throw new Unknown('unsupported', `negative exponent ${b}${where(e)}`);
        if (b > 100_000n) throw new Unknown('budget', `exponent ${b} too large${where(e)}`);
        return inDomain(a ** b, e.domain, e);
    }
  }
  if (isNum(l) && isNum(r)) {
    const a = toRat(l);
    const b = toRat(r);
    switch (e.op) {
      case 'add':
        return ratValue(ratAdd(a, b));
      case 'sub':
        return ratValue(ratSub(a, b));
      case 'mul':
        return ratValue(ratMul(a, b));
      case 'pow': {
        if (r.kind !== 'int' || r.value < 0n || r.value > 10_000n) throw new Unknown('unsupported', `real power ${showExpr(e)}${where(e)}`);
        return ratValue(rat(a.num ** r.value, a.den ** r.value));
      }
    }
  }
  // Collection overloads of + - * (Dafny).
  if (l.kind === 'seq' && r.kind === 'seq' && e.op === 'add') return V.seq([...l.elems, ...r.elems]);
  if (l.kind === 'set' && r.kind === 'set') {
    if (e.op === 'add') return C.setUnion(l, r);
    if (e.op === 'sub') return C.setDifference(l, r);
    if (e.op === 'mul') return C.setIntersect(l, r);
  }
  if (l.kind === 'multiset' && r.kind === 'multiset') {
    if (e.op === 'add') return C.multisetSum(l, r);
    if (e.op === 'sub') return C.multisetDifference(l, r);
    if (e.op === 'mul') return C.multisetIntersect(l, r);
  }
  if (l.kind === 'map' && r.kind === 'map' && e.op === 'add') return C.mapMerge(l, r);
  if (l.kind === 'map' && r.kind === 'set' && e.op === 'sub') return C.mapRemoveKeys(l, r.elems);
  throw new Unknown('unsupported', `cannot apply ${e.op} to ${describe(l)} and ${describe(r)}${where(e)}`);
}

export function divide(ip: Evaluator, e: DivExpr, l: RVal, r: RVal): Value {
  if (l.kind === 'float' || r.kind === 'float') return floatDivide(e, l, r);
  if (l.kind === 'int' && r.kind === 'int') {
    if (r.value === 0n) {
      if (e.byZero.mode === 'total') return e.op === 'div' ? V.int(0) : l;
      return ip.fail(e.byZero, `division by zero in ${ip.printer.expr(e)}`, e);
    }
    const [q, m] = divMod(l.value, r.value, e.rounding);
    return inDomain(e.op === 'div' ? q : m, e.domain, e);
  }
  if (isNum(l) && isNum(r) && e.op === 'div') {
    const b = toRat(r);
    if (b.num === 0n) {
      if (e.byZero.mode === 'total') return V.real(0);
      return ip.fail(e.byZero, `division by zero in ${ip.printer.expr(e)}`, e);
    }
    return ratValue(ratDiv(toRat(l), b));
  }
  throw new Unknown('unsupported', `cannot apply ${e.op} to ${describe(l)} and ${describe(r)}${where(e)}`);
}


export function compare(e: CmpExpr, l: RVal, r: RVal): boolean {
  if (l.kind === 'int' && r.kind === 'int') return primitiveCompare(e.op, l.value, r.value);
  if (l.kind === 'fn' || r.kind === 'fn') throw new Unknown('unsupported', `comparison of functions${where(e)}`);
  if (l.kind === 'float' && r.kind === 'float') return primitiveCompare(e.op, l.value, r.value);
  if (l.kind === 'float' || r.kind === 'float') throw new Unknown('unsupported', `cannot compare ${describe(l)} and ${describe(r)}${where(e)}`);
  if (e.op === 'eq' || e.op === 'ne') {
    let eq: boolean;
    if (isNum(l) && isNum(r) && l.kind !== r.kind) eq = ratCmp(toRat(l), toRat(r)) === 0;
    else eq = valuesEqual(l, r);
    return e.op === 'eq' ? eq : !eq;
  }
  const [a, b, op] = e.op === 'gt' || e.op === 'ge' ? [r, l, e.op === 'gt' ? 'lt' : 'le'] : [l, r, e.op];
  const strict = op === 'lt';
  if (isNum(a) && isNum(b)) {
    const c = a.kind === 'int' && b.kind === 'int' ? (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) : ratCmp(toRat(a), toRat(b));
    return strict ? c < 0 : c <= 0;
  }
  if (a.kind === 'char' && b.kind === 'char') {
    const c = compareValues(a, b);
    return strict ? c < 0 : c <= 0;
  }
  if ((a.kind === 'set' && b.kind === 'set') || (a.kind === 'multiset' && b.kind === 'multiset')) {
    const sub = C.isSubCollection(a.elems, b.elems);
    return strict ? sub && a.elems.length < b.elems.length : sub;
  }
  if (a.kind === 'seq' && b.kind === 'seq') {
    if (e.seqOrder === 'prefix') {
      const pre = C.isPrefix(a.elems, b.elems);
      return strict ? pre && a.elems.length < b.elems.length : pre;
    }
    if (e.seqOrder === 'lex') {
      const c = compareValues(a, b);
      return strict ? c < 0 : c <= 0;
    }
    throw new Unknown('unsupported', `ordering of sequences without a declared order${where(e)}`);
  }
  if (a.kind === 'bool' && b.kind === 'bool') {
    const c = Number(a.value) - Number(b.value);
    return strict ? c < 0 : c <= 0;
  }
  throw new Unknown('unsupported', `cannot order ${describe(l)} and ${describe(r)}${where(e)}`);
}

export function lessThan(x: Value, y: Value, e: Expr): boolean {
  if (x.kind === 'float' && y.kind === 'float') return x.value < y.value;
  if (isNum(x) && isNum(y)) return ratCmp(toRat(x), toRat(y)) < 0;
  if (x.kind === 'char' && y.kind === 'char') return compareValues(x, y) < 0;
  return typeError('numbers', x, e);
}

function lessOrEqual(x: Value, y: Value, e: Expr): boolean {
  if (x.kind === 'float' && y.kind === 'float') return x.value <= y.value;
  return !lessThan(y, x, e);
}

/**
 * The binary `min`/`max` as `if a <= b then a else b` / `if a <= b then b else a` (Lean's
 * `minOfLe`/`maxOfLe`). On integers, reals and chars that is the usual minimum and maximum; on floats
 * it fixes what NaN and signed zeros give (`max(NaN, 1) = NaN`, `max(1, NaN) = 1`, `max(0.0, -0.0) = -0.0`).
 */
export function minOrMax(which: 'min' | 'max', a: Value, b: Value, e: Expr): Value {
  const le = lessOrEqual(a, b, e);
  return which === 'min' ? (le ? a : b) : le ? b : a;
}

export function convert(ip: Evaluator, e: ConvertExpr, v: RVal): Value {
  switch (e.conv) {
    case 'intToReal':
      if (v.kind === 'real') return v;
      if (v.kind !== 'int') return typeError('an integer', v, e);
      return V.real(v.value);
    case 'realFloor':
      if (v.kind === 'int') return v;
      if (v.kind !== 'real') return typeError('a real', v, e);
      return V.int(ratFloor(v));
    case 'charToInt':
      if (v.kind !== 'char') return typeError('a char', v, e);
      return V.int(v.value.codePointAt(0)!);
    case 'intToChar': {
      if (v.kind !== 'int') return typeError('an integer', v, e);
      const n = v.value;
      if (n < 0n || n > 0x10ffffn || (n >= 0xd800n && n <= 0xdfffn)) return ip.fail(e.onFail, `${n} is not a character code`, e);
      return V.char(String.fromCodePoint(Number(n)));
    }
    case 'intCast': {
      if (v.kind !== 'int') return typeError('an integer', v, e);
      const d = e.domain ?? { kind: 'int' };
      if (d.kind === 'nat') return v.value < 0n ? ip.fail(e.onFail, `${v.value} is not a natural number`, e) : v;
      return inDomain(v.value, d, e);
    }
    case 'intToFloat':
      if (v.kind !== 'int') return typeError('an integer', v, e);
      return V.float(floatOfBinary(v.value, 0n, e.keepBits));
    case 'floatToInt':
      if (v.kind !== 'float') return typeError('a float', v, e);
      return floatToInt(ip, e, v.value);
  }
}

function floatToInt(ip: Evaluator, e: ConvertExpr, x: number): Value {
  const d = e.domain ?? { kind: 'int' };
  if (d.kind === 'machine') {
    if (Number.isNaN(x)) return V.int(0);
    const [min, max] = machineRange(d.bits, d.signed);
    if (x === Infinity) return V.int(max);
    if (x === -Infinity) return V.int(min);
    const n = BigInt(Math.trunc(x));
    return V.int(n < min ? min : n > max ? max : n);
  }
  if (!Number.isFinite(x)) return ip.fail(e.onFail, `${x} has no integer value`, e);
  const n = BigInt(Math.trunc(x));
  if (d.kind === 'nat' && n < 0n) return ip.fail(e.onFail, `${x} is not a natural number`, e);
  return V.int(n);
}


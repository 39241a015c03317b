import type { ArithExpr, CmpOp, DivExpr, Expr, PrimOp } from '../ir/nodes.js';
import { floatOfBinary, floatToBinary } from '../model/floats.js';
import { equalValues, V, type Value } from '../model/values.js';
import type { RVal } from './env.js';
import { Unknown } from './outcome.js';
import { bool, describe, where } from './runtime.js';
import type { PrimImpl } from './context.js';
import { arity, floatArg } from './prim-args.js';

/**
 * IEEE 754 binary64 arithmetic (a `float` value): JS numbers are exactly that, so `+ - * /`, `sqrt`
 * and comparisons are the correctly rounded IEEE operations every conforming runtime computes. Where a
 * runtime's result is not fixed by IEEE (`pow` is not required to be correctly rounded), only the
 * results every accurate implementation agrees on are given; the rest is unknown.
 */

type Float = Extract<Value, { kind: 'float' }>;

export function isFloat(v: RVal): v is Float {
  return v.kind === 'float';
}

function operands(l: RVal, r: RVal, e: Expr): [number, number] {
  if (l.kind === 'float' && r.kind === 'float') return [l.value, r.value];
  // Languages with floats convert explicitly (Lean has no mixed Float/Int arithmetic): a mix is the lowering's mistake.
  throw new Unknown('unsupported', `cannot mix ${describe(l)} and ${describe(r)} in float arithmetic${where(e)}`);
}

export function floatArith(e: ArithExpr, l: RVal, r: RVal): Value {
  const [a, b] = operands(l, r, e);
  switch (e.op) {
    case 'add':
      return V.float(a + b);
    case 'sub':
      return V.float(a - b);
    case 'mul':
      return V.float(a * b);
    case 'pow':
      return V.float(floatPow(a, b, e));
  }
}

/** `/` is IEEE division (`x / 0` is ±Infinity or NaN); `%` is C's `fmod` (JS `%` on numbers is exactly that). */
export function floatDivide(e: DivExpr, l: RVal, r: RVal): Value {
  const [a, b] = operands(l, r, e);
  return V.float(e.op === 'div' ? a / b : a % b);
}

/**
 * A comparison of integers (bigints) or doubles with JS operators, which on doubles are IEEE's: every
 * comparison with NaN is false except `!=`, and `-0 == +0`.
 */
export function primitiveCompare<T extends number | bigint>(op: CmpOp, a: T, b: T): boolean {
  switch (op) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    case 'lt':
      return a < b;
    case 'le':
      return a <= b;
    case 'gt':
      return a > b;
    case 'ge':
      return a >= b;
  }
}

/**
 * Equality of values where floats compare the IEEE way at any depth (`[NaN] != [NaN]`,
 * `(0.0, 1) == (-0.0, 1)`), as element-wise equality in the languages with floats does; without
 * floats it is structural equality.
 */
export function valuesEqual(a: Value, b: Value): boolean {
  if (a.kind === 'float' && b.kind === 'float') return a.value === b.value;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'seq':
    case 'set':
    case 'multiset':
    case 'tuple': {
      const o = b as typeof a;
      return a.elems.length === o.elems.length && a.elems.every((x, i) => valuesEqual(x, o.elems[i]!));
    }
    case 'map': {
      const o = b as typeof a;
      return a.entries.length === o.entries.length && a.entries.every(([k, x], i) => equalValues(k, o.entries[i]![0]) && valuesEqual(x, o.entries[i]![1]));
    }
    case 'datatype': {
      const o = b as typeof a;
      return a.ctor === o.ctor && a.fields.length === o.fields.length && a.fields.every((x, i) => valuesEqual(x, o.fields[i]!));
    }
    default:
      return equalValues(a, b);
  }
}

/**
 * C's `pow` where its result is certain: the special cases C99 Annex F fixes (`pow(x, ±0) = 1` and
 * `pow(1, y) = 1` even for NaN, `pow(-1, ±Infinity) = 1`, zeros, infinities and NaN), and finite
 * integral powers whose exact value is a double (a pow accurate to within one unit in the last place,
 * as glibc's is, returns it). Anything else depends on the platform's libm: unknown.
 */
export function floatPow(x: number, y: number, e: Expr): number {
  if (y === 0 || x === 1) return 1;
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (!Number.isFinite(y)) return Math.abs(x) === 1 ? 1 : x ** y;
  if (!Number.isFinite(x) || x === 0) return x ** y; // JS follows Annex F for zeros and infinities
  if (Number.isInteger(y) && Math.abs(y) <= 4096) {
    const { m, e: exp } = floatToBinary(x);
    const n = BigInt(Math.abs(y));
    if (y > 0) {
      const exact = { m: m ** n, e: exp * n };
      // Twice the largest double or more: every accurate libm overflows.
      const magnitude = BigInt((exact.m < 0n ? -exact.m : exact.m).toString(2).length - 1) + exact.e;
      if (magnitude >= 1025n) return exact.m < 0n ? -Infinity : Infinity;
      const rounded = floatOfBinary(exact.m, exact.e);
      const back = floatToBinary(rounded);
      if (back.m === exact.m && back.e === exact.e) return rounded;
    } else if (m === 1n || m === -1n) {
      return floatOfBinary(m ** n, -exp * n); // 1 / (±2^k)^n is a power of two
    }
  }
  if (x < 0 && !Number.isInteger(y)) return NaN;
  throw new Unknown('unsupported', `float power ${x} ^ ${y} is not exactly representable: its last bit depends on the platform's pow${where(e)}`);
}

/**
 * C's `round`: halfway cases away from zero (JS `Math.round` rounds them up). `x - trunc(x)` is exact
 * for doubles, so the comparison with 0.5 is too.
 */
export function roundHalfAway(x: number): number {
  if (!Number.isFinite(x)) return x;
  const t = Math.trunc(x);
  return Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t;
}

const UNARY: Record<string, (x: number) => number> = { sqrt: Math.sqrt, floor: Math.floor, ceil: Math.ceil, round: roundHalfAway };

const unary: PrimImpl = (_ip, args, e) => {
  arity(args, 1, e);
  return V.float(UNARY[e.op]!(floatArg(args[0], e)));
};

const TESTS: Record<string, (x: number) => boolean> = { isNaN: Number.isNaN, isInfinite: (x) => x === Infinity || x === -Infinity, isFinite: Number.isFinite };

const test: PrimImpl = (_ip, args, e) => {
  arity(args, 1, e);
  return bool(TESTS[e.op]!(floatArg(args[0], e)));
};

export const FLOAT_PRIMITIVES = {
  sqrt: unary,
  floor: unary,
  ceil: unary,
  round: unary,
  isNaN: test,
  isInfinite: test,
  isFinite: test,
} satisfies Partial<Record<PrimOp, PrimImpl>>;

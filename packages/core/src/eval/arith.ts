import type { IntDomain, Rounding } from '../ir/nodes.js';
import { machineRange } from '../model/types.js';

export { machineRange };

/**
 * Integer division and remainder in the three conventions; `b` must be non-zero. Each pair satisfies
 * `a == b * q + r`; they differ in the sign of `r`: Euclidean `0 <= r < |b|`, truncating `r` has the
 * sign of `a`, floor `r` has the sign of `b`.
 */
export function divMod(a: bigint, b: bigint, rounding: Rounding): [q: bigint, r: bigint] {
  const q0 = a / b; // BigInt division truncates toward zero
  const r0 = a - b * q0;
  if (rounding === 'trunc' || r0 === 0n) return [q0, r0];
  if (rounding === 'floor') {
    if (r0 < 0n !== b < 0n) return [q0 - 1n, r0 + b];
    return [q0, r0];
  }
  if (r0 < 0n) return b > 0n ? [q0 - 1n, r0 + b] : [q0 + 1n, r0 - b];
  return [q0, r0];
}

/** Range of a machine integer domain. */

/** Two's-complement wrap into a machine domain. */
export function wrap(n: bigint, bits: number, signed: boolean): bigint {
  const w = BigInt(bits);
  const m = n & ((1n << w) - 1n);
  return signed && m >= 1n << (w - 1n) ? m - (1n << w) : m;
}

/**
 * Brings an exact integer result into a domain: unchanged for `int`, truncated at 0 for `nat` (Lean's
 * `a - b` on Nat), range-checked for machine integers. Returns `overflow` when a machine result is out of
 * range and the domain does not wrap: the caller applies the domain's policy.
 */
export function intoDomain(n: bigint, domain: IntDomain): bigint | 'overflow' {
  switch (domain.kind) {
    case 'int':
      return n;
    case 'nat':
      return n < 0n ? 0n : n;
    case 'machine': {
      const [min, max] = machineRange(domain.bits, domain.signed);
      if (n >= min && n <= max) return n;
      return domain.overflow === 'wrap' ? wrap(n, domain.bits, domain.signed) : 'overflow';
    }
  }
}

export interface Rat {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function rat(num: bigint, den: bigint): Rat {
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

export const ratAdd = (a: Rat, b: Rat): Rat => rat(a.num * b.den + b.num * a.den, a.den * b.den);
export const ratSub = (a: Rat, b: Rat): Rat => rat(a.num * b.den - b.num * a.den, a.den * b.den);
export const ratMul = (a: Rat, b: Rat): Rat => rat(a.num * b.num, a.den * b.den);
/** `b` must be non-zero. */
export const ratDiv = (a: Rat, b: Rat): Rat => rat(a.num * b.den, a.den * b.num);
export const ratCmp = (a: Rat, b: Rat): number => {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
};
/** Largest integer <= a. */
export function ratFloor(a: Rat): bigint {
  const [q] = divMod(a.num, a.den, 'floor');
  return q;
}

export function bigAbs(n: bigint): bigint {
  return n < 0n ? -n : n;
}

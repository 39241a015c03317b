import type { DivByZero, IntDomain, OnFailure, OptionCtors, Rounding, SeqOrder } from './nodes.js';

/**
 * A language's defaults for the choices every partial or overloaded node records. A lowering builds
 * nodes through `builders(semantics)` and overrides per node where the source says otherwise (a Lean
 * `Nat` subtraction, an `xs[i]!` with its type's default, a Verus `u32` cast).
 */
export interface Semantics {
  name: string;
  /** Domain of `+ - * ^` and negation on integers. */
  intDomain: IntDomain;
  rounding: Rounding;
  divByZero: DivByZero;
  /** Out-of-range index or slice, missing map key, wrong destructor, no matching case, failed cast. */
  onFail: OnFailure;
  seqOrder: SeqOrder;
  /** The option constructors of the language, for the operations that return one (default `none`/`some`). */
  option?: OptionCtors | undefined;
}

export const INT: IntDomain = { kind: 'int' };
export const NAT: IntDomain = { kind: 'nat' };
export const ERROR: OnFailure = { mode: 'error' };
export const UNSPECIFIED: OnFailure = { mode: 'unspecified' };

/** A Verus/Rust fixed-width integer type such as `u32` or `i64` (`usize`/`isize` are taken as 64 bits). */
export function machineInt(name: string, overflow: 'error' | 'unspecified' | 'wrap'): IntDomain {
  const m = /^([ui])(8|16|32|64|128|size)$/.exec(name);
  if (!m) throw new RangeError(`not a machine integer type: ${name}`);
  const bits = m[2] === 'size' ? 64 : Number(m[2]);
  return { kind: 'machine', bits, signed: m[1] === 'i', overflow };
}

/** Dafny: unbounded ints, Euclidean `/ %`, every partial operation must be well-formed. */
export const DAFNY: Semantics = { name: 'dafny', intDomain: INT, rounding: 'euclid', divByZero: ERROR, onFail: ERROR, seqOrder: 'prefix' };

/**
 * Lean 4: `Int./` and `%` are `Int.ediv`/`Int.emod` (Euclidean; `Int.tdiv`/`Int.fdiv` are the other
 * conventions) and `x / 0 = 0`, `x % 0 = x` (Lean core, `Init/Data/Int/DivMod/Basic.lean`: the default
 * `Div Int`/`Mod Int` instances have been `ediv`/`emod` since 2023; `Int.div`/`Int.mod`, the
 * T-rounding pair, were renamed `tdiv`/`tmod` in September 2024); `Nat` `/` and `%` are total the same way; `Nat` subtraction truncates at 0 (use domain `NAT` per
 * node). `xs[i]!` gives `default` (set per node with the type's default value); other partial
 * operations only typecheck with a proof, so their failure is unspecified.
 */
export const LEAN: Semantics = {
  name: 'lean',
  intDomain: INT,
  rounding: 'euclid',
  divByZero: { mode: 'total' },
  onFail: UNSPECIFIED,
  seqOrder: 'lex',
  option: { none: 'none', some: 'some' },
};

/**
 * Verus spec code: arithmetic on integers is unbounded (`int`); `/ %` are Euclidean, unlike Rust's
 * truncating exec operators (Verus guide, "Arithmetic in spec code": `b * q + r == a`, `0 <= r < |b|`);
 * division by zero or an out-of-range index has an unspecified result.
 */
export const VERUS: Semantics = { name: 'verus', intDomain: INT, rounding: 'euclid', divByZero: UNSPECIFIED, onFail: UNSPECIFIED, seqOrder: 'lex', option: { none: 'None', some: 'Some' } };

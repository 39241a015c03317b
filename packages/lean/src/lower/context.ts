import { builders, LEAN, NAT, T, type DatatypeDecl, type FunctionDef, type Type } from '@specmut/core';
import type { Declaration } from '../syntax/declarations.js';
import type { Node } from '../syntax/parser.js';
import type { LeanTypes } from '../syntax/types.js';

export const E = builders(LEAN);

// A lowered term's Lean type, when known, decides Nat vs Int arithmetic and `default`s.
export { freshName, locOf, NotLowered, type Typed } from '@specmut/core';

export interface LowerContext {
  file: string;
  declarations: readonly Declaration[];
  types: LeanTypes;
  /** The pieces of each `s!"…"` (see `LeanNative.interpolations`). */
  interpolations?: ReadonlyMap<number, (string | Node)[]> | undefined;
  /** Functions lowered so far (helpers of the spec), by qualified name; `undefined` while in progress. */
  functions: Map<string, FunctionDef>;
  datatypes: Map<string, DatatypeDecl>;
  /**
   * The function under test: its calls at the test's arguments are the result, elsewhere a `specCall`.
   * `hypotheses`: explicit argument positions that are proofs (dropped at calls).
   */
  self?: SelfFunction | undefined;
  /** Theorem variables that stand for the test's inputs, renamed to the function's parameter names. */
  aliases?: Map<string, string> | undefined;
  /** `let` functions in scope: the lifted function's name and the locals it takes first. */
  localFunctions?: Map<string, { fn: string; captured: string[]; result: Type | undefined }> | undefined;
  /** The parameter each `·` of a section `(· + 1)` stands for, by node id. */
  cdots?: Map<number, string>;
  fresh: { n: number };
  /** Names bound with a `Fin n` type somewhere in the spec: arithmetic on them alone wraps around. */
  finNames?: Set<string>;
}

export interface SelfFunction {
  name: string;
  qualified: string;
  params: string[];
  paramTypes: Type[];
  result: string;
  resultType: Type;
  leading: ReadonlySet<number>;
  hypotheses: ReadonlySet<number>;
}

/** Local variables in scope with their types. */
export type Scope = ReadonlyMap<string, Type | undefined>;

export function withVars(scope: Scope, vars: [string, Type | undefined][]): Scope {
  const next = new Map(scope);
  for (const [n, t] of vars) next.set(n, t);
  return next;
}

export const isNat = (t: Type | undefined): boolean => t?.kind === 'nat';
export const isIntLike = (t: Type | undefined): boolean => t?.kind === 'nat' || t?.kind === 'int';
export const NAT_DOMAIN = NAT;

/** The element type of a collection type (chars of a String). */
export function elemOf(t: Type | undefined): Type | undefined {
  if (!t) return undefined;
  if (t.kind === 'seq' || t.kind === 'set' || t.kind === 'multiset') return t.elem;
  if (t.kind === 'array') return t.dims > 1 ? { ...t, dims: t.dims - 1 } : t.elem;
  if (t.kind === 'string') return T.char;
  return undefined;
}

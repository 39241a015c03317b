import type { IrLoc } from '../ir/nodes.js';

/**
 * Why a sub-expression has no definite value. `unspecified`: a partial operation's result is left open
 * by the language; `pending`: waiting for a Z3 answer (internal, resolved by the driver).
 */
export type UnknownCause = 'unsupported' | 'budget' | 'timeout' | 'gave-up' | 'unspecified' | 'pending';

/**
 * Thrown for "no definite value" (plain classes, not Errors: the evaluator throws them on ordinary
 * paths and a stack trace per throw would cost more than the evaluation).
 */
export class Unknown {
  constructor(
    readonly cause: UnknownCause,
    readonly reason: string,
  ) {}
}

/** Thrown when an `error`-mode partial operation fails: the spec is not well-formed for these values. */
export class IllFormed {
  constructor(readonly reason: string) {}
}

export function isEvalSignal(x: unknown): x is Unknown | IllFormed {
  return x instanceof Unknown || x instanceof IllFormed;
}

export function showLoc(loc: IrLoc | undefined): string {
  if (!loc) return '';
  return loc.file ? ` at ${loc.file}:${loc.line}:${loc.column}` : ` at line ${loc.line}, column ${loc.column}`;
}

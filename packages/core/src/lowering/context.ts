import type { Expr, IrLoc } from '../ir/nodes.js';
import type { Type } from '../model/types.js';

// Pieces every backend's lowering (syntax tree → IR) needs, in terms of what any parser's node offers.

/** What the lowering reads of a syntax node it reports on: its text and where it starts (rows and columns from 0). */
export interface LoweredSyntax {
  readonly text: string;
  readonly startPosition: { readonly row: number; readonly column: number };
}

/** A lowered expression with its source-language type when the lowering knows it. */
export interface Typed {
  e: Expr;
  t?: Type | undefined;
}

/** Thrown for a construct the lowering does not translate; caught where an `unsupported` node can stand. */
export class NotLowered extends Error {
  constructor(
    readonly what: string,
    readonly node: LoweredSyntax,
  ) {
    super(what);
  }
}

/** The IR location (lines and columns from 1) of a node of the context's file. */
export function locOf(ctx: { readonly file: string }, node: LoweredSyntax): IrLoc {
  return { file: ctx.file, line: node.startPosition.row + 1, column: node.startPosition.column + 1 };
}

/** A name for a temporary the lowering introduces: `base$n`, which no Lean or Rust identifier can spell. */
export function freshName(ctx: { readonly fresh: { n: number } }, base: string): string {
  return `${base}$${ctx.fresh.n++}`;
}

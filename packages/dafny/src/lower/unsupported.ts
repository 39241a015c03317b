import { NotLowered } from '@specmut/core';
import type { Node } from '../syntax/parser.js';

/**
 * Throws for a construct a lowering helper cannot translate; the nearest expression lowering (`LowerContext.expr`)
 * turns it into an IR `unsupported` node at `node`, so only that sub-expression is unknown.
 */
export function unsupportedAt(construct: string, node: Node): never {
  throw new NotLowered(construct, node);
}

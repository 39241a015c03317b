import type { Node } from '../syntax/parser.js';

/**
 * Thrown by a lowering helper that meets a construct it cannot translate; the nearest expression
 * lowering turns it into an IR `unsupported` node at `node`, so only that sub-expression is unknown.
 */
export class UnsupportedConstruct extends Error {
  constructor(
    readonly construct: string,
    readonly node: Node,
  ) {
    super(construct);
  }
}

export function unsupportedAt(construct: string, node: Node): never {
  throw new UnsupportedConstruct(construct, node);
}

import type { SyntaxNode } from './syntax.js';

/** Named children, without the nulls web-tree-sitter's types allow for. */
export function named(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((n): n is SyntaxNode => n !== null);
}

export function fields(node: SyntaxNode, name: string): SyntaxNode[] {
  return node.childrenForFieldName(name).filter((n): n is SyntaxNode => n !== null);
}

/** The child in field `name`, as `undefined` rather than null when there is none. */
export function field(node: SyntaxNode, name: string): SyntaxNode | undefined {
  return node.childForFieldName(name) ?? undefined;
}

/** Depth-first walk over all descendants (named and anonymous) with a cursor: fast on large files. */
export function* descendants(root: SyntaxNode): Generator<SyntaxNode> {
  const cursor = root.walk();
  try {
    let depth = 0;
    for (;;) {
      yield cursor.currentNode;
      if (cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (depth === 0 || !cursor.gotoParent()) return;
        depth--;
      }
    }
  } finally {
    cursor.delete?.();
  }
}

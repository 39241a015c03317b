/// <reference types="emscripten" preserve="true" />
// web-tree-sitter's declarations use the global EmscriptenModule type of @types/emscripten (its optional peer).
import { createRequire } from 'node:module';
import { Language, Parser, type Node, type Tree } from 'web-tree-sitter';

const require = createRequire(import.meta.url);

let loading: Promise<Parser> | undefined;

/** The Lean parser, loaded once per process from the grammar package's committed WASM. */
export function leanParser(): Promise<Parser> {
  loading ??= (async () => {
    await Parser.init();
    const language = await Language.load(require.resolve('@specmut/tree-sitter-lean/tree-sitter-lean.wasm'));
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  })();
  return loading;
}

export async function parseLean(text: string): Promise<Tree> {
  const parser = await leanParser();
  const tree = parser.parse(text);
  if (!tree) throw new Error('tree-sitter returned no tree');
  return tree;
}

export type { Node, Tree };

/** Named children, without the nulls the binding's types allow for. */
export function named(node: Node): Node[] {
  return node.namedChildren.filter((n): n is Node => n !== null);
}

export function fields(node: Node, name: string): Node[] {
  return node.childrenForFieldName(name).filter((n): n is Node => n !== null);
}

export function field(node: Node, name: string): Node | undefined {
  return node.childForFieldName(name) ?? undefined;
}

/** Depth-first walk over all descendants (named and anonymous) with a cursor. */
export function* descendants(root: Node): Generator<Node> {
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
    cursor.delete();
  }
}

import type { SyntaxMatch } from '@specmut/core';
import type { SyntaxQuery } from '@specmut/tree-sitter';
import { dafnyParser, parseDafny, type Tree } from './parser.js';

const queries = new Map<string, SyntaxQuery>();
// Spec mutation runs every operator's query over the same text: it is parsed once.
let last: { text: string; tree: Tree } | undefined;

async function treeOf(text: string): Promise<Tree> {
  if (last?.text === text) return last.tree;
  const tree = await parseDafny(text);
  last?.tree.delete();
  last = { text, tree };
  return tree;
}

/** Runs a tree-sitter query of the Dafny grammar over `text` (compiled once per query source). */
export async function queryDafny(text: string, source: string): Promise<SyntaxMatch[]> {
  let query = queries.get(source);
  if (!query) {
    query = (await dafnyParser()).query(source);
    queries.set(source, query);
  }
  const tree = await treeOf(text);
  return query.matches(tree.rootNode).map((m) => ({
    captures: m.captures.map((c) => ({ name: c.name, start: c.node.startIndex, end: c.node.endIndex, text: c.node.text })),
  }));
}

import leanGrammar from '@specmut/tree-sitter-lean';
import { loadParser, type BackendChoice, type SyntaxNode, type SyntaxParser, type SyntaxTree } from '@specmut/tree-sitter';

/** The Lean parser, loaded once per process from the grammar package's committed WASM. */
export function leanParser(options: { backend?: BackendChoice } = {}): Promise<SyntaxParser> {
  return loadParser(leanGrammar, options);
}

export async function parseLean(text: string): Promise<SyntaxTree> {
  return (await leanParser()).parse(text);
}

export type Node = SyntaxNode;
export type Tree = SyntaxTree;
export { named, fields, field, descendants } from '@specmut/tree-sitter';

import verusGrammar from '@specmut/tree-sitter-verus';
import { loadParser, type BackendChoice, type SyntaxNode, type SyntaxParser, type SyntaxTree } from '@specmut/tree-sitter';

/** The Verus parser (tree-sitter-rust extended with what `verus! { }` adds), loaded once per process. */
export function verusParser(options: { backend?: BackendChoice } = {}): Promise<SyntaxParser> {
  return loadParser(verusGrammar, options);
}

export async function parseVerus(text: string): Promise<SyntaxTree> {
  return (await verusParser()).parse(text);
}

export type Node = SyntaxNode;
export type Tree = SyntaxTree;
export { named, fields, field, descendants } from '@specmut/tree-sitter';

import dafnyGrammar from '@specmut/tree-sitter-dafny';
import { loadParser, type BackendChoice, type SyntaxNode, type SyntaxParser, type SyntaxTree } from '@specmut/tree-sitter';

/**
 * The Dafny parser, loaded once per process: the WASM build or the native binding, as SPECMUT_PARSER or the
 * caller chooses (see @specmut/tree-sitter); the trees are the same and so is their API (SyntaxNode).
 */
export function dafnyParser(options: { backend?: BackendChoice } = {}): Promise<SyntaxParser> {
  return loadParser(dafnyGrammar, options);
}

export async function parseDafny(text: string): Promise<Tree> {
  return (await dafnyParser()).parse(text);
}

export type Node = SyntaxNode;
export type Tree = SyntaxTree;
export { named, fields, descendants } from '@specmut/tree-sitter';

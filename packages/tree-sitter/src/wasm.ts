/// <reference types="emscripten" preserve="true" />
// web-tree-sitter's declarations use the global EmscriptenModule type of @types/emscripten (its optional peer).
import { Language, Parser, Query } from 'web-tree-sitter';
import type { GrammarPackage, SyntaxNode, SyntaxParser, SyntaxQuery, SyntaxTree } from './syntax.js';

/** The grammar's WASM build on web-tree-sitter: needs no compiler and loads everywhere Node runs. */
export async function wasmParser(grammar: GrammarPackage): Promise<SyntaxParser> {
  await Parser.init();
  const language = await Language.load(grammar.wasmPath);
  const parser = new Parser();
  parser.setLanguage(language);
  return {
    backend: 'wasm',
    parse(text: string): SyntaxTree {
      const tree = parser.parse(text);
      if (!tree) throw new Error(`tree-sitter-${grammar.name} (wasm): the parser returned no tree`);
      return tree;
    },
    query(source: string): SyntaxQuery {
      const query = new Query(language, source);
      // Nodes reach here only from this backend's trees, so they are web-tree-sitter's own.
      return { matches: (node: SyntaxNode) => query.matches(node as Parameters<Query['matches']>[0]) };
    },
  };
}

import { createRequire } from 'node:module';
import type { GrammarPackage, SyntaxNode, SyntaxParser, SyntaxQuery, SyntaxTree } from './syntax.js';

// `tree-sitter` is an optional dependency (a compiled addon: it may be absent or fail to load), so it is
// required at run time and described here by the little this module calls.
interface NativeParser {
  setLanguage(language: unknown): void;
  parse(text: string, oldTree?: null, options?: { bufferSize?: number }): { rootNode: SyntaxNode } | undefined;
}
type NativeParserClass = (new () => NativeParser) & { Query: new (language: unknown, source: string) => SyntaxQuery };

const require = createRequire(import.meta.url);
const noop = (): void => {};

/** The native `tree-sitter` binding with the grammar's addon; throws with the reason when either will not load. */
export function nativeParser(grammar: GrammarPackage): SyntaxParser {
  if (!grammar.loadNative) throw new Error(`tree-sitter-${grammar.name} ships no native addon`);
  const language = grammar.loadNative();
  let Parser: NativeParserClass;
  try {
    Parser = require('tree-sitter') as NativeParserClass;
  } catch (e) {
    const message = e instanceof Error ? e.message.split('\n')[0] : String(e);
    throw new Error(`the tree-sitter binding does not load here: ${message}`);
  }
  const parser = new Parser();
  parser.setLanguage(language);
  return {
    backend: 'native',
    parse(text: string): SyntaxTree {
      // One buffer for the whole text: the binding otherwise reads a long string in slices of the remainder.
      const tree = parser.parse(text, null, { bufferSize: text.length + 1 });
      if (!tree) throw new Error(`tree-sitter-${grammar.name} (native): the parser returned no tree`);
      // Native trees are freed by the garbage collector.
      return { rootNode: tree.rootNode, delete: noop };
    },
    query: (source: string): SyntaxQuery => new Parser.Query(language, source),
  };
}

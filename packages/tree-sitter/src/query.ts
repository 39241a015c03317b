import type { SyntaxParser, SyntaxTree } from './syntax.js';

/** A query capture as plain data: its name and the text it spans (offsets in UTF-16 code units, end exclusive). */
export interface QueryCaptureData {
  name: string;
  start: number;
  end: number;
  text: string;
}

export interface QueryMatchData {
  captures: QueryCaptureData[];
}

export type SyntaxQuerier = (text: string, source: string) => Promise<QueryMatchData[]>;

/**
 * Runs tree-sitter queries of one grammar over texts: each query source is compiled once, and the last
 * text's tree is kept (spec mutation runs every operator's query over the same text).
 *
 * Callers query several texts at once, so after the one await (the parser's loading) everything runs
 * in one synchronous step: fetching or parsing the tree, freeing the one it replaces, matching and
 * copying the captures out. No other query can free a tree while this one still reads it.
 */
export function syntaxQuerier(parser: () => Promise<Pick<SyntaxParser, 'parse' | 'query'>>): SyntaxQuerier {
  const compiled = new Map<string, ReturnType<SyntaxParser['query']>>();
  let last: { text: string; tree: SyntaxTree } | undefined;
  return async (text, source) => {
    const p = await parser();
    let query = compiled.get(source);
    if (!query) {
      query = p.query(source);
      compiled.set(source, query);
    }
    if (last?.text !== text) {
      const tree = p.parse(text);
      last?.tree.delete();
      last = { text, tree };
    }
    return query.matches(last.tree.rootNode).map((m) => ({
      captures: m.captures.map((c) => ({ name: c.name, start: c.node.startIndex, end: c.node.endIndex, text: c.node.text })),
    }));
  };
}

import { SpecmutError, type SyntaxProblem } from '@specmut/core';
import { dafnyParser, descendants, type Node, type Tree } from './parser.js';

/** Parses a text with the same grammar, synchronously (the parser is already loaded). */
export type Reparse = (text: string) => Tree | null;

function describe(node: Node, missing?: Node, inContext = true): string {
  const parent = (missing ?? node).parent;
  const context = inContext && parent && parent.type !== 'source_file' && parent.type !== 'ERROR' ? ` in ${parent.type.replace(/_/g, ' ')}` : '';
  if (missing) return `expected ${JSON.stringify(missing.type)}${context}`;
  const text = node.text.split('\n')[0]!.trim();
  const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text;
  return `unexpected ${shown ? JSON.stringify(shown) : 'end of input'}${context}`;
}

function isProblem(node: Node): boolean {
  return node.isError || node.isMissing;
}

/** Tokens of the text in order, without comments (extras) and the zero-width tokens error recovery inserted. */
function tokens(root: Node): Node[] {
  const out: Node[] = [];
  for (const n of descendants(root)) if (n.childCount === 0 && !n.isExtra && !n.isMissing && n.type !== 'comment') out.push(n);
  return out;
}

function problemAt(node: Node, message: string): SyntaxProblem {
  return { line: node.startPosition.row + 1, column: node.startPosition.column + 1, message };
}

/**
 * Where parsing actually broke for the first problem in source order. An LR parser detects an error at
 * the first token that cannot continue a valid prefix, and that is where Dafny's own parser reports it.
 * tree-sitter's recovery hides that token in two ways: a MISSING node sits at the end of the token before
 * it (so the break is the next real token), and an ERROR node may wrap constructs that were fine but that
 * recovery popped off its stack to resume (so the break is the first token after the ERROR). Which one
 * happened is decided by parsing the text before that following token on its own: if it parses clean,
 * every token inside the ERROR continued a valid prefix, and the break is the token after it.
 */
function firstBreak(root: Node, first: Node, reparse: Reparse | undefined): SyntaxProblem {
  const all = tokens(root);
  if (first.isMissing) {
    const next = all.find((t) => t.startIndex >= first.startIndex);
    return next ? problemAt(next, describe(next, first)) : problemAt(first, describe(first, first));
  }
  const inside = all.find((t) => t.startIndex >= first.startIndex && t.endIndex <= first.endIndex);
  const after = all.find((t) => t.startIndex >= first.endIndex);
  if (after && reparse) {
    const prefix = reparse(root.text.slice(0, after.startIndex));
    try {
      // Its parent is whatever recovery made of it, not what the parser expected there: no context.
      if (prefix && !prefix.rootNode.hasError) return problemAt(after, describe(after, undefined, false));
    } finally {
      prefix?.delete();
    }
  }
  return inside ? problemAt(inside, describe(inside)) : problemAt(first, describe(first));
}

/**
 * The syntax problems of a tree in source order, at most `limit`: the first at the token where parsing
 * broke (see firstBreak; `reparse` lets it check an ERROR's contents), the rest at their ERROR or MISSING node.
 */
export function syntaxProblems(root: Node, limit = 20, reparse?: Reparse): SyntaxProblem[] {
  if (!root.hasError) return [];
  const nodes: Node[] = [];
  for (const node of descendants(root)) {
    if (!isProblem(node)) continue;
    nodes.push(node);
    if (nodes.length >= limit) break;
  }
  const [first, ...rest] = nodes;
  if (!first) return [];
  return [firstBreak(root, first, reparse), ...rest.map((n) => problemAt(n, n.isMissing ? describe(n, n) : describe(n)))];
}

/** A parse error for the first problem, naming file, line and column. */
export function assertParsed(root: Node, file: string, reparse?: Reparse): void {
  const [first, ...rest] = syntaxProblems(root, 20, reparse);
  if (!first) return;
  throw new SpecmutError(
    'parse-error',
    `${first.message}${rest.length ? ` (and ${rest.length} more syntax error${rest.length > 1 ? 's' : ''})` : ''}`,
    { file, line: first.line, column: first.column },
    'specmut parses Dafny with its own grammar; if Dafny accepts this file, please report it.',
  );
}

/** A Reparse with the Dafny parser. */
export async function dafnyReparse(): Promise<Reparse> {
  const parser = await dafnyParser();
  return (text) => parser.parse(text);
}

export async function checkDafnySyntax(text: string): Promise<SyntaxProblem[]> {
  const reparse = await dafnyReparse();
  const tree = reparse(text);
  if (!tree) throw new Error('tree-sitter returned no tree');
  try {
    return syntaxProblems(tree.rootNode, 20, reparse);
  } finally {
    tree.delete();
  }
}

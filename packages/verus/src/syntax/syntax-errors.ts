import { SpecmutError, type SyntaxProblem } from '@specmut/core';
import { syntaxProblemsOf } from '@specmut/tree-sitter';
import { parseVerus, type Node } from './parser.js';

/** Every ERROR and MISSING node, outermost first (1-based positions). */
export function verusSyntaxProblems(root: Node, limit = 20): SyntaxProblem[] {
  return syntaxProblemsOf(root, { rootType: 'source_file', limit });
}

/** A parse error for the first problem, naming file, line and column. */
export function assertVerusParsed(root: Node, file: string): void {
  const [first, ...rest] = verusSyntaxProblems(root);
  if (!first) return;
  throw new SpecmutError(
    'parse-error',
    `${first.message}${rest.length ? ` (and ${rest.length} more syntax error${rest.length > 1 ? 's' : ''})` : ''}`,
    { file, line: first.line, column: first.column },
    'specmut parses Verus with its own grammar (tree-sitter-rust extended with verus! { }); if Verus accepts this file, please report it.',
  );
}

export async function checkVerusSyntax(text: string): Promise<SyntaxProblem[]> {
  const tree = await parseVerus(text);
  try {
    return verusSyntaxProblems(tree.rootNode);
  } finally {
    tree.delete();
  }
}

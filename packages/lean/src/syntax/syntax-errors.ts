import { SpecmutError, type SyntaxProblem } from '@specmut/core';
import { syntaxProblemsOf } from '@specmut/tree-sitter';
import { parseLean, type Node } from './parser.js';

/** Every ERROR and MISSING node, outermost first (1-based positions). */
export function leanSyntaxProblems(root: Node, limit = 20): SyntaxProblem[] {
  return syntaxProblemsOf(root, { rootType: 'source_file', limit });
}

/** A parse error for the first problem, naming file, line and column. */
export function assertLeanParsed(root: Node, file: string): void {
  const [first, ...rest] = leanSyntaxProblems(root);
  if (!first) return;
  throw new SpecmutError(
    'parse-error',
    `${first.message}${rest.length ? ` (and ${rest.length} more syntax error${rest.length > 1 ? 's' : ''})` : ''}`,
    { file, line: first.line, column: first.column },
    'specmut parses Lean 4 with its own grammar; if Lean accepts this file, please report it.',
  );
}

export async function checkLeanSyntax(text: string): Promise<SyntaxProblem[]> {
  const tree = await parseLean(text);
  try {
    return leanSyntaxProblems(tree.rootNode);
  } finally {
    tree.delete();
  }
}

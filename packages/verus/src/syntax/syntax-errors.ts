import { SpecmutError, type SyntaxProblem } from '@specmut/core';
import { descendants, parseVerus, type Node } from './parser.js';

function describe(node: Node): string {
  const where = node.parent && node.parent.type !== 'source_file' ? ` in ${node.parent.type.replace(/_/g, ' ')}` : '';
  if (node.isMissing) return `expected ${JSON.stringify(node.type)}${where}`;
  const text = node.text.split('\n')[0]!.trim();
  return `unexpected ${text ? JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text) : 'end of input'}${where}`;
}

/** Every ERROR and MISSING node, outermost first (1-based positions). */
export function verusSyntaxProblems(root: Node, limit = 20): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  if (!root.hasError) return problems;
  for (const node of descendants(root)) {
    if (!(node.isError || node.isMissing)) continue;
    problems.push({ line: node.startPosition.row + 1, column: node.startPosition.column + 1, message: describe(node) });
    if (problems.length >= limit) break;
  }
  return problems;
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

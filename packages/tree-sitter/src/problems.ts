import type { SyntaxNode } from './syntax.js';
import { descendants } from './walk.js';

/** A syntax error at a 1-based line and column (the shape of core's SyntaxProblem). */
export interface SyntaxProblemAt {
  line: number;
  column: number;
  message: string;
}

function describe(node: SyntaxNode, rootType: string): string {
  const where = node.parent && node.parent.type !== rootType ? ` in ${node.parent.type.replace(/_/g, ' ')}` : '';
  if (node.isMissing) return `expected ${JSON.stringify(node.type)}${where}`;
  const text = node.text.split('\n')[0]!.trim();
  return `unexpected ${text ? JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text) : 'end of input'}${where}`;
}

/**
 * Every ERROR and MISSING node under root, outermost first, each described by what was unexpected or
 * expected and the construct it sits in (the root's own type is not named: "in source file" says nothing).
 */
export function syntaxProblemsOf(root: SyntaxNode, options: { rootType: string; limit?: number }): SyntaxProblemAt[] {
  const limit = options.limit ?? 20;
  const problems: SyntaxProblemAt[] = [];
  if (!root.hasError) return problems;
  for (const node of descendants(root)) {
    if (!(node.isError || node.isMissing)) continue;
    problems.push({ line: node.startPosition.row + 1, column: node.startPosition.column + 1, message: describe(node, options.rootType) });
    if (problems.length >= limit) break;
  }
  return problems;
}

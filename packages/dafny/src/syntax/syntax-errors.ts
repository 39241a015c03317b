import { SpecmutError, type SyntaxProblem } from '@specmut/core';
import { descendants, parseDafny, type Node } from './parser.js';

function describe(node: Node): string {
  const context = node.parent && node.parent.type !== 'source_file' ? ` in ${node.parent.type.replace(/_/g, ' ')}` : '';
  if (node.isMissing) return `expected ${JSON.stringify(node.type)}${context}`;
  const text = node.text.split('\n')[0]!.trim();
  const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text;
  return `unexpected ${shown ? JSON.stringify(shown) : 'end of input'}${context}`;
}

/** Every ERROR and MISSING node, outermost first, as a 1-based location and a message. */
export function syntaxProblems(root: Node, limit = 20): SyntaxProblem[] {
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
export function assertParsed(root: Node, file: string): void {
  const [first, ...rest] = syntaxProblems(root);
  if (!first) return;
  throw new SpecmutError(
    'parse-error',
    `${first.message}${rest.length ? ` (and ${rest.length} more syntax error${rest.length > 1 ? 's' : ''})` : ''}`,
    { file, line: first.line, column: first.column },
    'specmut parses Dafny with its own grammar; if Dafny accepts this file, please report it.',
  );
}

export async function checkDafnySyntax(text: string): Promise<SyntaxProblem[]> {
  const tree = await parseDafny(text);
  try {
    return syntaxProblems(tree.rootNode);
  } finally {
    tree.delete();
  }
}

import { SpecmutError } from '@specmut/core';
import { parseDafnyExpression, type TextOrigin } from '../literals.js';
import { named, parseDafny, type Node, type Tree } from '../syntax/parser.js';
import { syntaxProblems } from '../syntax/syntax-errors.js';
import { snippet } from './syntax.js';

/**
 * Test files often keep the expected value in a comment: `//assert res1==3;`, `//expected [4, 5]`,
 * `// expeced ['s']`. Only the marker word is found by looking at characters; what follows it is
 * parsed with the Dafny grammar, as a statement or an expression, so commas in strings or `]` in
 * chars are never split by hand.
 */
export type CommentReading =
  /** `//assert c;` or `//expect c;`, or an `//expected a == b` condition. */
  | { kind: 'check'; condition: Node; origin: TextOrigin; label: string; tree: Tree }
  /** `//expected v`: the value of the last call's result. */
  | { kind: 'value'; value: Node; origin: TextOrigin; label: string; tree: Tree }
  /** A marker was found but what follows it is not Dafny. */
  | { kind: 'unreadable'; label: string; message: string }
  /** Commented-out statements (evidence of tests that were switched off). */
  | { kind: 'code'; statements: Node[]; tree: Tree }
  | { kind: 'other' };

const STATEMENT_HEAD = 'method specmut_comment() {\n';
const STATEMENT_START = { row: 1, column: 0 };

/** The leading word of a comment's text and where it ends: the marker, if the comment has one. */
function leadingWord(content: string): { word: string; end: number } | undefined {
  let start = 0;
  while (start < content.length && /\s/.test(content[start]!)) start++;
  let end = start;
  while (end < content.length && /[A-Za-z]/.test(content[end]!)) end++;
  return end > start ? { word: content.slice(start, end), end } : undefined;
}

/** `expected`, `Expected:`, and the corpus's `expeced` typo: any word starting with "exp" except `expect`. */
function isValueMarker(word: string): boolean {
  const w = word.toLowerCase();
  return w.startsWith('exp') && w !== 'expect';
}

async function parseStatements(content: string): Promise<{ tree: Tree; statements: Node[] } | undefined> {
  const body = content.trimEnd().endsWith(';') || content.trimEnd().endsWith('}') ? content : `${content};`;
  const tree = await parseDafny(`${STATEMENT_HEAD}${body}\n}\n`);
  const method = named(tree.rootNode);
  if (syntaxProblems(tree.rootNode, 1).length > 0 || method.length !== 1 || method[0]!.type !== 'method_declaration') {
    tree.delete();
    return undefined;
  }
  return { tree, statements: named(method[0]!.childForFieldName('body')!).filter((s) => s.type !== 'comment') };
}

export async function readComment(comment: Node): Promise<CommentReading> {
  const text = comment.text;
  // Block comments hold prose and old code, never the checks of a test.
  if (!text.startsWith('//')) return { kind: 'other' };
  const content = text.slice(2);
  // `//   //assert x==1;` is a check that was commented out together with its call.
  if (content.trimStart().startsWith('//')) return { kind: 'other' };
  const label = `\`${snippet(text)}\``;
  const to = { line: comment.startPosition.row + 1, column: comment.startPosition.column + 3 };
  const marker = leadingWord(content);
  if (marker && (marker.word === 'assert' || marker.word === 'expect')) {
    const parsed = await parseStatements(content);
    const [statement] = parsed?.statements ?? [];
    if (!parsed || parsed.statements.length !== 1 || (statement!.type !== 'assert_statement' && statement!.type !== 'expect_statement')) {
      parsed?.tree.delete();
      return { kind: 'unreadable', label, message: `the comment ${label} is not one Dafny ${marker.word} statement` };
    }
    return { kind: 'check', condition: statement!.childForFieldName('condition')!, origin: { from: STATEMENT_START, to }, label, tree: parsed.tree };
  }
  if (marker && isValueMarker(marker.word)) {
    let rest = content.slice(marker.end);
    let column = to.column + marker.end;
    if (rest.startsWith(':')) {
      rest = rest.slice(1);
      column++;
    }
    try {
      const { node, tree, origin } = await parseDafnyExpression(rest, { at: { line: to.line, column } });
      const isCondition = node.type === 'binary_expression' && ['==', '&&'].includes(node.childForFieldName('operator')?.text ?? '');
      return isCondition ? { kind: 'check', condition: node, origin, label, tree } : { kind: 'value', value: node, origin, label, tree };
    } catch (e) {
      if (!(e instanceof SpecmutError)) throw e;
      return { kind: 'unreadable', label, message: `the expected value in ${label} is not a Dafny expression` };
    }
  }
  const code = await parseStatements(content);
  return code && code.statements.length > 0 ? { kind: 'code', ...code } : { kind: 'other' };
}

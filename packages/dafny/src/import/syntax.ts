import { fields, type Node } from '../syntax/parser.js';

/** Small questions about test-method syntax, shared by the statement walk and the check reader. */

/** `(e)` is `e`. */
export function unparenthesize(node: Node): Node {
  while (node.type === 'parenthesized_expression') node = node.childForFieldName('expression')!;
  return node;
}

/** The name a call calls: `M(x)`, `this.M(x)`, `Module.M(x)`, `M<int>(x)`; undefined for other nodes. */
export function calleeName(node: Node): string | undefined {
  if (node.type !== 'call_expression') return undefined;
  const callee = unparenthesize(node.childForFieldName('function')!);
  if (callee.type === 'identifier') return callee.text;
  if (callee.type === 'generic_name') return callee.childForFieldName('name')?.text;
  if (callee.type === 'member_expression') {
    const member = callee.childForFieldName('member');
    return member?.type === 'identifier' ? member.text : undefined;
  }
  return undefined;
}

export function callArguments(call: Node): Node[] {
  const list = call.childForFieldName('arguments');
  return list ? fields(list, 'argument') : [];
}

/**
 * Test files compare arrays with helpers such as `arrayEquals(res, e)` or `assertArrayEquals(e, res)`:
 * a two-argument call whose name says it compares for equality is read as `a == b`.
 */
export function isEqualityHelper(node: Node, target: string): boolean {
  const name = calleeName(node);
  return name !== undefined && name !== target && /equal/i.test(name) && callArguments(node).length === 2;
}

/** Every call below a node (the node included), in source order. */
export function callsIn(node: Node): Node[] {
  const found = node.type === 'call_expression' ? [node] : [];
  return [...found, ...node.descendantsOfType('call_expression').filter((n): n is Node => n !== null && n.id !== node.id)];
}

/** Identifiers used below a node, by text: which variables an expression mentions. */
export function mentionedNames(node: Node): Set<string> {
  const names = new Set<string>();
  if (node.type === 'identifier') names.add(node.text);
  for (const n of node.descendantsOfType('identifier')) if (n) names.add(n.text);
  return names;
}

/** `x[..]`, the whole contents of an array or sequence: `x`; undefined for other nodes. */
export function wholeSliceOf(node: Node): Node | undefined {
  const n = unparenthesize(node);
  if (n.type !== 'slice_expression' || n.childForFieldName('start') || n.childForFieldName('end')) return undefined;
  return unparenthesize(n.childForFieldName('object')!);
}

/** The variable a local declaration or an assignment target names, if it is a plain name. */
export function declaredName(node: Node): string | undefined {
  if (node.type === 'local_variable') return node.childForFieldName('name')?.text;
  if (node.type === 'identifier') return node.text;
  return undefined;
}

/** The variable whose contents an assignment target changes: `a` in `a[0] := 1` or `a.f := 1`. */
export function changedVariable(target: Node): string | undefined {
  let node = unparenthesize(target);
  while (node.type === 'index_expression' || node.type === 'member_expression' || node.type === 'slice_expression') {
    node = unparenthesize(node.childForFieldName('object')!);
  }
  return node.type === 'identifier' ? node.text : undefined;
}

export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

/** Source text on one line, shortened for messages. */
export function snippet(node: Node | string, max = 70): string {
  const text = (typeof node === 'string' ? node : node.text).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}


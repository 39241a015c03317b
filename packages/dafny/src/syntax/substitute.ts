import { descendants, fields, named, type Node } from './parser.js';

/** Nodes that bind names for their sub-expressions, and the names they bind. */
export function boundNames(node: Node): string[] {
  switch (node.type) {
    case 'quantifier_expression':
    case 'set_comprehension':
    case 'map_comprehension': {
      const vars = node.childForFieldName('bound_variables');
      return vars ? named(vars).map((v) => v.childForFieldName('name')?.text ?? '').filter(Boolean) : [];
    }
    case 'lambda_expression': {
      const params = node.childForFieldName('parameters');
      return params ? named(params).map((v) => v.childForFieldName('name')?.text ?? '').filter(Boolean) : [];
    }
    case 'let_expression':
      return fields(node, 'pattern').flatMap((p) => [...descendants(p)].filter((n) => n.type === 'identifier').map((n) => n.text));
    default:
      return [];
  }
}

/** Identifiers that name a member or an argument, not a variable: `a.Length`, `d.(f := v)`, `F(x := 1)`. */
function isLabelPosition(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'member_expression') return parent.childForFieldName('member')?.startIndex === node.startIndex;
  if (parent.type === 'member_binding' || parent.type === 'named_argument') return parent.childForFieldName('name')?.startIndex === node.startIndex;
  return false;
}

/**
 * The text of `node` with every free occurrence of the given variables replaced (capture-avoiding in the
 * sense that occurrences under a binder of the same name are left alone), and, given `oldLabel`, every
 * unlabelled `old(e)` pinned to that label (`old@label(e)`), as a harness that sets the state itself needs.
 */
export function substitute(node: Node, replacements: ReadonlyMap<string, string>, options: { oldLabel?: string | undefined } = {}): string {
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (n: Node, shadowed: ReadonlySet<string>) => {
    if (options.oldLabel && n.type === 'old_expression' && !n.childForFieldName('label')) {
      const keyword = n.child(0)!;
      edits.push({ start: keyword.startIndex, end: keyword.endIndex, text: `old@${options.oldLabel}` });
    }
    if (n.type === 'identifier') {
      const text = replacements.get(n.text);
      if (text !== undefined && !shadowed.has(n.text) && !isLabelPosition(n)) edits.push({ start: n.startIndex, end: n.endIndex, text });
      return;
    }
    const binds = boundNames(n).filter((b) => replacements.has(b));
    const inner = binds.length ? new Set([...shadowed, ...binds]) : shadowed;
    for (const child of named(n)) visit(child, inner);
  };
  visit(node, new Set());
  let text = node.text;
  for (const e of edits.sort((a, b) => b.start - a.start)) {
    text = text.slice(0, e.start - node.startIndex) + e.text + text.slice(e.end - node.startIndex);
  }
  return text;
}

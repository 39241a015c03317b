import { fields, named, type Node } from './parser.js';

export type DeclarationKind =
  | 'method'
  | 'lemma'
  | 'constructor'
  | 'function'
  | 'predicate'
  | 'datatype'
  | 'type'
  | 'subset-type'
  | 'newtype'
  | 'const'
  | 'field'
  | 'class'
  | 'trait'
  | 'module'
  | 'iterator';

/** A named declaration found anywhere in a file, with the body it sits in (module or class), if any. */
export interface Declaration {
  name: string;
  kind: DeclarationKind;
  node: Node;
  /** The `module_body` or `class_body` node that holds it; null at top level. */
  container: Node | null;
  /** Names of the enclosing modules and classes, outermost first. */
  path: string[];
}

const KIND_BY_NODE: Record<string, DeclarationKind> = {
  datatype_declaration: 'datatype',
  type_declaration: 'type',
  subset_type_declaration: 'subset-type',
  newtype_declaration: 'newtype',
  const_declaration: 'const',
  field_declaration: 'field',
  class_declaration: 'class',
  trait_declaration: 'trait',
  module_declaration: 'module',
  iterator_declaration: 'iterator',
};

function callableKind(node: Node): DeclarationKind {
  const kind = fields(node, 'kind').map((k) => k.text).join(' ') || node.child(0)?.text || '';
  if (node.type === 'function_declaration') return /predicate/.test(kind) ? 'predicate' : 'function';
  if (/lemma/.test(kind)) return 'lemma';
  if (/constructor/.test(kind)) return 'constructor';
  return 'method';
}

/** The keyword(s) that introduce a callable, as written: `method`, `function method`, `least predicate`. */
export function declarationKeyword(node: Node): string {
  const parts: string[] = [];
  for (let i = 0; i < node.childCount; i++) {
    if (node.fieldNameForChild(i) === 'kind') parts.push(node.child(i)!.text);
  }
  return parts.join(' ');
}

export function indexDeclarations(root: Node): Declaration[] {
  const out: Declaration[] = [];
  const visit = (body: Node, container: Node | null, path: string[]) => {
    for (const child of named(body)) {
      const name = child.childForFieldName('name');
      if (child.type === 'method_declaration' || child.type === 'function_declaration') {
        if (name) out.push({ name: name.text, kind: callableKind(child), node: child, container, path });
        continue;
      }
      const kind = KIND_BY_NODE[child.type];
      if (!kind) continue;
      if (kind === 'field') {
        for (const n of fields(child, 'name')) out.push({ name: n.text, kind, node: child, container, path });
        continue;
      }
      const simple = name ? (name.childForFieldName('name') ?? name).text : '';
      if (simple) out.push({ name: simple, kind, node: child, container, path });
      const inner = child.childForFieldName('body');
      if (inner && (inner.type === 'module_body' || inner.type === 'class_body')) visit(inner, inner, [...path, simple]);
    }
  };
  visit(root, null, []);
  return out;
}

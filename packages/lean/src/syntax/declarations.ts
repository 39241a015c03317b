import { descendants, field, fields, named, type Node } from './parser.js';

/** One binder of a declaration: `(x y : T)` gives two, sharing the type node. */
export interface Binder {
  name: string;
  type?: Node | undefined;
  /** explicit `( )`, implicit `{ }` or `⦃ ⦄`, instance `[ ]` */
  kind: 'explicit' | 'implicit' | 'instance';
  node: Node;
}

/** A top-level Lean declaration, with its name qualified by the enclosing namespaces. */
export interface Declaration {
  kind: 'def' | 'theorem' | 'structure' | 'inductive' | 'instance' | 'axiom';
  /** As written after the keyword. */
  name: string;
  /** With the namespaces around it: `Foo.bar`. */
  qualified: string;
  binders: Binder[];
  /** The declared type (the result type of a def, the statement of a theorem). */
  type?: Node | undefined;
  /** `:= e`, or match alternatives of an equation-style definition. */
  body?: Node | undefined;
  /** `where` helpers of a definition, as declarations of their own. */
  node: Node;
}

const BINDER_KIND: Record<string, Binder['kind']> = {
  explicit_binder: 'explicit',
  implicit_binder: 'implicit',
  strict_implicit_binder: 'implicit',
  instance_binder: 'instance',
};

export function bindersOf(nodes: Node[]): Binder[] {
  const out: Binder[] = [];
  for (const b of nodes) {
    if (b.type === 'identifier' || b.type === 'hole') {
      out.push({ name: b.text, kind: 'explicit', node: b });
      continue;
    }
    const kind = BINDER_KIND[b.type];
    if (!kind) continue;
    const type = field(b, 'type');
    const names = fields(b, 'name');
    if (names.length === 0) out.push({ name: '_', type, kind, node: b });
    for (const n of names) out.push({ name: n.text, type, kind, node: b });
  }
  return out;
}

const KINDS: Record<string, Declaration['kind']> = {
  definition: 'def',
  theorem: 'theorem',
  structure: 'structure',
  inductive: 'inductive',
  instance: 'instance',
  axiom: 'axiom',
};

/** Every declaration of the file in source order, with namespaces tracked through `namespace`/`end`. */
export function indexDeclarations(root: Node): Declaration[] {
  const out: Declaration[] = [];
  const scopes: { kind: 'namespace' | 'section'; name: string }[] = [];
  const visit = (command: Node): void => {
    switch (command.type) {
      case 'namespace':
        scopes.push({ kind: 'namespace', name: field(command, 'name')?.text ?? '' });
        return;
      case 'section':
        scopes.push({ kind: 'section', name: field(command, 'name')?.text ?? '' });
        return;
      case 'end':
        scopes.pop();
        return;
      case 'mutual':
        named(command).forEach(visit);
        return;
      case 'declaration': {
        const inner = named(command).find((c) => c.type in KINDS);
        if (inner) declare(inner);
        return;
      }
    }
  };
  const declare = (node: Node): void => {
    const name = field(node, 'name')?.text ?? '';
    const prefix = scopes.filter((s) => s.kind === 'namespace' && s.name).map((s) => s.name);
    const qualified = [...prefix, name].filter(Boolean).join('.');
    out.push({
      kind: KINDS[node.type]!,
      name,
      qualified,
      binders: bindersOf(fields(node, 'binder')),
      type: field(node, 'type'),
      body: field(node, 'body'),
      node,
    });
    // `where` helpers are visible as `f.helper` and, inside `f`, as `helper`.
    const aux = field(node, 'auxiliary') ?? (node.type === 'definition' && field(node, 'body')?.type === 'where_block' ? field(node, 'body') : undefined);
    if (aux && node.type !== 'structure') {
      for (const item of named(aux).filter((i) => i.type === 'where_item' && field(i, 'name'))) {
        const itemName = field(item, 'name')!.text;
        out.push({
          kind: 'def',
          name: itemName,
          qualified: `${qualified}.${itemName}`,
          binders: bindersOf(fields(item, 'binder')),
          type: field(item, 'type'),
          body: field(item, 'value'),
          node: item,
        });
      }
    }
  };
  for (const command of named(root)) visit(command);
  return out;
}

/** Looks a name up the way Lean resolves it from inside `namespace`s: the full name, then by suffix. */
export function lookup(declarations: readonly Declaration[], name: string): Declaration | undefined {
  return declarations.find((d) => d.qualified === name) ?? declarations.find((d) => d.qualified.endsWith(`.${name}`) || d.name === name);
}

/** Declarations (other than `self`) that the nodes mention, transitively. */
export function dependencyClosure(roots: Node[], declarations: readonly Declaration[], self?: Declaration): Declaration[] {
  const seen = new Set<Declaration>();
  const queue = [...roots];
  while (queue.length) {
    const node = queue.pop()!;
    for (const n of descendants(node)) {
      if (n.type !== 'identifier') continue;
      const d = lookup(declarations, n.text) ?? lookup(declarations, n.text.split('.')[0]!);
      if (!d || d === self || seen.has(d)) continue;
      seen.add(d);
      for (const b of d.binders) if (b.type) queue.push(b.type);
      if (d.type) queue.push(d.type);
      if (d.body) queue.push(d.body);
      if (d.kind === 'structure' || d.kind === 'inductive') queue.push(d.node);
    }
  }
  return declarations.filter((d) => seen.has(d));
}

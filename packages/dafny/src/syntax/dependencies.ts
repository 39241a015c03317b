import type { Declaration } from './declarations.js';
import { descendants, type Node } from './parser.js';

/**
 * Names a node mentions that could refer to declarations: identifiers in expressions and types. A
 * declaration's own name is not a mention of itself (else every function would look recursive).
 */
export function mentionedNames(node: Node): Set<string> {
  const names = new Set<string>();
  const ownName = node.childForFieldName('name');
  for (const n of descendants(node)) {
    if (ownName && n.startIndex === ownName.startIndex && n.endIndex === ownName.endIndex) continue;
    if (n.type === 'identifier' || n.type === 'type_identifier') names.add(n.text);
  }
  return names;
}

/**
 * The declarations a set of nodes depends on, transitively (functions called, predicates, datatypes and
 * types used, constants), in source order. Local names that happen to equal a declaration's name only
 * make the set larger, never smaller, so a harness built from it still has what it needs.
 */
export function dependencyClosure(roots: readonly Node[], declarations: readonly Declaration[]): Declaration[] {
  const byName = new Map<string, Declaration[]>();
  for (const d of declarations) {
    if (d.kind === 'module') continue;
    byName.set(d.name, [...(byName.get(d.name) ?? []), d]);
  }
  const reached = new Set<Declaration>();
  const queue: Node[] = [...roots];
  while (queue.length) {
    const node = queue.pop()!;
    for (const name of mentionedNames(node)) {
      for (const d of byName.get(name) ?? []) {
        if (reached.has(d)) continue;
        reached.add(d);
        queue.push(d.node);
      }
    }
  }
  return declarations.filter((d) => reached.has(d));
}

/** Functions and predicates among `candidates` that can reach themselves: they need fuel on concrete data. */
export function recursiveFunctions(candidates: readonly Declaration[], declarations: readonly Declaration[]): Declaration[] {
  return candidates.filter(
    (d) => (d.kind === 'function' || d.kind === 'predicate') && dependencyClosure([d.node], declarations).includes(d),
  );
}

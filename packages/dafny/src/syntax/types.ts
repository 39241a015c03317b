import { T, type Constructor, type Type } from '@specmut/core';
import type { Declaration } from './declarations.js';
import { fields, named, type Node } from './parser.js';

const MAX_DEPTH = 20;

/**
 * Maps Dafny type syntax to the model's types, resolving names through the file's declarations:
 * datatypes (with their constructors), synonyms, subset types and newtypes (to their base type).
 * Anything else (classes, traits, arrows, type parameters) becomes `opaque`.
 */
export class TypeResolver {
  private readonly byName = new Map<string, Declaration>();

  constructor(declarations: readonly Declaration[]) {
    for (const d of declarations) {
      if (['datatype', 'type', 'subset-type', 'newtype', 'class', 'trait'].includes(d.kind) && !this.byName.has(d.name)) {
        this.byName.set(d.name, d);
      }
    }
  }

  resolve(node: Node, bindings: Map<string, Type> = new Map(), depth = 0): Type {
    if (depth > MAX_DEPTH) return T.opaque(node.text);
    switch (node.type) {
      case 'builtin_type':
        return builtin(node.text);
      case 'bitvector_type':
        return T.bv(Number(node.text.slice(2)));
      case 'type_identifier':
        return this.named(node.text, [], bindings, depth);
      case 'qualified_type':
        return this.named(node.childForFieldName('name')?.text ?? node.text, [], bindings, depth);
      case 'generic_type': {
        const nameNode = node.childForFieldName('name')!;
        const name = nameNode.type === 'qualified_type' ? (nameNode.childForFieldName('name')?.text ?? nameNode.text) : nameNode.text;
        const args = named(node.childForFieldName('type_arguments')!).map((a) => this.resolve(a, bindings, depth + 1));
        return this.named(name, args, bindings, depth);
      }
      case 'tuple_type': {
        const elems = named(node).filter((n) => n.type !== 'modifier').map((n) => this.resolve(n, bindings, depth + 1));
        if (elems.length === 1) return elems[0]!;
        return elems.length === 0 ? T.opaque('()') : T.tuple(...elems);
      }
      default:
        return T.opaque(node.text);
    }
  }

  private named(name: string, args: Type[], bindings: Map<string, Type>, depth: number): Type {
    const bound = bindings.get(name);
    if (bound && args.length === 0) return bound;
    const a = (i: number) => args[i] ?? T.opaque('?');
    switch (name) {
      case 'seq':
        return T.seq(a(0));
      case 'set':
        return T.set(a(0));
      case 'multiset':
        return T.multiset(a(0));
      case 'map':
        return T.map(a(0), a(1));
      case 'array':
        return T.array(a(0), 1);
      case 'string':
        return T.string;
    }
    const dims = /^array([2-9])$/.exec(name);
    if (dims) return T.array(a(0), Number(dims[1]));
    const decl = this.byName.get(name);
    if (!decl) return T.opaque(args.length ? `${name}<${args.length}>` : name);
    const params = typeParameterNames(decl.node);
    const inner = new Map(bindings);
    params.forEach((p, i) => inner.set(p, args[i] ?? T.opaque(p)));
    switch (decl.kind) {
      case 'datatype':
        return this.datatype(decl, args, inner, depth);
      case 'type': {
        const def = decl.node.childForFieldName('definition');
        return def ? this.resolve(def, inner, depth + 1) : T.opaque(name);
      }
      case 'subset-type':
      case 'newtype': {
        const base = decl.node.childForFieldName('base_type');
        // `type Small = x | 0 <= x < 10` has no written base: Dafny infers int for such numeric constraints.
        return base ? this.resolve(base, inner, depth + 1) : T.int;
      }
      default:
        return T.opaque(name);
    }
  }

  private datatype(decl: Declaration, args: Type[], bindings: Map<string, Type>, depth: number): Type {
    const ctors: Constructor[] = fields(decl.node, 'constructor').map((c) => ({
      name: c.childForFieldName('name')!.text,
      fields: named(c.childForFieldName('parameters') ?? c)
        .filter((p) => p.type === 'formal_parameter')
        .map((p) => {
          const typeNode = p.childForFieldName('type')!;
          // Recursive datatypes (lists, trees) stop at the self-reference: the field is kept opaque
          // past the depth limit instead of unfolding forever.
          const fieldType = depth + 1 > MAX_DEPTH / 2 ? T.opaque(typeNode.text) : this.resolve(typeNode, bindings, depth + 4);
          return { name: p.childForFieldName('name')?.text, type: fieldType };
        }),
    }));
    return T.datatype(decl.name, ctors, args);
  }
}

function builtin(text: string): Type {
  switch (text) {
    case 'int':
      return T.int;
    case 'nat':
      return T.nat;
    case 'bool':
      return T.bool;
    case 'real':
      return T.real;
    case 'char':
      return T.char;
    case 'string':
      return T.string;
    default:
      return T.opaque(text);
  }
}

export function typeParameterNames(node: Node): string[] {
  const tps = node.childForFieldName('type_parameters');
  return tps ? named(tps).map((p) => p.childForFieldName('name')?.text ?? p.text) : [];
}

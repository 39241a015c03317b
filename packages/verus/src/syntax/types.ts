import { machineType, T, type Constructor, type Type } from '@specmut/core';
import { typeParameterNames, type VerusAlias, type VerusDatatype, type VerusItems } from './items.js';
import { field, fields, named, type Node } from './parser.js';

/** Option<T> as Rust declares it: `None` and `Some(T)` (a positional field). */
export function optionType(elem: Type): Type {
  return T.datatype('Option', [{ name: 'None', fields: [] }, { name: 'Some', fields: [{ type: elem }] }], [elem]);
}

const SCALARS: Record<string, Type> = {
  int: T.int,
  nat: T.nat,
  bool: T.bool,
  char: T.char,
  str: T.string,
  String: T.string,
};

const FLOATS = new Set(['f32', 'f64']);

const NO_PARAMETERS: ReadonlyMap<string, Type> = new Map();

/**
 * Verus types as model types: machine integers, `int`, `nat`, `bool`, `char`, `String`/`&str`,
 * `Vec<T>`, slices and arrays (arrays of the model: their view is a `Seq<T>`), `Seq<T>`, `Set<T>`,
 * `Map<K, V>`, tuples, `Option<T>`, `Box<T>` (as T), and the file's own non-generic, non-recursive
 * structs and enums. Everything else is opaque, with the reason kept for the user (`reasonFor`).
 */
export class VerusTypes {
  private readonly reasons = new Map<string, string>();
  private readonly resolving = new Set<string>();
  private readonly cache = new Map<string, Type>();

  constructor(private readonly items: VerusItems) {}

  /** Why an opaque type (by its name) is not modelled. */
  reasonFor(name: string): string {
    return this.reasons.get(name) ?? `\`${name}\` is not a type specmut models`;
  }

  private opaque(name: string, reason: string): Type {
    if (!this.reasons.has(name)) this.reasons.set(name, reason);
    return T.opaque(name);
  }

  /** `env`: the type parameters in scope (a generic datatype's or alias's), by name. */
  resolve(node: Node | undefined, env: ReadonlyMap<string, Type> = NO_PARAMETERS): Type {
    if (!node) return T.tuple();
    switch (node.type) {
      case 'primitive_type': {
        const name = node.text;
        if (FLOATS.has(name)) return this.opaque(name, `floating point (\`${name}\`) is not modelled for Verus`);
        return machineType(name) ?? (Object.hasOwn(SCALARS, name) ? SCALARS[name]! : this.opaque(name, `\`${name}\` is not a type specmut models`));
      }
      case 'reference_type':
        return this.resolve(field(node, 'type'), env);
      case 'array_type': {
        const elem = this.resolve(field(node, 'element'), env);
        // `[T; N]` has a fixed length; a slice `[T]` (behind a reference) does not
        return field(node, 'length') ? { kind: 'array', elem, dims: 1, fixedLength: true } : T.array(elem);
      }
      case 'tuple_type':
        return T.tuple(...named(node).map((n) => this.resolve(n, env)));
      case 'unit_type':
        return T.tuple();
      case 'generic_type':
        return this.generic(node, env);
      case 'type_identifier':
      case 'scoped_type_identifier':
        return this.named(node.text, env);
      default:
        return this.opaque(node.text, `\`${node.text}\` is not a type specmut models`);
    }
  }

  private generic(node: Node, env: ReadonlyMap<string, Type>): Type {
    const head = field(node, 'type')!.text.replace(/^(vstd::)?(prelude|seq|set|map|vec|std::vec|alloc::vec)::/, '');
    const args = named(field(node, 'type_arguments')!).filter((n) => n.type !== 'lifetime');
    const arg = (i: number) => this.resolve(args[i], env);
    if (args.length === 1 && head === 'Vec') return T.array(arg(0));
    if (args.length === 1 && head === 'Seq') return T.seq(arg(0));
    if (args.length === 1 && head === 'Set') return T.set(arg(0));
    if (args.length === 1 && head === 'Multiset') return T.multiset(arg(0));
    if (args.length === 2 && head === 'Map') return T.map(arg(0), arg(1));
    if (args.length === 1 && head === 'Option') return optionType(arg(0));
    if (args.length === 1 && (head === 'Box' || head === 'Ghost' || head === 'Tracked')) return arg(0);
    const item = this.items.get(head);
    const resolved = args.map((_, i) => arg(i));
    if (item?.kind === 'struct' || item?.kind === 'enum') return this.datatype(item, resolved);
    if (item?.kind === 'alias') return this.alias(item, resolved);
    return this.opaque(node.text, `\`${node.text}\` is not a type specmut models`);
  }

  /** A type by name: a scalar or one of the file's datatypes. */
  named(name: string, env: ReadonlyMap<string, Type> = NO_PARAMETERS): Type {
    if (env.has(name)) return env.get(name)!;
    if (Object.hasOwn(SCALARS, name)) return SCALARS[name]!;
    const machine = machineType(name);
    if (machine) return machine;
    const item = this.items.get(name);
    if (item?.kind === 'struct' || item?.kind === 'enum') return this.datatype(item, []);
    if (item?.kind === 'alias') return this.alias(item, []);
    return this.opaque(name, `\`${name}\` is not a type specmut models (a type parameter, or a type not declared in this file)`);
  }

  /** `type A<T> = …`: the aliased type, its parameters bound to the arguments. */
  private alias(a: VerusAlias, args: Type[]): Type {
    const params = typeParameterNames(a.typeParameters);
    if (!params || params.length !== args.length) return this.opaque(a.name, `\`${a.name}\` is an alias with parameters specmut does not model`);
    if (this.resolving.has(a.name)) return this.opaque(a.name, `\`${a.name}\` is recursive`);
    this.resolving.add(a.name);
    try {
      return this.resolve(a.type, new Map(params.map((p, i) => [p, args[i]!])));
    } finally {
      this.resolving.delete(a.name);
    }
  }

  /**
   * A struct or enum of the file. A generic one is a parametric datatype: its fields name the type
   * parameters (`param` types) and `args` instantiates them.
   */
  private datatype(d: VerusDatatype, args: Type[]): Type {
    const params = typeParameterNames(d.typeParameters);
    if (!params) return this.opaque(d.name, `\`${d.name}\` has const generic parameters; specmut does not model them`);
    if (params.length !== args.length) return this.opaque(d.name, `\`${d.name}\` is used with ${args.length} type argument(s) where it has ${params.length}`);
    const cached = this.cache.get(d.name);
    const instantiate = (t: Type): Type => (t.kind === 'datatype' && params.length ? { ...t, args, params } : t);
    if (cached) return instantiate(cached);
    if (this.resolving.has(d.name)) return this.opaque(d.name, `\`${d.name}\` is recursive; specmut does not model recursive Verus datatypes`);
    this.resolving.add(d.name);
    try {
      const env = new Map(params.map((p): [string, Type] => [p, T.param(p)]));
      const ctors = d.kind === 'struct' ? [{ name: d.name, fields: this.fieldsOf(field(d.node, 'body'), env) }] : this.variants(d.node, env);
      const opaque = ctors.flatMap((c) => c.fields.map((f) => firstOpaque(f.type))).find((t) => t?.kind === 'opaque');
      const t = opaque?.kind === 'opaque' ? this.opaque(d.name, `\`${d.name}\` has a field whose type is not modelled: ${this.reasonFor(opaque.name)}`) : T.datatype(d.name, ctors);
      this.cache.set(d.name, t);
      return instantiate(t);
    } finally {
      this.resolving.delete(d.name);
    }
  }

  private variants(node: Node, env: ReadonlyMap<string, Type>): Constructor[] {
    return named(field(node, 'body')!)
      .filter((v) => v.type === 'enum_variant')
      .map((v) => ({ name: field(v, 'name')!.text, fields: this.fieldsOf(field(v, 'body'), env) }));
  }

  /** `{ a: T, b: U }` (named fields) or `(T, U)` (positional ones); none for a unit struct or variant. */
  private fieldsOf(body: Node | undefined, env: ReadonlyMap<string, Type>): Constructor['fields'] {
    if (!body) return [];
    if (body.type === 'field_declaration_list') {
      return named(body)
        .filter((f) => f.type === 'field_declaration')
        .map((f) => ({ name: field(f, 'name')!.text, type: this.resolve(field(f, 'type'), env) }));
    }
    return fields(body, 'type').map((f) => ({ type: this.resolve(f, env) }));
  }
}

/** The first opaque part of a type, if any. */
export function firstOpaque(type: Type): Type | undefined {
  switch (type.kind) {
    case 'opaque':
      return type;
    case 'seq':
    case 'set':
    case 'multiset':
    case 'array':
      return firstOpaque(type.elem);
    case 'map':
      return firstOpaque(type.key) ?? firstOpaque(type.value);
    case 'tuple':
      return type.elems.map(firstOpaque).find((t) => t !== undefined);
    case 'datatype':
      return type.args.map(firstOpaque).find((t) => t !== undefined) ?? type.ctors.flatMap((c) => c.fields.map((f) => firstOpaque(f.type))).find((t) => t !== undefined);
    default:
      return undefined;
  }
}

/** Whether a model type was understood (no opaque part): values of it can be read, written and mutated. */
export function isModelled(type: Type): boolean {
  return firstOpaque(type) === undefined;
}

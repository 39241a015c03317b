import { T, type Constructor, type Type } from '@specmut/core';
import { bindersOf, lookup, type Declaration } from './declarations.js';
import { field, fields, named, type Node } from './parser.js';

/** The head and arguments of an application `F a b` (parentheses removed). */
export function spine(node: Node): { head: Node; args: Node[] } {
  const args: Node[] = [];
  let n = unparen(node);
  while (n.type === 'application') {
    args.unshift(field(n, 'argument')!);
    n = unparen(field(n, 'function')!);
  }
  return { head: n, args };
}

export function unparen(node: Node): Node {
  let n = node;
  while (n.type === 'parenthesized') n = field(n, 'expression')!;
  return n;
}

const NO_PARAMETERS: ReadonlyMap<string, Type> = new Map();

const SCALARS: Record<string, Type> = {
  Nat: T.nat,
  Int: T.int,
  Bool: T.bool,
  Char: T.char,
  String: T.string,
  Float: T.float,
  // a UTF-8 byte position (`⟨i⟩`, `s.get p`)
  'String.Pos': T.nat,
};

/**
 * Lean types as model types: Nat, Int, Bool, Char, String, `List α`, `Array α`, `Option α`, products
 * (nested pairs, as Lean has them), and the file's own structures and inductive types (without type
 * parameters). Anything else is opaque: never mutated, never evaluated.
 */
export class LeanTypes {
  private readonly resolving = new Set<string>();
  private readonly cache = new Map<string, Type>();

  constructor(private readonly declarations: readonly Declaration[]) {}

  /** `env`: the type parameters of the declaration being read (`K`, `V` of `structure Map (K V : Type)`). */
  resolve(node: Node | undefined, env: ReadonlyMap<string, Type> = NO_PARAMETERS): Type {
    if (!node) return T.opaque('_');
    const n = unparen(node);
    if (n.type === 'binary_expression' && field(n, 'operator')?.text === '×') {
      return T.tuple(this.resolve(field(n, 'left'), env), this.resolve(field(n, 'right'), env));
    }
    const { head, args } = spine(n);
    const name = head.text;
    const arg = (i: number) => this.resolve(args[i], env);
    if (args.length === 0 && env.has(name)) return env.get(name)!;
    if (args.length === 0 && Object.hasOwn(SCALARS, name)) return SCALARS[name]!;
    if (args.length === 1 && (name === 'List' || name === 'Array')) {
      const elem = arg(0);
      if (name === 'List') return T.seq(elem);
      return elem.kind === 'array' ? { kind: 'array', elem: elem.elem, dims: elem.dims + 1 } : T.array(elem);
    }
    if (args.length === 1 && name === 'Option') return optionType(arg(0));
    // `Vector α n`: an array whose size is `n` (a fact the lowering binds and checks, see `vectorLength`)
    if (args.length === 2 && name === 'Vector') {
      const elem = arg(0);
      return elem.kind === 'array' ? { kind: 'array', elem: elem.elem, dims: elem.dims + 1 } : T.array(elem);
    }
    // `Fin n`: a Nat below `n` (the bound is a fact; arithmetic on Fin wraps and is not modelled)
    if (args.length === 1 && name === 'Fin') return T.nat;
    // `Id α` (Std.Do's pure computations) returns an `α`
    if (args.length === 1 && name === 'Id') return arg(0);
    if (args.length === 2 && name === 'Prod') return T.tuple(arg(0), arg(1));
    return this.userType(name, args.map((_, i) => arg(i))) ?? T.opaque(n.text);
  }

  /** A type by name (a structure or inductive of the file, or a scalar). */
  named(name: string): Type {
    return (Object.hasOwn(SCALARS, name) ? SCALARS[name] : undefined) ?? this.userType(name) ?? T.opaque(name);
  }

  /** A structure or an inductive type of the file, as a datatype; opaque while it is being resolved (recursion). */
  private userType(name: string, args: Type[] = []): Type | undefined {
    const decl = lookup(this.declarations, name);
    // `abbrev Grid := List (List Nat)` / `def Grid : Type := …`: the type it names
    if (decl?.kind === 'def' && args.length === 0 && decl.binders.length === 0 && decl.body && (!decl.type || /^Type\b/.test(decl.type.text))) {
      if (this.resolving.has(decl.qualified)) return undefined;
      this.resolving.add(decl.qualified);
      try {
        const t = this.resolve(decl.body);
        return t.kind === 'opaque' ? undefined : t;
      } finally {
        this.resolving.delete(decl.qualified);
      }
    }
    if (!decl || (decl.kind !== 'structure' && decl.kind !== 'inductive')) return undefined;
    // Type parameters (explicit binders) are instantiated with the arguments; instance binders are not types.
    const params = decl.binders.filter((b) => b.kind === 'explicit');
    if (params.length !== args.length) return undefined;
    const env = new Map(params.map((p, i) => [p.name, args[i]!]));
    const key = `${decl.qualified}${args.length ? JSON.stringify(args) : ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    // A recursive type refers to itself by name: the datatype carries its name, fields see it opaque.
    if (this.resolving.has(key)) return T.opaque(decl.qualified);
    this.resolving.add(key);
    try {
      const ctors = decl.kind === 'structure' ? [this.structureCtor(decl, env)] : this.inductiveCtors(decl, env);
      // A field of a type specmut does not model makes the datatype one it does not model either,
      // unless it is a type parameter left open (a generic helper's `Map K V`).
      const open = new Set(params.map((p) => p.name));
      if (ctors.some((c) => c.fields.some((f) => f.type.kind === 'opaque' && f.type.name !== decl.qualified && !open.has(f.type.name)))) return undefined;
      const type = T.datatype(decl.name, ctors, args);
      this.cache.set(key, type);
      return type;
    } finally {
      this.resolving.delete(key);
    }
  }

  private structureCtor(decl: Declaration, env: ReadonlyMap<string, Type>): Constructor {
    const block = field(decl.node, 'fields');
    const items = block ? named(block).filter((i) => i.type === 'where_item') : [];
    const fieldsOut: Constructor['fields'] = [];
    for (const item of items) {
      const names = fields(item, 'name');
      const type = field(item, 'type');
      if (names.length && type) for (const n of names) fieldsOut.push({ name: n.text, type: this.resolve(type, env) });
      // `(a b : T)` fields written as binders
      for (const b of bindersOf(named(item).filter((c) => c.type === 'explicit_binder'))) fieldsOut.push({ name: b.name, type: this.resolve(b.type, env) });
    }
    return { name: `${decl.name}.mk`, fields: fieldsOut };
  }

  private inductiveCtors(decl: Declaration, env: ReadonlyMap<string, Type>): Constructor[] {
    return fields(decl.node, 'constructor').map((c) => {
      const out: Constructor['fields'] = bindersOf(fields(c, 'binder'))
        .filter((b) => b.kind === 'explicit')
        .map((b) => ({ name: b.name, type: this.resolve(b.type, env) }));
      // `| cons : α → List α → List α`: arrows before the result are unnamed fields
      let t = field(c, 'type');
      while (t && t.type === 'binary_expression' && ['→', '->'].includes(field(t, 'operator')!.text)) {
        out.push({ type: this.resolve(field(t, 'left'), env) });
        t = field(t, 'right');
      }
      return { name: field(c, 'name')!.text, fields: out };
    });
  }
}

/** The size of a `Vector α n` type (`n`), or undefined for other types. */
export function vectorLength(typeNode: Node | undefined): Node | undefined {
  if (!typeNode) return undefined;
  const { head, args } = spine(typeNode);
  return head.text === 'Vector' && args.length === 2 ? args[1] : undefined;
}

/** The bound of a `Fin n` type (`n`), or undefined for other types. */
export function finBound(typeNode: Node | undefined): Node | undefined {
  if (!typeNode) return undefined;
  const { head, args } = spine(typeNode);
  return head.text === 'Fin' && args.length === 1 ? args[0] : undefined;
}

export function optionType(elem: Type): Type {
  return T.datatype('Option', [{ name: 'none', fields: [] }, { name: 'some', fields: [{ name: 'val', type: elem }] }], [elem]);
}

/** Whether a model type was understood (no opaque part): values of it can be read, written and mutated. */
export function isModelled(type: Type): boolean {
  switch (type.kind) {
    case 'opaque':
      return false;
    case 'seq':
    case 'array':
    case 'set':
    case 'multiset':
      return isModelled(type.elem);
    case 'tuple':
      return type.elems.every(isModelled);
    case 'datatype':
      return type.args.every(isModelled);
    default:
      return true;
  }
}

import { field, fields, named, type Node } from './parser.js';

/** A function's mode as Verus writes it; a plain `fn` is exec code. */
export type FnMode = 'spec' | 'proof' | 'exec';

export interface VerusParam {
  name: string;
  /** The declared type as written (`&mut Vec<u32>`). */
  type: Node;
  node: Node;
  /** `&mut T`: the callee may change the caller's value (an in/out parameter). */
  mutable: boolean;
}

/** A `fn` inside `verus! { }` (also in an `impl`), with its specification clauses as condition nodes. */
export interface VerusFn {
  kind: 'fn';
  /** `f`, or `T::f` for a function of `impl T`. */
  name: string;
  node: Node;
  mode: FnMode;
  /** `impl T`'s type name for associated functions. */
  owner?: string | undefined;
  typeParameters?: Node | undefined;
  /** `self`, `&self`, `&mut self`: the receiver, when the function has one. */
  receiver?: Node | undefined;
  params: VerusParam[];
  /** `-> (r: T)`: the name clauses call the result by. */
  returnName?: string | undefined;
  returnType?: Node | undefined;
  requires: Node[];
  ensures: Node[];
  recommends: Node[];
  decreases: Node[];
  body?: Node | undefined;
}

/** `spec const N: int = 5;` (and plain `const`, which spec code may read too). */
export interface VerusConst {
  kind: 'const';
  name: string;
  node: Node;
  mode?: FnMode | undefined;
  type: Node;
  value?: Node | undefined;
}

/** A `struct` or `enum` of the file. */
export interface VerusDatatype {
  kind: 'struct' | 'enum';
  name: string;
  node: Node;
  typeParameters?: Node | undefined;
}

/** `type Name<T> = …;` */
export interface VerusAlias {
  kind: 'alias';
  name: string;
  node: Node;
  typeParameters?: Node | undefined;
  type: Node;
}

export type VerusItem = VerusFn | VerusConst | VerusDatatype | VerusAlias;

/** The names of a declaration's type parameters (`<T, U: Copy>`), lifetimes left out; undefined if one is a const parameter. */
export function typeParameterNames(params: Node | undefined): string[] | undefined {
  if (!params) return [];
  const names: string[] = [];
  for (const p of named(params)) {
    if (p.type === 'lifetime_parameter' || p.type === 'lifetime') continue;
    if (p.type !== 'type_parameter') return undefined;
    names.push(field(p, 'name')!.text);
  }
  return names;
}

/** The items of a file that specs can use, by name (functions of `impl T` as `T::f`). */
export class VerusItems {
  readonly all: VerusItem[] = [];
  private readonly byName = new Map<string, VerusItem>();

  add(item: VerusItem): void {
    this.all.push(item);
    // the first definition wins, as a duplicate is a Rust error anyway
    if (!this.byName.has(item.name)) this.byName.set(item.name, item);
  }

  get(name: string): VerusItem | undefined {
    return this.byName.get(name);
  }

  fn(name: string): VerusFn | undefined {
    const item = this.byName.get(name);
    return item?.kind === 'fn' ? item : undefined;
  }

  get fns(): VerusFn[] {
    return this.all.filter((i): i is VerusFn => i.kind === 'fn');
  }

  get datatypes(): VerusDatatype[] {
    return this.all.filter((i): i is VerusDatatype => i.kind === 'struct' || i.kind === 'enum');
  }
}

/** `spec`, `spec(checked)`, `proof`, `axiom`, `exec` (a `function_mode` node), or exec when absent. */
function modeWord(mode: Node | undefined): FnMode {
  const word = mode?.text.replace(/\(.*$/s, '').trim();
  return word === 'spec' ? 'spec' : word === 'proof' || word === 'axiom' ? 'proof' : 'exec';
}

function modeOf(modifiers: Node | undefined): FnMode {
  return modeWord(modifiers ? named(modifiers).find((n) => n.type === 'function_mode') : undefined);
}

/** The conditions of a clause list (`requires a, b,`), in order. */
function conditions(fn: Node, clause: string, part = 'condition'): Node[] {
  return fields(fn, clause).flatMap((c) => fields(c, part));
}

function readFn(node: Node, owner: string | undefined): VerusFn {
  const base = field(node, 'name')!.text;
  const params: VerusParam[] = [];
  let receiver: Node | undefined;
  for (const p of named(field(node, 'parameters')!)) {
    if (p.type === 'self_parameter') receiver = p;
    if (p.type !== 'parameter') continue;
    const pattern = field(p, 'pattern')!;
    const type = field(p, 'type')!;
    if (pattern.type === 'self') {
      receiver = p;
      continue;
    }
    const mutable = type.type === 'reference_type' && named(type).some((c) => c.type === 'mutable_specifier');
    params.push({ name: pattern.text, type, node: p, mutable });
  }
  return {
    kind: 'fn',
    name: owner ? `${owner}::${base}` : base,
    node,
    mode: modeOf(named(node).find((n) => n.type === 'function_modifiers')),
    owner,
    typeParameters: field(node, 'type_parameters'),
    receiver,
    params,
    returnName: field(node, 'return_name')?.text,
    returnType: field(node, 'return_type'),
    requires: conditions(node, 'requires'),
    ensures: conditions(node, 'ensures'),
    recommends: conditions(node, 'recommends'),
    decreases: conditions(node, 'decreases', 'measure'),
    body: field(node, 'body'),
  };
}

/** The name of `impl T` / `impl<A> Trait for T<A>`'s type, without its arguments. */
function implOwner(impl: Node): string | undefined {
  const type = field(impl, 'type');
  if (!type) return undefined;
  const head = type.type === 'generic_type' ? field(type, 'type') : type;
  return head?.text;
}

function collect(container: Node, items: VerusItems, inVerus: boolean, owner?: string): void {
  for (const n of named(container)) {
    switch (n.type) {
      case 'verus_macro':
        collect(n, items, true);
        break;
      case 'mod_item': {
        const body = field(n, 'body');
        if (body) collect(body, items, inVerus);
        break;
      }
      case 'impl_item': {
        const body = field(n, 'body');
        if (body && inVerus) collect(body, items, inVerus, implOwner(n));
        break;
      }
      case 'function_item':
      case 'function_signature_item':
        if (inVerus) items.add(readFn(n, owner));
        break;
      case 'const_item':
        if (inVerus && !owner) {
          const mode = field(n, 'mode');
          items.add({ kind: 'const', name: field(n, 'name')!.text, node: n, mode: mode ? modeWord(mode) : undefined, type: field(n, 'type')!, value: field(n, 'value') });
        }
        break;
      case 'type_item':
        if (inVerus && !owner) items.add({ kind: 'alias', name: field(n, 'name')!.text, node: n, typeParameters: field(n, 'type_parameters'), type: field(n, 'type')! });
        break;
      case 'struct_item':
      case 'enum_item':
        if (inVerus) items.add({ kind: n.type === 'struct_item' ? 'struct' : 'enum', name: field(n, 'name')!.text, node: n, typeParameters: field(n, 'type_parameters') });
        break;
      default:
        break;
    }
  }
}

/** Every function, constant and datatype declared inside the file's `verus! { }` blocks. */
export function indexItems(root: Node): VerusItems {
  const items = new VerusItems();
  collect(root, items, false);
  return items;
}

import { machineType, T, type Constructor, type DatatypeDecl, type Type } from '@specmut/core';
import { field, namedChildren, type LowerContext } from './context.js';
import type { Node } from '../syntax/parser.js';

/** `Option<T>` as Verus's prelude declares it: `None`, `Some(T)`. */
export function optionType(elem: Type): Type {
  return T.datatype('Option', [{ name: 'None', fields: [] }, { name: 'Some', fields: [{ type: elem }] }]);
}

const SEQ_LIKE = new Set(['Vec', 'Seq', 'VecDeque']);
/** Wrappers whose value is their content in a test (ghost and tracked state, boxes). */
const TRANSPARENT = new Set(['Box', 'Ghost', 'Tracked', 'Rc', 'Arc']);

/**
 * The model type of a Rust/Verus type node. Sequences keep `seq` whether they are exec (`Vec`, slices,
 * arrays) or spec (`Seq`): a test gives both as a list, and `v@` is that list. `String`/`str` are
 * `string` (an exec string: `len()` counts UTF-8 bytes) and their view `seq(char)`.
 */
export function resolveType(ctx: LowerContext, node: Node | undefined): Type | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'primitive_type': {
      const name = node.text;
      const m = machineType(name);
      if (m) return m;
      if (name === 'int') return T.int;
      if (name === 'nat') return T.nat;
      if (name === 'bool') return T.bool;
      if (name === 'char') return T.char;
      if (name === 'str') return T.string;
      if (name === 'f32' || name === 'f64') return T.float;
      return undefined;
    }
    case 'reference_type':
    case 'pointer_type':
      return resolveType(ctx, field(node, 'type'));
    case 'array_type':
      return T.seq(resolveType(ctx, field(node, 'element')) ?? T.opaque('?'));
    case 'tuple_type':
      return T.tuple(...namedChildren(node).map((c) => resolveType(ctx, c) ?? T.opaque(c.text)));
    case 'unit_type':
      return T.tuple();
    case 'generic_type': {
      const name = lastSegment(field(node, 'type')!.text);
      const args = namedChildren(field(node, 'type_arguments')!).map((a) => resolveType(ctx, a));
      const a0 = args[0] ?? T.opaque('?');
      if (SEQ_LIKE.has(name)) return T.seq(a0);
      if (name === 'Set' || name === 'HashSet' || name === 'BTreeSet') return T.set(a0);
      if (name === 'Multiset') return T.multiset(a0);
      if (name === 'Map' || name === 'HashMap' || name === 'BTreeMap') return T.map(a0, args[1] ?? T.opaque('?'));
      if (name === 'Option') return optionType(a0);
      if (TRANSPARENT.has(name)) return args[0];
      return T.opaque(node.text);
    }
    case 'type_identifier':
    case 'scoped_type_identifier': {
      const name = lastSegment(node.text);
      if (name === 'String') return T.string;
      return datatypeType(ctx, name) ?? T.opaque(node.text);
    }
    default:
      return undefined;
  }
}

function lastSegment(path: string): string {
  const parts = path.split('::');
  return parts[parts.length - 1]!.trim();
}

/** A struct or enum of the file as a datatype: a struct has one constructor named after it. */
export function datatypeType(ctx: LowerContext, name: string): Type | undefined {
  if (ctx.datatypeTypes.has(name)) return ctx.datatypeTypes.get(name) ?? T.opaque(name);
  const node = ctx.items.types.get(name);
  if (!node || field(node, 'type_parameters')) return undefined;
  ctx.datatypeTypes.set(name, undefined);
  const ctors: Constructor[] = node.type === 'struct_item' ? [{ name, fields: fieldsOf(ctx, field(node, 'body')) }] : variantsOf(ctx, node);
  // A field of the type itself is left opaque (recursive datatypes are not modelled).
  const t = T.datatype(name, ctors);
  ctx.datatypeTypes.set(name, t);
  const decl: DatatypeDecl = { name, ctors };
  ctx.datatypes.set(name, decl);
  return t;
}

function variantsOf(ctx: LowerContext, node: Node): Constructor[] {
  return namedChildren(field(node, 'body')!)
    .filter((v) => v.type === 'enum_variant')
    .map((v) => ({ name: field(v, 'name')!.text, fields: fieldsOf(ctx, field(v, 'body')) }));
}

function fieldsOf(ctx: LowerContext, body: Node | undefined): Constructor['fields'] {
  if (!body) return [];
  if (body.type === 'field_declaration_list') {
    return namedChildren(body)
      .filter((f) => f.type === 'field_declaration')
      .map((f) => ({ name: field(f, 'name')!.text, type: resolveType(ctx, field(f, 'type')) ?? T.opaque(field(f, 'type')!.text) }));
  }
  return body.childrenForFieldName('type').filter((t): t is Node => t !== null).map((t) => ({ type: resolveType(ctx, t) ?? T.opaque(t.text) }));
}

export const isMachine = (t: Type | undefined): t is Extract<Type, { kind: 'machine' }> => t?.kind === 'machine';
export const isSeq = (t: Type | undefined): boolean => t?.kind === 'seq' || t?.kind === 'array';

export function elemOf(t: Type | undefined): Type | undefined {
  if (!t) return undefined;
  if (t.kind === 'seq' || t.kind === 'set' || t.kind === 'multiset' || t.kind === 'array') return t.elem;
  if (t.kind === 'string') return T.char;
  return undefined;
}

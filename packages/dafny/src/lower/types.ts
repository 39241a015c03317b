import { T, type Type } from '@specmut/core';
import type { Declaration } from '../syntax/declarations.js';
import { named, type Node } from '../syntax/parser.js';
import type { TypeResolver } from '../syntax/types.js';

/**
 * A subset type or newtype with a constraint (`type Small = x: int | 0 <= x < 10`): quantifying over it
 * ranges only over values that satisfy the constraint, and converting into it must satisfy it.
 */
export interface SubsetInfo {
  name: string;
  decl: Declaration;
  /** The constraint's own variable (`x` above). */
  variable: string;
  constraint: Node;
  base: Type;
}

export interface ResolvedType {
  type: Type;
  subset?: SubsetInfo | undefined;
}

/** Type syntax to a model type, plus the constraint of a user subset type or newtype when there is one. */
export function resolveType(types: TypeResolver, declarations: readonly Declaration[], node: Node): ResolvedType {
  // `array?` is the possibly-null array type: as a value it is the same sequence of elements.
  if (node.type === 'generic_type') {
    const name = node.childForFieldName('name')?.text ?? '';
    const m = /^array([2-9]?)\?$/.exec(name);
    if (m) {
      const args = named(node.childForFieldName('type_arguments')!).map((a) => types.resolve(a));
      return { type: T.array(args[0] ?? T.opaque('?'), m[1] ? Number(m[1]) : 1) };
    }
  }
  const type = types.resolve(node);
  if (node.type === 'type_identifier') {
    const decl = declarations.find((d) => d.name === node.text && (d.kind === 'subset-type' || d.kind === 'newtype'));
    const variable = decl?.node.childForFieldName('variable');
    const constraint = decl?.node.childForFieldName('constraint');
    if (decl && variable && constraint) return { type, subset: { name: decl.name, decl, variable: variable.text, constraint, base: type } };
  }
  return { type };
}

/** The elements of a sequence-like value (seq, string, array row). */
export function elementType(t: Type | undefined): Type | undefined {
  if (!t) return undefined;
  switch (t.kind) {
    case 'seq':
      return t.elem;
    case 'string':
      return T.char;
    case 'array':
      return t.dims === 1 ? t.elem : T.array(t.elem, t.dims - 1);
    default:
      return undefined;
  }
}

/** What `x in c` ranges `x` over: elements of a seq/set/multiset, keys of a map. */
export function memberType(t: Type | undefined): Type | undefined {
  if (!t) return undefined;
  switch (t.kind) {
    case 'set':
    case 'multiset':
      return t.elem;
    case 'map':
      return t.key;
    default:
      return elementType(t);
  }
}

/** A sequence of the same elements (slices of strings and arrays are sequences). */
export function sliceType(t: Type | undefined): Type | undefined {
  if (!t) return undefined;
  if (t.kind === 'string') return t;
  const e = elementType(t);
  return e ? T.seq(e) : undefined;
}

/** Types that tell nothing useful: type parameters and other opaque names. */
export function known(t: Type | undefined): Type | undefined {
  return t && t.kind !== 'opaque' ? t : undefined;
}

export const isChar = (t: Type | undefined): boolean => t?.kind === 'char';
export const isBitvector = (t: Type | undefined): t is Extract<Type, { kind: 'bitvector' }> => t?.kind === 'bitvector';

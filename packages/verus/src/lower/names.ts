import type { Type } from '@specmut/core';
import { datatypeType, optionType } from './types.js';
import type { LowerContext } from './context.js';

const OPTION_CTORS = new Set(['Some', 'None']);

function segments(path: string): string[] {
  return path.replace(/::<[^>]*>/g, '').replace(/<[^>]*>/g, '').split('::').map((s) => s.trim());
}

/**
 * The constructor a path names: `Some`/`None` (also `Option::Some`), `Enum::Variant`, a variant of the
 * expected type or of the file's enums, or a struct of the file (its one constructor). Constructors are
 * named by the variant alone, as test values name them.
 */
export function constructorOf(ctx: LowerContext, path: string, expected?: Type): string | undefined {
  const parts = segments(path);
  const last = parts[parts.length - 1]!;
  if (OPTION_CTORS.has(last) && (parts.length === 1 || parts[parts.length - 2] === 'Option')) return last;
  if (parts.length >= 2) {
    const owner = parts[parts.length - 2]!;
    const t = owner === 'Self' ? undefined : datatypeType(ctx, owner);
    if (t?.kind === 'datatype' && t.ctors.some((c) => c.name === last)) return last;
    return undefined;
  }
  if (expected?.kind === 'datatype' && expected.ctors.some((c) => c.name === last)) return last;
  const owner = ctx.items.variants.get(last);
  if (owner) {
    datatypeType(ctx, owner);
    return last;
  }
  const node = ctx.items.types.get(last);
  if (node?.type === 'struct_item' && datatypeType(ctx, last)) return last;
  return undefined;
}

/** The datatype a constructor belongs to, for typing `Some(x)` and `Enum::V(..)`. */
export function constructorType(ctx: LowerContext, path: string, ctor: string, argTypes: (Type | undefined)[]): Type | undefined {
  if (ctor === 'Some') return optionType(argTypes[0] ?? { kind: 'opaque', name: '?' });
  if (ctor === 'None') return undefined;
  const parts = segments(path);
  const owner = parts.length >= 2 ? parts[parts.length - 2]! : ctx.items.variants.get(ctor) ?? ctor;
  return datatypeType(ctx, owner);
}

import { descendants } from '@specmut/tree-sitter';
import { field, namedChildren, type FileItems } from './context.js';
import type { Node } from '../syntax/parser.js';

function modeOf(fn: Node): string | undefined {
  const mods = namedChildren(fn).find((c) => c.type === 'function_modifiers');
  return mods ? namedChildren(mods).find((c) => c.type === 'function_mode')?.text : undefined;
}

export function isSpecFunction(fn: Node): boolean {
  return /^spec/.test(modeOf(fn) ?? '');
}

/** The `impl` a function sits in: its type's name, for `Type::f` and `x.f()`. */
function implOwner(fn: Node): string | undefined {
  let n = fn.parent;
  while (n && n.type !== 'impl_item' && n.type !== 'source_file') n = n.parent;
  const type = n?.type === 'impl_item' ? field(n, 'type') : undefined;
  if (!type) return undefined;
  const base = type.type === 'generic_type' ? field(type, 'type')! : type;
  return base.text;
}

/** The spec functions, constants and datatypes of a file that clauses may name. */
export function collectItems(root: Node): FileItems {
  const items: FileItems = { functions: new Map(), consts: new Map(), types: new Map(), variants: new Map() };
  for (const n of descendants(root)) {
    switch (n.type) {
      case 'function_item':
      case 'function_signature_item': {
        if (!isSpecFunction(n)) break;
        const name = field(n, 'name')!.text;
        const owner = implOwner(n);
        items.functions.set(owner ? `${owner}::${name}` : name, n);
        break;
      }
      case 'const_item': {
        const owner = implOwner(n);
        const name = field(n, 'name')!.text;
        items.consts.set(owner ? `${owner}::${name}` : name, n);
        break;
      }
      case 'struct_item':
        items.types.set(field(n, 'name')!.text, n);
        break;
      case 'enum_item': {
        const name = field(n, 'name')!.text;
        items.types.set(name, n);
        for (const v of namedChildren(field(n, 'body')!)) if (v.type === 'enum_variant') items.variants.set(field(v, 'name')!.text, name);
        break;
      }
    }
  }
  return items;
}

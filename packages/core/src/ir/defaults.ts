import { constructorFields, type Type } from '../model/types.js';
import { V, type Value } from '../model/values.js';

/**
 * The value Lean's `default` (Inhabited instance) gives for a type: 0, false, empty collections, the
 * first constructor with default fields. Undefined for opaque types, which have no known inhabitant.
 */
export function defaultValue(type: Type, depth = 0): Value | undefined {
  // A datatype whose first constructor is recursive has no finite default this way.
  if (depth > 64) return undefined;
  switch (type.kind) {
    case 'int':
    case 'nat':
    case 'bitvector':
    case 'machine':
      return V.int(0);
    case 'bool':
      return V.bool(false);
    case 'char':
      return V.char('A'); // Lean's `Inhabited Char` is 'A'
    case 'real':
      return V.real(0);
    case 'float':
      return V.float(0);
    case 'string':
    case 'seq':
    case 'array':
      return V.seq([]);
    case 'set':
      return V.set([]);
    case 'multiset':
      return V.multiset([]);
    case 'map':
      return V.map([]);
    case 'tuple': {
      const elems = type.elems.map((e) => defaultValue(e, depth + 1));
      return elems.every((e) => e !== undefined) ? V.tuple(elems as Value[]) : undefined;
    }
    case 'datatype': {
      const first = type.ctors[0];
      if (!first) return undefined;
      const fields = constructorFields(type, first).map((f) => defaultValue(f, depth + 1));
      return fields.every((f) => f !== undefined) ? V.datatype(first.name, fields as Value[]) : undefined;
    }
    case 'param':
    case 'opaque':
      return undefined;
  }
}

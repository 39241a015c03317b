import { constructorFields, SpecmutError, type Type, type Value } from '@specmut/core';
import { renderVerus, renderVerusType } from '../render.js';

/**
 * Whether a value of the type cannot be written as a spec expression: a `Vec`, slice, array or String
 * is exec data that proof code cannot build, so it is fixed through its view (`v@`, a `Seq`).
 */
export function needsView(type: Type): boolean {
  switch (type.kind) {
    case 'array':
    case 'string':
      return true;
    case 'seq':
    case 'set':
    case 'multiset':
      return needsView(type.elem);
    case 'map':
      return needsView(type.key) || needsView(type.value);
    case 'tuple':
      return type.elems.some(needsView);
    case 'datatype':
      return type.ctors.some((c) => constructorFields(type, c).some(needsView));
    default:
      return false;
  }
}

function elementOf(type: Extract<Type, { kind: 'array' }>): Type {
  return type.dims > 1 ? { ...type, dims: type.dims - 1 } : type.elem;
}

function seqOf(value: Value): Value[] {
  if (value.kind !== 'seq') throw new SpecmutError('bad-value', `a ${value.kind} value where a sequence was expected`);
  return value.elems;
}

/**
 * A struct literal right before a function body would read as the body (`requires p == P { x: 1 } {`),
 * as in an `if` condition, so it is parenthesized.
 */
function asOperand(text: string): string {
  return text.includes('{') ? `(${text})` : text;
}

/**
 * The conditions that pin the expression `expr` to `value`: `x == 5u8`, `v@ == seq![1u32, 2u32]`,
 * `s@ == seq!['a']`, and, for data holding views, one condition per part (`p.items@ == …`,
 * `o is Some`, `o->0@ == …`, `vv@.len() == 2`, `vv@[0]@ == …`).
 */
export function fixConditions(expr: string, value: Value, type: Type): string[] {
  if (!needsView(type)) return [`${expr} == ${asOperand(renderVerus(value, type))}`];
  switch (type.kind) {
    case 'string':
      return [`${expr}@ == seq![${seqOf(value).map((c) => renderVerus(c, { kind: 'char' })).join(', ')}]`];
    case 'array': {
      const elem = elementOf(type);
      const elems = seqOf(value);
      if (!needsView(elem)) return [`${expr}@ == seq![${elems.map((e) => renderVerus(e, elem)).join(', ')}]`];
      return [`${expr}@.len() == ${elems.length}`, ...elems.flatMap((e, i) => fixConditions(`${expr}@[${i}]`, e, elem))];
    }
    case 'seq': {
      const elems = seqOf(value);
      return [`${expr}.len() == ${elems.length}`, ...elems.flatMap((e, i) => fixConditions(`${expr}[${i}]`, e, type.elem))];
    }
    case 'tuple': {
      if (value.kind !== 'tuple') throw new SpecmutError('bad-value', `a ${value.kind} value where a tuple was expected`);
      return value.elems.flatMap((e, i) => fixConditions(`${expr}.${i}`, e, type.elems[i]!));
    }
    case 'datatype': {
      if (value.kind !== 'datatype') throw new SpecmutError('bad-value', `a ${value.kind} value where ${renderVerusType(type)} was expected`);
      const ctor = type.ctors.find((c) => c.name === value.ctor);
      if (!ctor) throw new SpecmutError('bad-value', `${value.ctor} is not a constructor of ${renderVerusType(type)}`);
      const types = constructorFields(type, ctor);
      const isStruct = type.ctors.length === 1 && type.name !== 'Option';
      const access = (i: number) => `${expr}${isStruct ? '.' : '->'}${ctor.fields[i]!.name ?? i}`;
      const parts = value.fields.flatMap((f, i) => fixConditions(access(i), f, types[i]!));
      return isStruct ? parts : [`${expr} is ${ctor.name}`, ...parts];
    }
    default:
      throw new SpecmutError('unsupported', `the Verus harness cannot fix a value of type ${renderVerusType(type)} (it holds exec data inside a ${type.kind})`);
  }
}

import { constructorFields, machineName, machineRange, SpecmutError, type Constructor, type Type, type Value } from '@specmut/core';

/** The error for an integer its machine type cannot hold, naming the value and the range. */
export function outOfRange(n: bigint, type: Extract<Type, { kind: 'machine' }>): SpecmutError {
  const [min, max] = machineRange(type.bits, type.signed);
  return new SpecmutError('bad-value', `${n} does not fit ${machineName(type)} (its range is ${min}..=${max})`);
}

/** Checks an integer against its machine type's range. */
export function checkMachine(n: bigint, type: Extract<Type, { kind: 'machine' }>): bigint {
  const [min, max] = machineRange(type.bits, type.signed);
  if (n < min || n > max) throw outOfRange(n, type);
  return n;
}

/** Verus's name for a model type (`u8`, `int`, `Vec<i32>`, `Seq<char>`, `(u8, bool)`, `Option<nat>`). */
export function renderVerusType(type: Type): string {
  switch (type.kind) {
    case 'int':
    case 'nat':
    case 'bool':
    case 'char':
      return type.kind;
    case 'string':
      return 'String';
    case 'machine':
      return machineName(type);
    case 'seq':
      return `Seq<${renderVerusType(type.elem)}>`;
    case 'set':
      return `Set<${renderVerusType(type.elem)}>`;
    case 'multiset':
      return `Multiset<${renderVerusType(type.elem)}>`;
    case 'map':
      return `Map<${renderVerusType(type.key)}, ${renderVerusType(type.value)}>`;
    case 'array':
      return `Vec<${renderVerusType(type.dims > 1 ? { ...type, dims: type.dims - 1 } : type.elem)}>`;
    case 'tuple':
      return type.elems.length === 1 ? `(${renderVerusType(type.elems[0]!)},)` : `(${type.elems.map(renderVerusType).join(', ')})`;
    case 'datatype':
      return type.args.length ? `${type.name}<${type.args.map(renderVerusType).join(', ')}>` : type.name;
    case 'param':
    case 'opaque':
      return type.name;
    default:
      return type.kind;
  }
}

function expect<K extends Value['kind']>(value: Value, kind: K, type: Type): Extract<Value, { kind: K }> {
  if (value.kind !== kind) throw new SpecmutError('bad-value', `a ${value.kind} value where Verus type ${renderVerusType(type)} was expected`);
  return value as Extract<Value, { kind: K }>;
}

const CHAR_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\', '\0': '\\0' };

function escapeChar(c: string, quote: string): string {
  if (c === quote) return `\\${c}`;
  if (Object.hasOwn(CHAR_ESCAPES, c)) return CHAR_ESCAPES[c]!;
  const code = c.codePointAt(0)!;
  return code < 0x20 || code === 0x7f ? `\\u{${code.toString(16)}}` : c;
}

export function renderVerusChar(c: string): string {
  return `'${escapeChar(c, "'")}'`;
}

export function renderVerusString(s: string): string {
  return `"${[...s].map((c) => escapeChar(c, '"')).join('')}"`;
}

function elementOf(type: Extract<Type, { kind: 'array' }>): Type {
  return type.dims > 1 ? { ...type, dims: type.dims - 1 } : type.elem;
}

/**
 * A value as a Verus expression of its type: machine integers with their suffix (`255u8`, `-3i32`;
 * a value outside the type is an error naming the range), `int`/`nat` as plain literals, `vec![…]` for
 * `Vec`s and slices, `[…]` for fixed-length arrays, `seq![…]`, `set![…]`, `map![k => v]`, tuples,
 * `None`/`Some(…)`, and the file's structs and enum variants (`Shape::Circle(3u32)`).
 */
export function renderVerus(value: Value, type: Type): string {
  switch (type.kind) {
    case 'int':
      return String(expect(value, 'int', type).value);
    case 'nat': {
      const n = expect(value, 'int', type).value;
      if (n < 0n) throw new SpecmutError('bad-value', `${n} does not fit nat (its range is 0..)`);
      return String(n);
    }
    case 'machine':
      return `${checkMachine(expect(value, 'int', type).value, type)}${machineName(type)}`;
    case 'bool':
      return String(expect(value, 'bool', type).value);
    case 'char':
      return renderVerusChar(expect(value, 'char', type).value);
    case 'string':
      return renderVerusString(expect(value, 'seq', type).elems.map((c) => expect(c, 'char', { kind: 'char' }).value).join(''));
    case 'seq':
      return `seq![${expect(value, 'seq', type).elems.map((e) => renderVerus(e, type.elem)).join(', ')}]`;
    case 'array': {
      const elems = expect(value, 'seq', type).elems.map((e) => renderVerus(e, elementOf(type)));
      return type.fixedLength ? `[${elems.join(', ')}]` : `vec![${elems.join(', ')}]`;
    }
    case 'set':
      return `set![${expect(value, 'set', type).elems.map((e) => renderVerus(e, type.elem)).join(', ')}]`;
    case 'multiset':
      return `seq![${expect(value, 'multiset', type).elems.map((e) => renderVerus(e, type.elem)).join(', ')}].to_multiset()`;
    case 'map':
      return `map![${expect(value, 'map', type).entries.map(([k, v]) => `${renderVerus(k, type.key)} => ${renderVerus(v, type.value)}`).join(', ')}]`;
    case 'tuple': {
      const elems = expect(value, 'tuple', type).elems.map((e, i) => renderVerus(e, type.elems[i]!));
      return elems.length === 1 ? `(${elems[0]},)` : `(${elems.join(', ')})`;
    }
    case 'datatype':
      return renderDatatype(expect(value, 'datatype', type), type);
    default:
      throw new SpecmutError('unsupported', `the Verus backend cannot write a value of type ${renderVerusType(type)}`);
  }
}

/** The constructor's path: a struct by its name, an enum variant as `Enum::Variant`, Option's unqualified. */
export function constructorPath(type: Extract<Type, { kind: 'datatype' }>, ctor: Constructor): string {
  if (type.name === 'Option') return ctor.name;
  return type.ctors.length === 1 && ctor.name === type.name ? ctor.name : `${type.name}::${ctor.name}`;
}

function renderDatatype(value: Extract<Value, { kind: 'datatype' }>, type: Extract<Type, { kind: 'datatype' }>): string {
  const ctor = type.ctors.find((c) => c.name === value.ctor);
  if (!ctor) throw new SpecmutError('bad-value', `${value.ctor} is not a constructor of ${renderVerusType(type)}`);
  const fieldTypes = constructorFields(type, ctor);
  const path = constructorPath(type, ctor);
  if (!ctor.fields.length) return path;
  const parts = value.fields.map((f, i) => renderVerus(f, fieldTypes[i]!));
  if (ctor.fields.every((f) => f.name !== undefined)) return `${path} { ${ctor.fields.map((f, i) => `${f.name}: ${parts[i]}`).join(', ')} }`;
  return `${path}(${parts.join(', ')})`;
}

import { SpecmutError, type Type, type Value } from '@specmut/core';

/**
 * Values as Lean 4 literals of their type. Negative integers are parenthesized so that a literal can
 * stand as a function argument (`f (-3)`); tuples are Lean's nested pairs, written flat (`(a, b, c)`
 * is `(a, (b, c))`); structures use structure-instance notation, which needs the expected type, so
 * harnesses ascribe every value's type.
 */
export function renderLean(value: Value, type: Type): string {
  switch (type.kind) {
    case 'int':
    case 'nat':
    case 'bitvector':
      return renderInt(expect(value, 'int', type).value);
    case 'bool':
      return String(expect(value, 'bool', type).value);
    case 'char':
      return renderLeanChar(expect(value, 'char', type).value);
    case 'string':
      return renderLeanString(expect(value, 'seq', type).elems.map((c) => expect(c, 'char', { kind: 'char' }).value).join(''));
    case 'seq':
      return `[${expect(value, 'seq', type).elems.map((e) => renderLean(e, type.elem)).join(', ')}]`;
    case 'array':
      return `#[${expect(value, 'seq', type).elems.map((e) => renderLean(e, type.dims > 1 ? { ...type, dims: type.dims - 1 } : type.elem)).join(', ')}]`;
    case 'float':
      return renderLeanFloat(expect(value, 'float', type).value);
    case 'tuple':
      return `(${tupleComponents(expect(value, 'tuple', type), type).join(', ')})`;
    case 'datatype':
      return renderDatatype(expect(value, 'datatype', type), type);
    default:
      throw new SpecmutError('unsupported', `the Lean backend cannot write a literal of type ${type.kind === 'opaque' ? type.name : type.kind}`);
  }
}

function expect<K extends Value['kind']>(value: Value, kind: K, type: Type): Extract<Value, { kind: K }> {
  if (value.kind !== kind) throw new SpecmutError('unsupported', `a ${value.kind} value where Lean type ${renderLeanType(type)} was expected`);
  return value as Extract<Value, { kind: K }>;
}

function renderInt(n: bigint): string {
  return n < 0n ? `(${n})` : String(n);
}

/**
 * A double as a Lean `Float` literal that denotes it exactly: the shortest decimal that rounds to it
 * (Lean rounds a scientific literal to the nearest double too), `.0` on integral values; NaN and the
 * infinities, which have no literal, as the divisions that give them; negatives parenthesized.
 */
export function renderLeanFloat(x: number): string {
  if (Number.isNaN(x)) return '(0.0 / 0.0)';
  if (!Number.isFinite(x)) return x > 0 ? '(1.0 / 0.0)' : '(-1.0 / 0.0)';
  const negative = x < 0 || Object.is(x, -0);
  const text = Math.abs(x).toString().replace(/^(\d+)$/, '$1.0').replace(/^(\d+)e/, '$1.0e');
  return negative ? `(-${text})` : text;
}

/** `(a, (b, c))` is written `(a, b, c)`, as Lean prints it. */
function tupleComponents(value: Extract<Value, { kind: 'tuple' }>, type: Extract<Type, { kind: 'tuple' }>): string[] {
  const parts = value.elems.map((e, i) => ({ e, t: type.elems[i]! }));
  const last = parts.at(-1);
  if (last && last.t.kind === 'tuple' && last.e.kind === 'tuple' && parts.length === 2) {
    return [renderLean(parts[0]!.e, parts[0]!.t), ...tupleComponents(last.e, last.t)];
  }
  return parts.map(({ e, t }) => renderLean(e, t));
}

function renderDatatype(value: Extract<Value, { kind: 'datatype' }>, type: Extract<Type, { kind: 'datatype' }>): string {
  const ctor = type.ctors.find((c) => c.name === value.ctor);
  if (!ctor) throw new SpecmutError('unsupported', `${value.ctor} is not a constructor of ${type.name}`);
  const args = value.fields.map((f, i) => renderLean(f, ctor.fields[i]!.type));
  if (type.name === 'Option') return args.length ? `(some ${args[0]})` : 'none';
  if (isStructure(type)) return `{ ${ctor.fields.map((f, i) => `${f.name} := ${args[i]}`).join(', ')} }`;
  const name = `${type.name}.${ctor.name}`;
  return args.length ? `(${name} ${args.join(' ')})` : name;
}

/** A structure: one constructor whose fields all have names (Lean's `structure`). */
export function isStructure(type: Extract<Type, { kind: 'datatype' }>): boolean {
  return type.ctors.length === 1 && type.ctors[0]!.fields.length > 0 && type.ctors[0]!.fields.every((f) => f.name);
}

const CHAR_ESCAPES: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r', '\\': '\\\\' };

function escapeChar(c: string, quote: string): string {
  if (c === quote) return `\\${quote}`;
  const known = CHAR_ESCAPES[c];
  if (known) return known;
  const code = c.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
  return c;
}

export function renderLeanChar(c: string): string {
  return `'${escapeChar(c, "'")}'`;
}

export function renderLeanString(s: string): string {
  return `"${[...s].map((c) => escapeChar(c, '"')).join('')}"`;
}

/** A model type as Lean writes it. */
export function renderLeanType(type: Type): string {
  const arg = (t: Type): string => {
    const s = renderLeanType(t);
    return /\s/.test(s) && !s.startsWith('(') ? `(${s})` : s;
  };
  switch (type.kind) {
    case 'int':
      return 'Int';
    case 'nat':
      return 'Nat';
    case 'bool':
      return 'Bool';
    case 'char':
      return 'Char';
    case 'string':
      return 'String';
    case 'float':
      return 'Float';
    case 'seq':
      return `List ${arg(type.elem)}`;
    case 'array':
      return `Array ${arg(type.dims > 1 ? { ...type, dims: type.dims - 1 } : type.elem)}`;
    case 'tuple':
      return type.elems.map((t, i) => (i === type.elems.length - 1 && t.kind === 'tuple' ? renderLeanType(t) : arg(t))).join(' × ');
    case 'datatype':
      return [type.name, ...type.args.map(arg)].join(' ');
    case 'opaque':
      return type.name;
    default:
      return type.kind;
  }
}

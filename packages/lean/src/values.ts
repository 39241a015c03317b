import { SpecmutError, V, type Type, type Value } from '@specmut/core';
import { field, fields, named, parseLean, type Node } from './syntax/parser.js';
import { leanSyntaxProblems } from './syntax/syntax-errors.js';
import { spine, unparen } from './syntax/types.js';
import { readChar, readString } from './lower/literals.js';

/** Why a literal does not denote a value of the type, with the part that did not fit. */
class NotAValue extends Error {}

/**
 * Reads a Lean literal (`[(2, 1), (3, 1)]`, `#[1, -2]`, `"a\"b"`, `some 3`, `⟨[…]⟩`) as a value of
 * `type`, by parsing it with the Lean grammar; literals only, nothing is evaluated.
 */
export async function readLeanValue(text: string, type: Type): Promise<Value> {
  const source = `def specmut_value :=\n  ${text.replace(/\n/g, '\n  ')}\n`;
  const tree = await parseLean(source);
  try {
    const [problem] = leanSyntaxProblems(tree.rootNode);
    if (problem) throw new SpecmutError('bad-value', `not a Lean literal: ${problem.message} in ${JSON.stringify(text)}`);
    const def = named(tree.rootNode)[0];
    const body = def && named(def).find((n) => n.type === 'definition');
    const value = body && field(body, 'body');
    if (!value) throw new SpecmutError('bad-value', `not a Lean literal: ${JSON.stringify(text)}`);
    try {
      return valueOf(value, type);
    } catch (e) {
      if (e instanceof NotAValue) throw new SpecmutError('bad-value', `${e.message} in ${JSON.stringify(text)}`);
      throw e;
    }
  } finally {
    tree.delete();
  }
}

function integer(node: Node): bigint | undefined {
  const n = unparen(node);
  if (n.type === 'number' && /^[0-9_]+$|^0[xob]/i.test(n.text)) return BigInt(n.text.replace(/_/g, ''));
  if (n.type === 'unary_expression' && field(n, 'operator')!.text === '-') {
    const inner = integer(field(n, 'operand')!);
    return inner === undefined ? undefined : -inner;
  }
  if (n.type === 'type_ascription') return integer(field(n, 'expression')!);
  return undefined;
}

/** `1.5`, `2`, `1e-3`, `-0.5`, `0.0 / 0.0`, and VERINA's `Float.nan`, `Float.inf`: the double Lean rounds it to. */
function floatValue(node: Node): number | undefined {
  const n = unparen(node);
  if (n.type === 'number' && /^[0-9_]+(\.[0-9_]+)?([eE][+-]?[0-9]+)?$/.test(n.text)) return Number(n.text.replace(/_/g, ''));
  if (n.type === 'identifier' && n.text === 'Float.nan') return NaN;
  if (n.type === 'identifier' && n.text === 'Float.inf') return Infinity;
  if (n.type === 'unary_expression' && field(n, 'operator')!.text === '-') {
    const inner = floatValue(field(n, 'operand')!);
    return inner === undefined ? undefined : -inner;
  }
  if (n.type === 'type_ascription') return floatValue(field(n, 'expression')!);
  // `0.0 / 0.0`, `1.0 / 0.0`: how NaN and the infinities are written
  if (n.type === 'binary_expression' && field(n, 'operator')!.text === '/') {
    const [a, b] = [floatValue(field(n, 'left')!), floatValue(field(n, 'right')!)];
    return a === undefined || b === undefined ? undefined : a / b;
  }
  return undefined;
}

function elements(node: Node, kinds: string[], what: string): Node[] {
  const n = unparen(node);
  if (!kinds.includes(n.type)) throw new NotAValue(`expected ${what}, got ${JSON.stringify(n.text)}`);
  return fields(n, 'element');
}

function valueOf(node: Node, type: Type): Value {
  const n = unparen(node);
  if (n.type === 'type_ascription') return valueOf(field(n, 'expression')!, type);
  switch (type.kind) {
    case 'int':
    case 'nat': {
      const v = integer(n);
      if (v === undefined) throw new NotAValue(`expected an integer, got ${JSON.stringify(n.text)}`);
      if (type.kind === 'nat' && v < 0n) throw new NotAValue(`expected a Nat, got ${v}`);
      return V.int(v);
    }
    case 'float': {
      const v = floatValue(n);
      if (v === undefined) throw new NotAValue(`expected a Float literal, got ${JSON.stringify(n.text)}`);
      return V.float(v);
    }
    case 'bool':
      if (n.text === 'true' || n.text === 'false') return V.bool(n.text === 'true');
      throw new NotAValue(`expected true or false, got ${JSON.stringify(n.text)}`);
    case 'char':
      if (n.type !== 'char') throw new NotAValue(`expected a character literal, got ${JSON.stringify(n.text)}`);
      return V.char(readChar(n.text));
    case 'string':
      if (n.type !== 'string') throw new NotAValue(`expected a string literal, got ${JSON.stringify(n.text)}`);
      return V.string(readString(n.text));
    case 'seq':
      return V.seq(elements(n, ['list'], 'a list [...]').map((e) => valueOf(e, type.elem)));
    case 'array': {
      const elem: Type = type.dims > 1 ? { ...type, dims: type.dims - 1 } : type.elem;
      return V.seq(elements(n, ['array'], 'an array #[...]').map((e) => valueOf(e, elem)));
    }
    case 'tuple': {
      const parts = elements(n, ['tuple', 'anonymous_constructor'], 'a tuple (...)');
      return tupleValue(parts, type);
    }
    case 'datatype':
      return datatypeValue(n, type);
    default:
      throw new NotAValue(`values of type ${type.kind === 'opaque' ? type.name : type.kind} cannot be read`);
  }
}

/** `(a, b, c)` against `A × (B × C)`. */
function tupleValue(parts: Node[], type: Extract<Type, { kind: 'tuple' }>): Value {
  if (type.elems.length === 2 && parts.length > 2 && type.elems[1]!.kind === 'tuple') {
    return V.tuple([valueOf(parts[0]!, type.elems[0]!), tupleValue(parts.slice(1), type.elems[1] as Extract<Type, { kind: 'tuple' }>)]);
  }
  if (parts.length !== type.elems.length) throw new NotAValue(`expected ${type.elems.length} components, got ${parts.length}`);
  return V.tuple(parts.map((p, i) => valueOf(p, type.elems[i]!)));
}

function datatypeValue(n: Node, type: Extract<Type, { kind: 'datatype' }>): Value {
  if (n.type === 'anonymous_constructor' && type.ctors.length === 1) {
    const ctor = type.ctors[0]!;
    const parts = fields(n, 'element');
    if (parts.length !== ctor.fields.length) throw new NotAValue(`expected ${ctor.fields.length} fields in ⟨…⟩, got ${parts.length}`);
    return V.datatype(ctor.name, parts.map((p, i) => valueOf(p, ctor.fields[i]!.type)));
  }
  if (n.type === 'structure_instance' && type.ctors.length === 1) {
    const ctor = type.ctors[0]!;
    const given = new Map(fields(n, 'field').map((f) => [field(f, 'name')!.text, field(f, 'value')!]));
    return V.datatype(ctor.name, ctor.fields.map((f) => {
      const v = given.get(f.name ?? '');
      if (!v) throw new NotAValue(`field ${f.name} missing`);
      return valueOf(v, f.type);
    }));
  }
  const { head, args } = spine(n);
  const name = head.text.replace(/^\./, '').replace(new RegExp(`^(${type.name}|Option)\\.`), '');
  const ctor = type.ctors.find((c) => c.name === name);
  if (!ctor) throw new NotAValue(`expected a constructor of ${type.name}, got ${JSON.stringify(n.text)}`);
  if (args.length !== ctor.fields.length) throw new NotAValue(`${name} takes ${ctor.fields.length} arguments, got ${args.length}`);
  return V.datatype(ctor.name, args.map((a, i) => valueOf(a, ctor.fields[i]!.type)));
}

import { constructorFields, SpecmutError, V, type Type, type Value } from '@specmut/core';
import { checkMachine, renderVerusType } from './render.js';
import { field, named, parseVerus, type Node } from './syntax/parser.js';

class ReadError extends SpecmutError {
  constructor(node: Node, expected: string) {
    super('bad-value', `expected ${expected}, found ${JSON.stringify(node.text.length > 40 ? `${node.text.slice(0, 37)}...` : node.text)}`);
  }
}

const INTEGER = /^(-?)(0x[0-9a-fA-F_]+|0b[01_]+|0o[0-7_]+|[0-9][0-9_]*)(u8|i8|u16|i16|u32|i32|u64|i64|u128|i128|usize|isize|int|nat)?$/;

function unparen(node: Node): Node {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChild(0)!;
  return n;
}

/** An integer literal, possibly negated, with its suffix (checked against the expected type's name). */
function readInteger(node: Node, type: Type): bigint {
  const n = unparen(node);
  const text = n.type === 'unary_expression' && n.text.startsWith('-') ? `-${unparen(n.namedChild(0)!).text}` : n.text;
  const m = INTEGER.exec(text.replace(/\s+/g, ''));
  if (!m) throw new ReadError(node, `an integer of type ${renderVerusType(type)}`);
  const [, sign, digits, suffix] = m;
  if (suffix && suffix !== renderVerusType(type)) throw new ReadError(node, `an integer of type ${renderVerusType(type)} (the literal says ${suffix})`);
  const clean = digits!.replace(/_/g, '');
  const magnitude = BigInt(/^0[bo]/.test(clean) ? `0${clean[1]}${clean.slice(2)}` : clean);
  return sign ? -magnitude : magnitude;
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\', '0': '\0', "'": "'", '"': '"' };

/** The characters of a char or string literal's body, escapes decoded. */
function unescape(body: string): string {
  return body.replace(/\\(u\{([0-9a-fA-F]+)\}|x([0-9a-fA-F]{2})|.)/g, (_, e: string, u?: string, x?: string) => {
    if (u) return String.fromCodePoint(parseInt(u, 16));
    if (x) return String.fromCodePoint(parseInt(x, 16));
    return ESCAPES[e] ?? e;
  });
}

/** `vec![…]`, `seq![…]`, `set![…]`, `[…]`: the element nodes (a macro's token tree is re-read as an array). */
async function elementsOf(node: Node, macros: readonly string[]): Promise<Node[]> {
  const n = unparen(node);
  if (n.type === 'array_expression') return named(n).filter((c) => c.type !== 'line_comment' && c.type !== 'block_comment');
  if (n.type === 'macro_invocation' && macros.includes(field(n, 'macro')!.text)) {
    const inner = await expressionOf(n.namedChildren.at(-1)!.text.replace(/^\(/, '[').replace(/\)$/, ']'));
    return elementsOf(inner, macros);
  }
  if (n.type === 'call_expression' && /^(Seq::empty|Set::empty|Vec::new|Map::empty)$/.test(field(n, 'function')!.text)) return [];
  throw new ReadError(node, `${macros.map((m) => `${m}![…]`).join(' or ')}`);
}

async function readNode(node: Node, type: Type): Promise<Value> {
  const n = unparen(node);
  switch (type.kind) {
    case 'int':
      return V.int(readInteger(n, type));
    case 'nat': {
      const v = readInteger(n, type);
      if (v < 0n) throw new SpecmutError('bad-value', `${v} does not fit nat (its range is 0..)`);
      return V.int(v);
    }
    case 'machine':
      return V.int(checkMachine(readInteger(n, type), type));
    case 'bool':
      if (n.type !== 'boolean_literal') throw new ReadError(n, 'true or false');
      return V.bool(n.text === 'true');
    case 'char': {
      if (n.type !== 'char_literal') throw new ReadError(n, 'a char literal');
      const chars = [...unescape(n.text.slice(1, -1))];
      if (chars.length !== 1) throw new ReadError(n, 'a char literal of one character');
      return V.char(chars[0]!);
    }
    case 'string': {
      if (n.type !== 'string_literal') throw new ReadError(n, 'a string literal');
      return { kind: 'seq', elems: [...unescape(n.text.slice(1, -1))].map((c) => V.char(c)) };
    }
    case 'seq':
    case 'array': {
      const elem = type.kind === 'array' && type.dims > 1 ? { ...type, dims: type.dims - 1 } : type.elem;
      const elems = await elementsOf(n, type.kind === 'seq' ? ['seq'] : ['vec']);
      return { kind: 'seq', elems: await Promise.all(elems.map((e) => readNode(e, elem))) };
    }
    case 'set': {
      const elems = await Promise.all((await elementsOf(n, ['set'])).map((e) => readNode(e, type.elem)));
      return V.set(elems);
    }
    case 'tuple': {
      const parts = n.type === 'tuple_expression' ? named(n) : n.type === 'unit_expression' ? [] : [n];
      if (parts.length !== type.elems.length) throw new ReadError(n, `a tuple of ${type.elems.length}`);
      return { kind: 'tuple', elems: await Promise.all(parts.map((p, i) => readNode(p, type.elems[i]!))) };
    }
    case 'datatype':
      return readDatatype(n, type);
    default:
      throw new SpecmutError('unsupported', `the Verus backend cannot read a value of type ${renderVerusType(type)}`);
  }
}

async function readDatatype(n: Node, type: Extract<Type, { kind: 'datatype' }>): Promise<Value> {
  const head = n.type === 'call_expression' ? field(n, 'function')! : n.type === 'struct_expression' ? field(n, 'name')! : n;
  const name = head.text.split('::').at(-1)!;
  const ctor = type.ctors.find((c) => c.name === name);
  if (!ctor) throw new ReadError(n, `a constructor of ${renderVerusType(type)} (${type.ctors.map((c) => c.name).join(', ')})`);
  const types = constructorFields(type, ctor);
  let args: Node[] = [];
  if (n.type === 'call_expression') args = named(field(n, 'arguments')!);
  else if (n.type === 'struct_expression') {
    const given = new Map(named(field(n, 'body')!).filter((f) => f.type === 'field_initializer').map((f) => [field(f, 'field')!.text, field(f, 'value')!]));
    args = ctor.fields.map((f) => {
      const v = f.name !== undefined ? given.get(f.name) : undefined;
      if (!v) throw new ReadError(n, `a value for field ${f.name ?? '?'} of ${ctor.name}`);
      return v;
    });
  }
  if (args.length !== types.length) throw new ReadError(n, `${types.length} field value(s) for ${ctor.name}`);
  return V.datatype(ctor.name, await Promise.all(args.map((a, i) => readNode(a, types[i]!))));
}

async function expressionOf(text: string): Promise<Node> {
  const tree = await parseVerus(`verus! { spec fn specmut_value() { ${text} } }`);
  const fn = tree.rootNode.descendantsOfType('function_item')[0];
  const body = fn ? field(fn, 'body') : undefined;
  const expr = body ? body.namedChildren.filter((c): c is Node => c !== null && !c.type.endsWith('comment')) : [];
  if (tree.rootNode.hasError || expr.length !== 1) throw new SpecmutError('bad-value', `not a Verus expression: ${JSON.stringify(text)}`);
  return expr[0]!.type === 'expression_statement' ? expr[0]!.namedChild(0)! : expr[0]!;
}

/**
 * Reads a value written as a Verus expression of type `type` (the inverse of `renderVerus`); a machine
 * integer outside its type is an error naming the value and the range.
 */
export async function readVerusValue(text: string, type: Type): Promise<Value> {
  return readNode(await expressionOf(text), type);
}


import { SpecmutError, V, machineName, machineRange, type Type, type Value } from '@specmut/core';
import { renderDafnyType } from './render.js';
import { charValue, integerValue, realValue, stringValue } from './lower/literals.js';
import { fields, named, parseDafny, type Node, type Tree } from './syntax/parser.js';
import { syntaxProblems } from './syntax/syntax-errors.js';

/**
 * Reading Dafny literal expressions into model values of a known type: the inverse of `renderDafny`,
 * and what importers use to read test data written as Dafny code. Only literals are read (with
 * names bound to literals, through a scope): nothing is evaluated, so `1 + 1` is an error, not 2.
 */

/**
 * What a name stands for: the literal expression it was given, read in the scope it was given in; or
 * why it has no literal value (assigned from a call, changed after it was given one, ...).
 */
export type LiteralBinding = { node: Node; scope?: LiteralScope | undefined } | { unreadable: string };

export type LiteralScope = (name: string) => LiteralBinding | undefined;

export interface LiteralOptions {
  /** Names in the error locations (default `<literal>`). */
  file?: string | undefined;
  /** Variables whose literal values may stand in for a literal (`var a := [1]; M(a)`). */
  scope?: LiteralScope | undefined;
  /** Where the parsed text sits in the user's file (default: the node positions as they are). */
  origin?: TextOrigin | undefined;
}

/** A literal that does not denote a value of the expected type; names what was expected and where. */
export class LiteralError extends SpecmutError {
  constructor(
    readonly expected: string,
    readonly got: string,
    readonly node: Node,
    file: string,
    origin: TextOrigin = PARSED_TEXT,
  ) {
    super('bad-value', `expected ${expected}, got ${got}`, { file, ...locate(node, origin) });
  }
}

/**
 * Where a parsed text starts, for error locations: `from` is its 0-based position in what was parsed
 * (a wrapper), `to` the 1-based line and column it has in the user's file.
 */
export interface TextOrigin {
  from: { row: number; column: number };
  to: { line: number; column: number };
}

const PARSED_TEXT: TextOrigin = { from: { row: 0, column: 0 }, to: { line: 1, column: 1 } };

function locate(node: Node, origin: TextOrigin): { line: number; column: number } {
  const { row, column } = node.startPosition;
  const line = row - origin.from.row + origin.to.line;
  return { line, column: row === origin.from.row ? column - origin.from.column + origin.to.column : column + 1 };
}

/** Nested names beyond this depth are a cycle (`var a := b; var b := a` cannot come from Dafny code). */
const MAX_NAME_DEPTH = 64;

interface Context {
  file: string;
  origin: TextOrigin | undefined;
  scope: LiteralScope | undefined;
  depth: number;
}

/** Reads a literal expression node as a value of `type`; throws a located `LiteralError` when it is not one. */
export function readDafnyLiteral(node: Node, type: Type, options: LiteralOptions = {}): Value {
  return read(node, type, { file: options.file ?? '<literal>', origin: options.origin, scope: options.scope, depth: 0 });
}

/** A parsed standalone expression; `tree` must be kept alive while `node` is used. */
export interface ParsedExpression {
  node: Node;
  tree: Tree;
  /** Maps positions in the parse back to the text (line 1, column 1 is where the text starts). */
  origin: TextOrigin;
}

// The text starts a line of its own, so its positions are the parse's minus the wrapper's first lines.
const WRAPPER_HEAD = 'method specmut_literal() {\n  var specmut_value :=\n';
const TEXT_START = { row: 2, column: 0 };

/**
 * Parses text as one Dafny expression (a trailing `;` is allowed). The text is placed in a variable
 * declaration, so any token that would escape it (an unbalanced bracket, a second statement) shows
 * up as a syntax error or an extra statement, never as a silently different reading.
 */
export async function parseDafnyExpression(text: string, options: { file?: string; at?: { line: number; column: number } } = {}): Promise<ParsedExpression> {
  const file = options.file ?? '<literal>';
  const body = text.trimEnd().endsWith(';') ? text.trimEnd() : `${text}\n;`;
  const tree = await parseDafny(`${WRAPPER_HEAD}${body}\n}\n`);
  const fail = (message: string): never => {
    tree.delete();
    throw new SpecmutError('parse-error', message, { file, ...options.at });
  };
  const [problem] = syntaxProblems(tree.rootNode, 1);
  if (problem) fail(`not a Dafny expression: ${problem.message} in ${JSON.stringify(preview(text))}`);
  const method = named(tree.rootNode);
  const statements = method.length === 1 ? named(method[0]!.childForFieldName('body')!) : [];
  const declaration = statements[0];
  const values = declaration?.type === 'variable_declaration' ? fields(declaration, 'value') : [];
  if (statements.length !== 1 || values.length !== 1) fail(`not a single Dafny expression: ${JSON.stringify(preview(text))}`);
  return { node: values[0]!, tree, origin: { from: TEXT_START, to: options.at ?? { line: 1, column: 1 } } };
}

/** Parses text as a Dafny expression and reads it as a value of `type`. */
export async function parseDafnyLiteral(text: string, type: Type, options: LiteralOptions = {}): Promise<Value> {
  const file = options.file ?? '<literal>';
  const { node, tree, origin } = await parseDafnyExpression(text, { file });
  try {
    return readDafnyLiteral(node, type, { origin, ...options, file });
  } finally {
    tree.delete();
  }
}

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}

const NODE_NAMES: Record<string, string> = {
  integer_literal: 'the integer',
  real_literal: 'the real',
  boolean_literal: 'the bool',
  char_literal: 'the char',
  string_literal: 'the string',
  null_literal: 'null',
  sequence_display: 'the sequence display',
  set_display: 'the set display',
  multiset_display: 'the multiset display',
  map_display: 'the map display',
  tuple_expression: 'the tuple',
  new_expression: 'the allocation',
  call_expression: 'the call',
  identifier: 'the name',
  member_expression: 'the member',
};

function describe(node: Node): string {
  if (node.type === 'unary_expression' && node.childForFieldName('operand')?.type.endsWith('_literal')) {
    return `${NODE_NAMES[node.childForFieldName('operand')!.type]} \`${preview(node.text)}\``;
  }
  if (node.type === 'null_literal') return 'null';
  return `${NODE_NAMES[node.type] ?? 'the expression'} \`${preview(node.text)}\``;
}

function expectedOf(type: Type): string {
  switch (type.kind) {
    case 'int':
      return 'an int';
    case 'nat':
      return 'a nat (an integer >= 0)';
    case 'bitvector':
      return `a bv${type.width} (an integer from 0 to 2^${type.width}-1)`;
    case 'machine': {
      const [min, max] = machineRange(type.bits, type.signed);
      return `${type.signed ? 'an' : 'a'} ${machineName(type)} (an integer from ${min} to ${max})`;
    }
    case 'bool':
      return 'a bool (true or false)';
    case 'char':
      return "a char literal like 'a'";
    case 'string':
      return 'a string literal';
    case 'real':
      return 'a real (written with a decimal point, like 2.0)';
    case 'float':
      return 'a floating-point value (Dafny has no such type)';
    case 'seq':
      return type.elem.kind === 'char' ? `a ${renderDafnyType(type)}: a string or a sequence display` : `a ${renderDafnyType(type)}: a sequence display like [a, b]`;
    case 'array':
      return type.dims === 1
        ? `an ${renderDafnyType(type)}: \`new ${renderDafnyType(type.elem)}[] [a, b]\` or a sequence display`
        : `an ${renderDafnyType(type)}: a sequence display of ${type.dims === 2 ? 'rows' : 'slices'}`;
    case 'set':
      return `a ${renderDafnyType(type)}: a set display like {a, b}`;
    case 'multiset':
      return `a ${renderDafnyType(type)}: a multiset display like multiset{a, b}`;
    case 'map':
      return `a ${renderDafnyType(type)}: a map display like map[k := v]`;
    case 'tuple':
      return `a ${renderDafnyType(type)} tuple`;
    case 'datatype':
      return `a ${type.name} value (one of its constructors: ${type.ctors.map((c) => c.name).join(', ')})`;
    case 'param':
    case 'opaque':
      return `a value of a type specmut can write (${type.name} is not one)`;
  }
}

function mismatch(node: Node, type: Type, ctx: Context, detail?: string): never {
  throw new LiteralError(detail ? `${expectedOf(type)}; ${detail}` : expectedOf(type), describe(node), node, ctx.file, ctx.origin);
}

/** `(e)` is `e`; a one-element tuple type is read from its only component below. */
function unwrap(node: Node): Node {
  while (node.type === 'parenthesized_expression') node = node.childForFieldName('expression')!;
  return node;
}

function read(raw: Node, type: Type, ctx: Context): Value {
  const node = unwrap(raw);
  if (node.type === 'identifier') {
    const binding = ctx.scope?.(node.text);
    if (binding && 'unreadable' in binding) mismatch(node, type, ctx, `${node.text} ${binding.unreadable}`);
    if (binding) {
      if (ctx.depth >= MAX_NAME_DEPTH) mismatch(node, type, ctx, 'its names refer to each other in a cycle');
      return read(binding.node, type, { ...ctx, scope: binding.scope, depth: ctx.depth + 1 });
    }
    if (type.kind !== 'datatype') mismatch(node, type, ctx, `${node.text} is not a variable with a literal value`);
  }
  switch (type.kind) {
    case 'int':
      return V.int(readInteger(node, type, ctx));
    case 'nat': {
      const n = readInteger(node, type, ctx);
      if (n < 0n) mismatch(node, type, ctx);
      return V.int(n);
    }
    case 'machine': {
      const n = readInteger(node, type, ctx);
      const [min, max] = machineRange(type.bits, type.signed);
      if (n < min || n > max) mismatch(node, type, ctx);
      return V.int(n);
    }
    case 'bitvector': {
      const n = readInteger(node, type, ctx);
      if (n < 0n || n >= 1n << BigInt(type.width)) mismatch(node, type, ctx);
      return V.int(n);
    }
    case 'real':
      return readReal(node, type, ctx);
    case 'float':
      return mismatch(node, type, ctx);
    case 'bool':
      if (node.type !== 'boolean_literal') mismatch(node, type, ctx);
      return V.bool(node.text === 'true');
    case 'char':
      if (node.type !== 'char_literal') mismatch(node, type, ctx);
      return charValue(node.text);
    case 'string':
      return readSequence(node, type, { kind: 'char' }, ctx);
    case 'seq':
      return readSequence(node, type, type.elem, ctx);
    case 'array':
      return readArray(node, type, ctx);
    case 'set':
      if (node.type !== 'set_display' || isInfinite(node)) mismatch(node, type, ctx);
      return V.set(fields(node, 'element').map((e) => read(e, type.elem, ctx)));
    case 'multiset':
      if (node.type === 'multiset_conversion') {
        const inner = readSequence(node.childForFieldName('expression')!, type, type.elem, ctx);
        return V.multiset(inner.kind === 'seq' ? inner.elems : []);
      }
      if (node.type !== 'multiset_display') mismatch(node, type, ctx);
      return V.multiset(fields(node, 'element').map((e) => read(e, type.elem, ctx)));
    case 'map':
      if (node.type !== 'map_display' || isInfinite(node)) mismatch(node, type, ctx);
      return V.map(
        fields(node, 'entry').map((entry) => [
          read(entry.childForFieldName('key')!, type.key, ctx),
          read(entry.childForFieldName('value')!, type.value, ctx),
        ]),
      );
    case 'tuple': {
      if (type.elems.length === 1) return V.tuple([read(node, type.elems[0]!, ctx)]);
      const elems = node.type === 'tuple_expression' ? fields(node, 'element') : undefined;
      if (!elems || elems.length !== type.elems.length) mismatch(node, type, ctx, elems ? `it has ${type.elems.length} components` : undefined);
      return V.tuple(elems.map((e, i) => read(e, type.elems[i]!, ctx)));
    }
    case 'datatype':
      return readConstructor(node, type, ctx);
    case 'param':
    case 'opaque':
      return mismatch(node, type, ctx);
  }
}

/** `iset{}` and `imap[]` share their node kinds with the finite displays; specmut's sets are finite. */
function isInfinite(node: Node): boolean {
  const head = node.child(0)?.type;
  return head === 'iset' || head === 'imap';
}

function readInteger(node: Node, type: Type, ctx: Context): bigint {
  if (node.type === 'integer_literal') return integerValue(node.text);
  if (node.type === 'unary_expression' && node.childForFieldName('operator')?.text === '-') {
    return -readInteger(unwrap(node.childForFieldName('operand')!), type, ctx);
  }
  if (node.type === 'real_literal') mismatch(node, type, ctx, 'Dafny does not convert reals to integers');
  return mismatch(node, type, ctx);
}

function readReal(node: Node, type: Type, ctx: Context): Value {
  if (node.type === 'real_literal') return realValue(node.text);
  if (node.type === 'unary_expression' && node.childForFieldName('operator')?.text === '-') {
    const v = readReal(unwrap(node.childForFieldName('operand')!), type, ctx);
    return v.kind === 'real' ? V.real(-v.num, v.den) : v;
  }
  // renderDafny writes a rational without a finite decimal form as `(1.0 / 3.0)`.
  if (node.type === 'binary_expression' && node.childForFieldName('operator')?.text === '/') {
    const num = readReal(unwrap(node.childForFieldName('left')!), type, ctx);
    const den = readReal(unwrap(node.childForFieldName('right')!), type, ctx);
    if (num.kind !== 'real' || den.kind !== 'real' || den.num === 0n) mismatch(node, type, ctx, 'the divisor is 0');
    return V.real(num.num * den.den, num.den * den.num);
  }
  if (node.type === 'integer_literal') mismatch(node, type, ctx, 'Dafny reads an integer literal as an int, not a real');
  return mismatch(node, type, ctx);
}

function readSequence(node: Node, type: Type, elem: Type, ctx: Context): Value {
  if (node.type === 'string_literal' && elem.kind === 'char') return stringValue(node.text);
  if (node.type !== 'sequence_display') mismatch(node, type, ctx);
  return V.seq(fields(node, 'element').map((e) => read(e, elem, ctx)));
}

/** Arrays are values here: their contents, from `new T[] [..]`, `new T[n] [..]` or a sequence display. */
function readArray(node: Node, type: Extract<Type, { kind: 'array' }>, ctx: Context): Value {
  const inner: Type = type.dims === 1 ? type.elem : { kind: 'array', elem: type.elem, dims: type.dims - 1 };
  if (type.dims > 1) {
    if (node.type !== 'sequence_display') mismatch(node, type, ctx);
    const rows = fields(node, 'element').map((e) => read(e, inner, ctx));
    const widths = new Set(rows.map((r) => (r.kind === 'seq' ? r.elems.length : -1)));
    if (widths.size > 1) mismatch(node, type, ctx, 'its rows differ in length');
    return V.seq(rows);
  }
  if (node.type === 'string_literal' || node.type === 'sequence_display') return readSequence(node, type, inner, ctx);
  if (node.type !== 'new_expression' || node.childForFieldName('arguments') || node.childForFieldName('initializer')) mismatch(node, type, ctx);
  const sizes = fields(node, 'size');
  if (sizes.length > 1) mismatch(node, type, ctx, `it allocates a ${sizes.length}-D array`);
  const hasElements = node.children.filter((c) => c?.type === '[').length === 2;
  const elements = fields(node, 'element').map((e) => read(e, inner, ctx));
  const size = sizes[0] ? readInteger(unwrap(sizes[0]), { kind: 'nat' }, ctx) : undefined;
  if (!hasElements && size !== 0n) mismatch(node, type, ctx, 'its elements are not written out');
  if (size !== undefined && size !== BigInt(elements.length)) {
    mismatch(node, type, ctx, `its size ${size} differs from its ${elements.length} elements`);
  }
  return V.seq(elements);
}

/** The constructor a node names, with its arguments: `None`, `Option.None`, `Some(3)`, `Option<int>.Some(3)`. */
function constructorCall(node: Node): { name: Node; qualifier?: Node | undefined; args: Node[] | undefined } | undefined {
  let callee = node;
  let args: Node[] | undefined;
  if (node.type === 'call_expression') {
    callee = unwrap(node.childForFieldName('function')!);
    args = fields(node.childForFieldName('arguments')!, 'argument');
  }
  if (callee.type === 'identifier') return { name: callee, args };
  if (callee.type === 'member_expression') {
    const member = callee.childForFieldName('member');
    if (member?.type === 'identifier') return { name: member, qualifier: callee.childForFieldName('object')!, args };
  }
  return undefined;
}

/** The last name of a qualifier: `Option`, `M.Option`, `Option<int>` all name Option. */
function qualifierName(node: Node): string {
  if (node.type === 'generic_name') return qualifierName(node.childForFieldName('name')!);
  if (node.type === 'member_expression') return node.childForFieldName('member')?.text ?? node.text;
  return node.text;
}

function readConstructor(node: Node, type: Extract<Type, { kind: 'datatype' }>, ctx: Context): Value {
  const call = constructorCall(node);
  if (!call) return mismatch(node, type, ctx);
  if (call.qualifier && qualifierName(call.qualifier) !== type.name) mismatch(node, type, ctx, `${qualifierName(call.qualifier)} is not ${type.name}`);
  const ctor = type.ctors.find((c) => c.name === call.name.text);
  if (!ctor) return mismatch(node, type, ctx, `${type.name} has no constructor ${call.name.text}`);
  const args = call.args ?? [];
  const byName = args.filter((a) => a.type === 'named_argument');
  if (byName.length > 0) {
    if (byName.length !== args.length) mismatch(node, type, ctx, 'it mixes named and positional arguments');
    const given = new Map(byName.map((a) => [a.childForFieldName('name')!.text, a.childForFieldName('value')!]));
    const unknown = [...given.keys()].filter((k) => !ctor.fields.some((f) => f.name === k));
    if (unknown.length) mismatch(node, type, ctx, `${ctor.name} has no field ${unknown.join(', ')}`);
    return V.datatype(
      ctor.name,
      ctor.fields.map((f) => {
        const arg = f.name === undefined ? undefined : given.get(f.name);
        if (!arg) return mismatch(node, type, ctx, `no value for ${ctor.name}'s field ${f.name ?? '(unnamed)'}`);
        return read(arg, f.type, ctx);
      }),
    );
  }
  if (args.length !== ctor.fields.length) mismatch(node, type, ctx, `${ctor.name} takes ${ctor.fields.length} argument${ctor.fields.length === 1 ? '' : 's'}`);
  return V.datatype(ctor.name, args.map((a, i) => read(a, ctor.fields[i]!.type, ctx)));
}

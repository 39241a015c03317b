import { SpecmutError, T, V, equalValues, type Constructor, type Type, type Value } from '@specmut/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LiteralError, parseDafny, parseDafnyExpression, parseDafnyLiteral, readDafnyLiteral, renderDafny, renderDafnyType, type LiteralScope } from '../src/index.js';

const read = (text: string, type: Type) => parseDafnyLiteral(text, type);
const failure = async (text: string, type: Type): Promise<LiteralError> => {
  try {
    await read(text, type);
  } catch (e) {
    if (e instanceof LiteralError) return e;
    throw e;
  }
  throw new Error(`${text} was read as a ${renderDafnyType(type)}`);
};

const option = T.datatype('Option', [{ name: 'None', fields: [] }, { name: 'Some', fields: [{ name: 'value', type: T.int }] }], [T.int]);

describe('reading Dafny literals', () => {
  it('reads integers: negative, hex, with separators, in parentheses', async () => {
    expect(await read('42', T.int)).toEqual(V.int(42));
    expect(await read('-7', T.int)).toEqual(V.int(-7));
    expect(await read('-(7)', T.int)).toEqual(V.int(-7));
    expect(await read('0x1F', T.int)).toEqual(V.int(31));
    expect(await read('1_000_000', T.nat)).toEqual(V.int(1000000));
    expect(await read('123456789012345678901234567890', T.int)).toEqual(V.int(123456789012345678901234567890n));
    expect(await read('(5)', T.int)).toEqual(V.int(5));
    expect(await read('255', T.bv(8))).toEqual(V.int(255));
  });

  it('reads reals exactly, never through floating point', async () => {
    expect(await read('62.830000000000005', T.real)).toEqual(V.real(62830000000000005n, 10n ** 15n));
    expect(await read('-2.5', T.real)).toEqual(V.real(-5, 2));
    // Exponents, with or without a fraction (Dafny 4.11 writes a lower-case `e` and only `-` as its sign).
    expect(await read('1.5e3', T.real)).toEqual(V.real(1500, 1));
    expect(await read('1e-15', T.real)).toEqual(V.real(1, 10n ** 15n));
    expect(await read('-1_0.5e1_0', T.real)).toEqual(V.real(-105_000_000_000n, 1));
    expect(await read('2.25e-1', T.real)).toEqual(V.real(9, 40));
    expect(await read('(1.0 / 3.0)', T.real)).toEqual(V.real(1, 3));
    expect(await read('(-1.0 / 3.0)', T.real)).toEqual(V.real(-1, 3));
    expect(await read('314.15926535897932384600', T.real)).toEqual(V.real(31415926535897932384600n, 10n ** 20n));
  });

  it('reads bools, chars with escapes, strings and verbatim strings', async () => {
    expect(await read('false', T.bool)).toEqual(V.bool(false));
    expect(await read("'\\''", T.char)).toEqual(V.char("'"));
    expect(await read("'\\n'", T.char)).toEqual(V.char('\n'));
    expect(await read("'\\U{1F600}'", T.char)).toEqual(V.char('😀'));
    expect(await read("'\\u0041'", T.char)).toEqual(V.char('A'));
    expect(await read('"a, b\\"c"', T.string)).toEqual(V.string('a, b"c'));
    expect(await read('@"say ""hi"""', T.string)).toEqual(V.string('say "hi"'));
    expect(await read("['p', 'y']", T.seq(T.char))).toEqual(V.string('py'));
    expect(await read('"py"', T.seq(T.char))).toEqual(V.string('py'));
  });

  it('reads sequences, nested sequences, sets, multisets and maps', async () => {
    expect(await read('[1, -2, 3]', T.seq(T.int))).toEqual(V.seq([V.int(1), V.int(-2), V.int(3)]));
    expect(await read('[[1], [], [2, 3]]', T.seq(T.seq(T.int)))).toEqual(V.seq([V.seq([V.int(1)]), V.seq([]), V.seq([V.int(2), V.int(3)])]));
    expect(await read('["a,b", "c"]', T.seq(T.string))).toEqual(V.seq([V.string('a,b'), V.string('c')]));
    expect(await read('{3, 1, 3}', T.set(T.int))).toEqual(V.set([V.int(1), V.int(3)]));
    expect(await read('multiset{2, 2}', T.multiset(T.int))).toEqual(V.multiset([V.int(2), V.int(2)]));
    expect(await read('multiset([2, 1, 2])', T.multiset(T.int))).toEqual(V.multiset([V.int(1), V.int(2), V.int(2)]));
    expect(await read("map[1 := 'a', 0 := 'b']", T.map(T.int, T.char))).toEqual(V.map([[V.int(0), V.char('b')], [V.int(1), V.char('a')]]));
    expect(await read('map[]', T.map(T.int, T.int))).toEqual(V.map([]));
  });

  it('reads array allocations with their elements, arrays of arrays and 2-D arrays', async () => {
    expect(await read('new int[] [1, -2]', T.array(T.int))).toEqual(V.seq([V.int(1), V.int(-2)]));
    expect(await read('new int[][5,6]', T.array(T.int))).toEqual(V.seq([V.int(5), V.int(6)]));
    expect(await read('new int[3] [1, 2, 3]', T.array(T.int))).toEqual(V.seq([V.int(1), V.int(2), V.int(3)]));
    expect(await read('new int[0]', T.array(T.int))).toEqual(V.seq([]));
    expect(await read('new seq<int>[] [[1, 3], []]', T.array(T.seq(T.int)))).toEqual(V.seq([V.seq([V.int(1), V.int(3)]), V.seq([])]));
    expect(await read('[[1, 2], [3, 4]]', T.array(T.int, 2))).toEqual(V.seq([V.seq([V.int(1), V.int(2)]), V.seq([V.int(3), V.int(4)])]));
    expect(await read('"ab"', T.array(T.char))).toEqual(V.string('ab'));
  });

  it('reads tuples and datatype constructors, qualified or not, positional or named', async () => {
    expect(await read('(1, true)', T.tuple(T.int, T.bool))).toEqual(V.tuple([V.int(1), V.bool(true)]));
    expect(await read('[(5, 6), (9, 10)]', T.seq(T.tuple(T.int, T.int)))).toEqual(
      V.seq([V.tuple([V.int(5), V.int(6)]), V.tuple([V.int(9), V.int(10)])]),
    );
    expect(await read('Some(3)', option)).toEqual(V.datatype('Some', [V.int(3)]));
    expect(await read('Option.Some(-3)', option)).toEqual(V.datatype('Some', [V.int(-3)]));
    expect(await read('Option<int>.Some(value := 4)', option)).toEqual(V.datatype('Some', [V.int(4)]));
    expect(await read('Option.None', option)).toEqual(V.datatype('None'));
    expect(await read('None', option)).toEqual(V.datatype('None'));
  });

  it('reads names bound to literals through a scope, each in the scope it was bound in', async () => {
    const tree = await parseDafny('method M() { var a1 := new int[] [1, 2]; var a2 := new int[][3]; var s := new array<int>[] [a1, a2]; }');
    const decls = tree.rootNode.descendantsOfType('variable_declaration').filter((n) => n !== null);
    const valueOf = (i: number) => decls[i]!.childForFieldName('value')!;
    const inner: LiteralScope = (name) => (name === 'a1' ? { node: valueOf(0) } : name === 'a2' ? { node: valueOf(1) } : undefined);
    const outer: LiteralScope = (name) => (name === 's' ? { node: valueOf(2), scope: inner } : name === 'gone' ? { unreadable: 'was changed at line 3' } : undefined);
    const { node } = await parseDafnyExpression('s');
    expect(readDafnyLiteral(node, T.array(T.array(T.int)), { scope: outer })).toEqual(V.seq([V.seq([V.int(1), V.int(2)]), V.seq([V.int(3)])]));
    const gone = await parseDafnyExpression('gone');
    expect(() => readDafnyLiteral(gone.node, T.int, { scope: outer })).toThrow(/gone was changed at line 3/);
  });

  it('names what was expected, what it got and where, for each mismatch', async () => {
    const real = await failure('240', T.real);
    expect(real.message).toBe('expected a real (written with a decimal point, like 2.0); Dafny reads an integer literal as an int, not a real, got the integer `240`');
    expect(real.location).toMatchObject({ line: 1, column: 1 });
    expect((await failure('[1,\n  true]', T.seq(T.int))).location).toMatchObject({ line: 2, column: 3 });
    expect((await failure('20.0', T.int)).message).toMatch(/expected an int; Dafny does not convert reals to integers, got the real `20.0`/);
    expect((await failure('-1', T.nat)).message).toMatch(/expected a nat .* got the integer `-1`/);
    expect((await failure('256', T.bv(8))).message).toMatch(/expected a bv8/);
    expect((await failure('"ab"', T.char)).message).toMatch(/expected a char literal like 'a', got the string `"ab"`/);
    expect((await failure('[1, true]', T.seq(T.int))).message).toMatch(/expected an int, got the bool `true`/);
    expect((await failure('new int[3] [1, 2]', T.array(T.int))).message).toMatch(/its size 3 differs from its 2 elements/);
    expect((await failure('new int[3]', T.array(T.int))).message).toMatch(/its elements are not written out/);
    expect((await failure('[[1], [2, 3]]', T.array(T.int, 2))).message).toMatch(/its rows differ in length/);
    expect((await failure('(1, 2, 3)', T.tuple(T.int, T.int))).message).toMatch(/it has 2 components/);
    expect((await failure('Maybe.Some(1)', option)).message).toMatch(/Maybe is not Option/);
    expect((await failure('Other(1)', option)).message).toMatch(/Option has no constructor Other/);
    expect((await failure('Some(1, 2)', option)).message).toMatch(/Some takes 1 argument/);
    expect((await failure('x + 1', T.int)).message).toMatch(/got the expression `x \+ 1`/);
    expect((await failure('x', T.int)).message).toMatch(/x is not a variable with a literal value/);
    expect((await failure('iset{1}', T.set(T.int))).message).toMatch(/expected a set<int>/);
  });

  it('rejects text that is not exactly one expression', async () => {
    await expect(read('[1, 2', T.seq(T.int))).rejects.toThrow(SpecmutError);
    await expect(read('1; var y := 2', T.int)).rejects.toThrow(/not a single Dafny expression|not a Dafny expression/);
    await expect(read('1 } method N() {', T.int)).rejects.toThrow(SpecmutError);
    expect(await read('[4, 5];', T.seq(T.int))).toEqual(V.seq([V.int(4), V.int(5)]));
  });
});

// --- round trip: renderDafny, then read, gives the same value -----------------------------------

const IDENT = fc.constantFrom('A', 'B', 'Node', 'Leaf', 'Pair', 'Cons', 'Nil', 'X1');

function typeArb(depth: number): fc.Arbitrary<Type> {
  const leaves = fc.constantFrom<Type>(T.int, T.nat, T.bool, T.char, T.string, T.real, T.bv(8), T.bv(32));
  if (depth <= 0) return leaves;
  const inner = typeArb(depth - 1);
  const datatype = fc
    .uniqueArray(fc.tuple(IDENT, fc.array(inner, { maxLength: 2 })), { minLength: 1, maxLength: 3, selector: ([name]) => name })
    .map(
      (ctors): Type =>
        T.datatype(
          'D',
          ctors.map(([name, types]): Constructor => ({ name, fields: types.map((type, i) => ({ name: `f${i}`, type })) })),
        ),
    );
  return fc.oneof(
    { weight: 3, arbitrary: leaves },
    fc.constant(T.seq(T.char)),
    inner.map(T.seq),
    inner.map((t) => T.array(t)),
    inner.map((t) => T.array(t, 2)),
    inner.map(T.set),
    inner.map(T.multiset),
    fc.tuple(inner, inner).map(([k, v]) => T.map(k, v)),
    fc.array(inner, { minLength: 0, maxLength: 3 }).map((ts) => T.tuple(...ts)),
    datatype,
  );
}

const codePoint = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0x10ffff }));
const charArb = codePoint.map((cp) => V.char(String.fromCodePoint(cp)));

function valueArb(type: Type): fc.Arbitrary<Value> {
  switch (type.kind) {
    case 'int':
      return fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(V.int);
    case 'nat':
      return fc.bigInt({ min: 0n, max: 10n ** 20n }).map(V.int);
    case 'bitvector':
      return fc.bigInt({ min: 0n, max: (1n << BigInt(type.width)) - 1n }).map(V.int);
    case 'bool':
      return fc.boolean().map(V.bool);
    case 'char':
      return charArb;
    case 'string':
      return fc.array(charArb, { maxLength: 6 }).map(V.seq);
    case 'real':
      return fc.tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 6n })).map(([n, d]) => V.real(n, d));
    case 'seq':
      return fc.array(valueArb(type.elem), { maxLength: 4 }).map(V.seq);
    case 'array':
      if (type.dims === 1) return fc.array(valueArb(type.elem), { maxLength: 4 }).map(V.seq);
      return fc
        .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 3 }))
        .chain(([rows, width]) => fc.array(fc.array(valueArb(type.elem), { minLength: width, maxLength: width }).map(V.seq), { minLength: rows, maxLength: rows }))
        .map(V.seq);
    case 'set':
      return fc.array(valueArb(type.elem), { maxLength: 4 }).map(V.set);
    case 'multiset':
      return fc.array(valueArb(type.elem), { maxLength: 4 }).map(V.multiset);
    case 'map':
      return fc.array(fc.tuple(valueArb(type.key), valueArb(type.value)), { maxLength: 3 }).map(V.map);
    case 'tuple':
      return fc.tuple(...type.elems.map(valueArb)).map((elems) => V.tuple(elems));
    case 'datatype':
      return fc.oneof(...type.ctors.map((c) => fc.tuple(...c.fields.map((f) => valueArb(f.type))).map((fs) => V.datatype(c.name, fs))));
    case 'opaque':
      throw new Error('no values of opaque types');
  }
}

describe('round trip with renderDafny', () => {
  it('reads back every rendered value of every type as the same value', async () => {
    const samples = fc.sample(typeArb(3).chain((type) => fc.tuple(fc.constant(type), valueArb(type))), { numRuns: 400, seed: 20240611 });
    for (const [type, value] of samples) {
      const text = renderDafny(value, type);
      const back = await read(text, type);
      if (!equalValues(back, value)) throw new Error(`${renderDafnyType(type)}: ${text} read back as ${JSON.stringify(back, (_, x) => (typeof x === 'bigint' ? `${x}n` : x))}`);
    }
    expect(samples).toHaveLength(400);
  });
});

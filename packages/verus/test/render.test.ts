import { describe, expect, it } from 'vitest';
import { SpecmutError, T, V, type Type, type Value } from '@specmut/core';
import { optionType, readVerusValue, renderVerus, renderVerusType } from '../src/index.js';

const point = T.datatype('Point', [{ name: 'Point', fields: [{ name: 'x', type: T.machine(32, true) }, { name: 'y', type: T.machine(32, true) }] }]);
const shape = T.datatype('Shape', [
  { name: 'Dot', fields: [] },
  { name: 'Circle', fields: [{ type: T.machine(32, false) }] },
  { name: 'Rect', fields: [{ name: 'w', type: T.nat }, { name: 'h', type: T.nat }] },
]);
const chars = (s: string): Value => ({ kind: 'seq', elems: [...s].map((c) => V.char(c)) });
const seq = (...elems: Value[]): Value => ({ kind: 'seq', elems });

const CASES: [string, Value, Type, string][] = [
  ['u8', V.int(255), T.machine(8, false), '255u8'],
  ['i32 negative', V.int(-3), T.machine(32, true), '-3i32'],
  ['i8 minimum', V.int(-128), T.machine(8, true), '-128i8'],
  ['usize', V.int(7), T.machine(64, false, true), '7usize'],
  ['i128', V.int(-(2n ** 127n)), T.machine(128, true), `${-(2n ** 127n)}i128`],
  ['int', V.int(-12), T.int, '-12'],
  ['nat', V.int(12), T.nat, '12'],
  ['bool', V.bool(true), T.bool, 'true'],
  ['char with escape', V.char("'"), T.char, "'\\''"],
  ['string', chars('a"b\n'), T.string, '"a\\"b\\n"'],
  ['Vec', seq(V.int(1), V.int(2)), T.array(T.machine(32, false)), 'vec![1u32, 2u32]'],
  ['fixed array', seq(V.int(1)), { kind: 'array', elem: T.int, dims: 1, fixedLength: true }, '[1]'],
  ['nested Vec', seq(seq(V.int(1)), seq()), T.array(T.array(T.machine(8, true))), 'vec![vec![1i8], vec![]]'],
  ['Seq', seq(V.int(-1), V.int(0)), T.seq(T.int), 'seq![-1, 0]'],
  ['set', V.set([V.int(2), V.int(1)]), T.set(T.nat), 'set![1, 2]'],
  ['tuple', { kind: 'tuple', elems: [V.int(1), V.bool(false)] }, T.tuple(T.machine(8, false), T.bool), '(1u8, false)'],
  ['1-tuple', { kind: 'tuple', elems: [V.int(1)] }, T.tuple(T.int), '(1,)'],
  ['None', V.datatype('None'), optionType(T.machine(8, false)), 'None'],
  ['Some', V.datatype('Some', [V.int(4)]), optionType(T.machine(8, false)), 'Some(4u8)'],
  ['struct', V.datatype('Point', [V.int(1), V.int(-2)]), point, 'Point { x: 1i32, y: -2i32 }'],
  ['unit variant', V.datatype('Dot'), shape, 'Shape::Dot'],
  ['tuple variant', V.datatype('Circle', [V.int(3)]), shape, 'Shape::Circle(3u32)'],
  ['generic struct', V.datatype('Wrapper', [V.int(7)]), T.datatype('Wrapper', [{ name: 'Wrapper', fields: [{ name: 'inner', type: T.param('T') }] }], [T.machine(8, false)], ['T']), 'Wrapper { inner: 7u8 }'],
  ['struct variant', V.datatype('Rect', [V.int(3), V.int(4)]), shape, 'Shape::Rect { w: 3, h: 4 }'],
];

describe('Verus values', () => {
  it.each(CASES)('writes %s', (_, value, type, text) => {
    expect(renderVerus(value, type)).toBe(text);
  });

  it.each(CASES)('reads %s back', async (_, value, type, text) => {
    expect(await readVerusValue(text, type)).toEqual(value);
  });

  it('refuses a value outside its machine type, naming value and range', () => {
    expect(() => renderVerus(V.int(256), T.machine(8, false))).toThrow('256 does not fit u8 (its range is 0..=255)');
    expect(() => renderVerus(V.int(-1), T.machine(64, false, true))).toThrow('-1 does not fit usize (its range is 0..=18446744073709551615)');
    expect(() => renderVerus(V.int(128), T.machine(8, true))).toThrow('128 does not fit i8 (its range is -128..=127)');
    expect(() => renderVerus(seq(V.int(1), V.int(300)), T.array(T.machine(8, false)))).toThrow(SpecmutError);
  });

  it('refuses an out-of-range literal when reading, and a suffix of another type', async () => {
    await expect(readVerusValue('256', T.machine(8, false))).rejects.toThrow('256 does not fit u8 (its range is 0..=255)');
    await expect(readVerusValue('vec![1, -129]', T.array(T.machine(8, true)))).rejects.toThrow('-129 does not fit i8 (its range is -128..=127)');
    await expect(readVerusValue('5u16', T.machine(8, false))).rejects.toThrow(/the literal says u16/);
    await expect(readVerusValue('-1', T.nat)).rejects.toThrow(/does not fit nat/);
  });

  it('reads unsuffixed, hexadecimal and underscored literals, and empty collections', async () => {
    expect(await readVerusValue('0xff', T.machine(8, false))).toEqual(V.int(255));
    expect(await readVerusValue('1_000', T.int)).toEqual(V.int(1000));
    expect(await readVerusValue('Vec::new()', T.array(T.int))).toEqual(seq());
    expect(await readVerusValue('Some(Shape::Rect { h: 2, w: 1 })', optionType(shape))).toEqual(V.datatype('Some', [V.datatype('Rect', [V.int(1), V.int(2)])]));
  });

  it('names Verus types', () => {
    expect(renderVerusType(T.array(T.seq(T.machine(16, true))))).toBe('Vec<Seq<i16>>');
    expect(renderVerusType(optionType(T.tuple(T.int, T.string)))).toBe('Option<(int, String)>');
  });
});

import { T, V, decodeValue } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { renderDafny, renderDafnyType } from '../src/index.js';

describe('Dafny literals', () => {
  const r = (json: unknown, t: Parameters<typeof renderDafny>[1]) => renderDafny(decodeValue(json as never, t), t);

  it('write scalars', () => {
    expect(r(-5, T.int)).toBe('-5');
    expect(r(true, T.bool)).toBe('true');
    expect(r('1.5', T.real)).toBe('1.5');
    expect(r('1/3', T.real)).toBe('(1.0 / 3.0)');
    expect(r('-2', T.real)).toBe('-2.0');
  });

  it('escape chars and strings, with \\U{} outside printable ASCII', () => {
    expect(r("'", T.char)).toBe("'\\''");
    expect(r('\n', T.char)).toBe("'\\n'");
    expect(r('é', T.char)).toBe("'\\U{e9}'");
    expect(r('say "hi"\\', T.string)).toBe('"say \\"hi\\"\\\\"');
    expect(r('ab', T.seq(T.char))).toBe('"ab"');
  });

  it('write collections, tuples and datatypes', () => {
    expect(r([3, 1], T.seq(T.int))).toBe('[3, 1]');
    expect(r([3, 1, 3], T.set(T.int))).toBe('{1, 3}');
    expect(r([2, 2], T.multiset(T.int))).toBe('multiset{2, 2}');
    expect(r([[1, 'a']], T.map(T.int, T.char))).toBe("map[1 := 'a']");
    expect(r([1, false], T.tuple(T.int, T.bool))).toBe('(1, false)');
    expect(r([[1, 2], [3, 4]], T.array(T.int, 2))).toBe('[[1, 2], [3, 4]]');
    const opt = T.datatype('Option', [{ name: 'None', fields: [] }, { name: 'Some', fields: [{ name: 'v', type: T.int }] }], [T.int]);
    expect(renderDafny(V.datatype('Some', [V.int(4)]), opt)).toBe('Option.Some(4)');
    expect(renderDafny(V.datatype('None'), opt)).toBe('Option.None');
  });

  it('write types for harness declarations', () => {
    expect(renderDafnyType(T.array(T.int, 2))).toBe('array2<int>');
    expect(renderDafnyType(T.map(T.string, T.seq(T.nat)))).toBe('map<string, seq<nat>>');
    expect(renderDafnyType(T.tuple(T.int, T.char))).toBe('(int, char)');
  });
});

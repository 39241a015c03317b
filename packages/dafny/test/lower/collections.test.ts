import { V } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { check } from './helpers.js';

const grid = (rows: number[][]) => V.seq(rows.map((r) => V.seq(r.map((x) => V.int(x)))));

describe('sequences', () => {
  it('has length, indexing and every slice form', async () => {
    const s = { s: [10, 20, 30, 40] };
    expect(await check('s: seq<int>', '|s| == 4 && s[1] == 20', s)).toBe('holds');
    expect(await check('s: seq<int>', 's[1..3] == [20, 30] && s[..2] == [10, 20] && s[2..] == [30, 40] && s[..] == s', s)).toBe('holds');
    expect(await check('s: seq<int>', 's[4..] == [] && s[..0] == []', s)).toBe('holds');
  });

  it('makes out-of-range indexes and slices not well-formed', async () => {
    expect(await check('s: seq<int>', 's[3] == 0', { s: [1, 2, 3] })).toBe('unknown:not-well-formed');
    expect(await check('s: seq<int>', 's[-1] == 0', { s: [1, 2, 3] })).toBe('unknown:not-well-formed');
    expect(await check('s: seq<int>', 's[2..1] == []', { s: [1, 2, 3] })).toBe('unknown:not-well-formed');
    expect(await check('s: seq<int>', 's[..4] == s', { s: [1, 2, 3] })).toBe('unknown:not-well-formed');
  });

  it('concatenates, updates and builds sequences', async () => {
    expect(await check('s: seq<int>', 's + [4] == [1, 2, 4] && s[0 := 9] == [9, 2]', { s: [1, 2] })).toBe('holds');
    expect(await check('s: seq<int>', 's[2 := 9] == s', { s: [1, 2] })).toBe('unknown:not-well-formed');
    expect(await check('n: nat', 'seq(n, i => i * i) == [0, 1, 4]', { n: 3 })).toBe('holds');
    expect(await check('n: nat', 'seq(n, Square) == [0, 1, 4]', { n: 3 }, 'function Square(i: int): int { i * i }')).toBe('holds');
  });

  it('splits a sequence by lengths', async () => {
    expect(await check('s: seq<int>', 's[1:2] == [[1], [2, 3]] && s[1:2:] == [[1], [2, 3], [4]]', { s: [1, 2, 3, 4] })).toBe('holds');
    expect(await check('s: seq<int>', '|s[3:2]| == 2', { s: [1, 2, 3, 4] })).toBe('unknown:not-well-formed');
  });
});

describe('arrays', () => {
  it('reads arrays as sequences of their elements', async () => {
    const a = { a: [5, 6, 7] };
    expect(await check('a: array<int>', 'a.Length == 3 && a[0] == 5 && a[..] == [5, 6, 7] && a[1..] == [6, 7] && a[..2] == [5, 6]', a)).toBe('holds');
    expect(await check('a: array<int>', 'forall i :: 0 <= i < a.Length ==> a[i] > 5', a)).toBe('fails');
    expect(await check('a: array<int>', 'forall i :: 0 <= i < a.Length - 1 ==> a[i] < a[i + 1]', a)).toBe('holds');
    expect(await check('a: array<int>', 'a[a.Length] == 0', a)).toBe('unknown:not-well-formed');
  });

  it('indexes two-dimensional arrays as rows of columns', async () => {
    const m = { m: grid([[1, 2, 3], [4, 5, 6]]) };
    expect(await check('m: array2<int>', 'm.Length0 == 2 && m.Length1 == 3 && m[1, 2] == 6 && m[0, 0] == 1', m)).toBe('holds');
    expect(await check('m: array2<int>', 'forall i, j :: 0 <= i < m.Length0 && 0 <= j < m.Length1 ==> m[i, j] <= 6', m)).toBe('holds');
    expect(await check('m: array2<int>', 'm[2, 0] == 0', m)).toBe('unknown:not-well-formed');
    expect(await check('m: array2<int>', 'm.Length1 == 0', { m: grid([]) })).toBe('holds');
  });
});

describe('sets and multisets', () => {
  it('has union, difference, intersection, cardinality and disjointness', async () => {
    expect(await check('', '{1, 2} + {3} == {1, 2, 3} && {1, 2} - {2} == {1} && {1, 2} * {2, 3} == {2} && |{1, 1, 2}| == 2')).toBe('holds');
    expect(await check('', '{1} !! {2} && !({1} !! {1, 2})')).toBe('holds');
  });

  it('converts sequences to multisets and counts multiplicities', async () => {
    expect(await check('s: seq<int>', 'multiset(s) == multiset{2, 1, 2} && multiset(s)[2] == 2 && multiset(s)[7] == 0', { s: [1, 2, 2] })).toBe('holds');
    expect(await check('s: seq<int>, t: seq<int>', 'multiset(s) == multiset(t)', { s: [1, 2, 2], t: [2, 1, 2] })).toBe('holds');
    expect(await check('s: seq<int>, t: seq<int>', 'multiset(s) == multiset(t)', { s: [1, 2, 2], t: [2, 1, 1] })).toBe('fails');
    expect(await check('', 'multiset{1, 1} + multiset{1} == multiset{1, 1, 1} && multiset{1, 1} - multiset{1} == multiset{1} && multiset{1, 1, 2} * multiset{1, 2, 2} == multiset{1, 2}')).toBe('holds');
    expect(await check('', 'multiset{1}[1 := 3] == multiset{1, 1, 1} && |multiset{1, 1}| == 2')).toBe('holds');
  });

  it('builds sets by comprehension', async () => {
    expect(await check('s: seq<int>', '(set i | 0 <= i < |s| && s[i] > 1) == {1, 2}', { s: [1, 2, 3] })).toBe('holds');
    expect(await check('s: seq<int>', '(set x | x in s :: x * 10) == {10, 20, 30}', { s: [1, 2, 3] })).toBe('holds');
    expect(await check('s: string', '|set i: int | 0 <= i < |s| && IsUpper(s[i])| == 2', { s: 'aBcD' }, "predicate IsUpper(c: char) { 'A' <= c <= 'Z' }")).toBe('holds');
  });
});

describe('maps', () => {
  it('looks up, updates, removes keys and views keys, values and items', async () => {
    const m = { m: V.map([[V.int(1), V.int(10)], [V.int(2), V.int(20)]]) };
    expect(await check('m: map<int, int>', 'm[1] == 10 && |m| == 2 && 1 in m && 3 !in m', m)).toBe('holds');
    expect(await check('m: map<int, int>', 'm[3 := 30][3] == 30 && m[1 := 0][1] == 0 && m - {1} == map[2 := 20]', m)).toBe('holds');
    expect(await check('m: map<int, int>', 'm.Keys == {1, 2} && m.Values == {10, 20} && m.Items == {(1, 10), (2, 20)}', m)).toBe('holds');
    expect(await check('m: map<int, int>', 'm[3] == 0', m)).toBe('unknown:not-well-formed');
  });

  it('builds maps by display and comprehension', async () => {
    expect(await check('s: seq<int>', '(map x | x in s :: x * x) == map[1 := 1, 2 := 4]', { s: [1, 2] })).toBe('holds');
    expect(await check('s: seq<int>', '(map i | 0 <= i < |s| :: s[i] := i) == map[5 := 0, 6 := 1]', { s: [5, 6] })).toBe('holds');
    expect(await check('', 'map[1 := 2, 1 := 3][1] == 3')).toBe('holds');
  });
});

import { V } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { check, lowerFully } from './helpers.js';

describe('quantifiers', () => {
  it('ranges over several bound variables', async () => {
    const distinct = 'forall i, j :: 0 <= i < j < |s| ==> s[i] != s[j]';
    expect(await check('s: seq<int>', distinct, { s: [1, 2, 3] })).toBe('holds');
    expect(await check('s: seq<int>', distinct, { s: [1, 2, 1] })).toBe('fails');
    expect(await check('s: seq<int>', 'exists i, j :: 0 <= i < |s| && 0 <= j < |s| && i != j && s[i] == s[j]', { s: [1, 2, 1] })).toBe('holds');
  });

  it('takes ranges after | and types on bound variables', async () => {
    expect(await check('s: seq<int>', 'forall i: int | 0 <= i < |s| :: s[i] >= 0', { s: [0, 1] })).toBe('holds');
    expect(await check('s: seq<int>', 'exists i | 0 <= i < |s| :: s[i] == 1', { s: [0, 1] })).toBe('holds');
    expect(await check('s: seq<int>', 'exists i | 0 <= i < |s| :: s[i] == 7', { s: [0, 1] })).toBe('fails');
  });

  it('ignores attributes and triggers', async () => {
    expect(await check('s: seq<int>', 'forall i {:trigger s[i]} :: 0 <= i < |s| ==> s[i] > 0', { s: [1] })).toBe('holds');
  });

  it('ranges over collections with <-', async () => {
    expect(await check('s: seq<int>', 'forall x <- s :: x > 0', { s: [1, 2] })).toBe('holds');
    expect(await check('s: seq<int>', 'exists x <- s, y <- s :: x + y == 5', { s: [1, 4] })).toBe('holds');
  });

  it('enumerates booleans and bounds nats from below', async () => {
    expect(await check('', 'forall b: bool :: b || !b')).toBe('holds');
    expect(await check('', 'exists b: bool :: b && !b')).toBe('fails');
    expect(await check('n: int', 'forall k: nat :: k < n ==> k * k < 10', { n: 4 })).toBe('holds');
    expect(await check('n: int', 'forall k: nat :: k < n ==> k * k < 10', { n: 5 })).toBe('fails');
  });

  it('restricts a subset-typed bound variable to its constraint', async () => {
    const prelude = 'type Digit = d: int | 0 <= d < 10';
    expect(await check('', 'forall d: Digit :: d * d < 100', {}, prelude)).toBe('holds');
    expect(await check('', 'exists d: Digit :: d * d == 81', {}, prelude)).toBe('holds');
    expect(await check('', 'exists d: Digit :: d == 10', {}, prelude)).toBe('fails');
  });

  it('infers the type of an untyped bound variable from its uses', async () => {
    const spec = await lowerFully("method M(s: string) returns (ok: bool)\n  ensures forall c :: c in s ==> c as int < 128\n");
    const q = spec.ensures[0]!.expr;
    expect(q.kind === 'quant' && q.binders[0]!.type).toEqual({ kind: 'char' });
    expect(await check('s: string', "forall c :: c as int >= 97 && c in s ==> c <= 'z'", { s: 'az' })).toBe('holds');
  });

  it('nests quantifiers', async () => {
    const sorted = 'forall i :: 0 <= i < |s| ==> forall j :: i < j < |s| ==> s[i] <= s[j]';
    expect(await check('s: seq<int>', sorted, { s: [1, 2, 2, 5] })).toBe('holds');
    expect(await check('s: seq<int>', sorted, { s: [1, 3, 2] })).toBe('fails');
  });

  it('quantifies over datatype values of an enumeration', async () => {
    const prelude = 'datatype Color = Red | Green | Blue\nfunction Code(c: Color): int { match c case Red => 0 case Green => 1 case Blue => 2 }';
    expect(await check('', 'forall c: Color :: 0 <= Code(c) < 3', {}, prelude)).toBe('holds');
    expect(await check('x: Color', 'exists c: Color :: c != x && Code(c) == 2', { x: V.datatype('Red') }, prelude)).toBe('holds');
  });
});

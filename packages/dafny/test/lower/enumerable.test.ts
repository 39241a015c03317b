import { describe, expect, it } from 'vitest';
import { dafnyPrinter } from '../../src/index.js';
import { check, lowerFully } from './helpers.js';

const IN_ARRAY = 'predicate InArray(a: array<int>, x: int) { exists i :: 0 <= i < a.Length && a[i] == x }';

describe('quantifiers whose bounds hide in an equivalence or a predicate', () => {
  it('splits an equivalence and unfolds a membership predicate, so both directions are enumerated', async () => {
    const spec = await lowerFully(`${IN_ARRAY}\nmethod M(a: array<int>) returns (r: seq<int>)\n  ensures forall x :: x in r <==> InArray(a, x)\n`, 'M');
    expect(dafnyPrinter.expr(spec.ensures[0]!.expr)).toBe('(forall x :: x in r ==> InArray(a, x)) && (forall x, i#1 :: 0 <= i#1 && i#1 < |a| && a[i#1] == x ==> x in r)');
    const ensures = 'forall x :: x in r <==> InArray(a, x)';
    expect(await check('a: array<int>, r: seq<int>', ensures, { a: [1, 2, 2], r: [2, 1] }, IN_ARRAY)).toBe('holds');
    expect(await check('a: array<int>, r: seq<int>', ensures, { a: [1, 2, 2], r: [2] }, IN_ARRAY)).toBe('fails');
    expect(await check('a: array<int>, r: seq<int>', ensures, { a: [1, 2, 2], r: [1, 2, 3] }, IN_ARRAY)).toBe('fails');
  });

  it('pulls an exists out of an antecedent or a conjunct', async () => {
    expect(await check('a: seq<int>, r: seq<int>', 'forall x :: (exists i :: 0 <= i < |a| && a[i] == x) ==> x in r', { a: [1, 2], r: [2, 1] })).toBe('holds');
    expect(await check('a: seq<int>, r: seq<int>', 'forall x :: (exists i :: 0 <= i < |a| && a[i] == x) ==> x in r', { a: [1, 2], r: [2] })).toBe('fails');
    expect(await check('a: array<int>', 'exists x :: InArray(a, x) && x > 5', { a: [1, 7] }, IN_ARRAY)).toBe('holds');
    expect(await check('a: array<int>', 'exists x :: InArray(a, x) && x > 7', { a: [1, 7] }, IN_ARRAY)).toBe('fails');
  });

  it('renames bound variables apart from the arguments', async () => {
    // The predicate's own bound variable is named like the caller's variable.
    const prelude = 'predicate Has(s: seq<int>, i: int) { exists j :: 0 <= j < |s| && s[j] == i }';
    expect(await check('s: seq<int>, t: seq<int>', 'forall j :: Has(s, j) ==> j in t', { s: [3, 4], t: [4, 3] }, prelude)).toBe('holds');
    expect(await check('s: seq<int>, t: seq<int>', 'forall j :: Has(s, j) ==> j in t', { s: [3, 4], t: [4] }, prelude)).toBe('fails');
  });

  it('leaves quantifiers that are already bounded as written', async () => {
    const spec = await lowerFully(`${IN_ARRAY}\nmethod M(a: array<int>) returns (r: seq<int>)\n  ensures forall x :: x in r ==> InArray(a, x)\n`, 'M');
    expect(dafnyPrinter.expr(spec.ensures[0]!.expr)).toBe('forall x :: x in r ==> InArray(a, x)');
  });
});

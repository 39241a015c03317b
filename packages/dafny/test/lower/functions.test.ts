import { V } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { check, lowerFully, lowerText, status } from './helpers.js';

describe('functions and predicates', () => {
  it('calls recursive functions on sequences', async () => {
    const prelude = 'function Sum(s: seq<int>): int { if |s| == 0 then 0 else s[0] + Sum(s[1..]) }';
    expect(await check('s: seq<int>, r: int', 'r == Sum(s)', { s: [1, 2, 3], r: 6 }, prelude)).toBe('holds');
    expect(await check('s: seq<int>, r: int', 'r == Sum(s)', { s: [1, 2, 3], r: 5 }, prelude)).toBe('fails');
  });

  it('calls mutually recursive functions', async () => {
    const prelude = [
      'predicate Even(n: nat) { if n == 0 then true else Odd(n - 1) }',
      'predicate Odd(n: nat) { if n == 0 then false else Even(n - 1) }',
    ].join('\n');
    expect(await check('n: nat', 'Even(n) && !Odd(n)', { n: 10 }, prelude)).toBe('holds');
    expect(await check('n: nat', 'Even(n)', { n: 7 }, prelude)).toBe('fails');
  });

  it('checks a function’s precondition at each call', async () => {
    const prelude = 'function Head(s: seq<int>): int requires |s| > 0 { s[0] }';
    expect(await check('s: seq<int>', 'Head(s) == 1', { s: [1] }, prelude)).toBe('holds');
    expect(await check('s: seq<int>', 'Head(s) == 1', { s: [] }, prelude)).toBe('unknown:not-well-formed');
  });

  it('reads constants', async () => {
    expect(await check('x: int', 'x < Limit && Twice == 20', { x: 5 }, 'const Limit := 10\nconst Twice: int := Limit * 2')).toBe('holds');
  });

  it('applies lambdas and function values', async () => {
    expect(await check('x: int', '(y => y + 1)(x) == 4', { x: 3 })).toBe('holds');
    expect(await check('x: int', 'var f := (a: int, b: int) => a * b; f(x, 2) == 6', { x: 3 })).toBe('holds');
    expect(await check('x: int', 'Apply(y => y * 10, x) == 30', { x: 3 }, 'function Apply(f: int -> int, x: int): int { f(x) }')).toBe('holds');
    expect(await check('x: int', 'Apply(Double, x) == 6', { x: 3 }, 'function Double(y: int): int { 2 * y }\nfunction Apply(f: int -> int, x: int): int { f(x) }')).toBe('holds');
  });

  it('checks a lambda’s requires on application', async () => {
    expect(await check('x: int', '(y requires y != 0 => 10 / y)(x) == 5', { x: 2 })).toBe('holds');
    expect(await check('x: int', '(y requires y > 5 => y)(x) == 2', { x: 2 })).toBe('unknown:not-well-formed');
  });

  it('calls generic functions', async () => {
    const prelude = 'function Count<T(==)>(s: seq<T>, x: T): nat { if |s| == 0 then 0 else (if s[0] == x then 1 else 0) + Count(s[1..], x) }';
    expect(await check('s: string', "Count(s, 'a') == 2 && Count<int>([1, 1, 2], 1) == 2", { s: 'abca' }, prelude)).toBe('holds');
  });

  it('resolves qualified names in modules', async () => {
    const text = [
      'module Util {',
      '  function Max(a: int, b: int): int { if a > b then a else b }',
      '  const Zero := 0',
      '  module Inner { const Big := 1000 }',
      '}',
      'method M(x: int, y: int) returns (m: int)',
      '  ensures m == Util.Max(x, y) && m >= Util.Zero && m < Util.Inner.Big',
    ].join('\n');
    const spec = await lowerFully(text, 'M');
    expect(await status(spec, { x: 3, y: 7, m: 7 })).toBe('holds');
    expect(await status(spec, { x: 3, y: 7, m: 3 })).toBe('fails');
  });

  it('passes arguments by name', async () => {
    expect(await check('', 'Sub(b := 1, a := 5) == 4', {}, 'function Sub(a: int, b: int): int { a - b }')).toBe('holds');
  });

  it('ignores proof statements inside function bodies, asserts included (the function’s own obligations)', async () => {
    const prelude = [
      'lemma Helper(n: int) ensures n + 0 == n {}',
      'function F(n: int): int { Helper(n); n + 1 }',
      'function G(n: int): int { assert n > 0; n }',
    ].join('\n');
    expect(await check('n: int', 'F(n) == 4', { n: 3 }, prelude)).toBe('holds');
    expect(await check('n: int', 'G(n) == n', { n: -3 }, prelude)).toBe('holds');
  });

  it('checks asserts inside a clause', async () => {
    expect(await check('n: int', 'assert n > 0; n + 1 > 1', { n: 3 })).toBe('holds');
    expect(await check('n: int', 'assert n > 0; n + 1 > 1', { n: -3 })).toBe('unknown:not-well-formed');
  });
});

describe('a function or predicate as the spec under test', () => {
  it('reads F(params) in its own ensures as its result', async () => {
    const text = 'function Abs(x: int): int\n  ensures Abs(x) >= 0\n  ensures Abs(x) == x || Abs(x) == -x\n{ if x < 0 then -x else x }';
    const spec = await lowerFully(text, 'Abs');
    expect(spec.results.map((r) => r.name)).toEqual(['result']);
    expect(await status(spec, { x: -3, result: 3 })).toBe('holds');
    expect(await status(spec, { x: -3, result: -3 })).toBe('fails');
    expect(await status(spec, { x: -3, result: 4 })).toBe('fails');
  });

  it('uses a named result, and calls F on other arguments through its body', async () => {
    const text = 'function Fib(n: nat): (r: nat)\n  ensures n >= 2 ==> r == Fib(n - 1) + Fib(n - 2)\n{ if n < 2 then n else Fib(n - 1) + Fib(n - 2) }';
    const spec = await lowerFully(text, 'Fib');
    expect(await status(spec, { n: 10, r: 55 })).toBe('holds');
    expect(await status(spec, { n: 10, r: 54 })).toBe('fails');
  });

  it('checks the result against a subset result type', async () => {
    const text = 'type Pos = x: int | x > 0 witness 1\nfunction Succ(n: nat): Pos\n  ensures Succ(n) == n + 1\n{ n + 1 }';
    const spec = await lowerFully(text, 'Succ');
    expect(await status(spec, { n: 0, result: 1 })).toBe('holds');
    expect(await status(spec, { n: 0, result: 0 })).toBe('unknown:not-well-formed');
  });

  it('checks a predicate’s result', async () => {
    const text = 'predicate Sorted(s: seq<int>)\n  ensures Sorted(s) <==> forall i, j :: 0 <= i < j < |s| ==> s[i] <= s[j]\n{ forall i, j :: 0 <= i < j < |s| ==> s[i] <= s[j] }';
    const spec = await lowerFully(text, 'Sorted');
    expect(await status(spec, { s: [1, 2], result: true })).toBe('holds');
    expect(await status(spec, { s: [2, 1], result: true })).toBe('fails');
  });
});

describe('datatype members', () => {
  it('calls member functions and reads fields through this', async () => {
    const text = [
      'datatype Pair = Pair(x: int, y: int) {',
      '  function Sum(): int { x + y }',
      '  predicate Ordered() { this.x <= y }',
      '  const Diff: int := y - x',
      '}',
      'method M(p: Pair) returns (s: int)',
      '  ensures s == p.Sum() && p.Ordered() && p.Diff == 1',
    ].join('\n');
    const spec = await lowerFully(text, 'M');
    expect(await status(spec, { p: V.datatype('Pair', [V.int(2), V.int(3)]), s: 5 })).toBe('holds');
    expect(await status(spec, { p: V.datatype('Pair', [V.int(2), V.int(3)]), s: 6 })).toBe('fails');
  });

  it('reports a helper function without a body in the lowering report, before any evaluation', async () => {
    const r = await lowerText('function Secret(x: int): int\nmethod M(x: int) returns (y: int)\n  ensures y == Secret(x) + 1\n', 'M');
    expect(r.unsupported.map((u) => u.construct)).toEqual(['function Secret has no body (its calls cannot be evaluated)']);
  });

  it('evaluates let-such-that only where every witness gives the same value', async () => {
    // One witness: its value.
    expect(await check('s: seq<int>, r: int', 'r == (var i :| 0 <= i < |s| && s[i] == 3; i)', { s: [5, 3, 8], r: 1 })).toBe('holds');
    expect(await check('s: seq<int>, r: int', 'r == (var i :| 0 <= i < |s| && s[i] == 3; i)', { s: [5, 3, 8], r: 2 })).toBe('fails');
    // Several witnesses with the same value: that value (the element, not which index).
    expect(await check('s: seq<int>, r: int', 'r == (var i :| 0 <= i < |s| && s[i] > 4; s[i] % 2)', { s: [5, 3, 7], r: 1 })).toBe('holds');
    // Several witnesses with different values: Dafny's choice is not specified, so neither verdict.
    expect(await check('s: seq<int>, r: int', 'r == (var i :| 0 <= i < |s| && s[i] > 4; i)', { s: [5, 3, 7], r: 0 })).toBe('unknown:unspecified');
    // No witness: not well-formed in Dafny; unknown here too.
    expect((await check('s: seq<int>, r: int', 'r == (var i :| 0 <= i < |s| && s[i] == 9; i)', { s: [5, 3, 7], r: 0 })).startsWith('unknown')).toBe(true);
    // In a function body, over a set.
    const spec = await lowerFully('function Pick(s: set<int>): int\n  requires s != {}\n{\n  var x :| x in s; x\n}\nmethod M(s: set<int>) returns (r: int)\n  ensures r == Pick(s)\n', 'M');
    expect(await status(spec, { s: V.set([V.int(4)]), r: 4 })).toBe('holds');
    expect((await status(spec, { s: V.set([V.int(4), V.int(6)]), r: 4 })).startsWith('unknown')).toBe(true);
  });
});

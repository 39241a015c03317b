import { describe, expect, it } from 'vitest';
import { check, lowerText } from './helpers.js';

describe('integer arithmetic', () => {
  it('divides and takes remainders Euclidean-style, for every sign', async () => {
    expect(await check('', '-7 / 2 == -4 && -7 % 2 == 1')).toBe('holds');
    expect(await check('', '7 / -2 == -3 && 7 % -2 == 1')).toBe('holds');
    expect(await check('', '-7 / -2 == 4 && -7 % -2 == 1')).toBe('holds');
    expect(await check('', '-7 / 2 == -3')).toBe('fails');
  });

  it('makes division by zero not well-formed', async () => {
    expect(await check('x: int, y: int', 'x / y == 0', { x: 3, y: 0 })).toBe('unknown:not-well-formed');
    expect(await check('x: int, y: int', 'x % y == 0', { x: 3, y: 0 })).toBe('unknown:not-well-formed');
    expect(await check('x: int, y: int', 'y != 0 ==> x / y == 0', { x: 3, y: 0 })).toBe('holds');
  });

  it('computes with unbounded integers, and nat subtraction may go below zero', async () => {
    expect(await check('x: int', 'x * x * x == 1000000000000000000000000000', { x: 1000000000 })).toBe('holds');
    expect(await check('n: nat', 'n - 5 == -2', { n: 3 })).toBe('holds');
  });

  it('computes exactly with reals', async () => {
    expect(await check('', '1.0 / 3.0 * 3.0 == 1.0')).toBe('holds');
    expect(await check('r: real', 'r * 2.0 == 0.2', { r: { kind: 'real', num: 1n, den: 10n } })).toBe('holds');
    expect(await check('', '0.1 + 0.2 == 0.3 && -1.5 < -1.25')).toBe('holds');
    expect(await check('r: real', 'r / 0.0 == 1.0', { r: { kind: 'real', num: 1n, den: 1n } })).toBe('unknown:not-well-formed');
  });
});

describe('comparisons', () => {
  it('reads chained comparisons as conjunctions', async () => {
    expect(await check('i: int, n: int', '0 <= i < n', { i: 2, n: 3 })).toBe('holds');
    expect(await check('i: int, n: int', '0 <= i < n', { i: 3, n: 3 })).toBe('fails');
    expect(await check('a: int, b: int, c: int', 'a < b <= c == 5', { a: 1, b: 5, c: 5 })).toBe('holds');
    expect(await check('a: int, b: int, c: int', 'c >= b > a', { a: 1, b: 2, c: 2 })).toBe('holds');
    // A chain of == over booleans is a conjunction too, not ((false == false) == true).
    expect(await check('', 'false == false == true')).toBe('fails');
  });

  it('does not chain through parentheses', async () => {
    expect(await check('a: bool, b: bool, c: bool', '(a == b) == c', { a: false, b: false, c: true })).toBe('holds');
  });

  it('chains disjointness pairwise', async () => {
    expect(await check('', '{1} !! {2} !! {1}')).toBe('holds');
    expect(await check('', '{1} !! {2} !! {2}')).toBe('fails');
  });

  it('orders chars, and sequences by (proper) prefix', async () => {
    expect(await check("c: char", "'a' <= c <= 'z'", { c: { kind: 'char', value: 'q' } })).toBe('holds');
    expect(await check('', '[1, 2] < [1, 2, 3] && [1, 2] <= [1, 2] && !([1, 3] < [1, 2, 3])')).toBe('holds');
    expect(await check('', '"ab" < "abc" && !("b" < "abc")')).toBe('holds');
  });

  it('compares sets and multisets by inclusion', async () => {
    expect(await check('', '{1} < {1, 2} && {1, 2} <= {1, 2} && !({1, 2} < {1, 2}) && {1, 2} > {2}')).toBe('holds');
    expect(await check('', 'multiset{1} < multiset{1, 1} && !(multiset{1, 1} <= multiset{1, 2})')).toBe('holds');
  });

  it('treats every modelled value as non-null', async () => {
    expect(await check('a: array<int>', 'a != null && !(a == null)', { a: [1] })).toBe('holds');
  });
});

describe('logical connectives', () => {
  it('nests ==> to the right and <== to the left', async () => {
    // false ==> (false ==> false) is true; (false ==> false) ==> false would be false.
    expect(await check('', 'false ==> false ==> false')).toBe('holds');
    // a <== b is b ==> a.
    expect(await check('a: bool, b: bool', 'a <== b', { a: false, b: true })).toBe('fails');
    expect(await check('a: bool, b: bool', 'a <== b', { a: true, b: false })).toBe('holds');
    expect(await check('a: bool, b: bool', 'a <==> b', { a: true, b: false })).toBe('fails');
  });

  it('short-circuits like Dafny: a later ill-formed operand is not reached', async () => {
    expect(await check('s: seq<int>', '|s| > 9 && s[9] == 0', { s: [1] })).toBe('fails');
    expect(await check('s: seq<int>', 's[9] == 0 || true', { s: [1] })).toBe('unknown:not-well-formed');
    expect(await check('s: seq<int>', '|s| <= 9 || s[9] == 0', { s: [1] })).toBe('holds');
  });

  it('accepts leading bullets', async () => {
    expect(await check('x: int', '&& x > 0 && x < 5', { x: 3 })).toBe('holds');
    expect(await check('x: int', '|| x < 0 || x > 5', { x: 3 })).toBe('fails');
  });
});

describe('membership', () => {
  it('tests membership in sequences, sets, multisets and map keys', async () => {
    expect(await check('s: seq<int>', '2 in s && 5 !in s', { s: [1, 2] })).toBe('holds');
    expect(await check('', '2 in {1, 2} && 2 in multiset{2, 2} && 2 in map[2 := 0] && 0 !in map[2 := 0]')).toBe('holds');
  });
});

describe('chars', () => {
  it('adds and subtracts chars as code points', async () => {
    expect(await check('', "'a' + 'b' == (97 + 98) as char && 'b' - 'a' == 1 as char")).toBe('holds');
    expect(await check('c: char', "(c as int - 32) as char == 'A'", { c: { kind: 'char', value: 'a' } })).toBe('holds');
  });

  it('makes an invalid char not well-formed', async () => {
    expect(await check('', "'a' - 'b' == 'a'")).toBe('unknown:not-well-formed');
  });
});

describe('bit-vectors', () => {
  it('wraps arithmetic modulo 2^width and has bitwise operators', async () => {
    expect(await check('x: bv8', 'x + 1 == 0', { x: 255 })).toBe('holds');
    expect(await check('x: bv8, y: bv8', 'x ^ y == 6 && x & y == 1 && x | y == 7', { x: 3, y: 5 })).toBe('holds');
    expect(await check('x: bv8', 'x << 1 == 254 && x >> 1 == 127 && !x == 0', { x: 255 })).toBe('holds');
  });

  it('gives integer literals the bit-vector type of their context', async () => {
    const prelude = [
      'predicate Bit(x: bv8, i: nat) requires i < 8 { x & (1 << i) != 0 }',
      'function Low(x: bv8): bv8 { var m := 0x0F; x & m }',
      'function Shifted(x: bv8): bv8 { (1 << 7) | (if x == 0 then 0 else 1) }',
    ].join('\n');
    expect(await check('x: bv8', 'Bit(x, 0) && !Bit(x, 1) && Bit(x, 7)', { x: 129 }, prelude)).toBe('holds');
    expect(await check('x: bv8', 'Low(x) == 3 && Shifted(x) == 129', { x: 0x13 }, prelude)).toBe('holds');
    // 1 << 8 wraps to 0 in bv8.
    expect(await check('x: bv8', 'x & (1 << 8) == 0', { x: 255 })).toBe('holds');
  });

  it('does not guess a width for bitwise operators on plain integers', async () => {
    const report = await lowerText('method M(n: int) returns (r: int)\n  ensures r == 1 << n\n');
    expect(report.unsupported.map((u) => u.construct)).toEqual(['operator << on integer literals whose bit-vector type the lowering cannot tell']);
  });
});

import { V, type Value } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { check } from './helpers.js';

const LIST = 'datatype List = Nil | Cons(head: int, tail: List)';
const list = (...xs: number[]): Value => xs.reduceRight<Value>((acc, x) => V.datatype('Cons', [V.int(x), acc]), V.datatype('Nil'));

describe('datatypes', () => {
  it('constructs values and reads destructors', async () => {
    expect(await check('l: List', 'l == Cons(1, Cons(2, Nil)) && l.head == 1 && l.tail.head == 2', { l: list(1, 2) }, LIST)).toBe('holds');
    expect(await check('l: List', 'l == List.Cons(1, List.Nil)', { l: list(1) }, LIST)).toBe('holds');
    expect(await check('l: List', 'l == Cons(tail := Nil, head := 1)', { l: list(1) }, LIST)).toBe('holds');
  });

  it('tests constructors with .C?', async () => {
    expect(await check('l: List', 'l.Cons? && !l.Nil? && l.tail.Nil?', { l: list(1) }, LIST)).toBe('holds');
  });

  it('makes a destructor of the wrong constructor not well-formed', async () => {
    expect(await check('l: List', 'l.head == 0', { l: list() }, LIST)).toBe('unknown:not-well-formed');
    expect(await check('l: List', 'l.Cons? ==> l.head == 0', { l: list() }, LIST)).toBe('holds');
  });

  it('matches nested constructor, literal and wildcard patterns', async () => {
    const prelude = `${LIST}
function Second(l: List): int {
  match l
  case Cons(_, Cons(x, _)) => x
  case Cons(0, Nil) => -1
  case _ => -2
}
function Len(l: List): nat { match l { case Nil => 0 case Cons(_, t) => 1 + Len(t) } }`;
    expect(await check('l: List', 'Second(l) == 7 && Len(l) == 3', { l: list(1, 7, 9) }, prelude)).toBe('holds');
    expect(await check('l: List', 'Second(l) == -1', { l: list(0) }, prelude)).toBe('holds');
    expect(await check('l: List', 'Second(l) == -2 && Len(l) == 0', { l: list() }, prelude)).toBe('holds');
  });

  it('matches disjunctive patterns, tuples and literals', async () => {
    const prelude = `datatype Color = Red | Green | Blue
function Warm(c: Color): bool { match c case Red | Green => true case Blue => false }
function Classify(p: (int, bool)): int { match p case (0, _) => 0 case (_, true) => 1 case (n, false) => n }
function Sign(n: int): string { match n case 0 => "zero" case -1 => "minus one" case _ => "other" }
function Half(r: real): int { match r case -1.5 => 1 case 0.5 => 2 case _ => 0 }`;
    expect(await check('c: Color', 'Warm(c)', { c: V.datatype('Green') }, prelude)).toBe('holds');
    expect(await check('c: Color', 'Warm(c)', { c: V.datatype('Blue') }, prelude)).toBe('fails');
    expect(await check('', 'Classify((0, true)) == 0 && Classify((5, true)) == 1 && Classify((5, false)) == 5', {}, prelude)).toBe('holds');
    expect(await check('', 'Sign(0) == "zero" && Sign(-1) == "minus one" && Sign(3) == "other"', {}, prelude)).toBe('holds');
    expect(await check('', 'Half(-1.5) == 1 && Half(0.5) == 2 && Half(1.5) == 0', {}, prelude)).toBe('holds');
  });

  it('updates fields with d.(f := v)', async () => {
    const prelude = 'datatype Point = Point(x: int, y: int) | Origin';
    const p = V.datatype('Point', [V.int(1), V.int(2)]);
    expect(await check('p: Point', 'p.(x := 5) == Point(5, 2) && p.(y := 0, x := 0) == Point(0, 0)', { p }, prelude)).toBe('holds');
    expect(await check('p: Point', 'p.(x := 5) == Origin', { p: V.datatype('Origin') }, prelude)).toBe('unknown:not-well-formed');
  });

  it('reads generic datatypes', async () => {
    const prelude = 'datatype Option<T> = None | Some(value: T)\nfunction Find(s: seq<int>, x: int): Option<nat> { if x in s then Some(IndexOf(s, x)) else None }\nfunction IndexOf(s: seq<int>, x: int): nat requires x in s { if s[0] == x then 0 else 1 + IndexOf(s[1..], x) }';
    expect(await check('s: seq<int>', 'Find(s, 7).Some? && Find(s, 7).value == 2 && Find(s, 8) == None', { s: [1, 2, 7] }, prelude)).toBe('holds');
    expect(await check('r: Option<int>', 'r.Some? ==> r.value > 0', { r: V.datatype('Some', [V.int(0)]) }, prelude)).toBe('fails');
  });
});

describe('tuples and lets', () => {
  it('builds tuples and selects components', async () => {
    expect(await check('p: (int, bool)', 'p.0 == 3 && p.1 && (1, 2).1 == 2', { p: V.tuple([V.int(3), V.bool(true)]) })).toBe('holds');
  });

  it('binds let variables, tuple patterns and simultaneous bindings', async () => {
    expect(await check('x: int', 'var y := x * 2; var z := y + 1; z == 7', { x: 3 })).toBe('holds');
    expect(await check('x: int', 'var (a, b) := (x, x + 1); a + b == 7', { x: 3 })).toBe('holds');
    // Simultaneous: the second value sees the outer x, not the new one.
    expect(await check('x: int', 'var x, y := 10, x; y == 3', { x: 3 })).toBe('holds');
  });

  it('binds constructor patterns in lets, failing when the constructor differs', async () => {
    const prelude = LIST;
    expect(await check('l: List', 'var Cons(h, _) := l; h == 1', { l: list(1, 2) }, prelude)).toBe('holds');
    expect(await check('l: List', 'var Cons(h, _) := l; h == 1', { l: list() }, prelude)).toBe('unknown:not-well-formed');
  });

  it('chooses with if-then-else', async () => {
    expect(await check('x: int, r: int', 'r == if x < 0 then -x else x', { x: -4, r: 4 })).toBe('holds');
  });
});

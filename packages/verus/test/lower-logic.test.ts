import { V } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { bool, int, ints, none, post, pre, some, unsupported } from './lower-helpers.js';

describe('Verus logic', () => {
  it('forall|i: int| with ==>, exists, triggers ignored, chained inequalities', async () => {
    const src = `fn f(a: &Vec<i32>) -> (r: i32)
      requires a.len() > 0
      ensures
        forall|i: int| 0 <= i < a.len() ==> #[trigger] a[i] <= r,
        exists|i: int| #![trigger a[i]] 0 <= i < a.len() && a[i] == r,
      {}`;
    expect(await post(src, 'f', { a: ints(3, 9, 2), r: int(9) })).toBe('holds');
    expect(await post(src, 'f', { a: ints(3, 9, 2), r: int(3) })).toBe('fails');
    expect(await post(src, 'f', { a: ints(3, 9, 2), r: int(10) })).toBe('fails');
    expect(await pre(src, 'f', { a: ints() })).toBe('fails');
  });

  it('a chain a <= b < c is a conjunction; a parenthesized comparison is not a chain', async () => {
    const src = `fn f(x: int, y: int) -> (r: bool) ensures r == (0 <= x < y <= 10) {}`;
    expect(await post(src, 'f', { x: int(0), y: int(10), r: bool(true) })).toBe('holds');
    expect(await post(src, 'f', { x: int(5), y: int(5), r: bool(false) })).toBe('holds');
    const paren = `fn f(x: bool) -> (r: bool) ensures r == ((x == true) == false) {}`;
    expect(await post(paren, 'f', { x: bool(true), r: bool(false) })).toBe('holds');
  });

  it('&&& and ||| lists, <==>, <==, ==> associates to the right', async () => {
    const src = `fn f(x: int) -> (r: int) ensures
      &&& r >= 0
      &&& (r == x || r == -x)
      &&& (x >= 0 <==> r == x || x == 0)
      &&& (r == 0 <== x == 0)
      &&& (false ==> false ==> false)
      {}`;
    expect(await post(src, 'f', { x: int(-4), r: int(4) })).toBe('holds');
    expect(await post(src, 'f', { x: int(4), r: int(-4) })).toBe('fails');
    const or = `fn f(x: int) -> (r: bool) ensures r == (||| x == 1 ||| x == 2) {}`;
    expect(await post(or, 'f', { x: int(2), r: bool(true) })).toBe('holds');
    expect(await post(or, 'f', { x: int(3), r: bool(true) })).toBe('fails');
  });

  it('choose|x| p is the witness when exactly one exists, otherwise unspecified', async () => {
    const src = `fn f(n: int) -> (r: int) requires 0 <= n <= 100 ensures r == choose|k: int| 0 <= k <= 100 && k * k == n {}`;
    expect(await post(src, 'f', { n: int(49), r: int(7) })).toBe('holds');
    expect(await post(src, 'f', { n: int(49), r: int(6) })).toBe('fails');
    expect(await post(src, 'f', { n: int(50), r: int(0) })).toBe('unknown:unspecified');
    const two = `fn f(n: int) -> (r: int) ensures r == choose|k: int| -10 <= k <= 10 && k * k == n {}`;
    expect(await post(two, 'f', { n: int(49), r: int(7) })).toBe('unknown:unspecified');
  });

  it('old(x) of an &mut parameter is its state before the call; requires speaks of that state', async () => {
    const src = `fn inc(v: &mut Vec<u32>)
      requires forall|i: int| 0 <= i < old(v).len() ==> old(v)[i] < 100
      ensures v.len() == old(v).len(), forall|i: int| 0 <= i < v.len() ==> v[i] == old(v)[i] + 1
      {}`;
    expect(await post(src, 'inc', { v: ints(2, 4), 'old:v': ints(1, 3) })).toBe('holds');
    expect(await post(src, 'inc', { v: ints(2, 5), 'old:v': ints(1, 3) })).toBe('fails');
    expect(await pre(src, 'inc', { v: ints(1, 300), 'old:v': ints(1, 300) })).toBe('fails');
  });

  it('recursive spec fns with decreases; spec const; let and if in spec code', async () => {
    const src = `
      spec const LIMIT: int = 3;
      spec fn sum(s: Seq<int>) -> int decreases s.len() { if s.len() == 0 { 0 } else { s[0] + sum(s.subrange(1, s.len() as int)) } }
      spec fn fib(n: nat) -> nat decreases n { if n < 2 { n } else { fib((n - 1) as nat) + fib((n - 2) as nat) } }
      fn f(s: Vec<i64>, n: u8) -> (r: (i64, u64))
        requires n < 20
        ensures r.0 == sum(s@.map_values(|x: i64| x as int)), r.1 == fib(n as nat), { let k = LIMIT; k * 2 } == 6
        {}`;
    const pair = (a: number, b: number) => V.tuple([int(a), int(b)]);
    expect(await post(src, 'f', { s: ints(1, -2, 10), n: int(10), r: pair(9, 55) })).toBe('holds');
    expect(await post(src, 'f', { s: ints(1, -2, 10), n: int(10), r: pair(9, 54) })).toBe('fails');
  });

  it('structs and enums of the file: fields, constructors, variants, match and matches!', async () => {
    const src = `
      pub struct Point { pub x: i32, pub y: i32 }
      pub enum Shape { Dot(Point), Square { side: u32 }, Empty }
      spec fn area(s: Shape) -> int { match s { Shape::Dot(_) => 0, Shape::Square { side } => side * side, Shape::Empty => 0 } }
      fn f(p: Point, s: Shape) -> (r: int)
        ensures r == area(s) + p.x, s is Empty ==> r == p.x, matches!(s, Shape::Square { .. }) ==> r >= p.x,
          (Point { x: 1, y: 2 }).y == 2
        {}`;
    const point = (x: number, y: number) => V.datatype('Point', [int(x), int(y)]);
    expect(await post(src, 'f', { p: point(1, 0), s: V.datatype('Square', [int(3)]), r: int(10) })).toBe('holds');
    expect(await post(src, 'f', { p: point(1, 0), s: V.datatype('Square', [int(3)]), r: int(9) })).toBe('fails');
    expect(await post(src, 'f', { p: point(5, 0), s: V.datatype('Empty'), r: int(5) })).toBe('holds');
    expect(await post(src, 'f', { p: point(5, 0), s: V.datatype('Dot', [point(0, 0)]), r: int(5) })).toBe('holds');
  });

  it('Set::new(|x| p) is a comprehension: decided when bounded, unknown otherwise', async () => {
    const src = `fn f(n: int) -> (r: nat) ensures r == Set::new(|i: int| 0 <= i < n && i % 3 == 0).len() {}`;
    expect(await post(src, 'f', { n: int(10), r: int(4) })).toBe('holds');
    expect(await post(src, 'f', { n: int(10), r: int(3) })).toBe('fails');
    const unbounded = `fn f(n: int) -> (r: bool) ensures r == Set::new(|i: int| i > n).contains(n + 1) {}`;
    expect((await post(unbounded, 'f', { n: int(1), r: bool(true) })).startsWith('unknown')).toBe(true);
  });

  it('or-patterns and guards in match arms', async () => {
    const src = `fn f(x: Option<u8>) -> (r: bool) ensures r == match x { Some(0) | None => true, Some(k) if k > 9 => true, _ => false } {}`;
    expect(await post(src, 'f', { x: none, r: bool(true) })).toBe('holds');
    expect(await post(src, 'f', { x: some(int(0)), r: bool(true) })).toBe('holds');
    expect(await post(src, 'f', { x: some(int(10)), r: bool(true) })).toBe('holds');
    expect(await post(src, 'f', { x: some(int(5)), r: bool(true) })).toBe('fails');
  });

  it('chars cast to integers and back; an invalid code point is unspecified', async () => {
    const src = `fn f(c: char) -> (r: char) ensures r == ((c as u8) - ('a' as u8) + ('A' as u8)) as char {}`;
    expect(await post(src, 'f', { c: V.char('q'), r: V.char('Q') })).toBe('holds');
    expect(await post(src, 'f', { c: V.char('q'), r: V.char('q') })).toBe('fails');
    const bad = `fn f(x: int) -> (r: char) ensures r == x as char {}`;
    expect(await post(bad, 'f', { x: int(0xd800), r: V.char('a') })).toBe('unknown:unspecified');
  });

  it('a body-less (uninterpreted) spec fn is reported and its calls are unknown', async () => {
    const src = `uninterp spec fn secret(x: int) -> int; fn f(x: int) -> (r: int) ensures r == secret(x) {}`;
    expect((await unsupported(src, 'f'))[0]).toMatch(/secret has no body/);
    expect(await post(src, 'f', { x: int(1), r: int(1) })).toBe('unknown:unsupported');
  });
});

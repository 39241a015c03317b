import { V } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { bool, int, ints, none, post, pre, some, unsupported } from './lower-helpers.js';

const set = (...xs: number[]) => V.set(xs.map((x) => V.int(x)));
const str = (s: string) => V.string(s);

describe('views and Seq spec functions', () => {
  it('v@ of a Vec is its Seq; len, index and contains agree with the view', async () => {
    const src = `fn f(v: &Vec<i32>, x: i32) -> (r: bool) ensures r == v@.contains(x), v.len() == v@.len(), v@.len() > 0 ==> v[0] == v@[0] {}`;
    expect(await post(src, 'f', { v: ints(1, 2), x: int(2), r: bool(true) })).toBe('holds');
    expect(await post(src, 'f', { v: ints(1, 2), x: int(3), r: bool(true) })).toBe('fails');
  });

  it('an index outside the sequence is unspecified (recommends), never a wrong value', async () => {
    const src = `fn f(s: Seq<int>, i: int) -> (r: int) ensures r == s[i] {}`;
    expect(await post(src, 'f', { s: ints(5, 6), i: int(1), r: int(6) })).toBe('holds');
    expect(await post(src, 'f', { s: ints(5, 6), i: int(2), r: int(0) })).toBe('unknown:unspecified');
    expect(await post(src, 'f', { s: ints(5, 6), i: int(-1), r: int(6) })).toBe('unknown:unspecified');
  });

  it('subrange, take, skip, first, last, drop_last, push, add, update, insert, remove', async () => {
    const src = `fn f(s: Seq<int>) -> (r: Seq<int>) ensures
      r == s.subrange(1, 3),
      r =~= s.skip(1).take(2),
      r.first() == s[1], r.last() == s[2],
      s.drop_last() == s.take(s.len() - 1),
      s.push(9).last() == 9, s.add(seq![7, 8]).len() == s.len() + 2,
      s.update(0, 42)[0] == 42, s.insert(1, 0)[1] == 0, s.remove(0) == s.skip(1),
      {}`;
    expect(await post(src, 'f', { s: ints(1, 2, 3, 4), r: ints(2, 3) })).toBe('holds');
    expect(await post(src, 'f', { s: ints(1, 2, 3, 4), r: ints(2, 4) })).toBe('fails');
    expect(await post(`fn f(s: Seq<int>) -> (r: Seq<int>) ensures r == s.subrange(1, 3) {}`, 'f', { s: ints(1, 2), r: ints(2) })).toBe('unknown:unspecified');
    expect(await post(`fn f(s: Seq<int>) -> (r: int) ensures r == s.last() {}`, 'f', { s: ints(), r: int(0) })).toBe('unknown:unspecified');
  });

  it('to_multiset, to_set, filter, map, map_values, fold_left, fold_right, no_duplicates', async () => {
    const src = `fn f(a: Vec<i32>, b: Vec<i32>) -> (r: int) ensures
      a@.to_multiset() == b@.to_multiset(),
      r == a@.fold_left(0int, |acc: int, x: i32| acc + x),
      r == a@.fold_right(|x: i32, acc: int| x + acc, 0int),
      a@.filter(|x: i32| x > 0).len() <= a.len(),
      a@.map(|i: int, x: i32| i + x).len() == a.len(),
      a@.map_values(|x: i32| x as int * 2).len() == a.len(),
      a@.to_set().len() <= a.len(),
      {}`;
    expect(await post(src, 'f', { a: ints(3, 1, 2), b: ints(1, 2, 3), r: int(6) })).toBe('holds');
    expect(await post(src, 'f', { a: ints(3, 1, 2), b: ints(1, 2, 2), r: int(6) })).toBe('fails');
    expect(await post(src, 'f', { a: ints(3, 1, 2), b: ints(1, 2, 3), r: int(5) })).toBe('fails');
    const nd = `fn f(a: Seq<int>) -> (r: bool) ensures r == a.no_duplicates() {}`;
    expect(await post(nd, 'f', { a: ints(1, 2, 1), r: bool(false) })).toBe('holds');
    const m = `fn f(a: Seq<int>) -> (r: Seq<int>) ensures r == a.map(|i: int, x: int| i * x) {}`;
    expect(await post(m, 'f', { a: ints(5, 5, 5), r: ints(0, 5, 10) })).toBe('holds');
    const unused = `fn f(a: Vec<i8>) -> (r: Seq<int>) ensures r == a@.map(|_, x: i8| x as int + 1) {}`;
    expect(await post(unused, 'f', { a: ints(1, -1), r: ints(2, 0) })).toBe('holds');
    expect(await post(unused, 'f', { a: ints(1, -1), r: ints(2, 1) })).toBe('fails');
  });

  it('an untyped closure parameter takes the element type: String::len in a filter counts bytes', async () => {
    const src = `fn f(v: Vec<String>) -> (r: nat) ensures r == v@.filter(|s| s.len() > 2).len() {}`;
    expect(await post(src, 'f', { v: V.seq([str('éa'), str('ab'), str('abc')]), r: int(2) })).toBe('holds');
    expect(await post(src, 'f', { v: V.seq([str('éa'), str('ab'), str('abc')]), r: int(1) })).toBe('fails');
  });

  it('str/String: len() counts UTF-8 bytes, s@ its chars', async () => {
    const src = `fn f(s: &str) -> (r: usize) ensures r == s.len(), s@.len() <= r {}`;
    expect(await post(src, 'f', { s: str('héllo'), r: int(6) })).toBe('holds');
    expect(await post(src, 'f', { s: str('héllo'), r: int(5) })).toBe('fails');
    const chars = `fn f(s: String) -> (r: char) requires s@.len() > 0 ensures r == s@[0], r.is_ascii_digit() {}`;
    expect(await post(chars, 'f', { s: str('7a'), r: V.char('7') })).toBe('holds');
    expect(await pre(chars, 'f', { s: str('') })).toBe('fails');
  });
});

describe('Set, Map, Multiset and Option', () => {
  it('sets: contains, insert, remove, union, intersect, difference, subset_of, len', async () => {
    const src = `fn f(s: Set<int>, t: Set<int>) -> (r: Set<int>) ensures
      r == s.union(t), s.subset_of(r), r.contains(1) <==> (s.contains(1) || t.contains(1)),
      s.insert(5).remove(5).len() <= s.len() + 0, s.intersect(t).len() <= s.len(), s.difference(t).subset_of(s),
      set![1, 2].len() == 2,
      {}`;
    expect(await post(src, 'f', { s: set(1, 2), t: set(2, 3), r: set(1, 2, 3) })).toBe('holds');
    expect(await post(src, 'f', { s: set(1, 2), t: set(2, 3), r: set(1, 2) })).toBe('fails');
  });

  it('maps: dom, index (missing key unspecified), insert, remove, contains_key', async () => {
    const map = (...kv: [number, number][]) => V.map(kv.map(([k, v]) => [V.int(k), V.int(v)]));
    const src = `fn f(m: Map<int, int>, k: int) -> (r: int) ensures m.dom().contains(k) ==> r == m[k], m.insert(k, 0).contains_key(k), !m.remove(k).dom().contains(k) {}`;
    expect(await post(src, 'f', { m: map([1, 10]), k: int(1), r: int(10) })).toBe('holds');
    expect(await post(src, 'f', { m: map([1, 10]), k: int(1), r: int(11) })).toBe('fails');
    expect(await post(src, 'f', { m: map([1, 10]), k: int(2), r: int(11) })).toBe('holds');
    const missing = `fn f(m: Map<int, int>, k: int) -> (r: int) ensures r == m[k] {}`;
    expect(await post(missing, 'f', { m: map([1, 10]), k: int(2), r: int(0) })).toBe('unknown:unspecified');
    const lit = `fn f() -> (r: Map<int, int>) ensures r == map![1 => 2, 3 => 1 + 3] {}`;
    expect(await post(lit, 'f', { r: map([1, 2], [3, 4]) })).toBe('holds');
  });

  it('is_prefix_of / is_suffix_of: the receiver is the shorter side', async () => {
    const src = `fn f(a: Seq<int>, b: Seq<int>) -> (r: bool) ensures r == (a.is_prefix_of(b) && !a.is_suffix_of(b)) {}`;
    expect(await post(src, 'f', { a: ints(1, 2), b: ints(1, 2, 3), r: bool(true) })).toBe('holds');
    expect(await post(src, 'f', { a: ints(1, 2, 3), b: ints(1, 2), r: bool(false) })).toBe('holds');
    expect(await post(src, 'f', { a: ints(2, 3), b: ints(1, 2, 3), r: bool(false) })).toBe('holds');
  });

  it('Multiset::remove takes one occurrence away', async () => {
    const src = `fn f(a: Seq<int>) -> (r: nat) ensures r == a.to_multiset().remove(1).count(1) {}`;
    expect(await post(src, 'f', { a: ints(1, 2, 1), r: int(1) })).toBe('holds');
    expect(await post(src, 'f', { a: ints(1, 2, 1), r: int(0) })).toBe('fails');
  });

  it('multisets: count, insert, len', async () => {
    const src = `fn f(a: Seq<int>) -> (r: nat) ensures r == a.to_multiset().count(1), a.to_multiset().insert(1).count(1) == r + 1, a.to_multiset().len() == a.len() {}`;
    expect(await post(src, 'f', { a: ints(1, 2, 1), r: int(2) })).toBe('holds');
    expect(await post(src, 'f', { a: ints(1, 2, 1), r: int(1) })).toBe('fails');
  });

  it('Option: is_Some/is_some, unwrap (unspecified on None), matches, is, ->, if let, match', async () => {
    const src = `fn f(a: Seq<int>) -> (r: Option<usize>) ensures
      r.is_Some() <==> a.len() > 0,
      r.is_some() ==> r.unwrap() == 0,
      r matches Some(k) ==> a[k as int] == a[0],
      r is Some ==> r->0 == 0usize,
      match r { Some(k) => k == 0, None => a.len() == 0 },
      if let Some(k) = r { k < a.len() } else { true },
      {}`;
    expect(await post(src, 'f', { a: ints(4, 5), r: some(int(0)) })).toBe('holds');
    expect(await post(src, 'f', { a: ints(4, 5), r: none })).toBe('fails');
    expect(await post(src, 'f', { a: ints(4, 5), r: some(int(1)) })).toBe('fails');
    expect(await post(src, 'f', { a: ints(), r: none })).toBe('holds');
    const unwrap = `fn f(x: Option<int>) -> (r: int) ensures r == x.unwrap() {}`;
    expect(await post(unwrap, 'f', { x: none, r: int(0) })).toBe('unknown:unspecified');
  });
});

describe('macros and unsupported constructs', () => {
  it('seq! with expression elements lowers through the parser', async () => {
    const src = `fn f(x: int) -> (r: Seq<int>) ensures r == seq![x % 10, -1, x / 10] {}`;
    expect(await post(src, 'f', { x: int(-13), r: ints(7, -1, -2) })).toBe('holds');
  });

  it('a construct the lowering does not know is unknown with its name, and the rest still decides', async () => {
    const src = `fn f(x: int) -> (r: int) ensures r > 0 && x.frobnicate() {}`;
    expect(await post(src, 'f', { x: int(1), r: int(0) })).toBe('fails');
    expect(await post(src, 'f', { x: int(1), r: int(1) })).toBe('unknown:unsupported');
    expect((await unsupported(src, 'f'))[0]).toMatch(/frobnicate/);
  });
});

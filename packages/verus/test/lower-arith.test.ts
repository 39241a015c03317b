import { describe, expect, it } from 'vitest';
import { int, post, pre, some, none, unsupported } from './lower-helpers.js';

describe('Verus spec arithmetic', () => {
  it('+ - * on machine integers widen to int (no overflow in spec code)', async () => {
    const src = `fn add(x: u8, y: u8) -> (r: u8) requires x + y < 256 ensures r == x + y, x + y > 255 ==> false {}`;
    expect(await pre(src, 'add', { x: int(200), y: int(100) })).toBe('fails');
    expect(await pre(src, 'add', { x: int(200), y: int(55) })).toBe('holds');
    expect(await post(src, 'add', { x: int(200), y: int(55), r: int(255) })).toBe('holds');
    expect(await post(src, 'add', { x: int(200), y: int(55), r: int(254) })).toBe('fails');
    const neg = `fn f(x: u32) -> (r: i64) ensures r == x - 10 {}`;
    expect(await post(neg, 'f', { x: int(3), r: int(-7) })).toBe('holds');
  });

  it('/ and % are Euclidean in spec code; a zero divisor is unspecified', async () => {
    const src = `fn dm(a: i32, b: i32) -> (r: (i32, i32)) ensures r.0 == a / b, r.1 == a % b {}`;
    const pair = (q: number, m: number) => ({ kind: 'tuple', elems: [int(q), int(m)] }) as const;
    expect(await post(src, 'dm', { a: int(-7), b: int(2), r: pair(-4, 1) })).toBe('holds');
    expect(await post(src, 'dm', { a: int(-7), b: int(2), r: pair(-3, -1) })).toBe('fails');
    expect(await post(src, 'dm', { a: int(7), b: int(-2), r: pair(-3, 1) })).toBe('holds');
    expect(await post(src, 'dm', { a: int(-7), b: int(-2), r: pair(4, 1) })).toBe('holds');
    expect(await post(src, 'dm', { a: int(5), b: int(0), r: pair(0, 5) })).toBe('unknown:unspecified');
  });

  it('as casts keep in-range values; out of range they are unspecified; usize only where 32 and 64 bits agree', async () => {
    const src = `fn c(x: int) -> (r: u8) ensures r == x as u8 {}`;
    expect(await post(src, 'c', { x: int(200), r: int(200) })).toBe('holds');
    expect(await post(src, 'c', { x: int(200), r: int(201) })).toBe('fails');
    expect(await post(src, 'c', { x: int(300), r: int(44) })).toBe('unknown:unspecified');
    const us = `fn c(x: u64) -> (r: usize) ensures r == x as usize {}`;
    expect(await post(us, 'c', { x: int(4_000_000_000), r: int(4_000_000_000) })).toBe('holds');
    expect(await post(us, 'c', { x: int(5_000_000_000), r: int(5_000_000_000) })).toBe('unknown:unspecified');
    const toNat = `fn c(x: i32) -> (r: i32) ensures r == x as nat {}`;
    expect(await post(toNat, 'c', { x: int(-1), r: int(0) })).toBe('unknown:unspecified');
    expect(await post(toNat, 'c', { x: int(5), r: int(5) })).toBe('holds');
  });

  it('bit operations are two\'s complement in the operand type; ! is per type', async () => {
    const src = `fn b(x: i8, y: i8) -> (r: (i8, i8, i8, i8)) ensures r.0 == x & y, r.1 == x | y, r.2 == x ^ y, r.3 == !x {}`;
    const t = (...xs: number[]) => ({ kind: 'tuple', elems: xs.map(int) }) as const;
    // -6 = 0b11111010, 3 = 0b00000011
    expect(await post(src, 'b', { x: int(-6), y: int(3), r: t(2, -5, -7, 5) })).toBe('holds');
    expect(await post(src, 'b', { x: int(-6), y: int(3), r: t(2, -5, -7, 6) })).toBe('fails');
    const u = `fn n(x: u8) -> (r: u8) ensures r == !x, r & 0xF0 == (!x) & 0xF0u8 {}`;
    expect(await post(u, 'n', { x: int(5), r: int(250) })).toBe('holds');
    const us = `fn n(x: usize) -> (r: usize) ensures r == !x {}`;
    expect(await post(us, 'n', { x: int(5), r: int(250) })).toBe('unknown:unsupported');
    expect((await unsupported(us, 'n'))[0]).toMatch(/platform width/);
  });

  it('shifts: << keeps the low bits, >> is arithmetic on signed types, amounts outside the width are unspecified', async () => {
    const src = `fn s(x: u8, n: u32) -> (r: u8) ensures r == x << n {}`;
    expect(await post(src, 's', { x: int(0b1100_0001), n: int(1), r: int(0b1000_0010) })).toBe('holds');
    expect(await post(src, 's', { x: int(1), n: int(8), r: int(0) })).toBe('unknown:unspecified');
    const sr = `fn s(x: i16, n: u32) -> (r: i16) ensures r == x >> n {}`;
    expect(await post(sr, 's', { x: int(-7), n: int(1), r: int(-4) })).toBe('holds');
    expect(await post(sr, 's', { x: int(-7), n: int(1), r: int(-3) })).toBe('fails');
    const sl = `fn s(x: i8) -> (r: i8) ensures r == x << 1u32 {}`;
    expect(await post(sl, 's', { x: int(64), r: int(-128) })).toBe('holds');
  });

  it('wrapping_* wrap into the type; checked_* give None outside it; vstd add() is unspecified on overflow', async () => {
    const w = `fn w(x: u8, y: u8) -> (r: u8) ensures r == x.wrapping_add(y) {}`;
    expect(await post(w, 'w', { x: int(250), y: int(10), r: int(4) })).toBe('holds');
    const ws = `fn w(x: i8) -> (r: i8) ensures r == x.wrapping_sub(1) {}`;
    expect(await post(ws, 'w', { x: int(-128), r: int(127) })).toBe('holds');
    const c = `fn c(x: u32, y: u32) -> (r: Option<u32>) ensures r == x.checked_mul(y) {}`;
    expect(await post(c, 'c', { x: int(70000), y: int(70000), r: none })).toBe('holds');
    expect(await post(c, 'c', { x: int(7), y: int(6), r: some(int(42)) })).toBe('holds');
    expect(await post(c, 'c', { x: int(7), y: int(6), r: none })).toBe('fails');
    const cu = `fn c(x: usize, y: usize) -> (r: Option<usize>) ensures r == x.checked_add(y) {}`;
    expect(await post(cu, 'c', { x: int(4294967295), y: int(1), r: none })).toBe('unknown:unspecified');
    expect(await post(cu, 'c', { x: int(1), y: int(1), r: some(int(2)) })).toBe('holds');
    const a = `fn a(x: u8, y: u8) -> (r: u8) ensures r == add(x, y) {}`;
    expect(await post(a, 'a', { x: int(250), y: int(5), r: int(255) })).toBe('holds');
    expect(await post(a, 'a', { x: int(250), y: int(10), r: int(4) })).toBe('unknown:unspecified');
  });

  it('integer constants: MAX/MIN of fixed widths, usize::MAX is platform-dependent', async () => {
    const src = `fn m(x: i32) -> (r: bool) ensures r == (x == i32::MIN || x == u8::MAX as i32) {}`;
    expect(await post(src, 'm', { x: int(-2147483648), r: { kind: 'bool', value: true } })).toBe('holds');
    expect(await post(src, 'm', { x: int(255), r: { kind: 'bool', value: false } })).toBe('fails');
    expect((await unsupported(`fn m(x: usize) ensures x < usize::MAX {}`, 'm'))[0]).toMatch(/platform/);
  });
});

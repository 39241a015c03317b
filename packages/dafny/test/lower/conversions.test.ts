import { V } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { check, lowerFully, run } from './helpers.js';

const real = (num: number | bigint, den: number | bigint = 1) => V.real(num, den);
const ch = (c: string) => V.char(c);

describe('conversions', () => {
  it('converts chars and ints', async () => {
    expect(await check('c: char', "c as int == 97 && 98 as char == 'b'", { c: ch('a') })).toBe('holds');
    expect(await check('n: int', 'n as char == n as char', { n: -1 })).toBe('unknown:not-well-formed');
  });

  it('converts ints to reals and integral reals to ints', async () => {
    expect(await check('n: int, r: real', 'n as real / 2.0 == r', { n: 5, r: real(5, 2) })).toBe('holds');
    expect(await check('r: real', 'r as int == 3', { r: real(3) })).toBe('holds');
    // Dafny: "the real-based number must be an integer (if you want truncation, apply .Floor)".
    expect(await check('r: real', 'r as int == -2', { r: real(-3, 2) })).toBe('unknown:not-well-formed');
    expect(await check('r: real', 'r.Floor == -2', { r: real(-3, 2) })).toBe('holds');
    const spec = await lowerFully('method M(r: real) returns (n: int)\n  ensures n == r as int\n');
    expect((await run(spec, { r: real(-3, 2), n: -2 })).reason).toMatch(/not well-formed: no case matches \(false, "as int needs a real that is an integer"\) at test\.dfy:2:16/);
  });

  it('reads real literals with exponents exactly (1.5e3, 1e-15)', async () => {
    expect(await check('r: real', 'r == 1.5e3 && r * 1e-3 == 1.5', { r: real(1500) })).toBe('holds');
    expect(await check('r: real', 'r < 1e-15', { r: real(1, 10n ** 16n) })).toBe('holds');
    expect(await check('r: real', 'r == 2.5e-1', { r: real(1, 3) })).toBe('fails');
  });

  it('checks conversions into nat and subset types', async () => {
    expect(await check('n: int', 'n as nat == 3', { n: 3 })).toBe('holds');
    expect(await check('n: int', 'n as nat == 3', { n: -3 })).toBe('unknown:not-well-formed');
    const prelude = 'type Even = x: int | x % 2 == 0 witness 0';
    expect(await check('n: int', 'n as Even == 4', { n: 4 }, prelude)).toBe('holds');
    expect(await check('n: int', 'n as Even == 3', { n: 3 }, prelude)).toBe('unknown:not-well-formed');
  });

  it('keeps newtype arithmetic inside the newtype', async () => {
    const prelude = 'newtype Byte = x: int | 0 <= x < 256\nfunction Next(b: Byte): Byte requires b < 255 { b + 1 }';
    expect(await check('b: Byte', 'b + 1 > 0 && Next(b) - 1 == b', { b: 3 }, prelude)).toBe('holds');
    expect(await check('b: Byte', 'b + 1 > 0', { b: 255 }, prelude)).toBe('unknown:not-well-formed');
    expect(await check('b: Byte', 'var c := b * 2; c > 0', { b: 200 }, prelude)).toBe('unknown:not-well-formed');
    expect(await check('b: Byte', 'b as int + 1 == 256', { b: 255 }, prelude)).toBe('holds');
  });

  it('converts into bit-vectors within range', async () => {
    expect(await check('n: int', '(n as bv8) as int == n', { n: 200 })).toBe('holds');
    expect(await check('n: int', '(n as bv8) as int == n', { n: 300 })).toBe('unknown:not-well-formed');
  });
});

describe('literals', () => {
  it('reads integer, hex and real literals exactly', async () => {
    expect(await check('', '1_000 == 1000 && 0xFF == 255 && 0x1_0 == 16')).toBe('holds');
    expect(await check('r: real', 'r == 3.14159265358979323846', { r: real(314159265358979323846n, 10n ** 20n) })).toBe('holds');
    expect(await check('', '0.5 + 0.25 == 0.75 && -0.5 < 0.0')).toBe('holds');
  });

  it('decodes char and string escapes', async () => {
    expect(await check('s: string', 's == "a\\"b\\n\\\\\\u0041\\U{1F600}"', { s: 'a"b\n\\A😀' })).toBe('holds');
    expect(await check('c: char', "c == '\\''", { c: ch("'") })).toBe('holds');
    expect(await check('c: char', "c == '\\n' && c != '\\t'", { c: ch('\n') })).toBe('holds');
    expect(await check('s: string', 's == @"say ""hi"" \\n"', { s: 'say "hi" \\n' })).toBe('holds');
  });

  it('treats strings as sequences of chars', async () => {
    expect(await check('s: string', "|s| == 3 && s[0] == 'a' && s[1..] == \"bc\" && 'c' in s && s + \"d\" == \"abcd\"", { s: 'abc' })).toBe('holds');
  });
});

import { describe, expect, it } from 'vitest';
import { floatOfBinary, floatToBinary } from '../../src/model/floats.js';

describe('exact conversions into doubles', () => {
  it('round-trips doubles through m * 2^e, subnormals and extremes included', () => {
    for (const x of [0.1, 1, 3, -7.5, 1e300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 123456789.123, -1e-310]) {
      const { m, e } = floatToBinary(x);
      expect(floatOfBinary(m, e)).toBe(x);
    }
  });

  it('rounds integers to nearest, ties to even, as Number(bigint) does', () => {
    const big = [2n ** 53n + 1n, 2n ** 53n + 3n, 2n ** 64n - 1n, 3n ** 50n, 10n ** 30n + 12345n, -(2n ** 60n) - 1n];
    for (const n of big) expect(floatOfBinary(n)).toBe(Number(n));
    // 2^53 + 1 is a tie between 2^53 and 2^53 + 2: the even mantissa wins.
    expect(floatOfBinary(2n ** 53n + 1n)).toBe(2 ** 53);
  });

  it('underflows to subnormals and zero, overflows to infinity', () => {
    expect(floatOfBinary(1n, -1074n)).toBe(5e-324);
    expect(floatOfBinary(1n, -1075n)).toBe(0); // exactly half the smallest subnormal: ties to even (0)
    expect(floatOfBinary(3n, -1076n)).toBe(5e-324); // 0.75 of it rounds up
    expect(floatOfBinary(1n, 1024n)).toBe(Infinity);
    expect(floatOfBinary(-1n, 1024n)).toBe(-Infinity);
    expect(floatOfBinary(2n ** 53n - 1n, 971n)).toBe(1.7976931348623157e308);
  });

  it('truncates to the kept bits before rounding when asked (double rounding)', () => {
    // 2^64 + 2^11 + 1: correct rounding goes up past the tie; keeping 64 bits first drops the 1 and
    // leaves an exact tie between 2^64 and 2^64 + 2^12, which rounds to the even 2^64.
    const n = 2n ** 64n + 2n ** 11n + 1n;
    expect(floatOfBinary(n)).toBe(2 ** 64 + 2 ** 12);
    expect(floatOfBinary(n, 0n, 64)).toBe(2 ** 64);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { int, post } from './lower-helpers.js';

/** Reference two's-complement results computed with BigInt.asIntN / asUintN. */
const norm = (x: bigint, bits: number, signed: boolean) => (signed ? BigInt.asIntN(bits, x) : BigInt.asUintN(bits, x));

const types = [
  { name: 'i8', bits: 8, signed: true },
  { name: 'u8', bits: 8, signed: false },
  { name: 'i16', bits: 16, signed: true },
  { name: 'u32', bits: 32, signed: false },
  { name: 'i64', bits: 64, signed: true },
] as const;

describe('bit operations agree with two\'s complement on every width', () => {
  for (const ty of types) {
    it(`${ty.name}: & | ^ ! << >>`, async () => {
      const lo = ty.signed ? -(1n << BigInt(ty.bits - 1)) : 0n;
      const hi = ty.signed ? (1n << BigInt(ty.bits - 1)) - 1n : (1n << BigInt(ty.bits)) - 1n;
      const value = fc.bigInt({ min: lo, max: hi });
      const src = `fn f(x: ${ty.name}, y: ${ty.name}, n: u32) -> (r: (${ty.name}, ${ty.name}, ${ty.name}, ${ty.name}, ${ty.name}, ${ty.name}))
        ensures r.0 == x & y, r.1 == x | y, r.2 == x ^ y, r.3 == !x, r.4 == x << n, r.5 == x >> n {}`;
      await fc.assert(
        fc.asyncProperty(value, value, fc.integer({ min: 0, max: ty.bits - 1 }), async (x, y, n) => {
          const expected = [x & y, x | y, x ^ y, norm(~x, ty.bits, ty.signed), norm(x << BigInt(n), ty.bits, ty.signed), x >> BigInt(n)].map((v) => norm(v, ty.bits, ty.signed));
          const r = { kind: 'tuple' as const, elems: expected.map((v) => int(v)) };
          expect(await post(src, 'f', { x: int(x), y: int(y), n: int(n), r })).toBe('holds');
          const wrong = { kind: 'tuple' as const, elems: expected.map((v, i) => int(i === 3 ? v ^ 1n : v)) };
          expect(await post(src, 'f', { x: int(x), y: int(y), n: int(n), r: wrong })).toBe('fails');
        }),
        { numRuns: 40 },
      );
    });
  }
});

/**
 * Exact conversions into IEEE 754 binary64 (a backend's literals and the evaluator's conversions use
 * them): an integer times a power of two, rounded to nearest with ties to even, subnormals and
 * overflow to infinity included.
 */

const view = new DataView(new ArrayBuffer(8));

function fromBits(bits: bigint): number {
  view.setBigUint64(0, bits);
  return view.getFloat64(0);
}

function bitLength(n: bigint): number {
  return n.toString(2).length;
}

/** The positive double nearest `a · 2^exp` (`a > 0`), ties to even. */
function roundScaled(a: bigint, exp: bigint): number {
  const top = BigInt(bitLength(a) - 1) + exp; // a·2^exp lies in [2^top, 2^(top+1))
  if (top > 1023n) return Infinity;
  let lsb = top - 52n < -1074n ? -1074n : top - 52n; // weight of the last bit the double keeps
  const shift = lsb - exp;
  let q: bigint;
  if (shift <= 0n) q = a << -shift;
  else {
    q = a >> shift;
    const rest = a - (q << shift);
    const half = 1n << (shift - 1n);
    if (rest > half || (rest === half && (q & 1n) === 1n)) q += 1n;
  }
  if (q === 1n << 53n) {
    q >>= 1n;
    lsb += 1n;
  }
  if (q === 0n) return 0;
  if (q < 1n << 52n) return fromBits(q); // subnormal: the exponent field is 0
  const biased = lsb + 1075n;
  if (biased >= 2047n) return Infinity;
  return fromBits((biased << 52n) | (q - (1n << 52n)));
}

/**
 * `m · 2^e` as a double, rounded to nearest (ties to even). With `keepBits`, `m` is first truncated to
 * its `keepBits` most significant bits, as some runtimes do before rounding (Lean's
 * `Float.ofBinaryScientific`, behind its `Float.ofNat`, `Float.ofInt` and decimal literals, keeps 64):
 * that double rounding can differ from correct rounding in the last bit.
 */
export function floatOfBinary(m: bigint, e: bigint = 0n, keepBits?: number): number {
  if (m === 0n) return 0;
  const neg = m < 0n;
  let a = neg ? -m : m;
  let exp = e;
  if (keepBits !== undefined) {
    const extra = bitLength(a) - keepBits;
    if (extra > 0) {
      a >>= BigInt(extra);
      exp += BigInt(extra);
    }
  }
  const x = roundScaled(a, exp);
  return neg ? -x : x;
}

/** A finite double as `m · 2^e` exactly (`m` odd unless the double is zero). */
export function floatToBinary(x: number): { m: bigint; e: bigint } {
  if (!Number.isFinite(x)) throw new RangeError(`${x} is not finite`);
  if (x === 0) return { m: 0n, e: 0n };
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = (bits >> 52n) & 0x7ffn;
  const frac = bits & ((1n << 52n) - 1n);
  let m = biased === 0n ? frac : frac | (1n << 52n);
  let e = (biased === 0n ? 1n : biased) - 1075n;
  while ((m & 1n) === 0n) {
    m >>= 1n;
    e += 1n;
  }
  return { m: x < 0 ? -m : m, e };
}

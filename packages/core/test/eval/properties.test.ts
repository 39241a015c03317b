import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builders, DAFNY, LEAN, NAT, VERUS, machineInt, type Expr } from '../../src/ir/index.js';
import { T } from '../../src/model/types.js';
import { V, type Value } from '../../src/model/values.js';
import { E, run } from './helpers.js';

const a = E.v('a');
const b = E.v('b');
const s = E.v('s');
const t = E.v('t');
const i = E.v('i');
const j = E.v('j');

async function status(e: Expr, bindings: Record<string, Value>): Promise<string> {
  return (await run(e, bindings)).status;
}
const holds = async (e: Expr, bindings: Record<string, Value>) => expect(await status(e, bindings)).toBe('holds');
const truth = (x: boolean) => (x ? 'holds' : 'fails');

const big = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
const nonZero = big.filter((x) => x !== 0n);
const smallInts = fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 8 });
const seqOf = (xs: number[]) => V.seq(xs.map((x) => V.int(x)));
const setOf = (xs: number[]) => V.set(xs.map((x) => V.int(x)));
const msOf = (xs: number[]) => V.multiset(xs.map((x) => V.int(x)));
const abs = (x: bigint) => (x < 0n ? -x : x);

describe('integer arithmetic matches the language definitions', () => {
  it('Dafny / and % are Euclidean: a == b*(a/b) + a%b and 0 <= a%b < |b|', async () => {
    await fc.assert(
      fc.asyncProperty(big, nonZero, async (x, y) => {
        const law = E.and(E.eq(a, E.add(E.mul(b, E.div(a, b)), E.mod(a, b))), E.le(E.int(0), E.mod(a, b)), E.lt(E.mod(a, b), E.prim('abs', b)));
        await holds(law, { a: V.int(x), b: V.int(y) });
      }),
    );
  });

  it('Verus spec / and % are Euclidean (guide, "Arithmetic in spec code"): b*q + r == a, 0 <= r < |b|', async () => {
    const v = builders(VERUS);
    await fc.assert(
      fc.asyncProperty(big, nonZero, async (x, y) => {
        const r = ((x % y) + abs(y)) % abs(y);
        const q = (x - r) / y;
        expect(q * y + r).toBe(x);
        await holds(E.and(v.eq(v.div(a, b), E.int(q)), v.eq(v.mod(a, b), E.int(r))), { a: V.int(x), b: V.int(y) });
      }),
    );
  });

  it('truncating / and % (exec Rust): quotient toward zero, remainder with the sign of the dividend', async () => {
    const v = builders(VERUS);
    const o = { rounding: 'trunc' as const };
    await fc.assert(
      fc.asyncProperty(big, nonZero, async (x, y) => {
        const q = x / y; // JS BigInt division truncates, as Rust does
        const r = x % y;
        await holds(E.and(v.eq(v.div(a, b, o), E.int(q)), v.eq(v.mod(a, b, o), E.int(r))), { a: V.int(x), b: V.int(y) });
        expect(r === 0n || r < 0n === x < 0n).toBe(true);
        expect(abs(q * y) <= abs(x)).toBe(true);
      }),
    );
  });

  it('floor division: remainder has the sign of the divisor and q = floor(a / b)', async () => {
    await fc.assert(
      fc.asyncProperty(big, nonZero, async (x, y) => {
        const o = { rounding: 'floor' as const };
        const law = E.and(
          E.eq(a, E.add(E.mul(b, E.div(a, b, o)), E.mod(a, b, o))),
          E.or(E.eq(E.mod(a, b, o), E.int(0)), E.eq(E.lt(E.mod(a, b, o), E.int(0)), E.lt(b, E.int(0)))),
          E.lt(E.prim('abs', E.mod(a, b, o)), E.prim('abs', b)),
        );
        await holds(law, { a: V.int(x), b: V.int(y) });
        // floor: q <= a / b < q + 1, checked exactly with reals
        const q = E.intToReal(E.div(a, b, o));
        const exact = E.div(E.intToReal(a), E.intToReal(b));
        await holds(E.and(E.le(q, exact), E.lt(exact, E.add(q, E.real(1)))), { a: V.int(x), b: V.int(y) });
      }),
    );
  });

  it('Lean: Nat subtraction stops at zero, x / 0 = 0 and x % 0 = x', async () => {
    const l = builders(LEAN);
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), async (x, y) => {
        const diff = x > y ? x - y : 0n;
        await holds(l.eq(l.sub(a, b, { domain: NAT }), E.int(diff)), { a: V.int(x), b: V.int(y) });
        await holds(l.and(l.eq(l.div(a, E.int(0)), E.int(0)), l.eq(l.mod(a, E.int(0)), a)), { a: V.int(x) });
      }),
    );
  });

  it('machine integers wrap, overflow (error) or leave the result unspecified', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 255n }), fc.bigInt({ min: 0n, max: 255n }), async (x, y) => {
        const sum = x + y;
        const wrapping = E.eq(E.add(a, b, { domain: machineInt('u8', 'wrap') }), E.int(sum % 256n));
        await holds(wrapping, { a: V.int(x), b: V.int(y) });
        const checked = await run(E.eq(E.add(a, b, { domain: machineInt('u8', 'error') }), E.int(sum)), { a: V.int(x), b: V.int(y) });
        expect(checked.status === 'holds' ? sum <= 255n : checked.cause === 'not-well-formed').toBe(true);
        const unspec = await run(E.ge(E.add(a, b, { domain: machineInt('u8', 'unspecified') }), E.int(0)), { a: V.int(x), b: V.int(y) });
        expect(unspec.status === 'holds' ? sum <= 255n : unspec.cause === 'unspecified').toBe(true);
      }),
    );
    const i8 = machineInt('i8', 'wrap');
    await holds(E.eq(E.add(E.int(127), E.int(1), { domain: i8 }), E.int(-128)), {});
  });

  it('real arithmetic is exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 50 }), async (p, q, k) => {
        const x = V.real(p, q);
        await holds(E.eq(E.mul(E.div(a, E.real(k)), E.real(k)), a), { a: x });
        await holds(E.eq(E.realFloor(a), E.int(Math.floor(p / q))), { a: x });
      }),
    );
  });
});

describe('collection semantics', () => {
  it('set union, intersection, difference, subset and disjointness', async () => {
    await fc.assert(
      fc.asyncProperty(smallInts, smallInts, fc.integer({ min: -6, max: 6 }), async (xs, ys, x) => {
        const A = new Set(xs);
        const B = new Set(ys);
        const env = { s: setOf(xs), t: setOf(ys), x: V.int(x) };
        const inter = [...A].filter((v) => B.has(v));
        await holds(E.eq(E.card(E.union(s, t)), E.int(A.size + B.size - inter.length)), env);
        await holds(E.eq(E.intersect(s, t), E.lit(setOf(inter))), env);
        await holds(E.and(E.disjoint(E.difference(s, t), t), E.subset(s, E.union(s, t)), E.le(E.mul(s, t), s)), env);
        expect(await status(E.in(E.v('x'), E.add(s, t)), env)).toBe(truth(A.has(x) || B.has(x)));
        expect(await status(E.in(E.v('x'), E.sub(s, t)), env)).toBe(truth(A.has(x) && !B.has(x)));
        expect(await status(E.lt(s, t), env)).toBe(truth([...A].every((v) => B.has(v)) && A.size < B.size));
      }),
    );
  });

  it('multiset sums, intersections, differences and multiplicities', async () => {
    const count = (xs: number[], x: number) => xs.filter((v) => v === x).length;
    await fc.assert(
      fc.asyncProperty(smallInts, smallInts, fc.integer({ min: -6, max: 6 }), async (xs, ys, x) => {
        const env = { s: msOf(xs), t: msOf(ys), x: V.int(x), q: seqOf(xs) };
        const X = E.v('x');
        await holds(E.eq(E.index(E.add(s, t), X), E.int(count(xs, x) + count(ys, x))), env);
        await holds(E.eq(E.index(E.mul(s, t), X), E.int(Math.min(count(xs, x), count(ys, x)))), env);
        await holds(E.eq(E.index(E.sub(s, t), X), E.int(Math.max(0, count(xs, x) - count(ys, x)))), env);
        await holds(E.eq(E.multiplicity(E.toMultiset(E.v('q')), X), E.int(count(xs, x))), env);
        await holds(E.and(E.eq(E.card(E.toMultiset(E.v('q'))), E.card(E.v('q'))), E.eq(E.toMultiset(E.v('q')), s)), env);
        await holds(E.and(E.eq(E.index(E.update(s, X, E.int(3)), X), E.int(3)), E.eq(E.card(E.update(s, X, E.int(0))), E.int(xs.length - count(xs, x)))), env);
      }),
    );
  });

  it('slices, concatenation, prefixes and sequence updates', async () => {
    await fc.assert(
      fc.asyncProperty(smallInts, smallInts, fc.nat(10), fc.integer({ min: -5, max: 5 }), async (xs, ys, k0, v) => {
        const k = Math.min(k0, xs.length);
        const K = E.int(k);
        const env = { s: seqOf(xs), t: seqOf(ys) };
        await holds(E.eq(E.add(E.slice(s, undefined, K), E.slice(s, K, undefined)), s), env);
        await holds(E.eq(E.card(E.add(s, t)), E.int(xs.length + ys.length)), env);
        await holds(E.and(E.le(s, E.add(s, t)), E.prefix(s, E.concat(s, t))), env);
        expect(await status(E.lt(s, E.add(s, t)), env)).toBe(truth(ys.length > 0));
        await holds(E.eq(E.slice(s, K, K), E.seq()), env);
        if (xs.length > 0) {
          const idx = E.int(k0 % xs.length);
          const upd = E.update(s, idx, E.int(v));
          await holds(E.and(E.eq(E.index(upd, idx), E.int(v)), E.eq(E.card(upd), E.card(s))), env);
        }
        const out = await run(E.eq(E.slice(s, K, E.int(xs.length + 1)), s), env);
        expect(out.cause).toBe('not-well-formed');
        const clamp = builders(LEAN).slice(s, K, E.int(xs.length + 5), { bounds: 'clamp' });
        await holds(E.eq(clamp, E.lit(seqOf(xs.slice(k)))), env);
      }),
    );
  });

  it('map updates, removal, views and lookups', async () => {
    const entries = fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: -9, max: 9 })), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(entries, fc.integer({ min: 0, max: 6 }), fc.integer({ min: -9, max: 9 }), async (es, key, val) => {
        const js = new Map(es);
        const m = V.map(es.map(([x, y]) => [V.int(x), V.int(y)]));
        const env = { m, k: V.int(key), v: V.int(val) };
        const M = E.v('m');
        const K = E.v('k');
        const upd = E.update(M, K, E.v('v'));
        await holds(E.eq(E.index(upd, K), E.v('v')), env);
        await holds(E.eq(E.card(upd), E.int(js.size + (js.has(key) ? 0 : 1))), env);
        await holds(E.forall(['x'], E.implies(E.and(E.in(E.v('x'), M), E.ne(E.v('x'), K)), E.eq(E.index(upd, E.v('x')), E.index(M, E.v('x'))))), env);
        await holds(E.eq(E.keys(M), E.lit(setOf([...js.keys()]))), env);
        await holds(E.notIn(K, E.sub(M, E.set(K))), env);
        await holds(E.eq(E.card(E.items(M)), E.card(M)), env);
        const look = await run(E.eq(E.index(M, K), E.v('v')), env);
        if (!js.has(key)) expect(look.cause).toBe('not-well-formed');
        else expect(look.status).toBe(truth(js.get(key) === val));
      }),
    );
  });
});

describe('quantifier enumeration equals brute force', () => {
  it('sortedness, membership and pair sums over sequences', async () => {
    await fc.assert(
      fc.asyncProperty(smallInts, fc.integer({ min: -10, max: 10 }), async (xs, x) => {
        const env = { s: seqOf(xs), x: V.int(x) };
        const sorted = E.forall(['i', 'j'], E.implies(E.chain([E.int(0), i, j, E.card(s)], ['le', 'lt', 'lt']), E.le(E.index(s, i), E.index(s, j))));
        expect(await status(sorted, env)).toBe(truth(xs.every((v, k) => k === 0 || xs[k - 1]! <= v)));
        const found = E.exists(['i'], E.and(E.le(E.int(0), i), E.lt(i, E.card(s)), E.eq(E.index(s, i), E.v('x'))));
        expect(await status(found, env)).toBe(truth(xs.includes(x)));
        const pair = E.exists(['i', 'j'], E.and(E.le(E.int(0), i), E.le(i, j), E.lt(j, E.card(s)), E.eq(E.add(E.index(s, i), E.index(s, j)), E.v('x'))));
        const brute = xs.some((p, k) => xs.some((q, l) => k <= l && p + q === x));
        expect(await status(pair, env)).toBe(truth(brute));
        const viaIn = E.forall(['y'], E.implies(E.in(E.v('y'), s), E.le(E.v('y'), E.v('x'))));
        expect(await status(viaIn, env)).toBe(truth(xs.every((v) => v <= x)));
        const domain = E.forall([{ name: 'y', domain: s }], E.ge(E.v('y'), E.v('x')));
        expect(await status(domain, env)).toBe(truth(xs.every((v) => v >= x)));
      }),
    );
  });

  it('bounds from the outer scope, reversed comparisons, nested quantifiers and divisors', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 60 }), async (n) => {
        const N = E.v('n');
        const k = E.v('k');
        const prime = E.and(E.ge(N, E.int(2)), E.forall(['k'], E.implies(E.and(E.gt(k, E.int(1)), E.gt(N, k)), E.ne(E.mod(N, k), E.int(0)))));
        const isPrime = n >= 2 && [...Array(n).keys()].every((d) => d < 2 || n % d !== 0);
        expect(await status(prime, { n: V.int(n) })).toBe(truth(isPrime));
        const sumOfTwoSquares = E.exists(['p'], E.and(E.le(E.int(0), E.v('p')), E.le(E.v('p'), N), E.exists(['q'], E.and(E.le(E.int(0), E.v('q')), E.le(E.v('q'), E.v('p')), E.eq(E.add(E.mul(E.v('p'), E.v('p')), E.mul(E.v('q'), E.v('q'))), N)))));
        const brute = [...Array(n + 1).keys()].some((p) => [...Array(p + 1).keys()].some((q) => p * p + q * q === n));
        expect(await status(sumOfTwoSquares, { n: V.int(n) })).toBe(truth(brute));
      }),
      { numRuns: 40 },
    );
  });

  it('bool, enumeration datatypes, chars, nat lower bounds and map keys', async () => {
    const B = E.v('b');
    await holds(E.forall([['b', T.bool]], E.or(B, E.not(B))), {});
    expect(await status(E.exists([['b', T.bool]], E.and(B, E.not(B))), {})).toBe('fails');
    const color = T.datatype('Color', [{ name: 'Red', fields: [] }, { name: 'Green', fields: [] }]);
    await holds(E.forall([['c', color]], E.or(E.isCtor(E.v('c'), 'Red'), E.isCtor(E.v('c'), 'Green'))), {});
    const c = E.v('c');
    const lower = E.forall(['c'], E.implies(E.and(E.le(E.char('a'), c), E.le(c, E.char('z'))), E.in(c, E.v('alpha'))));
    await holds(lower, { alpha: V.string('abcdefghijklmnopqrstuvwxyz') });
    expect(await status(lower, { alpha: V.string('abc') })).toBe('fails');
    await holds(E.forall([['k', T.nat]], E.implies(E.lt(E.v('k'), E.int(5)), E.lt(E.mul(E.v('k'), E.v('k')), E.int(25)))), {});
    const m = V.map([[V.string('a'), V.int(1)], [V.string('b'), V.int(2)]]);
    await holds(E.forall(['key'], E.implies(E.in(E.v('key'), E.v('m')), E.gt(E.index(E.v('m'), E.v('key')), E.int(0)))), { m });
  });

  it('only: the single element of a collection; none or several are unspecified (a choose without a unique witness)', async () => {
    await fc.assert(
      fc.asyncProperty(smallInts, async (xs) => {
        const distinct = [...new Set(xs)];
        const r = await run(E.eq(E.prim('only', E.v('s')), E.int(distinct[0] ?? 0)), { s: setOf(xs) });
        if (distinct.length === 1) expect(r.status).toBe('holds');
        else expect(r).toMatchObject({ status: 'unknown', cause: 'unspecified' });
      }),
    );
    const x = E.v('x');
    const chosen = E.prim('only', E.setComp(['x'], E.and(E.le(E.int(0), x), E.lt(x, E.int(10)), E.eq(E.mul(x, x), E.int(49)))));
    expect(await status(E.eq(chosen, E.int(7)), {})).toBe('holds');
  });

  it('comprehensions enumerate their ranges', async () => {
    const x = E.v('x');
    await holds(E.eq(E.setComp(['x'], E.and(E.in(x, s), E.gt(x, E.int(0)))), E.set(E.int(1), E.int(3))), { s: seqOf([1, -2, 3, 1]) });
    await holds(E.eq(E.setComp(['x'], E.and(E.le(E.int(0), x), E.lt(x, E.int(4))), E.mul(x, x)), E.set(E.int(0), E.int(1), E.int(4), E.int(9))), {});
    await holds(E.eq(E.mapComp(['x'], E.in(x, s), undefined, E.mul(x, E.int(2))), E.map([E.int(1), E.int(2)], [E.int(2), E.int(4)])), { s: setOf([1, 2]) });
    const unbounded = await run(E.eq(E.setComp(['x'], E.gt(x, E.int(0))), E.set()), {});
    expect(unbounded).toMatchObject({ status: 'unknown', cause: 'unsupported' });
  });

  it('a forall with an unknown instance is still false when another instance fails', async () => {
    const v = builders(VERUS);
    // s[i] / (i - 1) is unspecified at i = 1, but the instance i = 2 is definitely false.
    const q = E.forall(['i'], E.implies(E.and(E.le(E.int(0), i), E.lt(i, E.card(s))), v.gt(v.div(E.index(s, i), E.sub(i, E.int(1))), E.int(0))));
    expect(await status(q, { s: seqOf([1, 1, -5]) })).toBe('fails');
    expect((await run(q, { s: seqOf([-1, 1, 5]) })).cause).toBe('unspecified');
    const d = builders(DAFNY);
    expect(d.semantics.name).toBe('dafny');
  });
});

import { describe, expect, it } from 'vitest';
import { T } from '../../src/model/types.js';
import { V } from '../../src/model/values.js';
import { z3Solver } from '../../src/eval/index.js';
import { E, run } from './helpers.js';

const k = E.v('k');
const n = E.v('n');
const withZ3 = { solver: z3Solver, timeoutMs: 5_000 };

describe('Z3 fallback for quantifiers without finite bounds', () => {
  it('is not used unless asked: the quantifier is unknown (gave-up)', async () => {
    const square = E.exists([['k', T.int]], E.eq(E.mul(k, k), n));
    const res = await run(square, { n: V.int(49) });
    expect(res).toMatchObject({ status: 'unknown', cause: 'gave-up' });
    expect(res.reason).toMatch(/cannot enumerate exists k \(no finite bounds\)/);
  });

  it('decides an unbounded exists and forall with the values substituted', async () => {
    const square = E.exists([['k', T.int]], E.eq(E.mul(k, k), n));
    expect((await run(square, { n: V.int(49) }, withZ3)).status).toBe('holds');
    expect((await run(square, { n: V.int(50) }, withZ3)).status).toBe('fails');
    const growth = E.forall([['k', T.int]], E.implies(E.gt(k, n), E.gt(E.mul(k, k), E.mul(n, n))));
    expect((await run(growth, { n: V.int(3) }, withZ3)).status).toBe('holds');
    expect((await run(growth, { n: V.int(-3) }, withZ3)).status).toBe('fails');
  });

  it('decides quantifiers over reals and with Euclidean and truncating division', async () => {
    const x = E.v('x');
    const half = E.exists([['x', T.real]], E.eq(E.add(x, x), E.v('r')));
    expect((await run(half, { r: V.real(3, 7) }, withZ3)).status).toBe('holds');
    const euclid = E.forall([['k', T.int]], E.and(E.le(E.int(0), E.mod(k, E.int(3))), E.lt(E.mod(k, E.int(3)), E.int(3))));
    expect((await run(euclid, {}, withZ3)).status).toBe('holds');
    const trunc = E.forall([['k', T.int]], E.le(E.int(0), E.mod(k, E.int(3), { rounding: 'trunc' })));
    expect((await run(trunc, {}, withZ3)).status).toBe('fails');
  });

  it('combines enumeration outside with Z3 inside', async () => {
    // forall i in range, exists unbounded k with s[i] == 2k (every element is even)
    const s = E.v('s');
    const i = E.v('i');
    const evens = E.forall(['i'], E.implies(E.and(E.le(E.int(0), i), E.lt(i, E.card(s))), E.exists([['k', T.int]], E.eq(E.index(s, i), E.mul(E.int(2), k)))));
    expect((await run(evens, { s: V.seq([V.int(2), V.int(8), V.int(-4)]) }, withZ3)).status).toBe('holds');
    expect((await run(evens, { s: V.seq([V.int(2), V.int(7)]) }, withZ3)).status).toBe('fails');
  });

  it('gives unknown when the formula cannot be translated', async () => {
    const q = E.forall([['t', T.set(T.int)]], E.subset(E.v('t'), E.union(E.v('t'), E.v('u'))));
    const res = await run(q, { u: V.set([V.int(1)]) }, withZ3);
    expect(res).toMatchObject({ status: 'unknown', cause: 'unsupported' });
    expect(res.reason).toMatch(/cannot give forall t to Z3/);
  });

  it('gives unknown (timeout) when Z3 runs out of time', async () => {
    const x = E.v('x');
    const y = E.v('y');
    const z = E.v('z');
    const cube = (a: ReturnType<typeof E.v>) => E.mul(E.mul(a, a), a);
    // Fermat for n = 3: no positive solutions, which Z3 cannot show in a few hundred milliseconds.
    const fermat = E.exists(
      [['x', T.int], ['y', T.int], ['z', T.int]],
      E.and(E.gt(x, E.int(0)), E.gt(y, E.int(0)), E.gt(z, E.int(0)), E.eq(E.add(cube(x), cube(y)), cube(z))),
    );
    const started = Date.now();
    const res = await run(fermat, {}, { solver: z3Solver, timeoutMs: 300 });
    expect(res.status).toBe('unknown');
    expect(res.cause).toBe('timeout');
    expect(res.reason).toMatch(/Z3 ran out of time \(300 ms\) on exists x, y, z/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('translates calls of defined functions', async () => {
    const fns = {
      functions: [{ name: 'sq', params: [{ name: 'a', type: T.int }], result: T.int, body: E.mul(E.v('a'), E.v('a')) }],
    };
    const q = E.exists([['k', T.int]], E.eq(E.call('sq', k), n));
    expect((await run(q, { n: V.int(81) }, withZ3, fns)).status).toBe('holds');
    expect((await run(q, { n: V.int(82) }, withZ3, fns)).status).toBe('fails');
  });
});

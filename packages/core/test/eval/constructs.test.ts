import { describe, expect, it } from 'vitest';
import { LEAN, NAT, P, builders, type Expr } from '../../src/ir/index.js';
import { T } from '../../src/model/types.js';
import { V, type Value } from '../../src/model/values.js';
import { E, ints, run } from './helpers.js';

const L = builders(LEAN);
const s = E.v('s');
const x = E.v('x');

/** Asserts that `e == expected` holds under the bindings. */
async function gives(e: Expr, expected: Value | Expr, bindings: Record<string, Value> = {}, extra = {}) {
  const want = 'kind' in expected && ['lit', 'var', 'display', 'mapDisplay', 'ctor', 'tuple'].includes(expected.kind) ? (expected as Expr) : E.lit(expected as Value);
  const res = await run(E.eq(e, want), bindings, {}, extra);
  expect(res.reason ?? res.status).toBe('holds');
}

describe('every IR construct evaluates as documented', () => {
  it('literals, displays and maps', async () => {
    await gives(E.multiset(E.int(2), E.int(1), E.int(2)), V.multiset([V.int(1), V.int(2), V.int(2)]));
    await gives(E.set(E.int(2), E.int(1), E.int(2)), V.set([V.int(1), V.int(2)]));
    await gives(E.map([E.int(1), E.str('a')], [E.int(1), E.str('b')]), V.map([[V.int(1), V.string('b')]]));
    await gives(E.real(3, 6), V.real(1, 2));
    await gives(E.neg(E.real(1, 2)), V.real(-1, 2));
    await gives(E.pow(E.int(3), E.int(4)), V.int(81));
    await gives(E.pow(E.real(1, 2), E.int(2)), V.real(1, 4));
    await gives(E.add(E.int(1), E.real(1, 2)), V.real(3, 2));
  });

  it('sequence and string operations', async () => {
    const env = { s: ints(3, 1, 2) };
    await gives(E.prim('reverse', s), ints(2, 1, 3), env);
    await gives(E.prim('take', s, E.int(5)), ints(3, 1, 2), env);
    await gives(E.prim('drop', s, E.int(1)), ints(1, 2), env);
    await gives(E.prim('range', E.int(2), E.int(5)), ints(2, 3, 4));
    await gives(E.prim('zip', s, E.str('ab')), V.seq([V.tuple([V.int(3), V.char('a')]), V.tuple([V.int(1), V.char('b')])]), env);
    await gives(E.prim('indexOf', s, E.int(2)), V.int(2), env);
    await gives(E.prim('indexOf', s, E.int(9)), V.int(-1), env);
    await gives(E.prim('toSeq', E.set(E.int(2), E.int(1))), ints(1, 2));
    await gives(E.properPrefix(E.seq(E.int(3)), s), V.bool(true), env);
    await gives(E.concat(E.str('ab'), E.str('c')), V.string('abc'));
    await gives(L.lt(E.str('abc'), E.str('abd')), V.bool(true));
    await gives(E.lt(E.str('ab'), E.str('abd')), V.bool(true)); // Dafny: proper prefix
    await gives(E.lt(E.str('abc'), E.str('abd')), V.bool(false));
    await gives(E.multiplicity(s, E.int(1)), V.int(1), env);
  });

  it('higher-order list functions with lambdas and function references', async () => {
    const env = { s: ints(1, 2, 3, 4) };
    const even = E.lambda(['k'], E.eq(E.mod(E.v('k'), E.int(2)), E.int(0)));
    await gives(E.prim('map', E.lambda(['k'], E.mul(E.v('k'), E.v('k'))), s), ints(1, 4, 9, 16), env);
    await gives(E.prim('filter', even, s), ints(2, 4), env);
    await gives(E.prim('count', even, s), V.int(2), env);
    await gives(E.prim('all', even, s), V.bool(false), env);
    await gives(E.prim('any', even, s), V.bool(true), env);
    await gives(E.prim('sum', s), V.int(10), env);
    await gives(E.prim('product', s), V.int(24), env);
    await gives(E.prim('foldl', E.lambda(['a', 'b'], E.sub(E.v('a'), E.v('b'))), E.int(0), s), V.int(-10), env);
    await gives(E.prim('foldr', E.lambda(['a', 'b'], E.sub(E.v('a'), E.v('b'))), E.int(0), s), V.int(-2), env);
    await gives(E.prim('min', s), V.int(1), env);
    await gives(E.prim('max', E.int(3), E.int(7)), V.int(7));
    const fns = { functions: [{ name: 'double', params: [{ name: 'k' }], body: E.mul(E.v('k'), E.int(2)) }] };
    await gives(E.seqInit(E.int(3), E.fnRef('double')), ints(0, 2, 4), {}, fns);
    await gives(E.prim('map', E.v('double'), s), ints(2, 4, 6, 8), env, fns);
    await gives(E.let('f', E.lambda(['k'], E.add(E.v('k'), E.int(1))), E.call('f', E.int(1))), V.int(2));
  });

  it('set, multiset and map operations', async () => {
    const m = V.map([[V.int(1), V.int(10)], [V.int(2), V.int(20)]]);
    await gives(E.values(E.v('m')), V.set([V.int(10), V.int(20)]), { m });
    await gives(E.items(E.v('m')), V.set([V.tuple([V.int(1), V.int(10)]), V.tuple([V.int(2), V.int(20)])]), { m });
    await gives(E.union(E.v('m'), E.map([E.int(2), E.int(0)])), V.map([[V.int(1), V.int(10)], [V.int(2), V.int(0)]]), { m });
    await gives(E.difference(E.v('m'), E.set(E.int(1))), V.map([[V.int(2), V.int(20)]]), { m });
    await gives(E.prim('multisetUnion', E.multiset(E.int(1), E.int(1)), E.multiset(E.int(1), E.int(2))), V.multiset([V.int(1), V.int(1), V.int(2)]));
    await gives(E.properSubset(E.set(E.int(1)), E.set(E.int(1), E.int(2))), V.bool(true));
    await gives(E.update(E.multiset(E.int(1)), E.int(5), E.int(2)), V.multiset([V.int(1), V.int(5), V.int(5)]));
    expect((await run(E.eq(E.update(E.multiset(), E.int(5), E.int(-1)), E.multiset()))).cause).toBe('not-well-formed');
    await gives(E.toSet(E.str('abca')), V.set([V.char('a'), V.char('b'), V.char('c')]));
    await gives(E.gt(E.set(E.int(1), E.int(2)), E.set(E.int(1))), V.bool(true));
  });

  it('conversions', async () => {
    await gives(E.charToInt(E.char('A')), V.int(65));
    await gives(E.intToChar(E.int(97)), V.char('a'));
    expect((await run(E.eq(E.intToChar(E.int(-1)), E.char('a')))).cause).toBe('not-well-formed');
    await gives(E.intToReal(E.int(3)), V.real(3));
    await gives(E.realFloor(E.real(-3, 2)), V.int(-2));
    await gives(L.intCast(E.int(-5), NAT, { onFail: { mode: 'default', value: V.int(0) } }), V.int(0));
    expect((await run(E.eq(E.intCast(E.int(-5), NAT), E.int(0)))).cause).toBe('not-well-formed');
    await gives(E.prim('bitXor', E.int(6), E.int(3)), V.int(5));
    await gives(E.prim('shl', E.int(1), E.int(10)), V.int(1024));
    await gives(E.prim('abs', E.int(-4)), V.int(4));
  });

  it('patterns: sequences, literals, as-bindings, guards; match and let failures', async () => {
    const headOr = (l: Expr) =>
      E.match(l, [
        E.kase(P.seq([P.lit(V.int(0))], P.wild), E.int(-1)),
        E.kase(P.seq([P.bind('h')], P.bind('t', P.seq([], P.wild))), E.v('h'), E.gt(E.v('h'), E.int(5))),
        E.kase(P.seq([P.wild, P.bind('b')], P.wild), E.v('b')),
        E.kase(P.seq([]), E.int(0)),
      ]);
    await gives(headOr(E.lit(ints(0, 9))), V.int(-1));
    await gives(headOr(E.lit(ints(7))), V.int(7));
    await gives(headOr(E.lit(ints(1, 8))), V.int(8));
    await gives(headOr(E.lit(ints())), V.int(0));
    expect((await run(E.eq(headOr(E.lit(ints(1))), E.int(0)))).cause).toBe('not-well-formed');
    expect((await run(E.let(P.ctor('Some', P.bind('v')), E.ctor('None'), E.bool(true)))).cause).toBe('not-well-formed');
    await gives(E.let(P.bind('p', P.tuple(P.bind('a'), P.wild)), E.tuple(E.int(1), E.int(2)), E.tupleGet(E.v('p'), 1)), V.int(2));
  });

  it('datatype constructors compare qualified and bare names', async () => {
    await gives(E.isCtor(E.lit(V.datatype('Option.some', [V.int(1)])), 'some'), V.bool(true));
    await gives(E.ctor('Pair', E.int(1), E.int(2)), V.datatype('Pair', [V.int(1), V.int(2)]));
    const dt = { datatypes: [{ name: 'Pair', ctors: [{ name: 'Pair', fields: [{ name: 'fst', type: T.int }, { name: 'snd', type: T.int }] }] }] };
    await gives(E.field(E.ctor('Pair', E.int(1), E.int(2)), 'snd'), V.int(2), {}, dt);
  });

  it('type errors and unknown names are unknown, never a crash', async () => {
    expect(await run(E.eq(E.add(E.bool(true), E.int(1)), E.int(2)))).toMatchObject({ status: 'unknown', cause: 'unsupported' });
    expect(await run(E.eq(E.v('nope'), E.int(2)))).toMatchObject({ status: 'unknown', cause: 'unsupported' });
    expect(await run(E.call('nope', E.int(2)))).toMatchObject({ status: 'unknown', cause: 'unsupported' });
    const opaque = { functions: [{ name: 'p', params: [{ name: 'k' }] }] };
    expect((await run(E.call('p', E.int(2)), {}, {}, opaque)).reason).toMatch(/function p has no body/);
    expect(await run(E.lt(E.seq(), E.seq()), {}, {}, {}).then((r) => r.status)).toBe('fails');
  });
});

describe('three-valued connectives', () => {
  const U = E.unsupported('u');
  const cases: [Expr, string][] = [
    [E.not(U), 'unknown'],
    [E.iff(U, E.bool(true)), 'unknown'],
    [E.or(E.bool(false), U), 'unknown'],
    [E.or(U, E.bool(false), E.bool(true)), 'holds'],
    [E.and(U, E.bool(true), E.bool(false)), 'fails'],
    [E.implies(E.bool(true), U), 'unknown'],
    [E.exists(['i'], E.and(E.le(E.int(0), E.v('i')), E.lt(E.v('i'), E.int(3)), E.or(E.eq(E.v('i'), E.int(2)), U))), 'holds'],
    [E.forall(['i'], E.implies(E.and(E.le(E.int(0), E.v('i')), E.lt(E.v('i'), E.int(3))), E.and(E.ne(E.v('i'), E.int(1)), U))), 'fails'],
    [E.forall(['i'], E.implies(E.and(E.le(E.int(0), E.v('i')), E.lt(E.v('i'), E.int(3))), E.or(E.ne(E.v('i'), E.int(1)), U))), 'unknown'],
  ];
  for (const [e, want] of cases) {
    it(`${want}: ${e.kind}`, async () => {
      expect((await run(e, { x: V.int(0) })).status).toBe(want);
      void x;
    });
  }
});

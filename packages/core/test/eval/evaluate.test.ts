import { describe, expect, it } from 'vitest';
import { P, LEAN, VERUS, builders, NAT } from '../../src/ir/index.js';
import { V } from '../../src/model/values.js';
import { T } from '../../src/model/types.js';
import { evaluate } from '../../src/eval/index.js';
import { E, ints, run, specOf } from './helpers.js';

const s = E.v('s');
const r = E.v('result');
const i = E.v('i');
const j = E.v('j');

describe('evaluate: clauses and explanations', () => {
  it('holds for a correct max', async () => {
    // ensures forall i :: 0 <= i < |s| ==> s[i] <= result; ensures result in s
    const spec = specOf([
      E.forall(['i'], E.implies(E.chain([E.int(0), i, E.card(s)], ['le', 'lt']), E.le(E.index(s, i), r))),
      E.in(r, s),
    ]);
    expect(await evaluate(spec, { s: ints(3, 9, 2), result: V.int(9) })).toEqual({ status: 'holds' });
    const bad = await evaluate(spec, { s: ints(3, 9, 2), result: V.int(3) });
    expect(bad.status).toBe('fails');
    expect(bad.explanation).toBe('postcondition #1 (line 10) is false: forall i fails at i=1 (s[1] ≤ result is false (s[1] = 9, result = 3))');
    const notIn = await evaluate(spec, { s: ints(3, 9, 2), result: V.int(10) });
    expect(notIn.explanation).toBe('postcondition #2 (line 11) is false: in(result, s) is false');
  });

  it('reports the witness of a failing forall over two variables', async () => {
    const distinct = E.forall(['i', 'j'], E.implies(E.and(E.le(E.int(0), i), E.lt(i, j), E.lt(j, E.card(r))), E.ne(E.index(r, i), E.index(r, j))));
    const res = await run(distinct, { result: ints(4, 4, 5) });
    expect(res.status).toBe('fails');
    expect(res.explanation).toBe('postcondition #1 (line 10) is false: forall i, j fails at i=0, j=1 (result[0] and result[1] are both 4)');
  });

  it('reports a missing exists', async () => {
    const n = E.v('n');
    const prime = E.not(E.exists(['k'], E.and(E.le(E.int(2), E.v('k')), E.lt(E.v('k'), n), E.eq(E.mod(n, E.v('k')), E.int(0)))));
    expect((await run(prime, { n: V.int(13) })).status).toBe('holds');
    expect((await run(prime, { n: V.int(12) })).status).toBe('fails');
    const some = E.exists(['k'], E.and(E.le(E.int(2), E.v('k')), E.lt(E.v('k'), n), E.eq(E.mod(n, E.v('k')), E.int(0))));
    const res = await run(some, { n: V.int(13) });
    expect(res.status).toBe('fails');
    expect(res.explanation).toMatch(/^postcondition #1 \(line 10\) is false: no k satisfies \(2 ≤ k\) and \(k < n\) and \(\(n mod k\) = 0\)$/);
  });

  it('labels clauses', async () => {
    const spec = specOf(E.bool(false));
    spec.ensures[0]!.label = 'positive';
    expect((await evaluate(spec, {})).reason).toBe('postcondition #1 "positive" (line 10) is false: false is false');
  });

  it('assumes the precondition and reports vacuous checks', async () => {
    const spec = specOf(E.eq(r, E.div(E.v('a'), E.v('b'))), { requires: [{ expr: E.ne(E.v('b'), E.int(0)) }] });
    expect((await evaluate(spec, { a: V.int(7), b: V.int(2), result: V.int(3) })).status).toBe('holds');
    expect(await evaluate(spec, { a: V.int(7), b: V.int(0), result: V.int(3) })).toMatchObject({ status: 'unknown', cause: 'vacuous' });
  });

  it('reports ill-formed expressions as not well-formed, with location', async () => {
    const e = E.eq(E.index(s, E.int(5)), E.int(0));
    e.loc = { line: 11, column: 9 };
    (e as { left: { loc?: unknown } }).left.loc = { line: 11, column: 9 };
    const res = await run(e, { s: ints(1, 2, 3) });
    expect(res).toMatchObject({ status: 'unknown', cause: 'not-well-formed' });
    expect(res.reason).toBe('postcondition #1 (line 10): not well-formed: index 5 out of range (length 3) in s[5] at line 11, column 9');
  });

  it('short-circuits around ill-formed and unknown parts', async () => {
    const bad = E.eq(E.index(s, E.int(5)), E.int(0));
    expect((await run(E.or(E.bool(true), bad), { s: ints(1) })).status).toBe('holds');
    expect((await run(E.or(bad, E.bool(true)), { s: ints(1) })).cause).toBe('not-well-formed');
    expect((await run(E.and(E.lt(E.int(0), E.card(s)), E.eq(E.index(s, E.int(0)), E.int(1))), { s: ints() })).status).toBe('fails');
    const unk = E.unsupported('old(x)');
    expect((await run(E.or(unk, E.bool(true)))).status).toBe('holds');
    expect((await run(E.and(unk, E.bool(false)))).status).toBe('fails');
    expect(await run(E.and(unk, E.bool(true)))).toMatchObject({ status: 'unknown', cause: 'unsupported' });
    expect((await run(E.implies(unk, E.bool(true)))).status).toBe('holds');
    expect((await run(E.implies(E.bool(false), unk))).status).toBe('holds');
    expect((await run(E.implies(unk, E.bool(false)))).status).toBe('unknown');
  });

  it('decides an ite with an unknown condition when both branches agree', async () => {
    const v = builders(VERUS);
    const cond = v.eq(v.div(E.int(1), E.v('z')), E.int(0)); // unspecified when z == 0
    expect((await run(E.eq(E.ite(cond, E.int(3), E.int(3)), E.int(3)), { z: V.int(0) })).status).toBe('holds');
    expect((await run(E.eq(E.ite(cond, E.int(3), E.int(4)), E.int(3)), { z: V.int(0) })).cause).toBe('unspecified');
  });

  it('evaluates recursive and mutually recursive functions', async () => {
    const n = E.v('n');
    const fns = {
      functions: [
        { name: 'even', params: [{ name: 'n', type: T.nat }], result: T.bool, body: E.ite(E.eq(n, E.int(0)), E.bool(true), E.call('odd', E.sub(n, E.int(1)))) },
        { name: 'odd', params: [{ name: 'n', type: T.nat }], result: T.bool, body: E.ite(E.eq(n, E.int(0)), E.bool(false), E.call('even', E.sub(n, E.int(1)))) },
        {
          name: 'sum',
          params: [{ name: 's', type: T.seq(T.int) }],
          result: T.int,
          body: E.ite(E.eq(E.card(s), E.int(0)), E.int(0), E.add(E.index(s, E.int(0)), E.call('sum', E.slice(s, E.int(1), undefined)))),
        },
      ],
    };
    expect((await run(E.call('even', E.int(10)), {}, {}, fns)).status).toBe('holds');
    expect((await run(E.call('odd', E.int(10)), {}, {}, fns)).status).toBe('fails');
    expect((await run(E.eq(E.call('sum', s), r), { s: ints(1, 2, 3, 4), result: V.int(10) }, {}, fns)).status).toBe('holds');
  });

  it('checks function preconditions (Dafny: not well-formed)', async () => {
    const x = E.v('x');
    const fns = { functions: [{ name: 'inv', params: [{ name: 'x' }], requires: [E.ne(x, E.int(0))], body: E.div(E.int(10), x) }] };
    expect((await run(E.eq(E.call('inv', E.int(5)), E.int(2)), {}, {}, fns)).status).toBe('holds');
    expect((await run(E.eq(E.call('inv', E.int(0)), E.int(2)), {}, {}, fns)).cause).toBe('not-well-formed');
  });

  it('runs out of budget on deep recursion instead of crashing', async () => {
    const n = E.v('n');
    const fns = { functions: [{ name: 'down', params: [{ name: 'n' }], body: E.ite(E.eq(n, E.int(0)), E.bool(true), E.call('down', E.sub(n, E.int(1)))) }] };
    expect((await run(E.call('down', E.int(100)), {}, {}, fns)).status).toBe('holds');
    const deep = await run(E.call('down', E.int(1_000_000)), {}, {}, fns);
    expect(deep).toMatchObject({ status: 'unknown', cause: 'budget' });
    expect(deep.reason).toMatch(/recursion depth budget/);
    // Non-terminating recursion with a small depth: still a budget verdict.
    const loop = { functions: [{ name: 'loop', params: [{ name: 'n' }], body: E.call('loop', E.add(n, E.int(1))) }] };
    expect(await run(E.call('loop', E.int(0)), {}, {}, loop)).toMatchObject({ status: 'unknown', cause: 'budget' });
    // Exponential recursion: the step budget stops it.
    const fib = {
      functions: [
        { name: 'fib', params: [{ name: 'n' }], body: E.ite(E.lt(n, E.int(2)), n, E.add(E.call('fib', E.sub(n, E.int(1))), E.call('fib', E.sub(n, E.int(2))))) },
      ],
    };
    expect((await run(E.eq(E.call('fib', E.int(15)), E.int(610)), {}, {}, fib)).status).toBe('holds');
    expect(await run(E.eq(E.call('fib', E.int(60)), E.int(0)), {}, { budget: { maxSteps: 100_000 } }, fib)).toMatchObject({ status: 'unknown', cause: 'budget' });
  });

  it('survives stack exhaustion with a huge depth budget', async () => {
    const n = E.v('n');
    const fns = { functions: [{ name: 'down', params: [{ name: 'n' }], body: E.ite(E.eq(n, E.int(0)), E.bool(true), E.call('down', E.sub(n, E.int(1)))) }] };
    const res = await run(E.call('down', E.int(10_000_000)), {}, { budget: { maxDepth: 100_000_000, maxSteps: 1e9 } }, fns);
    expect(res).toMatchObject({ status: 'unknown', cause: 'budget' });
  });

  it('matches datatypes with nested patterns, fields and constructor tests', async () => {
    const list = {
      datatypes: [
        {
          name: 'List',
          ctors: [
            { name: 'Nil', fields: [] },
            { name: 'Cons', fields: [{ name: 'head', type: T.int }, { name: 'tail', type: T.opaque('List') }] },
          ],
        },
      ],
      functions: [
        {
          name: 'len',
          params: [{ name: 'l' }],
          body: E.match(E.v('l'), [E.kase(P.ctor('Nil'), E.int(0)), E.kase(P.ctor('Cons', P.wild, P.bind('t')), E.add(E.int(1), E.call('len', E.v('t'))))]),
        },
        {
          name: 'secondIsTwo',
          params: [{ name: 'l' }],
          body: E.match(E.v('l'), [E.kase(P.ctor('Cons', P.wild, P.ctor('Cons', P.lit(V.int(2)), P.wild)), E.bool(true)), E.kase(P.wild, E.bool(false))]),
        },
      ],
    };
    const l = V.datatype('Cons', [V.int(1), V.datatype('Cons', [V.int(2), V.datatype('Nil')])]);
    expect((await run(E.eq(E.call('len', E.v('l')), E.int(2)), { l }, {}, list)).status).toBe('holds');
    expect((await run(E.call('secondIsTwo', E.v('l')), { l }, {}, list)).status).toBe('holds');
    expect((await run(E.eq(E.field(E.v('l'), 'head'), E.int(1)), { l }, {}, list)).status).toBe('holds');
    expect((await run(E.isCtor(E.field(E.v('l'), 'tail'), 'Cons'), { l }, {}, list)).status).toBe('holds');
    expect((await run(E.eq(E.field(V.datatype('Nil') && E.lit(V.datatype('Nil')), 'head'), E.int(1)), {}, {}, list)).cause).toBe('not-well-formed');
    const lean = builders(LEAN);
    const getBang = lean.field(E.lit(V.datatype('none')), 0, { onFail: { mode: 'default', value: V.int(0) } });
    expect((await run(E.eq(getBang, E.int(0)), {}, {}, list)).status).toBe('holds');
  });

  it('evaluates lets, lambdas, seq(n, f), tuples', async () => {
    const x = E.v('x');
    expect((await run(E.let('x', E.int(4), E.eq(E.mul(x, x), E.int(16))))).status).toBe('holds');
    expect((await run(E.let(P.tuple(P.bind('a'), P.bind('b')), E.tuple(E.int(1), E.int(2)), E.lt(E.v('a'), E.v('b'))))).status).toBe('holds');
    const sq = E.seqInit(E.int(4), E.lambda(['k'], E.mul(E.v('k'), E.v('k'))));
    expect((await run(E.eq(sq, E.lit(ints(0, 1, 4, 9))))).status).toBe('holds');
    expect((await run(E.eq(E.apply(E.lambda(['a', 'b'], E.sub(E.v('a'), E.v('b'))), E.int(5), E.int(7)), E.int(-2)))).status).toBe('holds');
    expect((await run(E.eq(E.tupleGet(E.tuple(E.int(1), E.str('x')), 1), E.str('x')))).status).toBe('holds');
  });

  it('uses Lean Nat subtraction and Lean division when told to', async () => {
    const lean = builders(LEAN);
    expect((await run(lean.eq(lean.sub(E.int(3), E.int(5), { domain: NAT }), E.int(0)))).status).toBe('holds');
    expect((await run(lean.eq(lean.div(E.int(7), E.int(0)), E.int(0)))).status).toBe('holds');
    expect((await run(lean.eq(lean.mod(E.int(7), E.int(0)), E.int(7)))).status).toBe('holds');
    expect((await run(lean.eq(lean.div(E.int(-7), E.int(2)), E.int(-4)))).status).toBe('holds');
    const v = builders(VERUS);
    // Verus spec code is Euclidean (guide, "Arithmetic in spec code"); exec Rust's truncation is per node.
    expect((await run(v.eq(v.div(E.int(-7), E.int(2)), E.int(-4)))).status).toBe('holds');
    expect((await run(v.eq(v.mod(E.int(-7), E.int(-2)), E.int(1)))).status).toBe('holds');
    expect((await run(v.eq(v.div(E.int(-7), E.int(2), { rounding: 'trunc' }), E.int(-3)))).status).toBe('holds');
    expect((await run(v.eq(v.mod(E.int(-7), E.int(2), { rounding: 'trunc' }), E.int(-1)))).status).toBe('holds');
    expect((await run(E.eq(E.div(E.int(-7), E.int(2)), E.int(-4)))).status).toBe('holds');
    expect((await run(E.eq(E.mod(E.int(-7), E.int(-2)), E.int(1)))).status).toBe('holds');
  });
});

import { describe, expect, it } from 'vitest';
import {
  DAFNY,
  LEAN,
  VERUS,
  P,
  at,
  builders,
  children,
  defaultValue,
  freeVars,
  independentOf,
  machineInt,
  patternVars,
  showExpr,
  showValue,
  type Expr,
} from '../../src/ir/index.js';
import { T } from '../../src/model/types.js';
import { V } from '../../src/model/values.js';

const E = builders(DAFNY);
const x = E.v('x');
const s = E.v('s');

describe('builders record the language semantics on every node', () => {
  it('fills division, overflow and partiality choices from the profile', () => {
    expect(E.div(x, E.int(2))).toMatchObject({ kind: 'div', rounding: 'euclid', byZero: { mode: 'error' }, domain: { kind: 'int' } });
    expect(builders(VERUS).mod(x, E.int(2))).toMatchObject({ rounding: 'euclid', byZero: { mode: 'unspecified' } });
    expect(builders(LEAN).div(x, E.int(2))).toMatchObject({ rounding: 'euclid', byZero: { mode: 'total' } });
    expect(E.index(s, x)).toMatchObject({ kind: 'index', onFail: { mode: 'error' } });
    expect(builders(LEAN).index(s, x, { onFail: { mode: 'default', value: V.int(0) } })).toMatchObject({ onFail: { mode: 'default', value: V.int(0) } });
    expect(E.lt(s, s)).toMatchObject({ kind: 'cmp', op: 'lt', seqOrder: 'prefix' });
    expect(builders(LEAN).lt(s, s)).toMatchObject({ seqOrder: 'lex' });
    expect(E.add(x, x, { domain: machineInt('u32', 'wrap') })).toMatchObject({ domain: { kind: 'machine', bits: 32, signed: false, overflow: 'wrap' } });
    expect(machineInt('isize', 'error')).toEqual({ kind: 'machine', bits: 64, signed: true, overflow: 'error' });
    expect(() => machineInt('u7', 'error')).toThrow(/not a machine integer/);
  });

  it('lowers chains to conjunctions and reverse implication to implication', () => {
    const c = E.chain([E.int(0), x, s], ['le', 'lt']);
    expect(c).toMatchObject({ kind: 'and', args: [{ kind: 'cmp', op: 'le' }, { kind: 'cmp', op: 'lt' }] });
    expect(E.chain([x, s], ['eq'])).toMatchObject({ kind: 'cmp', op: 'eq' });
    expect(E.explies(E.v('a'), E.v('b'))).toEqual({ kind: 'implies', left: E.v('b'), right: E.v('a') });
  });

  it('builds binders from names, name/type pairs and full binders', () => {
    const q = E.forall(['i', ['b', T.bool], { name: 'y', domain: s }], E.bool(true));
    expect(q).toMatchObject({ kind: 'quant', quant: 'forall', binders: [{ name: 'i' }, { name: 'b', type: T.bool }, { name: 'y', domain: s }] });
  });

  it('attaches locations', () => {
    const e = at(E.v('x'), { line: 3, column: 7, file: 'a.dfy' });
    expect(e.loc).toEqual({ line: 3, column: 7, file: 'a.dfy' });
  });
});

describe('printing', () => {
  it('shows values in the neutral debug form', () => {
    expect(showValue(V.string('ab'))).toBe('"ab"');
    expect(showValue(V.seq([V.int(1), V.int(-2)]))).toBe('[1, -2]');
    expect(showValue(V.set([V.int(2), V.int(1)]))).toBe('set{1, 2}');
    expect(showValue(V.multiset([V.int(1), V.int(1)]))).toBe('multiset{1, 1}');
    expect(showValue(V.map([[V.int(1), V.bool(true)]]))).toBe('map{1 -> true}');
    expect(showValue(V.datatype('Some', [V.real(1, 2)]))).toBe('Some(0.5)');
    expect(showValue(V.datatype('None'))).toBe('None');
    expect(showValue(V.tuple([V.char('a'), V.int(0)]))).toBe("('a', 0)");
  });

  it('prints the neutral debug form: operators in words, every compound operand in parentheses', () => {
    expect(showExpr(E.mul(E.add(x, E.int(1)), E.int(2)))).toBe('(x + 1) * 2');
    expect(showExpr(E.add(x, E.mul(x, E.int(2))))).toBe('x + (x * 2)');
    expect(showExpr(E.sub(x, E.sub(x, E.int(1))))).toBe('x - (x - 1)');
    expect(showExpr(E.implies(E.and(E.le(E.int(0), x), E.lt(x, E.card(s))), E.gt(E.index(s, x), E.int(0))))).toBe('((0 ≤ x) and (x < card(s))) implies (s[x] > 0)');
    expect(showExpr(E.and(x, E.or(x, x)))).toBe('x and (x or x)');
    expect(showExpr(E.forall(['i'], E.in(E.v('i'), s)))).toBe('forall i. in(i, s)');
    expect(showExpr(E.slice(s, E.int(1), undefined))).toBe('s[1:]');
    expect(showExpr(E.match(x, [E.kase(P.ctor('Cons', P.bind('h'), P.wild), E.v('h')), E.kase(P.seq([P.bind('a')], P.bind('r')), E.int(0))]))).toBe('match x with | Cons(h, _) -> h | [a, ...r] -> 0');
    expect(showExpr(E.unsupported('old'))).toBe('<unsupported: old>');
  });
});

describe('variables', () => {
  it('finds free variables under binders, lets, lambdas and matches', () => {
    const e = E.forall(['i', { name: 'y', domain: E.v('ys') }], E.and(E.lt(E.v('i'), E.v('n')), E.eq(E.v('y'), E.v('i'))));
    expect([...freeVars(e)].sort()).toEqual(['n', 'ys']);
    expect([...freeVars(E.let('a', E.v('b'), E.add(E.v('a'), E.v('c'))))].sort()).toEqual(['b', 'c']);
    expect([...freeVars(E.lambda(['p'], E.add(E.v('p'), E.v('q'))))]).toEqual(['q']);
    expect([...freeVars(E.match(x, [E.kase(P.ctor('Some', P.bind('v')), E.v('v'), E.v('g'))]))].sort()).toEqual(['g', 'x']);
    expect(patternVars(P.ctor('A', P.bind('a', P.tuple(P.bind('b'), P.wild)), P.seq([P.bind('c')], P.bind('d'))))).toEqual(['a', 'b', 'c', 'd']);
    expect(independentOf(E.add(x, E.int(1)), ['y'])).toBe(true);
    expect(independentOf(E.add(x, E.int(1)), ['x'])).toBe(false);
  });

  it('lists children of every node kind', () => {
    const all: Expr[] = [
      E.ite(x, x, x), E.update(x, x, x), E.seqInit(x, x), E.map([x, x]), E.tupleGet(x, 0), E.field(x, 'f'), E.isCtor(x, 'C'),
      E.mapComp(['k'], x, x, x), E.setComp(['k'], x), E.apply(x, x), E.ctor('C', x), E.neg(x),
    ];
    for (const e of all) for (const c of children(e)) expect(c).toEqual(x);
    expect(children(E.mapComp(['k'], x, x, x))).toHaveLength(3);
  });
});

describe('default values (Lean Inhabited)', () => {
  it('gives zero, empty and first-constructor defaults', () => {
    expect(defaultValue(T.int)).toEqual(V.int(0));
    expect(defaultValue(T.nat)).toEqual(V.int(0));
    expect(defaultValue(T.bool)).toEqual(V.bool(false));
    expect(defaultValue(T.string)).toEqual(V.seq([]));
    expect(defaultValue(T.map(T.int, T.int))).toEqual(V.map([]));
    expect(defaultValue(T.tuple(T.int, T.real))).toEqual(V.tuple([V.int(0), V.real(0)]));
    const opt = T.datatype('Option', [{ name: 'none', fields: [] }, { name: 'some', fields: [{ type: T.int }] }]);
    expect(defaultValue(opt)).toEqual(V.datatype('none'));
    expect(defaultValue(T.opaque('Foo'))).toBeUndefined();
  });
});

import { builders, DAFNY, P, T, V } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { dafnyPrinter } from '../src/index.js';

const E = builders(DAFNY);
const x = E.v('x');
const s = E.v('s');

describe("the Dafny printer (explanations of Dafny specs read in Dafny's syntax)", () => {
  it('shows values as Dafny writes them', () => {
    expect(dafnyPrinter.value(V.string('ab'))).toBe('"ab"');
    expect(dafnyPrinter.value(V.seq([V.int(1), V.int(-2)]))).toBe('[1, -2]');
    expect(dafnyPrinter.value(V.set([V.int(2), V.int(1)]))).toBe('{1, 2}');
    expect(dafnyPrinter.value(V.multiset([V.int(1), V.int(1)]))).toBe('multiset{1, 1}');
    expect(dafnyPrinter.value(V.map([[V.int(1), V.bool(true)]]))).toBe('map[1 := true]');
    expect(dafnyPrinter.value(V.datatype('Some', [V.real(1, 2)]))).toBe('Some(0.5)');
    expect(dafnyPrinter.value(V.datatype('None'))).toBe('None');
    expect(dafnyPrinter.value(V.tuple([V.char('a'), V.int(0)]))).toBe("('a', 0)");
  });

  it('parenthesizes by Dafny precedence', () => {
    expect(dafnyPrinter.expr(E.mul(E.add(x, E.int(1)), E.int(2)))).toBe('(x + 1) * 2');
    expect(dafnyPrinter.expr(E.add(x, E.mul(x, E.int(2))))).toBe('x + x * 2');
    expect(dafnyPrinter.expr(E.sub(x, E.sub(x, E.int(1))))).toBe('x - (x - 1)');
    expect(dafnyPrinter.expr(E.implies(E.and(E.le(E.int(0), x), E.lt(x, E.card(s))), E.gt(E.index(s, x), E.int(0))))).toBe('0 <= x && x < |s| ==> s[x] > 0');
    expect(dafnyPrinter.expr(E.and(x, E.or(x, x)))).toBe('x && (x || x)');
    expect(dafnyPrinter.expr(E.forall(['i'], E.in(E.v('i'), s)))).toBe('forall i :: i in s');
    expect(dafnyPrinter.expr(E.slice(s, E.int(1), undefined))).toBe('s[1..]');
    expect(dafnyPrinter.expr(E.match(x, [E.kase(P.ctor('Cons', P.bind('h'), P.wild), E.v('h')), E.kase(P.seq([P.bind('a')], P.bind('r')), E.int(0))]))).toBe('match x { case Cons(h, _) => h case a :: r => 0 }');
  });

  it("names clauses and types with Dafny's words", () => {
    expect(dafnyPrinter.clause('precondition')).toBe('requires');
    expect(dafnyPrinter.clause('postcondition')).toBe('ensures');
    expect(dafnyPrinter.type(T.map(T.int, T.seq(T.bool)))).toBe('map<int, seq<bool>>');
  });
});

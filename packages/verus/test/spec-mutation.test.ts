import { describe, expect, it } from 'vitest';
import { generateSpecMutants, shownEdit } from '@specmut/core';
import { checkVerusSyntax, loadVerusModule, queryVerus, verusBackend, VERUS_SPEC_MUTATION_OPERATORS } from '../src/index.js';

/** The mutants one Verus operator makes of fn f's requires/ensures conditions: each edited condition as the mutant has it (or the dropped text). */
async function mutantsOf(operator: string, spec: string): Promise<string[]> {
  const module = await loadVerusModule('m.rs', spec);
  const method = module.methods.find((m) => m.name === 'f')!;
  expect(method).toBeDefined();
  const operators = VERUS_SPEC_MUTATION_OPERATORS.filter((o) => o.name === operator);
  expect(operators.length, operator).toBeGreaterThan(0);
  const clauses = method.clauses.filter((c) => c.role === 'precondition' || c.role === 'postcondition');
  const { candidates } = await generateSpecMutants(spec, { clauses, method: { start: method.range.start.offset, end: method.range.end.offset } }, operators, queryVerus);
  for (const c of candidates) {
    expect(c.operator).toBe(operator);
    // every mutant still parses as Verus
    expect(await checkVerusSyntax(c.text), c.text).toEqual([]);
  }
  return candidates.map((c) => {
    const shown = shownEdit(spec, c);
    return shown.text === '' ? `dropped: ${shown.original}` : shown.text;
  });
}

const fn = (clauses: string) => `use vstd::prelude::*;\nverus! {\nfn f(a: &Vec<i32>, n: u64) -> (r: u64)\n${clauses}\n{\n    0\n}\n}\n`;

describe('Verus spec mutation operators (each mutant as the edited condition reads)', () => {
  it('one clause of one condition goes whole, with its keyword', async () => {
    expect(await mutantsOf('drop-clause', fn('    requires n > 0\n    ensures r <= n,'))).toEqual(['dropped: requires n > 0', 'dropped: ensures r <= n,']);
  });

  it('iff-to-implies: <==> becomes ==> and <==', async () => {
    expect(await mutantsOf('iff-to-implies', fn('    ensures\n        r > 0 <==> n > 0,'))).toEqual(["r > 0 ==> n > 0", "r > 0 <== n > 0"]);
  });
  it('implies-to-iff: ==> and <== become <==>', async () => {
    expect(await mutantsOf('implies-to-iff', fn('    ensures\n        r > 0 ==> n > 0,\n        n < 0 <== r < 0,'))).toEqual(["r > 0 <==> n > 0", "n < 0 <==> r < 0"]);
  });
  it('and-or-swap: && and ||, &&& and |||', async () => {
    expect(await mutantsOf('and-or-swap', fn('    ensures\n        r > 0 && n > 0 || r == n,\n        &&& r < 5\n        &&& n < 5,'))).toEqual(["r > 0 || n > 0 || r == n", "r > 0 && n > 0 && r == n", "||| r < 5\n        &&& n < 5", "&&& r < 5\n        ||| n < 5"]);
  });
  it('drop-clause: one condition with the comma after it, or the last one with the comma before it', async () => {
    expect(await mutantsOf('drop-clause', fn('    requires\n        n > 0,\n        a.len() > 1,\n    ensures r <= n, r >= 1\n'))).toEqual(["dropped: n > 0,", "dropped: r <= n,", "dropped: ,\n        a.len() > 1", "dropped: , r >= 1"]);
  });
  it('drop-conjunct: an operand of && alone, or one &&& operand with its &&&', async () => {
    expect(await mutantsOf('drop-conjunct', fn('    ensures\n        r >= 0 && r <= n,\n        &&& r < 5\n        &&& n < 5\n        &&& r != 2,'))).toEqual(["r <= n", "r >= 0", "dropped: &&& r < 5", "&&& r < 5\n        &&& r != 2", "&&& r < 5\n        &&& n < 5\n"]);
  });
  it('relational-swap: comparisons, and === / =~= with their negations', async () => {
    expect(await mutantsOf('relational-swap', fn('    ensures\n        r < n,\n        a@ =~= a@.subrange(0, 1),\n        r as int === 0int,'))).toEqual(["r <= n", "r > n", "r >= n", "r == n", "r != n", "a@ === a@.subrange(0, 1)", "a@ !== a@.subrange(0, 1)", "a@ !~= a@.subrange(0, 1)", "r as int !== 0int", "r as int =~= 0int", "r as int !~= 0int"]);
  });
  it('relational-swap: an operator of a chain only swaps within the chain direction (a chain holds no ==/!= and one direction)', async () => {
    expect(await mutantsOf('relational-swap', fn('    ensures\n        0 <= r < n,\n        n > r >= 1,\n        r < 3,'))).toEqual(["r <= 3", "r > 3", "r >= 3", "r == 3", "r != 3", "0 < r < n", "0 <= r <= n", "n >= r >= 1", "n > r > 1"]);
  });
  it('additive-swap: + and -', async () => {
    expect(await mutantsOf('additive-swap', fn('    ensures\n        r == n + 1 - 2,'))).toEqual(["r == n - 1 - 2", "r == n + 1 + 2"]);
  });
  it('multiplicative-swap: * / %', async () => {
    expect(await mutantsOf('multiplicative-swap', fn('    ensures\n        r == n * 2,'))).toEqual(["r == n / 2", "r == n % 2"]);
  });
  it('integer-shift: literals plus and minus 1, keeping the suffix (0int becomes 1int, never -1int)', async () => {
    expect(await mutantsOf('integer-shift', fn('    ensures\n        r as int == 0int + 10,\n        n < 7u64,'))).toEqual(["r as int == 1int + 10", "r as int == 0int + 11", "r as int == 0int + 9", "n < 8u64", "n < 6u64"]);
  });
  it('in-swap: s.contains(x) becomes !s.contains(x) (not an already negated one)', async () => {
    expect(await mutantsOf('in-swap', fn('    ensures\n        a@.contains(r as i32),\n        !a@.contains(0),'))).toEqual(["!a@.contains(r as i32)"]);
  });
  it('quantifier-swap: forall|i| and exists|i|', async () => {
    expect(await mutantsOf('quantifier-swap', fn('    ensures\n        forall|i: int| 0 <= i < a.len() ==> exists|j: int| a[i] == j,'))).toEqual(["exists|i: int| 0 <= i < a.len() ==> exists|j: int| a[i] == j", "forall|i: int| 0 <= i < a.len() ==> forall|j: int| a[i] == j"]);
  });
  it('range-bound-shift: bounds of lo <= i < hi that are not literals', async () => {
    expect(await mutantsOf('range-bound-shift', fn('    ensures\n        forall|i: int| 0 <= i < a.len() ==> a[i] > 0,\n        forall|i: int| 1 <= i < 5 ==> a[i] > 0,\n        forall|i: int| n <= i <= r ==> a[i] > 0,'))).toEqual(["forall|i: int| 0 <= i < a.len() + 1 ==> a[i] > 0", "forall|i: int| 0 <= i < a.len() - 1 ==> a[i] > 0", "forall|i: int| n + 1 <= i <= r ==> a[i] > 0", "forall|i: int| n - 1 <= i <= r ==> a[i] > 0", "forall|i: int| n <= i <= r + 1 ==> a[i] > 0", "forall|i: int| n <= i <= r - 1 ==> a[i] > 0"]);
  });
  it('negate: a condition, an operand, a quantifier body or a parenthesized formula gets !, and ! goes', async () => {
    expect(await mutantsOf('negate', fn('    ensures\n        r > 0 && !(n == 1),\n        forall|i: int| i < r ==> (a[i] > 0),'))).toEqual(["!(r > 0) && !(n == 1)", "!(r > 0 && !(n == 1))", "!(forall|i: int| i < r ==> (a[i] > 0))", "forall|i: int| !(i < r) ==> (a[i] > 0)", "forall|i: int| !(i < r ==> (a[i] > 0))", "forall|i: int| i < r ==> !(a[i] > 0)", "r > 0 && (n == 1)"]);
  });
});

describe('the Verus backend', () => {
  it('offers its operators and a query of its grammar', () => {
    expect(verusBackend.specMutationOperators).toBe(VERUS_SPEC_MUTATION_OPERATORS);
    expect(verusBackend.querySyntax).toBe(queryVerus);
  });
});

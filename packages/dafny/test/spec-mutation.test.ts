import { describe, expect, it } from 'vitest';
import { generateSpecMutants, shownEdit } from '@specmut/core';
import { DAFNY_SPEC_MUTATION_OPERATORS, loadDafnyModule, queryDafny } from '../src/index.js';

/** The mutants one Dafny operator makes of method M's requires/ensures clauses: each edited clause as the mutant has it. */
async function mutantsOf(operator: string, spec: string): Promise<string[]> {
  const module = await loadDafnyModule('m.dfy', spec);
  const method = module.methods.find((m) => m.name === 'M')!;
  const operators = DAFNY_SPEC_MUTATION_OPERATORS.filter((o) => o.name === operator);
  expect(operators.length, operator).toBeGreaterThan(0);
  const clauses = method.clauses.filter((c) => c.role === 'precondition' || c.role === 'postcondition');
  const { candidates } = await generateSpecMutants(spec, { clauses, method: { start: method.range.start.offset, end: method.range.end.offset } }, operators, queryDafny);
  for (const c of candidates) expect(c.operator).toBe(operator);
  return candidates.map((c) => {
    const shown = shownEdit(spec, c);
    return shown.text === '' ? `dropped: ${shown.original}` : shown.text;
  });
}

const method = (clauses: string, params = 'a: seq<int>, n: int', results = 'r: int') => `method M(${params}) returns (${results})\n${clauses}\n{\n  r := 0;\n}\n`;

describe('Dafny spec mutation operators (each mutant as the edited clause reads)', () => {
  it('iff-to-implies: <==> becomes ==> and <==', async () => {
    expect(await mutantsOf('iff-to-implies', method('  ensures r > 0 <==> n > 0'))).toEqual(['r > 0 ==> n > 0', 'r > 0 <== n > 0']);
  });

  it('implies-to-iff: ==> and <== become <==>', async () => {
    expect(await mutantsOf('implies-to-iff', method('  ensures r > 0 ==> n > 0\n  ensures n < 0 <== r < 0'))).toEqual(['r > 0 <==> n > 0', 'n < 0 <==> r < 0']);
  });

  it('and-or-swap: && becomes || and back', async () => {
    expect(await mutantsOf('and-or-swap', method('  ensures r > 0 && n > 0 || r == n'))).toEqual(['r > 0 || n > 0 || r == n', 'r > 0 && n > 0 && r == n']);
  });

  it('drop-conjunct: each operand of a conjunction alone', async () => {
    expect(await mutantsOf('drop-conjunct', method('  ensures r >= 0 && r <= n'))).toEqual(['r <= n', 'r >= 0']);
  });

  it('drop-clause: a whole requires or ensures clause, with its line', async () => {
    const spec = method('  requires n >= 0\n  ensures r == n');
    expect(await mutantsOf('drop-clause', spec)).toEqual(['dropped: requires n >= 0', 'dropped: ensures r == n']);
    const module = await loadDafnyModule('m.dfy', spec);
    const m = module.methods[0]!;
    const { candidates } = await generateSpecMutants(spec, { clauses: m.clauses, method: { start: m.range.start.offset, end: m.range.end.offset } }, DAFNY_SPEC_MUTATION_OPERATORS.filter((o) => o.name === 'drop-clause'), queryDafny);
    expect(candidates[0]!.text).toBe(method('  ensures r == n'));
  });

  it('relational-swap: each comparison becomes each other one', async () => {
    expect(await mutantsOf('relational-swap', method('  ensures r < n'))).toEqual(['r <= n', 'r > n', 'r >= n', 'r == n', 'r != n']);
  });

  it('additive-swap and multiplicative-swap: arithmetic operators', async () => {
    expect(await mutantsOf('additive-swap', method('  ensures r == n + 1'))).toEqual(['r == n - 1']);
    expect(await mutantsOf('multiplicative-swap', method('  ensures r == n * 2'))).toEqual(['r == n / 2', 'r == n % 2']);
  });

  it('integer-shift: decimal literals plus and minus 1', async () => {
    expect(await mutantsOf('integer-shift', method('  ensures r == n + 10'))).toEqual(['r == n + 11', 'r == n + 9']);
    // A tuple member's index is left alone.
    expect(await mutantsOf('integer-shift', method('  ensures r.0 == 0', 'n: int', 'r: (int, int)'))).toEqual(['r.0 == 1', 'r.0 == -1']);
  });

  it('in-swap: in becomes !in and back', async () => {
    expect(await mutantsOf('in-swap', method('  ensures r in a && n !in a'))).toEqual(['r !in a && n !in a', 'r in a && n in a']);
  });

  it('quantifier-swap: forall becomes exists and back', async () => {
    expect(await mutantsOf('quantifier-swap', method('  ensures forall i :: i in a ==> i <= r\n  ensures exists i :: i in a && i == r'))).toEqual([
      'exists i :: i in a ==> i <= r',
      'forall i :: i in a && i == r',
    ]);
  });

  it('range-bound-shift: the bounds of a range, not decimal literals (integer-shift moves those)', async () => {
    expect(await mutantsOf('range-bound-shift', method('  ensures forall i :: 0 <= i < |a| ==> a[i] <= r'))).toEqual([
      'forall i :: 0 <= i < |a| + 1 ==> a[i] <= r',
      'forall i :: 0 <= i < |a| - 1 ==> a[i] <= r',
    ]);
    expect(await mutantsOf('range-bound-shift', method('  ensures forall i | n <= i < |a| :: a[i] <= r'))).toEqual([
      'forall i | n + 1 <= i < |a| :: a[i] <= r',
      'forall i | n - 1 <= i < |a| :: a[i] <= r',
      'forall i | n <= i < |a| + 1 :: a[i] <= r',
      'forall i | n <= i < |a| - 1 :: a[i] <= r',
    ]);
    expect(await mutantsOf('range-bound-shift', method('  ensures forall i :: i < n ==> i < r'))).toEqual(['forall i :: i < n + 1 ==> i < r', 'forall i :: i < n - 1 ==> i < r']);
  });

  it('negate: a clause, the operands of logical operators and quantifier bodies, parenthesized ones without doubled parentheses', async () => {
    expect(await mutantsOf('negate', method('  ensures forall i :: i in a ==> (i <= r)'))).toEqual([
      '!(forall i :: i in a ==> (i <= r))',
      'forall i :: !(i in a) ==> (i <= r)',
      'forall i :: !(i in a ==> (i <= r))',
      'forall i :: i in a ==> !(i <= r)',
    ]);
  });

  it('edits stay inside the method\'s requires and ensures clauses: not its body, frames or other declarations', async () => {
    const spec = `function F(x: int): int { x + 1 }\nmethod M(a: array<int>, n: int) returns (r: int)\n  modifies a\n  decreases n + 1\n  ensures r == n + 1\n{\n  r := n + 1;\n}\n`;
    expect(await mutantsOf('integer-shift', spec)).toEqual(['r == n + 2', 'r == n + 0']);
  });

  it('capture offsets are character offsets, also after non-ASCII text', async () => {
    const spec = method('  // ⇔ ∀ é\n  ensures r ≥ n ∧ r ≤ n + 1');
    expect(await mutantsOf('integer-shift', spec)).toEqual(['r ≥ n ∧ r ≤ n + 2', 'r ≥ n ∧ r ≤ n + 0']);
    expect(await mutantsOf('drop-conjunct', spec)).toEqual(['r ≤ n + 1', 'r ≥ n']);
  });
});

import { describe, expect, it } from 'vitest';
import { generateSpecMutants, shownEdit } from '@specmut/core';
import { LEAN_SPEC_MUTATION_OPERATORS, leanBackend, loadLeanModule, queryLean } from '../src/index.js';

/** The mutants one Lean operator makes of method `name`'s clauses: each edited clause as the mutant has it (or the dropped text). */
async function mutantsOf(operator: string, spec: string, name = 'f'): Promise<string[]> {
  const module = await loadLeanModule('m.lean', spec);
  const method = module.methods.find((m) => m.name === name)!;
  expect(method, name).toBeDefined();
  const operators = LEAN_SPEC_MUTATION_OPERATORS.filter((o) => o.name === operator);
  expect(operators.length, operator).toBeGreaterThan(0);
  const clauses = method.clauses.filter((c) => c.role === 'precondition' || c.role === 'postcondition');
  const extent = {
    start: Math.min(method.range.start.offset, ...clauses.map((c) => c.range.start.offset)),
    end: Math.max(method.range.end.offset, ...clauses.map((c) => c.range.end.offset)),
  };
  const { candidates } = await generateSpecMutants(spec, { clauses, method: extent }, operators, queryLean);
  for (const c of candidates) {
    expect(c.operator).toBe(operator);
    // every mutant still parses as Lean
    await expect(leanBackend.load('m.lean', c.text)).resolves.toBeDefined();
  }
  return candidates.map((c) => {
    const shown = shownEdit(spec, c);
    return shown.text === '' ? `dropped: ${shown.original}` : shown.text;
  });
}

/** A VERINA-style spec: `f_precond` and `f_postcond` with the given bodies. */
const predicates = (post: string, pre = 'True') =>
  `def f_precond (xs : List Nat) (n : Nat) : Prop :=\n  ${pre}\n\ndef f (xs : List Nat) (n : Nat) (h_precond : f_precond xs n) : Nat :=\n  0\n\ndef f_postcond (xs : List Nat) (n : Nat) (result : Nat) (h_precond : f_precond xs n) : Prop :=\n  ${post}\n`;

describe('Lean spec mutation operators (each mutant as the edited clause reads)', () => {
  it('iff-to-implies: A ↔ B becomes A → B and B → A', async () => {
    expect(await mutantsOf('iff-to-implies', predicates('result = 0 ↔ n > 2'))).toEqual(['result = 0 → n > 2', 'n > 2 → result = 0']);
  });

  it('implies-to-iff: → becomes ↔', async () => {
    expect(await mutantsOf('implies-to-iff', predicates('n > 0 → result > 0'))).toEqual(['n > 0 ↔ result > 0']);
  });

  it('and-or-swap: ∧/∨ and Bool &&/||', async () => {
    expect(await mutantsOf('and-or-swap', predicates('result > 0 ∧ n > 0 ∨ (xs.all (fun x => x == 1 && x != 2))'))).toEqual([
      'result > 0 ∨ n > 0 ∨ (xs.all (fun x => x == 1 && x != 2))',
      'result > 0 ∧ n > 0 ∧ (xs.all (fun x => x == 1 && x != 2))',
      'result > 0 ∧ n > 0 ∨ (xs.all (fun x => x == 1 || x != 2))',
    ]);
  });

  it('drop-conjunct: each operand of a conjunction alone', async () => {
    expect(await mutantsOf('drop-conjunct', predicates('result ≥ 0 ∧ result ≤ n'))).toEqual(['result ≤ n', 'result ≥ 0']);
  });

  it('drop-clause: a top-level conjunct of _precond/_postcond with its ∧, also under a let', async () => {
    expect(await mutantsOf('drop-clause', predicates('let m := n\n  result ≤ m ∧\n  result ≥ 1 ∧\n  result ≠ 2', 'n ≥ 1 ∧ xs ≠ []'))).toEqual([
      'xs ≠ []',
      'n ≥ 1',
      '\n  let m := n\n  result ≥ 1 ∧\n  result ≠ 2',
      '\n  let m := n\n  result ≤ m ∧\n  result ≠ 2',
      '\n  let m := n\n  result ≤ m ∧\n  result ≥ 1',
    ]);
  });

  it('relational-swap: each comparison becomes each other one; == and != swap', async () => {
    expect(await mutantsOf('relational-swap', predicates('result < n'))).toEqual(['result ≤ n', 'result > n', 'result ≥ n', 'result = n', 'result ≠ n']);
    expect(await mutantsOf('relational-swap', predicates('(result == 1) = true'))).toEqual([
      '(result == 1) < true',
      '(result == 1) ≤ true',
      '(result == 1) > true',
      '(result == 1) ≥ true',
      '(result == 1) ≠ true',
      '(result != 1) = true',
    ]);
  });

  it('additive-swap and multiplicative-swap', async () => {
    expect(await mutantsOf('additive-swap', predicates('result = n + 1 - 2'))).toEqual(['result = n - 1 - 2', 'result = n + 1 + 2']);
    expect(await mutantsOf('multiplicative-swap', predicates('result = n * 2'))).toEqual(['result = n / 2', 'result = n % 2']);
  });

  it('integer-shift: literals plus and minus 1, never below 0', async () => {
    expect(await mutantsOf('integer-shift', predicates('result = n + 0 ∧ result ≠ 10'))).toEqual(['result = n + 1 ∧ result ≠ 10', 'result = n + 0 ∧ result ≠ 11', 'result = n + 0 ∧ result ≠ 9']);
  });

  it('in-swap: ∈ becomes ∉ and back', async () => {
    expect(await mutantsOf('in-swap', predicates('result ∈ xs ∧ n ∉ xs'))).toEqual(['result ∉ xs ∧ n ∉ xs', 'result ∈ xs ∧ n ∈ xs']);
  });

  it('quantifier-swap: ∀ becomes ∃ and back', async () => {
    expect(await mutantsOf('quantifier-swap', predicates('∀ x ∈ xs, ∃ y, y < x ∧ result = y'))).toEqual(['∃ x ∈ xs, ∃ y, y < x ∧ result = y', '∀ x ∈ xs, ∀ y, y < x ∧ result = y']);
  });

  it('range-bound-shift: the bound of ∀ i < n, and of a guard i < n →, not a literal bound', async () => {
    expect(await mutantsOf('range-bound-shift', predicates('(∀ i < xs.length, xs[i]! ≠ result) ∧ (∀ j, j < n → j ≠ result) ∧ ∀ k < 3, k ≠ result'))).toEqual([
      '(∀ i < xs.length + 1, xs[i]! ≠ result) ∧ (∀ j, j < n → j ≠ result) ∧ ∀ k < 3, k ≠ result',
      '(∀ i < xs.length - 1, xs[i]! ≠ result) ∧ (∀ j, j < n → j ≠ result) ∧ ∀ k < 3, k ≠ result',
      '(∀ i < xs.length, xs[i]! ≠ result) ∧ (∀ j, j < n + 1 → j ≠ result) ∧ ∀ k < 3, k ≠ result',
      '(∀ i < xs.length, xs[i]! ≠ result) ∧ (∀ j, j < n - 1 → j ≠ result) ∧ ∀ k < 3, k ≠ result',
    ]);
  });

  it('negate: ¬ inserted before a clause, an operand or a parenthesized formula, and removed', async () => {
    expect(await mutantsOf('negate', predicates('result > 0 ∧ ¬ (n = 1) ∨ (result = n)'))).toEqual([
      '¬(True)',
      '¬(result > 0) ∧ ¬ (n = 1) ∨ (result = n)',
      '¬(result > 0 ∧ ¬ (n = 1)) ∨ (result = n)',
      '¬(result > 0 ∧ ¬ (n = 1) ∨ (result = n))',
      'result > 0 ∧ ¬ (n = 1) ∨ ¬(result = n)',
      'result > 0 ∧ (n = 1) ∨ (result = n)',
    ]);
    // Under a let, its body is negated (a negated `let` does not parse).
    expect(await mutantsOf('negate', predicates('let m := n\n  result ≤ m'))).toEqual(['¬(True)', '\n  let m := n\n  ¬(result ≤ m)']);
  });
});

describe('Lean spec mutation of theorem-style specs', () => {
  const theorems = 'def f (xs : List Nat) : Nat := sorry\n\ntheorem f_pos (xs : List Nat) (h : xs ≠ []) : f xs > 0 := sorry\n\ntheorem f_le (xs : List Nat) (h : xs ≠ []) : (hl : xs.length > 1) → 1 < 2 → f xs ≤ xs.length := sorry\n';

  it('drop-clause: a shared hypothesis binder, or an antecedent of the statement with its arrow', async () => {
    expect(await mutantsOf('drop-clause', theorems)).toEqual(['dropped: (h : xs ≠ [])', '1 < 2 → f xs ≤ xs.length', '(hl : xs.length > 1) → f xs ≤ xs.length']);
  });

  it('a named hypothesis (hl : P) → Q is never negated nor made an ↔ (it would not type-check)', async () => {
    expect(await mutantsOf('negate', theorems)).toEqual([
      '¬(xs ≠ [])',
      '¬(f xs > 0)',
      '¬((hl : xs.length > 1) → 1 < 2 → f xs ≤ xs.length)',
      '(hl : xs.length > 1) → ¬(1 < 2) → f xs ≤ xs.length',
      '(hl : xs.length > 1) → ¬(1 < 2 → f xs ≤ xs.length)',
      '(hl : xs.length > 1) → 1 < 2 → ¬(f xs ≤ xs.length)',
    ]);
    expect(await mutantsOf('implies-to-iff', theorems)).toEqual(['(hl : xs.length > 1) → 1 < 2 ↔ f xs ≤ xs.length']);
  });

  it('the Lean backend offers its operators and a query of its grammar', () => {
    expect(leanBackend.specMutationOperators).toBe(LEAN_SPEC_MUTATION_OPERATORS);
    expect(leanBackend.querySyntax).toBe(queryLean);
  });
});

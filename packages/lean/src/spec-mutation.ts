import type { SpecMutationOperator, SyntaxMatch } from '@specmut/core';
import { syntaxQuerier } from '@specmut/tree-sitter';
import { leanParser } from './syntax/parser.js';

/**
 * Lean's spec mutation operators: tree-sitter queries over grammars/lean's node kinds and the edit core
 * applies to each match (see `SpecEdit`). Core keeps only edits inside the spec's clauses (a `_precond`
 * or `_postcond` body, a theorem's statement, a hypothesis shared by the theorems) and only mutants
 * that still parse.
 *
 * Replacing an operator token keeps the text around it, so where the new operator binds differently
 * the mutant reads as Lean parses its text: the reported text is the mutant's meaning.
 *
 * A named hypothesis `(h : P) → Q` is a dependent arrow, not an implication between propositions: it is
 * never negated or made an `↔`, whose mutants would not type-check.
 */

const op = (capture: string, ...tokens: string[]) => `(#any-of? @${capture} ${tokens.map((t) => JSON.stringify(t)).join(' ')})`;
const PROP_CONNECTIVES = ['∧', '∨', '→', '->', '↔', '<->'];
const ARROWS = ['→', '->'];
const ORDERING = ['<', '≤', '<='];
/** A bound that is not a decimal literal (integer-shift moves those). */
const NOT_LITERAL = '(#not-match? @bound "^[0-9]+$")';
/** A named hypothesis on the left of an arrow, and arrows inside the types of binders. */
const NAMED_HYPOTHESIS = '(binary_expression left: (type_ascription) @skip)';
const DEPENDENT_ARROWS = ['(binary_expression left: (type_ascription) operator: (operator) @skip)', `(quantifier type: (binary_expression operator: (operator) @skip ${op('skip', ...ARROWS)}))`].join('\n');

/** The name of a VERINA-style predicate whose body is one clause. */
const PREDICATE = '(#match? @name "_(pre|post)cond$")';

/**
 * The `k`-th item (from 0) of a right-nested chain `a ⋄ b ⋄ c` at `root`, captured as @c with the
 * connective @sep next to it: after it, or for the last item (`last`), before it.
 */
function chainItem(k: number, last: boolean, connectives: readonly string[]): string {
  const seps: string[] = [];
  let inner = last ? '(_) @c' : '(binary_expression left: (_) @c operator: (operator) @sep right: (_))';
  if (!last) seps.push('sep');
  for (let level = k - 1 + (last ? 1 : 0); level >= 0; level--) {
    const name = last && level === k ? 'sep' : `o${level}`;
    seps.push(name);
    inner = `(binary_expression operator: (operator) @${name} right: ${inner})`;
  }
  return `${inner} ${seps.map((s) => op(s, ...connectives)).join(' ')}`;
}

/** Chains of up to this many items are reached by drop-clause (longer ones through drop-conjunct). */
const CHAIN = 8;
const chainItems = (connectives: readonly string[], withLast: boolean) =>
  Array.from({ length: CHAIN }, (_, k) => [chainItem(k, false, connectives), ...(withLast && k > 0 ? [chainItem(k - 1, true, connectives)] : [])]).flat();

/** The top-level conjuncts of a predicate's body (under its `let`s), and the antecedents of a theorem's statement. */
const DROP_CLAUSE_QUERY = [
  ...chainItems(['∧'], true).flatMap((item) => [
    `(definition name: (identifier) @name body: ${item} ${PREDICATE})`,
    `(definition name: (identifier) @name body: (let body: ${item}) ${PREDICATE})`,
    `(definition name: (identifier) @name body: (let body: (let body: ${item})) ${PREDICATE})`,
    `(definition name: (identifier) @name body: (let body: (let body: (let body: ${item}))) ${PREDICATE})`,
  ]),
  // A theorem's antecedents, not its conclusion (the last item).
  ...chainItems(ARROWS, false).flatMap((item) => [`(theorem type: ${item})`, `(theorem type: (quantifier body: ${item}))`]),
].join('\n');

export const LEAN_SPEC_MUTATION_OPERATORS: readonly SpecMutationOperator[] = [
  {
    name: 'iff-to-implies',
    description: '`A ↔ B` becomes `A → B` or `B → A` (one direction of the equivalence)',
    query: `(binary_expression left: (_) @left operator: (operator) @op right: (_) @right ${op('op', '↔', '<->')}) @whole`,
    edit: { kind: 'replace', target: 'whole', with: ['{left} → {right}', '{right} → {left}'] },
  },
  {
    name: 'implies-to-iff',
    description: '`→` becomes `↔` (not the arrow after a named hypothesis `(h : P) →`)',
    query: `(binary_expression operator: (operator) @op ${op('op', ...ARROWS)})`,
    except: DEPENDENT_ARROWS,
    edit: { kind: 'replace', target: 'op', with: ['↔'] },
  },
  {
    name: 'and-or-swap',
    description: '`∧` becomes `∨` and back',
    query: `(binary_expression operator: (operator) @op ${op('op', '∧', '∨')})`,
    edit: { kind: 'replace', target: 'op', with: ['∧', '∨'] },
  },
  {
    name: 'and-or-swap',
    description: '`&&` becomes `||` and back (Bool)',
    query: `(binary_expression operator: (operator) @op ${op('op', '&&', '||')})`,
    edit: { kind: 'replace', target: 'op', with: ['&&', '||'] },
  },
  {
    name: 'drop-clause',
    description: "a top-level conjunct of a `_precond`/`_postcond` body (also under its `let`s), an antecedent of a theorem's statement, or a shared hypothesis binder, with its connective",
    query: `${DROP_CLAUSE_QUERY}\n(theorem binder: (explicit_binder) @c)`,
    // The chain's tail is not one item: the last item is reached by the pattern that ends at it.
    except: `(binary_expression operator: (operator) @o ${op('o', '∧', ...ARROWS)}) @skip`,
    edit: { kind: 'delete', target: 'c', separator: 'sep' },
  },
  {
    name: 'drop-conjunct',
    description: 'one operand of a conjunction is dropped',
    query: `(binary_expression left: (_) @left operator: (operator) @op right: (_) @right ${op('op', '∧', '&&')}) @whole`,
    edit: { kind: 'replace', target: 'whole', with: ['{right}', '{left}'] },
  },
  {
    name: 'relational-swap',
    description: 'a comparison becomes another one of < ≤ > ≥ = ≠',
    query: `(binary_expression operator: (operator) @op ${op('op', '<', '≤', '<=', '>', '≥', '>=', '=', '≠')})`,
    except: '(quantifier type: (_) @skip)',
    edit: { kind: 'replace', target: 'op', with: ['<', '≤', '>', '≥', '=', '≠'] },
  },
  {
    name: 'relational-swap',
    description: '`==` becomes `!=` and back (Bool)',
    query: `(binary_expression operator: (operator) @op ${op('op', '==', '!=')})`,
    edit: { kind: 'replace', target: 'op', with: ['==', '!='] },
  },
  {
    name: 'additive-swap',
    description: '`+` becomes `-` and back',
    query: `(binary_expression operator: (operator) @op ${op('op', '+', '-')})`,
    edit: { kind: 'replace', target: 'op', with: ['+', '-'] },
  },
  {
    name: 'multiplicative-swap',
    description: 'a multiplicative operator becomes another one of * / %',
    query: `(binary_expression operator: (operator) @op ${op('op', '*', '/', '%')})`,
    edit: { kind: 'replace', target: 'op', with: ['*', '/', '%'] },
  },
  {
    name: 'integer-shift',
    description: 'a natural-number literal plus or minus 1, never below 0 (a Lean literal has no sign)',
    query: '(number) @n',
    edit: { kind: 'shift-integer', target: 'n', by: [1, -1], min: 0 },
  },
  {
    name: 'in-swap',
    description: '`∈` becomes `∉` and back',
    query: `(binary_expression operator: (operator) @op ${op('op', '∈', '∉')})`,
    edit: { kind: 'replace', target: 'op', with: ['∈', '∉'] },
  },
  {
    name: 'quantifier-swap',
    description: '`∀` becomes `∃` and back',
    query: '(quantifier quantifier: ["∀" "∃"] @q)',
    edit: { kind: 'replace', target: 'q', with: ['∀', '∃'] },
  },
  {
    name: 'range-bound-shift',
    description: 'the bound of `∀ i < n,` (a binder predicate) or of a guard `i < n →` in a quantifier body, plus or minus 1',
    query: [
      `(quantifier predicate: (binder_predicate operator: (operator) @o bound: (_) @bound) ${op('o', ...ORDERING)} ${NOT_LITERAL})`,
      `(quantifier body: (binary_expression left: (binary_expression left: (identifier) operator: (operator) @o right: (_) @bound) operator: (operator) @arrow) ${op('o', ...ORDERING)} ${op('arrow', ...ARROWS)} ${NOT_LITERAL})`,
    ].join('\n'),
    edit: { kind: 'replace', target: 'bound', with: ['{bound} + 1', '{bound} - 1'] },
  },
  {
    name: 'negate',
    description: 'a proposition (a clause or the body under its `let`s, an operand of a connective, a quantifier body) gets `¬`',
    query: [
      `(definition name: (identifier) @name body: (_) @e ${PREDICATE})`,
      // Under a predicate's `let`s, their body: `¬(let x := …\n  P)` does not parse (the layout ends the `let` first).
      `(definition name: (identifier) @name body: (let body: (_) @e) ${PREDICATE})`,
      `(definition name: (identifier) @name body: (let body: (let body: (_) @e)) ${PREDICATE})`,
      `(definition name: (identifier) @name body: (let body: (let body: (let body: (_) @e))) ${PREDICATE})`,
      '(theorem type: (_) @e)',
      '(theorem binder: (explicit_binder type: (_) @e))',
      `(binary_expression left: (_) @e operator: (operator) @op ${op('op', ...PROP_CONNECTIVES)})`,
      `(binary_expression operator: (operator) @op right: (_) @e ${op('op', ...PROP_CONNECTIVES)})`,
      '(quantifier body: (_) @e)',
    ].join('\n'),
    except: [NAMED_HYPOTHESIS, '(parenthesized) @skip', '(unary_expression operator: "¬") @skip', '(let) @skip'].join('\n'),
    edit: { kind: 'replace', target: 'e', with: ['¬({e})'] },
  },
  {
    name: 'negate',
    description: 'a parenthesized proposition gets `¬`',
    query: [
      `(binary_expression left: (parenthesized) @e operator: (operator) @op ${op('op', ...PROP_CONNECTIVES)})`,
      `(binary_expression operator: (operator) @op right: (parenthesized) @e ${op('op', ...PROP_CONNECTIVES)})`,
      '(quantifier body: (parenthesized) @e)',
      '(theorem type: (parenthesized) @e)',
    ].join('\n'),
    edit: { kind: 'replace', target: 'e', with: ['¬{e}'] },
  },
  {
    name: 'negate',
    description: '`¬` or Bool `!` is removed',
    query: '(unary_expression operator: ["¬" "!"] operand: (_) @inner) @whole',
    edit: { kind: 'replace', target: 'whole', with: ['{inner}'] },
  },
];

// The backend's own parser: its language's queries compile on it (the grammar is loaded once per process).
const querier = syntaxQuerier(() => leanParser());

/** Runs a tree-sitter query of the Lean grammar over `text` (compiled once per query source). */
export function queryLean(text: string, source: string): Promise<SyntaxMatch[]> {
  return querier(text, source);
}

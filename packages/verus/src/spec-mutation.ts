import type { SpecMutationOperator, SyntaxMatch } from '@specmut/core';
import { syntaxQuerier } from '@specmut/tree-sitter';
import { verusParser } from './syntax/parser.js';

/**
 * Verus's spec mutation operators: tree-sitter queries over grammars/verus's node kinds (tree-sitter-rust
 * plus what `verus! { }` adds) and the edit core applies to each match (see `SpecEdit`). Core keeps only
 * edits inside the fn's requires/ensures conditions (one clause each), or deletions of whole conditions,
 * and only mutants that still parse.
 *
 * Replacing an operator token keeps the text around it, so where the new operator binds differently
 * the mutant reads as Verus parses its text: the reported text is the mutant's meaning.
 */

const LOGICAL = '["&&" "||" "==>" "<==" "<==>"]';
/** A bound that is not a literal (integer-shift moves those). */
const NOT_LITERAL = '(#not-match? @bound "^[0-9][0-9_]*[a-z0-9]*$")';
/** Rust's integer suffixes and Verus's `int` and `nat` (`0int`). */
const INTEGER_SUFFIXES = ['u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'int', 'nat'];
/** Where a condition stands: a requires/ensures list, an operand of a connective, a quantifier body. */
const CONDITION_PLACES = (e: string) => [
  `(requires_clause condition: ${e})`,
  `(ensures_clause condition: ${e})`,
  `(binary_expression left: ${e} operator: ${LOGICAL})`,
  `(binary_expression operator: ${LOGICAL} right: ${e})`,
  `(big_and_expression operand: ${e})`,
  `(big_or_expression operand: ${e})`,
  `(quantifier_expression body: ${e})`,
];

/**
 * Verus chains inequalities in spec code (`a <= b < c` is `a <= b && b < c`; reference-chained-ineq in
 * the Verus guide): only `<`, `<=`, `>`, `>=` chain. tree-sitter-rust parses a chain left-nested, so an
 * operator is in a chain when its expression's left operand is an inequality, or when it is that left
 * operand. Swapping such an operator to `==`/`!=` gives an ill-typed comparison of a bool with a number,
 * so chain operators only swap within their direction (mixed directions are left out: the guide shows
 * chains in one direction only).
 */
const ASCENDING = '["<" "<="]';
const DESCENDING = '[">" ">="]';
const INEQUALITIES = '["<" "<=" ">" ">="]';
function chainOperators(ops: string, capture = 'skip'): string {
  return [
    `(binary_expression left: (binary_expression operator: ${ops}) operator: ${ops} @${capture})`,
    `(binary_expression left: (binary_expression operator: ${ops} @${capture}) operator: ${ops})`,
  ].join('\n');
}

export const VERUS_SPEC_MUTATION_OPERATORS: readonly SpecMutationOperator[] = [
  {
    name: 'iff-to-implies',
    description: '`<==>` becomes `==>` or `<==` (one direction of the equivalence)',
    query: '(binary_expression operator: "<==>" @op)',
    edit: { kind: 'replace', target: 'op', with: ['==>', '<=='] },
  },
  {
    name: 'implies-to-iff',
    description: '`==>` (or `<==`) becomes `<==>`',
    query: '(binary_expression operator: ["==>" "<=="] @op)',
    edit: { kind: 'replace', target: 'op', with: ['<==>'] },
  },
  {
    name: 'and-or-swap',
    description: '`&&` becomes `||` and back',
    query: '(binary_expression operator: ["&&" "||"] @op)',
    edit: { kind: 'replace', target: 'op', with: ['&&', '||'] },
  },
  {
    name: 'and-or-swap',
    description: '`&&&` becomes `|||` and back',
    query: '(big_and_expression "&&&" @op)\n(big_or_expression "|||" @op)',
    edit: { kind: 'replace', target: 'op', with: ['&&&', '|||'] },
  },
  {
    name: 'drop-clause',
    description: 'one condition of a requires/ensures list with the comma after it (not the last), or a clause of one condition with its keyword',
    query: [
      '(requires_clause condition: (_) @c . "," @sep . condition: (_))',
      '(ensures_clause condition: (_) @c . "," @sep . condition: (_))',
      '(requires_clause . condition: (_) .) @c',
      '(ensures_clause . condition: (_) .) @c',
    ].join('\n'),
    edit: { kind: 'delete', target: 'c', separator: 'sep' },
  },
  {
    name: 'drop-clause',
    description: 'the last condition of a requires/ensures list, with the comma before it',
    query: ['(requires_clause "," @sep . condition: (_) @c .)', '(ensures_clause "," @sep . condition: (_) @c .)'].join('\n'),
    edit: { kind: 'delete', target: 'c', separator: 'sep' },
  },
  {
    name: 'drop-conjunct',
    description: 'one operand of a conjunction (`&&`) is dropped',
    query: '(binary_expression left: (_) @left operator: "&&" right: (_) @right) @whole',
    edit: { kind: 'replace', target: 'whole', with: ['{right}', '{left}'] },
  },
  {
    name: 'drop-conjunct',
    description: 'one operand of a `&&&` list is dropped with its `&&&`',
    query: ['(big_and_expression operand: (_) @c . "&&&" @sep)', '(big_and_expression "&&&" @sep . operand: (_) @c)'].join('\n'),
    edit: { kind: 'delete', target: 'c', separator: 'sep' },
  },
  {
    name: 'relational-swap',
    description: 'a comparison operator (not in a chain) becomes another one of < <= > >= == !=',
    query: '(binary_expression operator: ["<" "<=" ">" ">=" "==" "!="] @op)',
    except: chainOperators(INEQUALITIES),
    edit: { kind: 'replace', target: 'op', with: ['<', '<=', '>', '>=', '==', '!='] },
  },
  {
    name: 'relational-swap',
    description: 'an operator of an ascending chain (`0 <= i < n`) becomes the other of < <=',
    query: chainOperators(ASCENDING, 'op'),
    edit: { kind: 'replace', target: 'op', with: ['<', '<='] },
  },
  {
    name: 'relational-swap',
    description: 'an operator of a descending chain (`n > i >= 0`) becomes the other of > >=',
    query: chainOperators(DESCENDING, 'op'),
    edit: { kind: 'replace', target: 'op', with: ['>', '>='] },
  },
  {
    name: 'relational-swap',
    description: "Verus's spec equality `===` and extensional equality `=~=` become each other and their negations `!==`, `!~=`",
    query: '(binary_expression operator: ["===" "!==" "=~=" "!~="] @op)',
    edit: { kind: 'replace', target: 'op', with: ['===', '!==', '=~=', '!~='] },
  },
  {
    name: 'relational-swap',
    description: 'deep extensional equality `=~~=` becomes `!~~=` and back',
    query: '(binary_expression operator: ["=~~=" "!~~="] @op)',
    edit: { kind: 'replace', target: 'op', with: ['=~~=', '!~~='] },
  },
  {
    name: 'additive-swap',
    description: '`+` becomes `-` and back',
    query: '(binary_expression operator: ["+" "-"] @op)',
    edit: { kind: 'replace', target: 'op', with: ['+', '-'] },
  },
  {
    name: 'multiplicative-swap',
    description: 'a multiplicative operator becomes another one of * / %',
    query: '(binary_expression operator: ["*" "/" "%"] @op)',
    edit: { kind: 'replace', target: 'op', with: ['*', '/', '%'] },
  },
  {
    name: 'integer-shift',
    description: 'an integer literal plus or minus 1, keeping its type suffix (`0int` → `1int`), never below 0',
    query: '(integer_literal) @n',
    edit: { kind: 'shift-integer', target: 'n', by: [1, -1], suffixes: INTEGER_SUFFIXES, min: 0 },
  },
  {
    name: 'in-swap',
    description: '`s.contains(x)` becomes `!s.contains(x)` (the removal is `negate`)',
    query: '(call_expression function: (field_expression field: (field_identifier) @m) (#eq? @m "contains")) @e',
    except: '(unary_expression "!" (call_expression) @skip)',
    edit: { kind: 'replace', target: 'e', with: ['!{e}'] },
  },
  {
    name: 'quantifier-swap',
    description: '`forall|i|` becomes `exists|i|` and back',
    query: '(quantifier_expression kind: ["forall" "exists"] @q)',
    edit: { kind: 'replace', target: 'q', with: ['forall', 'exists'] },
  },
  {
    name: 'range-bound-shift',
    description: 'a bound of a range `lo <= i < hi` plus or minus 1',
    query: [
      `(binary_expression left: (binary_expression operator: ["<" "<="] right: (identifier)) operator: ["<" "<="] right: (_) @bound ${NOT_LITERAL})`,
      `(binary_expression left: (binary_expression left: (_) @bound operator: ["<" "<="] right: (identifier)) operator: ["<" "<="] ${NOT_LITERAL})`,
    ].join('\n'),
    edit: { kind: 'replace', target: 'bound', with: ['{bound} + 1', '{bound} - 1'] },
  },
  {
    name: 'negate',
    description: 'a condition (a requires/ensures item, an operand of a connective, a quantifier body) is negated',
    query: CONDITION_PLACES('(_) @e').join('\n'),
    except: ['(parenthesized_expression) @skip', '(unary_expression "!") @skip'].join('\n'),
    edit: { kind: 'replace', target: 'e', with: ['!({e})'] },
  },
  {
    name: 'negate',
    description: 'a parenthesized condition is negated',
    query: CONDITION_PLACES('(parenthesized_expression) @e').join('\n'),
    edit: { kind: 'replace', target: 'e', with: ['!{e}'] },
  },
  {
    name: 'negate',
    description: 'a `!` is removed',
    query: '(unary_expression "!" (_) @inner) @whole',
    edit: { kind: 'replace', target: 'whole', with: ['{inner}'] },
  },
];

const querier = syntaxQuerier(() => verusParser());

/** Runs a tree-sitter query of the Verus grammar over `text` (compiled once per query source). */
export function queryVerus(text: string, source: string): Promise<SyntaxMatch[]> {
  return querier(text, source);
}

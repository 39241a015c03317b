import type { SpecMutationOperator } from '@specmut/core';

/**
 * Dafny's spec mutation operators: tree-sitter queries over grammars/dafny's node kinds and the edit
 * core applies to each match (see `SpecEdit`). Core keeps only edits inside the method's requires and
 * ensures clauses (or whole clauses, for `drop-clause`) and only mutants that still parse.
 *
 * Replacing an operator token keeps the text around it, so where the new operator binds differently
 * the mutant reads as Dafny parses its text (`a - b * c` with `*` to `+` is `(a - b) + c`): the
 * reported text is the mutant's meaning.
 */

const LOGICAL = '["&&" "||" "==>" "<==" "<==>"]';
/** A bound that is neither a decimal literal (integer-shift moves those) nor a shift expression, which `+ 1` would bind inside of. */
const BOUND_PREDICATES = '(#not-match? @bound "^[0-9]+$") (#not-match? @bound "<<|>>")';

export const DAFNY_SPEC_MUTATION_OPERATORS: readonly SpecMutationOperator[] = [
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
    name: 'drop-conjunct',
    description: 'one operand of a conjunction is dropped',
    query: '(binary_expression left: (_) @left operator: "&&" right: (_) @right) @whole',
    edit: { kind: 'replace', target: 'whole', with: ['{right}', '{left}'] },
  },
  {
    name: 'drop-clause',
    description: 'a whole requires or ensures clause is dropped',
    query: '[(requires_clause) (ensures_clause)] @clause',
    edit: { kind: 'delete', target: 'clause' },
  },
  {
    name: 'relational-swap',
    description: 'a comparison operator becomes another one of < <= > >= == !=',
    query: '(binary_expression operator: ["<" "<=" ">" ">=" "==" "!="] @op)',
    edit: { kind: 'replace', target: 'op', with: ['<', '<=', '>', '>=', '==', '!='] },
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
    description: 'an integer literal plus or minus 1',
    query: '(integer_literal) @n',
    // `t.0` selects a tuple member: its index is a name, not a number (and `t.-1` does not parse).
    except: '(member_expression member: (integer_literal) @skip)',
    edit: { kind: 'shift-integer', target: 'n', by: [1, -1] },
  },
  {
    name: 'in-swap',
    description: '`in` becomes `!in` and back',
    query: '(binary_expression operator: ["in" "!in"] @op)',
    edit: { kind: 'replace', target: 'op', with: ['in', '!in'] },
  },
  {
    name: 'quantifier-swap',
    description: '`forall` becomes `exists` and back',
    query: '(quantifier_expression quantifier: ["forall" "exists"] @q)',
    edit: { kind: 'replace', target: 'q', with: ['forall', 'exists'] },
  },
  {
    name: 'range-bound-shift',
    description: 'a bound of a range `lo <= i < hi` (a chain, a quantifier range, or the antecedent of a quantifier body) plus or minus 1',
    query: [
      `(binary_expression left: (binary_expression operator: ["<" "<="] right: (identifier)) operator: ["<" "<="] right: (_) @bound ${BOUND_PREDICATES})`,
      `(binary_expression left: (binary_expression left: (_) @bound operator: ["<" "<="] right: (identifier)) operator: ["<" "<="] ${BOUND_PREDICATES})`,
      `(quantifier_expression range: (binary_expression left: (identifier) operator: ["<" "<="] right: (_) @bound) ${BOUND_PREDICATES})`,
      `(quantifier_expression body: (binary_expression left: (binary_expression left: (identifier) operator: ["<" "<="] right: (_) @bound) operator: "==>") ${BOUND_PREDICATES})`,
    ].join('\n'),
    edit: { kind: 'replace', target: 'bound', with: ['{bound} + 1', '{bound} - 1'] },
  },
  {
    name: 'negate',
    description: 'a sub-formula (a clause, an operand of a logical operator, a quantifier body) is negated',
    query: [
      `(requires_clause condition: (_) @e (#not-match? @e "^\\\\("))`,
      `(ensures_clause condition: (_) @e (#not-match? @e "^\\\\("))`,
      `(binary_expression left: (_) @e operator: ${LOGICAL} (#not-match? @e "^\\\\("))`,
      `(binary_expression operator: ${LOGICAL} right: (_) @e (#not-match? @e "^\\\\("))`,
      `(quantifier_expression body: (_) @e (#not-match? @e "^\\\\("))`,
    ].join('\n'),
    edit: { kind: 'replace', target: 'e', with: ['!({e})'] },
  },
  {
    name: 'negate',
    description: 'a parenthesized sub-formula is negated',
    query: [
      '(requires_clause condition: (parenthesized_expression) @e)',
      '(ensures_clause condition: (parenthesized_expression) @e)',
      `(binary_expression left: (parenthesized_expression) @e operator: ${LOGICAL})`,
      `(binary_expression operator: ${LOGICAL} right: (parenthesized_expression) @e)`,
      '(quantifier_expression body: (parenthesized_expression) @e)',
    ].join('\n'),
    edit: { kind: 'replace', target: 'e', with: ['!{e}'] },
  },
];

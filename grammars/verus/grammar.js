/**
 * @file Verus grammar for tree-sitter: tree-sitter-rust extended with what Verus adds inside `verus! { … }`.
 * @license MIT
 *
 * Written for specmut from the Verus guide (syntax overview, spec/exec/proof signatures, operator
 * precedence). The body of `verus! { … }` is parsed as items; every other macro stays a token tree.
 * The Verus forms are accepted by the expression grammar everywhere (one expression grammar keeps the
 * parser small); Rust outside `verus!` still parses as Rust because the Verus words are contextual
 * keywords, which stay identifiers wherever the Rust grammar expects one.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

const rust = require('tree-sitter-rust/grammar');

// tree-sitter-rust's precedences (its PREC table is module-private; these are its values).
const RUST = { call: 15, field: 14, unary: 12, cast: 11, comparative: 4, or: 2 };

// Verus binds `==>`, `<==`, `<==>`, `..`, `=`, closures and quantifiers, `&&&`, `|||` in this order,
// all looser than Rust's `||` (guide, "Operator precedence"); Rust's range, assignment and closure
// rules are re-ranked below the new operators.
const PREC = {
  spec_postfix: RUST.cast, // has, is, matches: between `.` and `*`
  implies: 1,
  explies: 0,
  iff: -1,
  range: -2,
  assign: -3,
  closure: -4,
  big_and: -5,
  big_and_list: -6, // below its chain, so that a chain goes on rather than nests
  big_or: -7,
  big_or_list: -8,
  // Clause lists bind loosest: an operator after a condition extends it, and a `{` after a
  // trailing comma ends the list (it is the body, not a block-valued condition).
  clause: -10,
};

/** A function's header up to its body: Rust's, with a named return and the specification clauses. */
const signature = $ => [
  optional($.visibility_modifier),
  optional($.function_modifiers),
  'fn',
  field('name', choice($.identifier, $.metavariable)),
  field('type_parameters', optional($.type_parameters)),
  field('parameters', $.parameters),
  optional($._return),
  optional($.where_clause),
  repeat($._function_clause),
];

const sepBy1 = (sep, rule) => seq(rule, repeat(seq(sep, rule)));
const sepBy = (sep, rule) => optional(sepBy1(sep, rule));

module.exports = grammar(rust, {
  name: 'verus',

  conflicts: ($, original) => original.concat([
    [$._conditions],
    // `spec const X` (a spec constant) and `spec const fn` (modifiers of a function) share a prefix.
    [$.function_modifiers, $.const_item],
  ]),

  rules: {
    _declaration_statement: ($, original) => choice(
      original,
      $.verus_macro,
      $.broadcast_use,
      $.broadcast_group,
      $.global_item,
    ),

    // `verus! { items }`: the one macro whose body is parsed, as Verus items.
    verus_macro: $ => seq(
      'verus',
      token.immediate('!'),
      '{',
      repeat($._declaration_statement),
      '}',
    ),

    // `assert!`/`assume!` and friends stay Rust macros although `assert`/`assume` are Verus keywords.
    macro_invocation: $ => seq(
      field('macro', choice(
        $.scoped_identifier,
        $.identifier,
        $._reserved_identifier,
        alias(choice('assert', 'assume', 'verus'), $.identifier),
      )),
      '!',
      alias($.delim_token_tree, $.token_tree),
    ),

    // Section - Items

    function_item: $ => seq(...signature($), field('body', $.block)),

    // Body-less functions: trait methods, `uninterp spec fn`, external specifications.
    function_signature_item: $ => seq(...signature($), optional($.uninterp_modifier), ';'),

    // `-> T`, `-> tracked T`, or a named return value `-> (r: T)` / `-> (tracked r: T)`.
    _return: $ => seq('->', choice(
      seq(optional(field('return_mode', $.mode_specifier)), field('return_type', $._type)),
      seq(
        '(',
        optional(field('return_mode', $.mode_specifier)),
        field('return_name', $.identifier),
        ':',
        field('return_type', $._type),
        ')',
      ),
    )),

    _function_clause: $ => choice(
      field('prover', $.prover),
      field('requires', $.requires_clause),
      field('ensures', $.ensures_clause),
      field('recommends', $.recommends_clause),
      field('decreases', $.decreases_clause),
      field('returns', $.returns_clause),
      field('opens_invariants', $.opens_invariants_clause),
      field('unwind', $.unwind_clause),
    ),

    // `by (nonlinear_arith)` on a signature or an assertion selects a prover.
    prover: $ => seq('by', '(', field('name', $.identifier), ')'),

    // One list rule for every clause's conditions keeps the parse table small (each place an
    // expression may end multiplies the states that follow an expression).
    // After a comma, `{` starts the body unless the braced block is itself followed by a comma (then
    // it is a condition): Verus looks two tokens ahead, so both readings are kept (GLR) until then.
    _conditions: $ => prec(PREC.clause, seq(
      field('condition', $._expression),
      repeat(prec(PREC.clause, seq(',', field('condition', $._expression)))),
      optional(','),
    )),

    requires_clause: $ => prec.left(PREC.clause, seq('requires', $._conditions)),
    ensures_clause: $ => prec.left(PREC.clause, seq('ensures', $._conditions)),
    returns_clause: $ => prec.left(PREC.clause, seq('returns', $._conditions)),
    recommends_clause: $ => prec.left(PREC.clause, seq(
      'recommends',
      $._conditions,
      optional(seq('via', field('via', $._path))),
    )),
    // `decreases e1, e2 when c via f`: lexicographic measures, the domain restriction, the proof fn.
    decreases_clause: $ => prec.left(PREC.clause, seq(
      'decreases',
      field('measure', $._expression),
      repeat(prec(PREC.clause, seq(',', field('measure', $._expression)))),
      optional(','),
      optional(seq('when', field('condition', $._expression))),
      optional(seq('via', field('via', $._path))),
    )),
    // `opens_invariants any | none | [e, …] | e` (a list is an array expression).
    opens_invariants_clause: $ => seq('opens_invariants', choice('any', 'none', field('invariants', $._expression))),
    unwind_clause: $ => prec.right(seq('no_unwind', optional(seq('when', field('condition', $._expression))))),

    // Function modifiers, with Verus's openness (`open`, `open(crate)`, `closed`), modes and
    // `broadcast`/`uninterp` markers.
    function_modifiers: ($, original) => repeat1(choice(
      'async',
      'default',
      'const',
      'unsafe',
      $.extern_modifier,
      $.openness,
      $.function_mode,
      alias('broadcast', $.broadcast_modifier),
      $.uninterp_modifier,
    )),

    uninterp_modifier: _ => 'uninterp',

    openness: $ => choice(
      'closed',
      seq('open', optional(seq('(', choice($.self, $.super, $.crate, seq('in', $._path)), ')'))),
    ),

    function_mode: _ => choice('spec', seq('spec', '(', 'checked', ')'), 'proof', 'axiom', 'exec'),

    // `ghost`/`tracked` on variables, parameters, fields, returns and datatypes.
    mode_specifier: _ => choice('ghost', 'tracked'),

    parameter: $ => seq(
      optional(field('mode', $.mode_specifier)),
      optional($.mutable_specifier),
      field('pattern', choice($._pattern, $.self)),
      ':',
      field('type', $._type),
    ),

    // `spec const N: int = 5;`
    const_item: $ => seq(
      optional($.visibility_modifier),
      optional(field('mode', $.function_mode)),
      'const',
      field('name', $.identifier),
      ':',
      field('type', $._type),
      optional(seq('=', field('value', $._expression))),
      repeat($._function_clause),
      ';',
    ),

    static_item: $ => seq(
      optional($.visibility_modifier),
      optional(field('mode', $.function_mode)),
      'static',
      optional('ref'),
      optional($.mutable_specifier),
      field('name', $.identifier),
      ':',
      field('type', $._type),
      optional(seq('=', field('value', $._expression))),
      ';',
    ),

    struct_item: $ => seq(
      optional($.visibility_modifier),
      optional(field('mode', $.mode_specifier)),
      'struct',
      field('name', $._type_identifier),
      field('type_parameters', optional($.type_parameters)),
      choice(
        seq(optional($.where_clause), field('body', $.field_declaration_list)),
        seq(field('body', $.ordered_field_declaration_list), optional($.where_clause), ';'),
        ';',
      ),
    ),

    enum_item: $ => seq(
      optional($.visibility_modifier),
      optional(field('mode', $.mode_specifier)),
      'enum',
      field('name', $._type_identifier),
      field('type_parameters', optional($.type_parameters)),
      optional($.where_clause),
      field('body', $.enum_variant_list),
    ),

    field_declaration: $ => seq(
      optional($.visibility_modifier),
      optional(field('mode', $.mode_specifier)),
      field('name', $._field_identifier),
      ':',
      field('type', $._type),
    ),

    ordered_field_declaration_list: $ => seq(
      '(',
      sepBy(',', seq(
        repeat($.attribute_item),
        optional($.visibility_modifier),
        optional(field('mode', $.mode_specifier)),
        field('type', $._type),
      )),
      optional(','),
      ')',
    ),

    // `broadcast use a::b, c;` / `broadcast use { a, b };`
    broadcast_use: $ => seq(
      'broadcast',
      'use',
      choice(
        sepBy1(',', field('lemma', $._path)),
        seq('{', sepBy(',', field('lemma', $._path)), optional(','), '}'),
      ),
      ';',
    ),

    broadcast_group: $ => seq(
      optional($.visibility_modifier),
      'broadcast',
      'group',
      field('name', $.identifier),
      '{',
      sepBy(',', field('member', $._path)),
      optional(','),
      '}',
    ),

    // `global size_of usize == 8;`, `global layout S is size == 8, align == 8;`
    global_item: $ => seq(
      'global',
      choice(
        seq('size_of', field('type', $._type), '==', field('size', $._expression)),
        seq('layout', field('type', $._type), 'is', sepBy1(',', seq($.identifier, '==', $._expression))),
      ),
      ';',
    ),

    // Section - Statements

    let_declaration: $ => seq(
      'let',
      optional(field('mode', $.mode_specifier)),
      optional($.mutable_specifier),
      field('pattern', $._pattern),
      optional(seq(':', field('type', $._type))),
      optional(seq('=', field('value', $._expression))),
      optional(seq('else', field('alternative', $.block))),
      ';',
    ),

    _loop_clause: $ => choice(
      field('invariant', $.invariant_clause),
      field('invariant_except_break', $.invariant_except_break_clause),
      field('ensures', $.ensures_clause),
      field('decreases', $.decreases_clause),
    ),

    invariant_clause: $ => prec.left(PREC.clause, seq('invariant', $._conditions)),
    invariant_except_break_clause: $ => prec.left(PREC.clause, seq('invariant_except_break', $._conditions)),

    while_expression: $ => seq(
      optional(seq($.label, ':')),
      'while',
      field('condition', $._condition),
      repeat($._loop_clause),
      field('body', $.block),
    ),

    loop_expression: $ => seq(
      optional(seq($.label, ':')),
      'loop',
      repeat($._loop_clause),
      field('body', $.block),
    ),

    for_expression: $ => seq(
      optional(seq($.label, ':')),
      'for',
      field('pattern', $._pattern),
      'in',
      field('value', $._expression),
      repeat($._loop_clause),
      field('body', $.block),
    ),

    // Section - Expressions

    _expression_except_range: ($, original) => choice(
      original,
      $.view_expression,
      $.arrow_expression,
      $.is_expression,
      $.has_expression,
      $.matches_expression,
      $.old_expression,
      $.quantifier_expression,
      $.big_and_expression,
      $.big_or_expression,
      $.trigger_expression,
      $.assert_expression,
      $.assume_expression,
      // Verus words that are also ordinary names where an expression may start.
      alias(choice('int', 'nat', 'closed', 'exec', 'uninterp', 'global', 'broadcast'), $.identifier),
      // Below the Verus forms they start: `forall |` is a quantifier, `spec(checked)` a mode.
      prec(-20, alias(choice(
        'old', 'forall', 'exists', 'choose', 'spec', 'proof', 'open', 'axiom', 'ghost', 'tracked', 'verus',
      ), $.identifier)),
    ),

    // Assertions stand as statements without a `;` (they may end with a proof block).
    _expression_ending_with_block: ($, original) => choice(
      original,
      $.proof_block,
      alias($._assert_by_block, $.assert_expression),
      $.assert_forall_expression,
    ),

    proof_block: $ => seq('proof', field('body', $.block)),

    binary_expression: ($, original) => choice(
      original,
      prec.left(RUST.comparative, seq(
        field('left', $._expression),
        field('operator', choice('===', '!==', '=~=', '!~=', '=~~=', '!~~=')),
        field('right', $._expression),
      )),
      prec.right(PREC.implies, seq(field('left', $._expression), field('operator', '==>'), field('right', $._expression))),
      prec.left(PREC.explies, seq(field('left', $._expression), field('operator', '<=='), field('right', $._expression))),
      prec.left(PREC.iff, seq(field('left', $._expression), field('operator', '<==>'), field('right', $._expression))),
    ),

    range_expression: $ => prec.left(PREC.range, choice(
      seq($._expression, choice('..', '...', '..='), $._expression),
      seq($._expression, '..'),
      seq('..', $._expression),
      '..',
    )),

    assignment_expression: $ => prec.left(PREC.assign, seq(
      field('left', $._expression),
      '=',
      field('right', $._expression),
    )),

    compound_assignment_expr: $ => prec.left(PREC.assign, seq(
      field('left', $._expression),
      field('operator', choice('+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=')),
      field('right', $._expression),
    )),

    closure_expression: $ => prec(PREC.closure, seq(
      optional('static'),
      optional('async'),
      optional('move'),
      field('parameters', $.closure_parameters),
      choice(
        seq(optional(seq('->', field('return_type', $._type))), field('body', $.block)),
        field('body', choice($._expression, '_')),
      ),
    )),

    // `forall|i: int| #![trigger f(i)] body`, `exists|…| …`, `choose|…| …`
    quantifier_expression: $ => prec.right(PREC.closure, seq(
      field('kind', choice('forall', 'exists', 'choose')),
      field('parameters', $.closure_parameters),
      repeat(field('trigger', choice($.trigger_attribute, $.auto_trigger_attribute))),
      field('body', $._expression),
    )),

    // `#![trigger e1, e2]`: one trigger made of several terms.
    trigger_attribute: $ => seq('#', '!', '[', 'trigger', sepBy(',', field('term', $._expression)), optional(','), ']'),
    auto_trigger_attribute: _ => seq('#', '!', '[', 'auto', ']'),

    // `#[trigger] e` marks e as a trigger term of the enclosing quantifier.
    trigger_expression: $ => prec(RUST.unary, seq('#', '[', 'trigger', ']', field('value', $._expression))),

    // `e@`, i.e. `e.view()`
    view_expression: $ => prec(RUST.field, seq(field('value', $._expression), '@')),

    // `e->field`, `e->0`: a field of the enum variant that e is known to be.
    arrow_expression: $ => prec(RUST.field, seq(
      field('value', $._expression),
      '->',
      field('field', choice($._field_identifier, $.integer_literal)),
    )),

    // `e is Variant`, `e !is Variant`
    is_expression: $ => prec.left(PREC.spec_postfix, seq(
      field('value', $._expression),
      field('operator', choice('is', '!is')),
      field('variant', choice($._type_identifier, $.scoped_type_identifier)),
    )),

    has_expression: $ => prec.left(PREC.spec_postfix, seq(
      field('collection', $._expression),
      field('operator', choice('has', '!has')),
      field('element', $._expression),
    )),

    matches_expression: $ => prec.left(PREC.spec_postfix, seq(
      field('value', $._expression),
      'matches',
      // Patterns that end unambiguously before a following operator (no ranges, no `|`).
      field('pattern', choice(
        alias($._matches_tuple_struct_pattern, $.tuple_struct_pattern),
        $.struct_pattern,
        $.tuple_pattern,
        $.slice_pattern,
        $.scoped_identifier,
        $.identifier,
        $._literal,
        '_',
      )),
    )),

    // `x matches Some(y)`: after the variant's name, `(` opens its fields. A plain tuple_struct_pattern
    // ranks below the matches expression (which binds like `is`), so `Some` was taken as the whole
    // pattern and `(y)` as a call of the result; this copy's shift ranks above it.
    _matches_tuple_struct_pattern: $ => prec(PREC.spec_postfix + 1, seq(
      field('type', choice($.identifier, $.scoped_identifier)),
      '(',
      sepBy(',', $._pattern),
      optional(','),
      ')',
    )),

    old_expression: $ => prec(RUST.call, seq('old', '(', field('value', $._expression), ')')),

    // `&&& a &&& b` and `||| a ||| b`: conjunction and disjunction lists with the loosest binding,
    // one node whose `operand`s are the list (the hidden chain is spliced into it). The leading
    // operator is optional (`a &&& b` parses too): accepting `&&&` after any expression keeps the
    // states that follow an expression shared with Rust's, which keeps the parser small.
    big_and_expression: $ => prec(PREC.big_and_list, $._big_and_chain),
    _big_and_chain: $ => choice(
      prec.left(PREC.big_and, seq(optional(field('operand', $._expression)), '&&&', field('operand', $._expression))),
      prec.left(PREC.big_and, seq($._big_and_chain, '&&&', field('operand', $._expression))),
    ),
    big_or_expression: $ => prec(PREC.big_or_list, $._big_or_chain),
    _big_or_chain: $ => choice(
      prec.left(PREC.big_or, seq(optional(field('operand', $._expression)), '|||', field('operand', $._expression))),
      prec.left(PREC.big_or, seq($._big_or_chain, '|||', field('operand', $._expression))),
    ),

    // `assert(e)`, `assert(e) by (nonlinear_arith)`, `… by (nonlinear_arith) requires c`: an expression.
    assert_expression: $ => prec.right(seq(
      'assert', '(', field('condition', $._expression), ')',
      optional(seq(
        'by', '(', field('prover', $.identifier), ')',
        optional(field('requires', $.requires_clause)),
      )),
    )),

    // `assert(e) by { … }`, `assert(e) by (p) requires c { … }`: ends with its proof block, so it
    // stands as a statement without `;`.
    _assert_by_block: $ => seq(
      'assert', '(', field('condition', $._expression), ')',
      'by',
      optional(seq(
        '(', field('prover', $.identifier), ')',
        optional(field('requires', $.requires_clause)),
      )),
      field('body', $.block),
    ),

    // `assert forall|x| P(x) implies Q(x) by { … }`
    assert_forall_expression: $ => seq(
      'assert',
      'forall',
      field('parameters', $.closure_parameters),
      repeat(field('trigger', choice($.trigger_attribute, $.auto_trigger_attribute))),
      field('condition', $._expression),
      optional(seq('implies', field('conclusion', $._expression))),
      'by',
      field('body', $.block),
    ),

    assume_expression: $ => seq('assume', '(', field('condition', $._expression), ')'),

    // Section - Types and literals

    // Rust's function type with Rust's modifiers only (Verus modes stay out of type positions, where
    // they would make `spec`, `open`, … keywords in parameter lists). prec.right: in
    // `x as fn(T) -> U` the arrow is the function type's, not an `e->field` after it.
    function_type: $ => prec.right(seq(
      optional($.for_lifetimes),
      prec(RUST.call, seq(
        choice(
          field('trait', choice($._type_identifier, $.scoped_type_identifier)),
          seq(optional(alias($._rust_function_modifiers, $.function_modifiers)), 'fn'),
        ),
        field('parameters', $.parameters),
      )),
      optional(seq('->', field('return_type', $._type))),
    )),

    _rust_function_modifiers: $ => repeat1(choice('async', 'default', 'const', 'unsafe', $.extern_modifier)),

    _type: ($, original) => choice(original, alias(choice('int', 'nat'), $.primitive_type)),

    // `ghost`/`tracked` stay names where a pattern is followed by `:` or `=` (`fn f(ghost: u8)`).
    _pattern: ($, original) => choice(
      original,
      alias(choice('int', 'nat'), $.identifier),
      prec(1, alias(choice('ghost', 'tracked'), $.identifier)),
    ),

    integer_literal: _ => token(seq(
      choice(/[0-9][0-9_]*/, /0x[0-9a-fA-F_]+/, /0b[01_]+/, /0o[0-7_]+/),
      optional(choice(
        'u8', 'i8', 'u16', 'i16', 'u32', 'i32', 'u64', 'i64', 'u128', 'i128', 'isize', 'usize', 'f32', 'f64',
        'int', 'nat',
      )),
    )),
  },
});

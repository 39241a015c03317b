/**
 * @file Tree-sitter grammar for Dafny.
 *
 * Written for specmut from the Dafny reference manual
 * (https://dafny.org/latest/DafnyRef/DafnyRef), chapters "Programs", "Modules",
 * "Types", "Member declarations", "Specifications", "Statements" and
 * "Expressions". Node kinds and fields are a contract: see README.md.
 *
 * Design notes (why the generated parser stays small):
 * - one expression hierarchy, resolved with prec.left/prec.right; no
 *   duplicated "no-bitwise", "no-lambda" or "no-lemma" variants;
 * - the three places where Dafny's own parser uses extra lookahead are decided
 *   in the external scanner (src/scanner.c): nested comments, the `<` that
 *   opens type arguments inside an expression (`f<int>(x)`, `x as seq<int>`),
 *   and the `|` that closes a cardinality `|e|` (inside `| |` Dafny never reads
 *   `|` as bitwise or, so `|set i | 0 <= i < n|` closes where it should);
 * - a call followed by `;` inside an expression (`Lemma(x); e`) is only taken
 *   where `;` cannot end the surrounding construct, as Dafny does.
 */

/* eslint-disable no-undef */
'use strict';

const PREC = {
  endless: -2, // quantifiers, comprehensions, let, lambda, if-then-else, match
  equiv: 1, // <==>
  explies: 2, // <==  (left associative)
  implies: 3, // ==>  (right associative)
  or: 4, // ||
  and: 5, // &&
  rel: 6, // == != < <= > >= in !in !! (chains stay nested, left associative)
  shift: 7, // << >>
  add: 8, // + -
  mul: 9, // * / %
  bit: 10, // & | ^
  as: 11, // as is
  unary: 12, // - !
  postfix: 13, // . [ ] ( )
};

// Operators with a Unicode spelling are one token each (fewer parser states); the node type
// is the ASCII spelling, the node text is what was written.
const uni = (ascii, unicode) => alias(token(choice(ascii, unicode)), ascii);
const OP = {
  equiv: uni('<==>', '⇔'),
  implies: uni('==>', '⇒'),
  explies: uni('<==', '⇐'),
  and: uni('&&', '∧'),
  or: uni('||', '∨'),
  neq: uni('!=', '≠'),
  le: uni('<=', '≤'),
  ge: uni('>=', '≥'),
  forall: 'forall', // ∀ and ∃ are not supported (they would turn the keywords into non-keyword tokens)
  exists: 'exists',
  qsep: uni('::', '•'),
};

const ifExpression = ($, last) =>
  prec.right(
    PREC.endless,
    seq(
      'if',
      field('condition', choice($._expression, $.binding_guard)),
      'then',
      field('consequence', $._expression_or_lemma_call),
      'else',
      field('alternative', last),
    ),
  );

const letExpression = ($, last) =>
  prec.right(
    PREC.endless,
    seq(
      choice(
        seq(
          optional(alias('ghost', $.modifier)),
          'var',
          commaSep1(field('pattern', $._pattern)),
          choice(
            field('operator', ':='),
            seq(optional($._attributes), field('operator', ':|')),
            field('operator', ':-'),
          ),
          commaSep1(field('value', $._expression)),
        ),
        seq(field('operator', ':-'), field('value', $._expression)),
      ),
      ';',
      field('body', last),
    ),
  );

const lambdaExpression = ($, last) =>
  prec.right(
    PREC.endless,
    seq(
      field('parameters', $.lambda_parameters),
      repeat(
        choice(
          seq('requires', field('requires', $._expression)),
          seq('reads', commaSep1(field('reads', $._frame))),
        ),
      ),
      '=>',
      field('body', last),
    ),
  );

const statementExpression = ($, last) =>
  prec.right(
    PREC.endless,
    seq(
      field(
        'statement',
        choice(
          $.assert_statement,
          $.assume_statement,
          $.expect_statement,
          $.reveal_statement,
          $.hide_statement,
          $.calc_statement,
        ),
      ),
      field('body', last),
    ),
  );

// `:| [assume] e` and `:- [expect|assert|assume] e, rhs...` of variable declarations and
// assignments. The keyword is part of the statement (Dafny reads it so even though an
// expression may also start with `assume P; ...`).
const suchThat = ($, name) =>
  seq(
    field('operator', ':|'),
    optional(seq(field('keyword', 'assume'), optional($._attributes))),
    field(name, $._expression),
  );

const orReturn = ($, name) =>
  seq(
    field('operator', ':-'),
    optional(
      seq(field('keyword', choice('expect', 'assert', 'assume')), optional($._attributes)),
    ),
    field(name, $._expression),
    repeat(seq(',', field(name, $._rhs))),
  );

const commaSep1 = (rule) => seq(rule, repeat(seq(',', rule)));

/** `case pattern => body` in a match expression; `body` is what the enclosing form allows last. */
const caseClause = ($, body) =>
  prec.right(PREC.endless, seq('case', optional($._attributes), field('pattern', $._case_pattern), '=>', field('body', body)));

/** `;`, or a proof of the statement's precondition: `... by { ... }` (Dafny 4.9). */
const statementEnd = ($) => choice(';', seq('by', field('proof', $.block)));

/** What `reveal` and `hide` name: everything, or a list of declarations. */
const revealTargets = ($) => choice($.wildcard, commaSep1(field('target', $._expression)));
const commaSep = (rule) => optional(commaSep1(rule));

module.exports = grammar({
  name: 'dafny',

  word: ($) => $.identifier,

  extras: ($) => [/\s/, $.comment],

  externals: ($) => [$.comment, $._generic_open, $._card_close, $._error_sentinel],

  supertypes: ($) => [$._declaration, $._statement, $._expression, $._primary_expression, $._type, $._pattern],

  conflicts: ($) => [
    // `ghost` after a constraint: `ghost witness w`, or the start of the next declaration
    [$._constrained_type],
    [$.newtype_declaration],
    // `(x, y) => e` versus the tuple `(x, y)`; `x => e` versus a guard `x` in `case x => S`
    [$._primary_expression, $.bound_variable],
    [$._primary_expression, $._untyped_bound_variable],
    [$.tuple_expression, $.lambda_parameters],
  ],

  rules: {
    // Includes come first; then declarations (a module's default class members appear at top level).
    source_file: ($) => seq(repeat($.include_declaration), repeat($._declaration)),

    // ------------------------------------------------------------------ declarations
    //
    // Long declarations are split into hidden parts (`_method_head`, `_method_signature`, ...).
    // Every `optional` inside one rule doubles its productions, and every production needs
    // its own parser states; the parts keep the parser small. Fields and children of hidden
    // parts belong to the declaration node.

    include_declaration: ($) => seq('include', field('path', $.string_literal)),

    _declaration: ($) =>
      choice(
        $.module_declaration,
        $.import_declaration,
        $.export_declaration,
        $.class_declaration,
        $.trait_declaration,
        $.datatype_declaration,
        $.newtype_declaration,
        $.type_declaration,
        $.subset_type_declaration,
        $.iterator_declaration,
        $.method_declaration,
        $.function_declaration,
        $.field_declaration,
        $.const_declaration,
      ),

    _member_declaration: ($) =>
      choice($.method_declaration, $.function_declaration, $.field_declaration, $.const_declaration),

    // `ghost`, `static`, `opaque`, `abstract` and Dafny 4.9 `@Attribute`s before a declaration
    _modifiers: ($) => repeat1(choice($.modifier, $.at_attribute)),

    modifier: (_) => choice('ghost', 'static', 'opaque', 'abstract', 'replaceable'),

    at_attribute: ($) =>
      prec.right(seq('@', field('name', $.identifier), optional(field('arguments', $.arguments)))),

    attribute: ($) =>
      seq('{:', field('name', $._attribute_name), commaSep(field('argument', $._expression)), '}'),

    _attribute_name: ($) =>
      choice(
        $.identifier,
        alias(
          choice(
            'opaque', 'print', 'assume', 'assert', 'expect', 'ghost', 'static', 'reads', 'requires',
            'ensures', 'modifies', 'decreases', 'invariant', 'function', 'method', 'lemma',
          ),
          $.identifier,
        ),
      ),

    _attributes: ($) => prec.right(repeat1($.attribute)),

    _qualified_name: ($) => choice($.identifier, $.qualified_name),

    qualified_name: ($) =>
      seq(field('qualifier', $._qualified_name), '.', field('name', $.identifier)),

    // ---- modules

    module_declaration: ($) =>
      seq(optional($._modifiers), $._module_head, field('body', $.module_body)),

    _module_head: ($) =>
      seq(
        'module',
        optional($._attributes),
        field('name', $._qualified_name),
        optional(
          seq(
            choice('refines', 'replaces'),
            field('refines', $._qualified_name),
          ),
        ),
      ),

    module_body: ($) => seq('{', repeat($._declaration), '}'),

    import_declaration: ($) =>
      seq(
        'import',
        optional(field('opened', 'opened')),
        choice(
          seq(field('alias', $.identifier), choice('=', ':'), $._import_target),
          $._import_target,
        ),
      ),

    _import_target: ($) =>
      seq(field('module', $._qualified_name), optional(field('exports', $.export_set))),

    export_set: ($) => seq('`', choice($.identifier, seq('{', commaSep1($.identifier), '}'))),

    export_declaration: ($) =>
      prec.right(
        seq(
          'export',
          optional(field('name', choice($.identifier, $.integer_literal))),
          optional('...'),
          repeat($.export_clause),
        ),
      ),

    export_clause: ($) =>
      prec.right(
        seq(
          field('kind', choice('provides', 'reveals', 'extends')),
          choice(alias('*', $.wildcard), commaSep1(field('name', $._qualified_name))),
        ),
      ),

    // ---- classes, traits, datatypes, types

    class_declaration: ($) =>
      seq(optional($._modifiers), 'class', $._class_head, field('body', $.class_body)),

    trait_declaration: ($) =>
      seq(optional($._modifiers), 'trait', $._class_head, field('body', $.class_body)),

    _class_head: ($) =>
      seq(
        optional($._attributes),
        $._name_and_type_parameters,
        optional(choice($._extends, '...')),
      ),

    // parent traits (classes, traits, and since Dafny 4.9 datatypes, newtypes and opaque types)
    _extends: ($) => seq('extends', commaSep1(field('parent', $._type))),

    _name_and_type_parameters: ($) =>
      seq(field('name', $.identifier), optional(field('type_parameters', $.type_parameters))),

    // Members of classes, traits, datatypes and types. Any declaration is accepted here (Dafny
    // reports nested modules or classes later); a single declaration list keeps the parser small.
    class_body: ($) => seq('{', repeat($._declaration), '}'),

    datatype_declaration: ($) =>
      seq(
        optional($._modifiers),
        field('kind', choice('datatype', 'codatatype')),
        optional($._attributes),
        $._name_and_type_parameters,
        optional($._extends),
        '=',
        $._datatype_constructors,
        optional(field('body', $.class_body)),
      ),

    _datatype_constructors: ($) =>
      seq(
        optional('|'),
        field('constructor', $.datatype_constructor),
        repeat(seq('|', field('constructor', $.datatype_constructor))),
      ),

    datatype_constructor: ($) =>
      seq(
        optional($.modifier),
        optional($._attributes),
        field('name', $.identifier),
        optional(field('parameters', alias($.constructor_parameters, $.formal_parameters))),
      ),

    // datatype constructor formals may omit the name: `Cons(int, List)`
    constructor_parameters: ($) =>
      seq('(', commaSep(alias($.constructor_parameter, $.formal_parameter)), ')'),

    constructor_parameter: ($) =>
      seq(
        repeat($._parameter_modifier),
        optional(seq(field('name', choice($.identifier, $.integer_literal)), ':')),
        field('type', $._type),
        optional($._default_value),
      ),

    _default_value: ($) => seq(':=', field('default', $._expression)),

    newtype_declaration: ($) =>
      seq(
        optional($._modifiers),
        'newtype',
        optional($._attributes),
        $._name_and_type_parameters,
        optional($._extends),
        '=',
        choice($._constrained_type, seq(field('base_type', $._type), optional($._witness))),
        optional(field('body', $.class_body)),
      ),

    // `x: T | P witness w` of newtypes and subset types
    _constrained_type: ($) =>
      seq(
        field('variable', $.identifier),
        optional(seq(':', field('base_type', $._type))),
        '|',
        field('constraint', $._expression),
        optional($._witness),
      ),

    _witness: ($) =>
      choice(
        seq(optional('ghost'), 'witness', field('witness', $._expression)),
        seq('witness', field('witness', alias('*', $.wildcard))),
      ),

    // opaque types `type T(==)<U>` (with optional members) and type synonyms `type T<U> = seq<U>`
    type_declaration: ($) =>
      seq(
        optional($._modifiers),
        $._type_head,
        optional(
          choice(
            seq('=', field('definition', $._type)),
            seq($._extends, optional(field('body', $.class_body))),
            field('body', $.class_body),
          ),
        ),
      ),

    subset_type_declaration: ($) =>
      seq(optional($._modifiers), $._type_head, '=', $._constrained_type),

    _type_head: ($) =>
      seq(
        'type',
        optional($._attributes),
        field('name', $.identifier),
        repeat(field('characteristics', $.type_characteristics)),
        optional(field('type_parameters', $.type_parameters)),
      ),

    type_characteristics: ($) =>
      seq('(', commaSep1(choice('==', $.integer_literal, seq('!', 'new'))), ')'),

    type_parameters: ($) => seq('<', commaSep1($.type_parameter), '>'),

    type_parameter: ($) =>
      seq(
        optional(field('variance', choice('+', '-', '*', '!'))),
        field('name', $.identifier),
        repeat(field('characteristics', $.type_characteristics)),
        repeat(seq('extends', field('bound', $._type))), // bounded polymorphism (Dafny 4.9)
      ),

    // ---- members

    iterator_declaration: ($) =>
      seq(
        optional($._modifiers),
        'iterator',
        optional($._attributes),
        $._name_and_type_parameters,
        field('parameters', $.formal_parameters),
        optional(seq('yields', field('yields', $.formal_parameters))),
        repeat($._specification),
        optional(field('body', $.block)),
      ),

    yield_clause: ($) => seq('yield', choice($.requires_clause, $.ensures_clause)),

    const_declaration: ($) =>
      seq(optional($._modifiers), 'const', $._const_body, optional(';')),

    _const_body: ($) =>
      seq(
        optional($._attributes),
        field('name', $.identifier),
        choice(
          seq(':', field('type', $._type), optional(seq(':=', field('value', $._expression)))),
          seq(':=', field('value', $._expression)),
        ),
      ),

    field_declaration: ($) =>
      seq(
        optional($._modifiers),
        'var',
        optional($._attributes),
        commaSep1(seq(field('name', $.identifier), ':', field('type', $._type))),
        optional(';'),
      ),

    method_declaration: ($) =>
      seq(
        optional($._modifiers),
        $._method_head,
        $._method_signature,
        repeat($._specification),
        optional(field('body', $.block)),
      ),

    _method_head: ($) =>
      seq(
        field('kind', $._method_kind),
        optional($._attributes),
        optional(field('name', $.identifier)),
      ),

    _method_kind: ($) =>
      choice(
        'method',
        'lemma',
        'constructor',
        'colemma',
        seq(choice('least', 'greatest', $._inductive, 'twostate'), 'lemma'),
      ),

    _method_signature: ($) =>
      choice(
        seq(
          optional(field('type_parameters', $.type_parameters)),
          optional(field('k_type', $.k_type)),
          field('parameters', $.formal_parameters),
          optional(seq('returns', field('returns', $.formal_parameters))),
        ),
        '...', // refinement: the signature is inherited
      ),

    // `[nat]` / `[ORDINAL]` of least/greatest predicates and lemmas
    k_type: (_) => seq('[', choice('nat', 'ORDINAL'), ']'),

    // Specification clauses of methods, functions and iterators (one list for all: Dafny
    // checks which clauses a declaration may have).
    _specification: ($) =>
      choice(
        $.requires_clause,
        $.ensures_clause,
        $.reads_clause,
        $.modifies_clause,
        $.decreases_clause,
        $.yield_clause,
      ),

    function_declaration: ($) =>
      seq(
        optional($._modifiers),
        $._function_head,
        optional($._function_signature),
        repeat($._specification),
        optional($._function_body),
      ),

    _function_head: ($) =>
      seq(field('kind', $._function_kind), optional($._attributes), field('name', $.identifier)),

    _function_kind: ($) =>
      choice(
        seq(optional('twostate'), choice('function', 'predicate'), optional('method')),
        seq(choice('least', 'greatest', $._inductive), 'predicate'),
        'copredicate',
      ),

    // Dafny 3's `inductive` (now `least`). Parsed as a name in this position so that no
    // `inductive` keyword competes with the operator `in` (that would split many parser states).
    _inductive: ($) => alias($.identifier, 'inductive'),

    _function_signature: ($) =>
      choice(
        seq(
          optional(field('type_parameters', $.type_parameters)),
          optional(field('k_type', $.k_type)),
          field('parameters', $.formal_parameters),
          optional($._function_result),
        ),
        $._function_result,
        '...', // refinement: the signature is inherited
      ),

    _function_result: ($) =>
      seq(
        ':',
        choice(
          field('result', $._type),
          seq('(', field('result', alias($._named_result, $.formal_parameter)), ')'),
        ),
      ),

    _named_result: ($) => seq(field('name', $.identifier), ':', field('type', $._type)),

    _function_body: ($) =>
      seq(
        '{',
        field('body', $._expression_or_lemma_call),
        '}',
        optional(seq('by', 'method', field('by_method', $.block))),
      ),

    formal_parameters: ($) => seq('(', commaSep($.formal_parameter), ')'),

    formal_parameter: ($) =>
      seq(
        repeat($._parameter_modifier),
        field('name', $.identifier),
        ':',
        field('type', $._type),
        optional($._default_value),
      ),

    _parameter_modifier: ($) => alias(choice('ghost', 'new', 'nameonly', 'older'), $.modifier),

    // ------------------------------------------------------------------ specification clauses

    _label: ($) => seq(field('label', choice($.identifier, $.integer_literal)), ':'),

    requires_clause: ($) =>
      seq(
        'requires',
        optional($._attributes),
        optional($._label),
        field('condition', $._expression),
        optional(';'),
      ),

    ensures_clause: ($) =>
      seq(
        'ensures',
        optional($._attributes),
        optional($._label),
        field('condition', $._expression),
        optional(';'),
      ),

    invariant_clause: ($) =>
      seq(
        'invariant',
        optional($._attributes),
        optional($._label),
        field('condition', $._expression),
        optional(';'),
      ),

    reads_clause: ($) =>
      seq('reads', optional($._attributes), commaSep1(field('frame', $._frame)), optional(';')),

    modifies_clause: ($) =>
      seq('modifies', optional($._attributes), commaSep1(field('frame', $._frame)), optional(';')),

    decreases_clause: ($) =>
      seq(
        'decreases',
        optional($._attributes),
        commaSep1(field('measure', choice($._expression, $.wildcard))),
        optional(';'),
      ),

    _frame: ($) => choice($._expression, $.frame_field, $.wildcard),

    // `o`f` and `` `f `` in frames
    frame_field: ($) =>
      seq(optional(field('object', $._primary_expression)), '`', field('field', $.identifier)),

    wildcard: (_) => '*',

    // ------------------------------------------------------------------ types

    _type: ($) => choice($._non_arrow_type, $.arrow_type),

    _non_arrow_type: ($) =>
      choice(
        $.builtin_type,
        $.bitvector_type,
        $._type_name,
        $.generic_type,
        $.qualified_type,
        $.tuple_type,
      ),

    builtin_type: (_) =>
      choice('int', 'nat', 'bool', 'real', 'char', 'string', 'ORDINAL', 'object', 'object?'),

    bitvector_type: (_) => token(prec(1, /bv(0|[1-9][0-9]*)/)),

    _type_name: ($) =>
      choice(
        alias($.identifier, $.type_identifier),
        // collection type names are keywords of the expression language
        alias('seq', $.type_identifier),
        alias('set', $.type_identifier),
        alias('iset', $.type_identifier),
        alias('multiset', $.type_identifier),
        alias('map', $.type_identifier),
        alias('imap', $.type_identifier),
      ),

    generic_type: ($) =>
      prec(
        -1,
        seq(
          field('name', choice($._type_name, $.qualified_type)),
          field('type_arguments', $.type_arguments),
        ),
      ),

    qualified_type: ($) =>
      seq(
        field('qualifier', choice($._type_name, $.qualified_type, $.generic_type)),
        '.',
        field('name', alias($.identifier, $.type_identifier)),
      ),

    tuple_type: ($) => seq('(', commaSep(seq(optional(alias('ghost', $.modifier)), $._type)), ')'),

    arrow_type: ($) =>
      prec.right(
        seq(
          field('parameters', $._non_arrow_type),
          field('operator', choice('->', '~>', '-->')),
          field('result', $._type),
        ),
      ),

    // `<` is decided by the scanner inside expressions (`f<int>(x)` versus `a < b`)
    type_arguments: ($) =>
      prec(-1, seq(choice('<', alias($._generic_open, '<')), commaSep1($._type), '>')),

    // ------------------------------------------------------------------ statements

    block: ($) => seq('{', repeat($._statement), '}'),

    _statement: ($) =>
      choice(
        $.block,
        $.variable_declaration,
        $.assignment_statement,
        $.expression_statement,
        $.return_statement,
        $.yield_statement,
        $.if_statement,
        $.while_statement,
        $.for_statement,
        $.match_statement,
        $.forall_statement,
        $.calc_statement,
        $.assert_statement,
        $.assume_statement,
        $.expect_statement,
        $.print_statement,
        $.reveal_statement,
        $.break_statement,
        $.continue_statement,
        $.labeled_statement,
        $.modify_statement,
        $.new_separator,
        $.skeleton_statement,
        $.hide_statement,
        $.opaque_block,
      ),

    variable_declaration: ($) =>
      seq(
        optional(alias('ghost', $.modifier)),
        'var',
        choice(
          seq(
            commaSep1(field('variable', $.local_variable)),
            optional(
              choice(
                seq(field('operator', ':='), commaSep1(field('value', $._rhs))),
                seq(optional($._attributes), suchThat($, 'value')),
                orReturn($, 'value'),
              ),
            ),
          ),
          seq(
            field('pattern', choice($.tuple_pattern, $.constructor_pattern)),
            field('operator', ':='),
            field('value', $._expression),
          ),
        ),
        $._statement_end,
      ),

    local_variable: ($) =>
      seq(
        optional($._attributes),
        field('name', $.identifier),
        optional(seq(':', field('type', $._type))),
      ),

    assignment_statement: ($) =>
      seq(
        choice(
          seq(
            commaSep1(field('left', $._lhs)),
            choice(
              seq(field('operator', ':='), commaSep1(field('right', $._rhs))),
              suchThat($, 'right'),
              orReturn($, 'right'),
            ),
          ),
          orReturn($, 'right'),
        ),
        $._statement_end,
      ),

    // a method call (or any other left-hand side) used as a statement
    expression_statement: ($) => seq(field('expression', $._lhs), $._statement_end),

    _statement_end: ($) => statementEnd($),

    _rhs: ($) => choice($._expression, $.new_expression, $.wildcard),

    new_expression: ($) =>
      seq(
        'new',
        choice(
          seq(
            field('type', $._non_arrow_type),
            optional(choice(field('arguments', $.arguments), $._array_allocation)),
          ),
          $._array_allocation,
        ),
      ),

    _array_allocation: ($) =>
      seq(
        '[',
        commaSep(field('size', $._expression)),
        ']',
        optional(
          choice(
            seq('(', field('initializer', $._expression), ')'),
            seq('[', commaSep(field('element', $._expression)), ']'),
          ),
        ),
      ),

    // the lhs of an assignment or a call statement: names with `.f`, `[i]` and `(args)` suffixes
    _lhs: ($) =>
      choice(
        $.identifier,
        alias($._lhs_generic_name, $.generic_name),
        $.this_expression,
        $.parenthesized_expression,
        alias($._lhs_member, $.member_expression),
        alias($._lhs_index, $.index_expression),
        alias($._lhs_call, $.call_expression),
      ),

    _lhs_generic_name: ($) =>
      seq(field('name', $.identifier), field('type_arguments', $.type_arguments)),

    _lhs_member: ($) =>
      seq(
        field('object', $._lhs),
        '.',
        field('member', $._member_name),
        optional(field('type_arguments', $.type_arguments)),
      ),

    _lhs_index: ($) => seq(field('object', $._lhs), '[', commaSep1(field('index', $._expression)), ']'),

    _lhs_call: ($) =>
      seq(field('function', $._lhs), optional($._prefix_limit), field('arguments', $.arguments)),

    // prefix predicate / lemma call `P#[k](x)`, `P#<T>[k](x)`
    _prefix_limit: ($) =>
      seq(
        '#',
        optional(field('type_arguments', $.type_arguments)),
        '[',
        field('prefix_limit', $._expression),
        ']',
      ),

    return_statement: ($) => seq('return', commaSep(field('value', $._rhs)), ';'),

    yield_statement: ($) => seq('yield', commaSep(field('value', $._rhs)), ';'),

    if_statement: ($) =>
      seq(
        'if',
        optional($._attributes),
        choice(
          seq(
            field('condition', $._guard),
            field('consequence', $.block),
            optional(
              seq('else', choice(field('alternative', $.if_statement), seq(optional($._attributes), field('alternative', $.block)))),
            ),
          ),
          $._alternative_block,
        ),
      ),

    _guard: ($) =>
      choice($._expression, $.binding_guard, $.wildcard, alias(seq('(', '*', ')'), $.wildcard)),

    binding_guard: ($) =>
      seq(
        field('bound_variables', $.bound_variables),
        optional($._attributes),
        ':|',
        field('condition', $._expression),
      ),

    _alternative_block: ($) =>
      prec.right(
        choice(seq('{', repeat1($.guarded_alternative), '}'), repeat1($.guarded_alternative)),
      ),

    guarded_alternative: ($) =>
      prec.right(
        seq(
          'case',
          optional($._attributes),
          field('guard', choice($._expression, $.binding_guard)),
          '=>',
          repeat(field('body', $._statement)),
        ),
      ),

    while_statement: ($) =>
      prec.right(
        seq(
          'while',
          optional($._attributes),
          choice(
            seq(
              field('condition', $._guard),
              repeat($._loop_specification),
              field('body', $.block),
            ),
            seq(repeat($._loop_specification), $._alternative_block),
          ),
        ),
      ),

    _loop_specification: ($) => choice($.invariant_clause, $.decreases_clause, $.modifies_clause),

    for_statement: ($) =>
      prec.right(
        seq(
          'for',
          optional($._attributes),
          field('variable', $.bound_variable),
          ':=',
          field('start', $._expression),
          field('direction', choice('to', 'downto')),
          field('end', choice($._expression, $.wildcard)),
          repeat($._loop_specification),
          field('body', $.block),
        ),
      ),

    match_statement: ($) =>
      prec.right(
        seq(
          'match',
          optional($._attributes),
          field('value', $._expression),
          choice(
            seq('{', repeat(alias($.case_statement, $.case)), '}'),
            repeat1(alias($.case_statement, $.case)),
          ),
        ),
      ),

    case_statement: ($) =>
      prec.right(
        seq(
          'case',
          optional($._attributes),
          field('pattern', $._case_pattern),
          '=>',
          repeat(field('body', $._statement)),
        ),
      ),

    forall_statement: ($) =>
      prec.right(
        seq(
          OP.forall,
          optional(
            choice(
              seq('(', choice($._quantifier_domain, $._multi_ranged_domain), ')'),
              $._quantifier_domain,
              $._multi_ranged_domain,
            ),
          ),
          repeat($.ensures_clause),
          field('body', $.block),
        ),
      ),

    calc_statement: ($) =>
      seq(
        'calc',
        optional($._attributes),
        optional(field('operator', $.calc_operator)),
        '{',
        repeat($.calc_step),
        '}',
      ),

    calc_step: ($) =>
      prec.right(
        seq(
          field('line', $._expression),
          ';',
          optional(field('operator', $.calc_operator)),
          repeat(field('hint', choice($.block, $.calc_statement))),
        ),
      ),

    calc_operator: ($) =>
      choice(
        seq('==', optional(seq('#', '[', field('prefix_limit', $._expression), ']'))),
        '<', OP.le, '>', OP.ge, OP.neq, OP.equiv, OP.implies, OP.explies,
      ),

    assert_statement: ($) =>
      prec(-1, seq(
        'assert',
        optional($._attributes),
        choice(
          seq(optional($._label), field('condition', $._expression), statementEnd($)),
          seq('...', ';'), // refinement skeleton
        ),
      )),

    // prec -1: after `:-` / `:|`, `assume e;` belongs to the assignment, not to `assume e; body`
    assume_statement: ($) =>
      prec(-1, seq('assume', optional($._attributes), field('condition', $._expression), ';')),

    expect_statement: ($) =>
      prec(
        -1,
        seq(
          'expect',
          optional($._attributes),
          field('condition', $._expression),
          optional(seq(',', field('message', $._expression))),
          ';',
        ),
      ),

    print_statement: ($) => seq('print', commaSep1(field('argument', $._expression)), ';'),

    reveal_statement: ($) =>
      seq('reveal', revealTargets($), ';'),

    // `hide f;`, `hide *;` (Dafny 4.6)
    hide_statement: ($) =>
      seq('hide', revealTargets($), ';'),

    // `opaque ensures P modifies m { ... }` (Dafny 4.7 opaque blocks)
    opaque_block: ($) =>
      seq('opaque', repeat(choice($.ensures_clause, $.modifies_clause)), field('body', $.block)),

    break_statement: ($) =>
      seq(
        'break',
        optional(
          choice(
            field('label', choice($.identifier, $.integer_literal)),
            seq(repeat1('break'), optional('continue')),
            'continue',
          ),
        ),
        ';',
      ),

    continue_statement: ($) =>
      seq('continue', optional(field('label', choice($.identifier, $.integer_literal))), ';'),

    labeled_statement: ($) =>
      seq('label', $._label, field('statement', $._statement)),

    modify_statement: ($) =>
      seq(
        'modify',
        optional($._attributes),
        commaSep1(field('frame', $._frame)),
        choice(';', field('body', $.block)),
      ),

    // `...;` of refinement (deprecated in Dafny 4, still accepted)
    skeleton_statement: (_) => seq('...', ';'),

    // `new;` separating the two phases of a constructor body
    new_separator: (_) => seq('new', ';'),

    // ------------------------------------------------------------------ expressions

    _expression: ($) =>
      choice(
        $._primary_expression,
        $.unary_expression,
        $.bullet_expression,
        $.binary_expression,
        $.as_expression,
        $.is_expression,
        $.quantifier_expression,
        $.set_comprehension,
        $.map_comprehension,
        $.if_expression,
        $.match_expression,
        $.let_expression,
        $.lambda_expression,
        $.statement_expression,
      ),

    _primary_expression: ($) =>
      choice(
        $.identifier,
        $.generic_name,
        $.boolean_literal,
        $.null_literal,
        $.integer_literal,
        $.real_literal,
        $.char_literal,
        $.string_literal,
        $.this_expression,
        $.old_expression,
        $.fresh_expression,
        $.allocated_expression,
        $.unchanged_expression,
        $.cardinality_expression,
        $.parenthesized_expression,
        $.tuple_expression,
        $.sequence_display,
        $.set_display,
        $.multiset_display,
        $.map_display,
        $.multiset_conversion,
        $.seq_constructor,
        $.member_expression,
        $.datatype_update_expression,
        $.index_expression,
        $.slice_expression,
        $.slice_by_length_expression,
        $.update_expression,
        $.call_expression,
      ),

    unary_expression: ($) =>
      prec(PREC.unary, seq(field('operator', choice('-', '!')), field('operand', $._expression))),

    // a leading `&&` / `||` bullet: `&& a && b` means `a && b`
    bullet_expression: ($) =>
      choice(
        prec.right(PREC.and, seq(field('operator', OP.and), field('operand', $._expression))),
        prec.right(PREC.or, seq(field('operator', OP.or), field('operand', $._expression))),
      ),

    binary_expression: ($) => {
      const table = [
        [prec.left, PREC.equiv, OP.equiv],
        [prec.right, PREC.implies, OP.implies],
        [prec.left, PREC.explies, OP.explies],
        [prec.left, PREC.or, OP.or],
        [prec.left, PREC.and, OP.and],
        [prec.left, PREC.rel, choice('==', OP.neq, '<', OP.le, '>', OP.ge, 'in', '!in', '!!')],
        [prec.left, PREC.shift, choice('<<', '>>')],
        [prec.left, PREC.add, choice('+', '-')],
        [prec.left, PREC.mul, choice('*', '/', '%')],
        [prec.left, PREC.bit, choice('&', '|', '^')],
      ];
      return choice(
        ...table.map(([assoc, p, op]) =>
          assoc(
            p,
            seq(
              field('left', $._expression),
              field('operator', op),
              field('right', $._expression),
            ),
          ),
        ),
        // prefix (co)equality `a ==#[k] b`, `a !=#[k] b`
        prec.left(
          PREC.rel,
          seq(
            field('left', $._expression),
            field('operator', choice('==', OP.neq)),
            '#',
            '[',
            field('prefix_limit', $._expression),
            ']',
            field('right', $._expression),
          ),
        ),
      );
    },

    as_expression: ($) =>
      prec.left(PREC.as, seq(field('expression', $._expression), 'as', field('type', $._type))),

    is_expression: ($) =>
      prec.left(PREC.as, seq(field('expression', $._expression), 'is', field('type', $._type))),

    // ---- primary expressions

    // `<` after a name inside an expression is a type argument list only when the scanner says so
    generic_name: ($) =>
      prec(-1, seq(field('name', $.identifier), field('type_arguments', $.type_arguments))),

    boolean_literal: (_) => choice('true', 'false'),

    null_literal: (_) => 'null',

    this_expression: (_) => 'this',

    _at_label: ($) => seq('@', field('label', choice($.identifier, $.integer_literal))),

    old_expression: ($) =>
      seq('old', optional($._at_label), '(', field('expression', $._expression), ')'),

    fresh_expression: ($) =>
      seq('fresh', optional($._at_label), '(', field('expression', $._expression), ')'),

    allocated_expression: ($) => seq('allocated', '(', field('expression', $._expression), ')'),

    unchanged_expression: ($) =>
      seq('unchanged', optional($._at_label), '(', commaSep1(field('frame', $._frame)), ')'),

    cardinality_expression: ($) =>
      seq('|', field('operand', $._expression), alias($._card_close, '|')),

    parenthesized_expression: ($) =>
      seq('(', field('expression', $._expression_or_lemma_call), ')'),

    tuple_expression: ($) =>
      seq(
        '(',
        optional(seq($._tuple_element, repeat1(seq(',', $._tuple_element)))),
        ')',
      ),

    _tuple_element: ($) => field('element', $._expression),

    sequence_display: ($) => seq('[', commaSep(field('element', $._expression)), ']'),

    set_display: ($) =>
      seq(optional('iset'), '{', commaSep(field('element', $._expression)), '}'),

    multiset_display: ($) =>
      seq('multiset', '{', commaSep(field('element', $._expression)), '}'),

    map_display: ($) =>
      seq(choice('map', 'imap'), '[', commaSep(field('entry', $.map_entry)), ']'),

    map_entry: ($) => seq(field('key', $._expression), ':=', field('value', $._expression)),

    multiset_conversion: ($) => seq('multiset', '(', field('expression', $._expression), ')'),

    seq_constructor: ($) =>
      seq(
        'seq',
        optional(field('type_arguments', $.type_arguments)),
        '(',
        field('length', $._expression),
        ',',
        field('initializer', $._expression),
        ')',
      ),

    _member_name: ($) =>
      choice(
        $.identifier,
        alias($._digits, $.integer_literal),
        alias('requires', $.identifier),
        alias('reads', $.identifier),
      ),

    _digits: (_) => /[0-9](_?[0-9])*/,

    member_expression: ($) =>
      choice(
        prec(PREC.postfix, seq(field('object', $._primary_expression), '.', field('member', $._member_name))),
        prec(
          -1,
          seq(
            field('object', $._primary_expression),
            '.',
            field('member', $._member_name),
            field('type_arguments', $.type_arguments),
          ),
        ),
      ),

    datatype_update_expression: ($) =>
      prec(
        PREC.postfix,
        seq(
          field('object', $._primary_expression),
          '.',
          '(',
          commaSep1(field('update', $.member_binding)),
          ')',
        ),
      ),

    member_binding: ($) =>
      seq(
        field('name', choice($.identifier, $.integer_literal)),
        ':=',
        field('value', $._expression),
      ),

    index_expression: ($) =>
      prec(
        PREC.postfix,
        seq(
          field('object', $._primary_expression),
          '[',
          commaSep1(field('index', $._expression)),
          ']',
        ),
      ),

    slice_expression: ($) =>
      prec(
        PREC.postfix,
        seq(
          field('object', $._primary_expression),
          '[',
          optional(field('start', $._expression)),
          '..',
          optional(field('end', $._expression)),
          ']',
        ),
      ),

    // `s[a:b:c]` splits s into consecutive slices of lengths a, b, c (`s[a:b:]` keeps the rest)
    slice_by_length_expression: ($) =>
      prec(
        PREC.postfix,
        seq(
          field('object', $._primary_expression),
          '[',
          field('length', $._expression),
          repeat1(seq(':', optional(field('length', $._expression)))),
          ']',
        ),
      ),

    update_expression: ($) =>
      prec(
        PREC.postfix,
        seq(
          field('object', $._primary_expression),
          '[',
          field('index', $._expression),
          ':=',
          field('value', $._expression),
          ']',
        ),
      ),

    call_expression: ($) =>
      prec(
        PREC.postfix,
        seq(
          field('function', $._primary_expression),
          optional($._prefix_limit),
          field('arguments', $.arguments),
        ),
      ),

    arguments: ($) =>
      seq('(', commaSep(field('argument', choice($._expression, $.named_argument))), ')'),

    named_argument: ($) =>
      seq(
        field('name', choice($.identifier, $.integer_literal)),
        ':=',
        field('value', $._expression),
      ),

    // ---- endless expressions (they extend as far to the right as possible)

    quantifier_expression: ($) =>
      prec.right(
        PREC.endless,
        seq(
          field('quantifier', choice(OP.forall, OP.exists)),
          choice($._quantifier_domain, $._multi_ranged_domain),
          OP.qsep,
          field('body', $._expression),
        ),
      ),

    // `x, y: T {:attr} | range`. In quantifier expressions Dafny 4 also allows a range per
    // group of variables: `forall x | x in a, y | y in b :: P` gives the node several
    // `bound_variables` and `range` fields (in order).
    _quantifier_domain: ($) =>
      choice(
        seq(field('bound_variables', $.bound_variables), optional($._attributes)),
        $._ranged_domain,
      ),

    _ranged_domain: ($) =>
      seq(
        field('bound_variables', $.bound_variables),
        optional($._attributes),
        alias($._card_close, '|'),
        field('range', $._expression),
      ),

    _multi_ranged_domain: ($) =>
      seq(
        $._ranged_domain,
        repeat1(
          seq(
            ',',
            field('bound_variables', $.bound_variables),
            optional($._attributes),
            optional(seq(alias($._card_close, '|'), field('range', $._expression))),
          ),
        ),
      ),

    bound_variables: ($) => prec.right(commaSep1($.bound_variable)),

    bound_variable: ($) =>
      prec.right(
        seq(
          field('name', $.identifier),
          optional(seq(':', field('type', $._type))),
          optional(seq('<-', field('collection', $._expression))),
        ),
      ),

    _collection_variables: ($) => alias($._collection_variable, $.bound_variable),

    _collection_variable: ($) =>
      prec(
        -1,
        seq(
          field('name', $.identifier),
          optional(seq(':', field('type', $._type))),
          '<-',
          field('collection', $._primary_expression),
        ),
      ),

    set_comprehension: ($) =>
      prec.right(
        PREC.endless,
        seq(
          choice('set', 'iset'),
          choice(
            seq($._ranged_domain, optional(seq(OP.qsep, field('body', $._expression)))),
            seq(
              field('bound_variables', $.bound_variables),
              optional($._attributes),
              OP.qsep,
              field('body', $._expression),
            ),
            // Dafny 4 `set x <- s`: the elements of a collection (no range, no term); the
            // collection is a primary expression here (a full one would double many states)
            field('bound_variables', alias($._collection_variables, $.bound_variables)),
          ),
        ),
      ),

    map_comprehension: ($) =>
      prec.right(
        PREC.endless,
        seq(
          choice('map', 'imap'),
          $._quantifier_domain,
          OP.qsep,
          choice(
            seq(field('key', $._expression), ':=', field('value', $._expression)),
            field('value', $._expression),
          ),
        ),
      ),

    if_expression: ($) => ifExpression($, $._expression),

    // if-then-else, let and statement expressions come twice: with an ordinary expression as
    // their last part, and (aliased to the same node kinds) with a part that may start with a
    // lemma call `L(x); e`, used where `;` cannot end the surrounding construct.
    _if_expression_or_lemma_call: ($) => ifExpression($, $._expression_or_lemma_call),

    match_expression: ($) =>
      prec.right(
        PREC.endless,
        seq(
          'match',
          field('value', $._expression),
          choice(
            // in braces a case body may start with a lemma call
            seq('{', repeat(alias($._case_or_lemma_call, $.case)), '}'),
            repeat1($.case),
          ),
        ),
      ),

    _case_or_lemma_call: ($) => caseClause($, $._expression_or_lemma_call),

    case: ($) => caseClause($, $._expression),

    let_expression: ($) => letExpression($, $._expression),

    _let_expression_or_lemma_call: ($) => letExpression($, $._expression_or_lemma_call),

    lambda_expression: ($) => lambdaExpression($, $._expression),

    _lambda_expression_or_lemma_call: ($) => lambdaExpression($, $._expression_or_lemma_call),

    lambda_parameters: ($) =>
      choice(
        alias($._untyped_bound_variable, $.bound_variable),
        seq('(', commaSep($.bound_variable), ')'),
      ),

    _untyped_bound_variable: ($) => field('name', $.identifier),

    // `assert P; e`, `calc {...} e`, ...
    statement_expression: ($) => statementExpression($, $._expression),

    _statement_expression_or_lemma_call: ($) =>
      statementExpression($, $._expression_or_lemma_call),

    // `Lemma(x); e`: Dafny allows a lemma call followed by `;` where the expression cannot
    // itself be followed by `;`: function bodies, parentheses, then-branches, and the last part
    // of if-then-else, let and statement expressions in those places.
    _expression_or_lemma_call: ($) =>
      choice(
        $._primary_expression,
        $.unary_expression,
        $.bullet_expression,
        $.binary_expression,
        $.as_expression,
        $.is_expression,
        $.quantifier_expression,
        $.set_comprehension,
        $.map_comprehension,
        alias($._if_expression_or_lemma_call, $.if_expression),
        $.match_expression,
        alias($._let_expression_or_lemma_call, $.let_expression),
        alias($._lambda_expression_or_lemma_call, $.lambda_expression),
        alias($._statement_expression_or_lemma_call, $.statement_expression),
        alias($._lemma_call_expression, $.statement_expression),
      ),

    _lemma_call_expression: ($) =>
      seq(
        field('statement', $.call_expression),
        ';',
        field('body', $._expression_or_lemma_call),
      ),

    // ------------------------------------------------------------------ patterns

    _case_pattern: ($) => choice($._pattern, $.disjunctive_pattern),

    disjunctive_pattern: ($) =>
      choice(
        seq(
          optional('|'),
          field('alternative', $._pattern),
          repeat1(seq('|', field('alternative', $._pattern))),
        ),
        seq('|', field('alternative', $._pattern)),
      ),

    _pattern: ($) =>
      choice(
        alias($._pattern_variable, $.bound_variable),
        $.constructor_pattern,
        $.tuple_pattern,
        $.boolean_literal,
        $.null_literal,
        $.integer_literal,
        $.real_literal,
        $.char_literal,
        $.string_literal,
        alias($.negative_literal, $.unary_expression),
      ),

    _pattern_variable: ($) =>
      prec.right(seq(field('name', $.identifier), optional(seq(':', field('type', $._type))))),

    negative_literal: ($) =>
      seq(field('operator', '-'), field('operand', choice($.integer_literal, $.real_literal))),

    constructor_pattern: ($) =>
      seq(field('constructor', $.identifier), '(', commaSep(field('argument', $._pattern)), ')'),

    tuple_pattern: ($) => seq('(', commaSep(field('element', $._pattern)), ')'),

    // ------------------------------------------------------------------ lexical

    // Dafny identifiers may contain `'` and `?` and may start with `?` (`Nil?`, `x'`, `?`, `??`)
    identifier: (_) => /[\p{L}_?][\p{L}\p{N}_'?]*/u,

    integer_literal: (_) => token(choice(/0x[0-9a-fA-F](_?[0-9a-fA-F])*/, /[0-9](_?[0-9])*/)),

    // Dafny 4.11's lexer: digits (with `_` between them), then a fraction, an exponent or both; the
    // exponent marker is a lower-case `e` and its sign only `-` (`1e-15`, `1.5e3`; Dafny rejects `1.5E3`
    // and `1e+3`).
    real_literal: (_) =>
      token(choice(/[0-9](_?[0-9])*\.[0-9](_?[0-9])*(e-?[0-9](_?[0-9])*)?/, /[0-9](_?[0-9])*e-?[0-9](_?[0-9])*/)),

    char_literal: (_) =>
      token(
        seq(
          "'",
          choice(
            /[^'\\\r\n]/,
            /\\['"\\0nrt]/,
            /\\u[0-9a-fA-F]{4}/,
            /\\U\{[0-9a-fA-F](_?[0-9a-fA-F])*\}/,
          ),
          "'",
        ),
      ),

    string_literal: (_) =>
      choice(
        token(
          seq(
            '"',
            repeat(
              choice(
                /[^"\\\r\n]+/,
                /\\['"\\0nrt]/,
                /\\u[0-9a-fA-F]{4}/,
                /\\U\{[0-9a-fA-F](_?[0-9a-fA-F])*\}/,
              ),
            ),
            '"',
          ),
        ),
        token(seq('@"', repeat(choice(/[^"]+/, '""')), '"')),
      ),
  },
});

/**
 * A tree-sitter grammar for the Lean 4 that specifications use, written for specmut from the Lean 4
 * reference (notation levels of Prelude/Notation, the term, do and tactic parsers).
 *
 * Layout follows Lean's own parser: blocks (`by`, `do`, `where`, structure fields, `{ ... }` instances,
 * `calc` steps) remember the column of their first token (Lean's `withPosition`); a line starting at
 * that column begins the next item (`checkColEq`), a line starting left of it ends the block
 * (`checkColGe` fails), anything right of it continues the current item (`checkColGt`). `let` and
 * `have` remember the column of their keyword, so a value ends where a line starts at or left of it.
 * The external scanner (src/scanner.c) emits those zero-width tokens.
 */

/* eslint-disable no-undef */
'use strict';

const PREC = {
  body: -1, // fun/∀/∃/let/if bodies extend as far as possible
  pipe: 10,
  iff: 20,
  arrow: 25,
  or: 30,
  and: 35,
  not: 40,
  cmp: 50,
  bind: 55,
  seq: 60,
  add: 65,
  cons: 67,
  mul: 70,
  smul: 73,
  pow: 75,
  neg: 75, // right-associative: `-x^2` is `-(x^2)`, `-x * y` is `(-x) * y`
  comp: 90,
  map: 100,
  app: 1024,
};

// [operator, level, associativity], from Lean 4's Prelude/Notation and Mathlib's notation.
const BINARY = [
  ['<|', PREC.pipe, 'right'],
  ['|>', PREC.pipe, 'left'],
  ['$', PREC.pipe, 'right'],
  ['↔', PREC.iff, 'left'],
  ['<->', PREC.iff, 'left'],
  ['<|>', PREC.iff, 'right'],
  ['→', PREC.arrow, 'right'],
  ['->', PREC.arrow, 'right'],
  ['∨', PREC.or, 'right'],
  ['\\/', PREC.or, 'right'],
  ['||', PREC.or, 'left'],
  ['∧', PREC.and, 'right'],
  ['/\\', PREC.and, 'right'],
  ['&&', PREC.and, 'left'],
  ['×', PREC.and, 'right'],
  ['=', PREC.cmp, 'left'],
  ['==', PREC.cmp, 'left'],
  ['≠', PREC.cmp, 'left'],
  ['!=', PREC.cmp, 'left'],
  ['<', PREC.cmp, 'left'],
  ['>', PREC.cmp, 'left'],
  ['≤', PREC.cmp, 'left'],
  ['≥', PREC.cmp, 'left'],
  ['<=', PREC.cmp, 'left'],
  ['>=', PREC.cmp, 'left'],
  ['∈', PREC.cmp, 'left'],
  ['∉', PREC.cmp, 'left'],
  ['⊆', PREC.cmp, 'left'],
  ['⊂', PREC.cmp, 'left'],
  ['⊇', PREC.cmp, 'left'],
  ['⊃', PREC.cmp, 'left'],
  ['∣', PREC.cmp, 'left'],
  ['≈', PREC.cmp, 'left'],
  ['≡', PREC.cmp, 'left'],
  ['>>=', PREC.bind, 'left'],
  ['|||', PREC.bind, 'left'],
  ['&&&', PREC.bind + 3, 'left'],
  ['^^^', PREC.bind + 3, 'left'],
  ['>>', PREC.seq, 'left'],
  ['<*>', PREC.seq, 'left'],
  ['+', PREC.add, 'left'],
  ['-', PREC.add, 'left'],
  ['++', PREC.add, 'left'],
  ['∪', PREC.add, 'left'],
  ['::', PREC.cons, 'right'],
  ['*', PREC.mul, 'left'],
  ['/', PREC.mul, 'left'],
  ['%', PREC.mul, 'left'],
  ['∩', PREC.mul, 'left'],
  ['\\', PREC.mul, 'left'],
  ['•', PREC.smul, 'right'],
  ['<<<', PREC.pow, 'left'],
  ['>>>', PREC.pow, 'left'],
  ['^', PREC.pow, 'right'],
  ['∘', PREC.comp, 'right'],
  ['⊕', PREC.or, 'right'],
  ['▸', PREC.pow, 'right'],
  ['⊓', PREC.mul, 'left'],
  ['⊔', PREC.add, 'left'],
  ['∆', PREC.add, 'left'],
  ['⊗', PREC.mul, 'left'],
  ['<$>', PREC.map, 'right'],
];

// Operators of one level and associativity share one precedence rule.
const LEVELS = [];
for (const [op, level, assoc] of BINARY) {
  const same = LEVELS.find(([l, a]) => l === level && a === assoc);
  if (same) same[2].push(op);
  else LEVELS.push([level, assoc, [op]]);
}

const CMP = LEVELS.findIndex(([level]) => level === PREC.cmp);

// Identifiers: Lean's isLetterLike (Greek but λ Π Σ, Coptic, letterlike symbols, Greek extended) and
// isSubScriptAlnum; `!`, `?` and `'` may follow the first character.
const ID_FIRST = 'a-zA-Z_\\u00C0-\\u024F\\u0370-\\u039F\\u03A1\\u03A2\\u03A4-\\u03BA\\u03BC-\\u03FF\\u1F00-\\u1FFE\\u2100-\\u214F\\u1D00-\\u1D2B';
const ID_REST = ID_FIRST + "0-9'!?\\u2080-\\u209C\\u1D62-\\u1D6A\\u2C7C\\u00B9\\u00B2\\u00B3\\u2070-\\u207F";
const ATOM = `(?:[${ID_FIRST}][${ID_REST}]*|«[^»]*»)`;

const RESERVED = (
  'Prop Sort Type _ abbrev attribute axiom break by calc class continue decreasing_by def deriving do else end ' +
  'example extends for forall from fun have if import in inductive infix infixl infixr instance lemma let local ' +
  'match mut mutual namespace noncomputable nonrec notation opaque open partial postfix prefix private protected ' +
  'rec return scoped section set_option show sorry structure termination_by then theorem universe unless unsafe ' +
  'variable where while with'
).split(' ');

const sep1 = (rule, separator) => seq(rule, repeat(seq(separator, rule)));
const commaSep1 = (rule) => sep1(rule, ',');

module.exports = grammar({
  name: 'lean',

  word: ($) => $.identifier,

  // Lean's keywords are tokens, never identifiers. Reserving them everywhere (not only where the
  // parser expects them) lets states after a term that differ only in the keyword that may follow
  // (`then`, `else`, `with`, `do`, `from`, …) share their entries: the table stays small.
  reserved: {
    global: (_) => RESERVED,
  },

  externals: ($) => [
    $._block_start,
    $._brace_start,
    $._block_sep,
    $._block_end,
    $._pos_start,
    $._calc_start,
    $._abs_open,
    $.block_comment,
    $._error_sentinel,
    // Validity probes, lexed by the internal lexer: after `else`, an `if` continues the chain;
    // where the parser can take `else`, it does not end a block (do/tactic `if` on several lines).
    'if',
    'else',
    $._where_start,
    $._alts_start,
  ],

  extras: ($) => [/\s/, $.line_comment, $.block_comment],

  supertypes: ($) => [$._command],

  conflicts: ($) => [[$._primary, $.field_assignment]],

  rules: {
    source_file: ($) => repeat($._command),

    // ----------------------------------------------------------------- commands

    _command: ($) =>
      choice(
        $.import,
        $.open,
        $.namespace,
        $.section,
        $.end,
        $.variable,
        $.universe,
        $.set_option,
        $.attribute_command,
        $.hash_command,
        $.notation,
        $.deriving,
        $.mutual,
        $.declaration,
      ),

    import: ($) => seq('import', field('module', $.identifier)),
    open: ($) =>
      prec.right(
        seq(
          'open',
          optional('scoped'),
          repeat1(choice($.identifier, seq('(', repeat1($.identifier), ')'), 'hiding', 'renaming', '→')),
          optional('in'),
        ),
      ),
    namespace: ($) => seq('namespace', field('name', $.identifier)),
    section: ($) => prec.right(seq(optional('noncomputable'), 'section', optional(field('name', $.identifier)))),
    end: ($) => prec.right(seq('end', optional(field('name', $.identifier)))),
    variable: ($) => prec.right(seq('variable', repeat1($._binder))),
    universe: ($) => prec.right(seq('universe', repeat1($.identifier))),
    set_option: ($) => prec.right(seq('set_option', $.identifier, choice($.identifier, $.number, $.string), optional('in'))),
    attribute_command: ($) => prec.right(seq('attribute', '[', commaSep1($.attribute), ']', repeat1($.identifier))),
    hash_command: ($) => prec.right(seq(field('command', $.hash_keyword), optional(choice('in', field('argument', $._term))))),
    hash_keyword: (_) => /#[a-z_]+/,
    notation: ($) =>
      seq(
        optional(choice('local', 'scoped')),
        choice('notation', 'infix', 'infixl', 'infixr', 'prefix', 'postfix'),
        optional(seq(':', $.number)),
        repeat(choice($.string, seq($.identifier, optional(seq(':', $.number))))),
        '=>',
        $._term,
      ),
    mutual: ($) => seq('mutual', repeat($.declaration), 'end'),

    declaration: ($) =>
      seq(
        optional($.attributes),
        repeat($.modifier),
        choice($.definition, $.theorem, $.instance, $.structure, $.inductive, $.example, $.axiom),
      ),
    attributes: ($) => seq('@[', commaSep1($.attribute), ']'),
    attribute: ($) =>
      seq(optional(choice('local', 'scoped')), choice($.identifier, 'instance', 'simp'), repeat(choice($.identifier, $.number, '←', '=', '-', '↓', '↑', 'simp'))),
    modifier: (_) => choice('private', 'protected', 'noncomputable', 'partial', 'unsafe', 'nonrec'),

    definition: ($) =>
      prec.right(seq(
        field('kind', choice('def', 'abbrev', 'opaque')),
        field('name', $.identifier),
        repeat(field('binder', $._binder)),
        optional(seq(':', field('type', $._term))),
        optional($._declaration_body),
      )),
    theorem: ($) =>
      prec.right(seq(
        field('kind', choice('theorem', 'lemma')),
        field('name', $.identifier),
        repeat(field('binder', $._binder)),
        ':',
        field('type', $._term),
        $._declaration_body,
      )),
    example: ($) => prec.right(seq('example', repeat(field('binder', $._binder)), ':', field('type', $._term), $._declaration_body)),
    axiom: ($) => seq('axiom', field('name', $.identifier), repeat(field('binder', $._binder)), ':', field('type', $._term)),
    instance: ($) =>
      prec.right(seq(
        'instance',
        optional(seq('(', 'priority', ':=', $._term, ')')),
        optional(field('name', $.identifier)),
        repeat(field('binder', $._bracketed_binder)),
        ':',
        field('type', $._term),
        $._declaration_body,
      )),

    _declaration_body: ($) =>
      prec.right(
        seq(
          choice(seq(':=', field('body', $._term)), field('body', $.match_alternatives), seq('where', optional(field('body', $.where_block)))),
          optional($.termination),
          optional(seq('where', field('auxiliary', $.where_block))),
          optional($.deriving),
        ),
      ),
    termination: ($) =>
      choice(
        seq($.termination_by, optional($.decreasing_by)),
        $.decreasing_by,
      ),
    termination_by: ($) => seq('termination_by', optional('structural'), $._term, optional(seq('=>', $._term))),
    decreasing_by: ($) => seq('decreasing_by', $.tactic_block),
    deriving: ($) =>
      prec.right(seq('deriving', optional('instance'), commaSep1($.identifier), optional(seq('for', commaSep1($.identifier))))),

    // Lean's whereDecls: items at one column, each with its own termination suffix (letRecDecl).
    where_block: ($) => seq($._where_start, sep1($.where_item, choice($._block_sep, ';')), $._block_end),
    where_item: ($) =>
      choice(
        seq(field('constructor', $.identifier), '::'),
        $._bracketed_binder,
        seq(
          optional($.attributes),
          repeat($.modifier),
          optional(seq('let', 'rec')),
          field('name', $.identifier),
          repeat(field('binder', $._binder)),
          optional(seq(':', field('type', $._term))),
          optional(choice(seq(':=', field('value', $._term)), field('value', $.match_alternatives))),
          optional($.termination),
        ),
      ),

    structure: ($) =>
      prec.right(seq(
        field('kind', choice('structure', 'class')),
        field('name', $.identifier),
        repeat(field('binder', $._binder)),
        optional(seq('extends', commaSep1($._term))),
        optional(seq(':', field('type', $._term))),
        optional(seq('where', optional(field('fields', $.where_block)))),
        optional($.deriving),
      )),
    inductive: ($) =>
      prec.right(seq(
        optional('class'),
        'inductive',
        field('name', $.identifier),
        repeat(field('binder', $._binder)),
        optional(seq(':', field('type', $._term))),
        optional('where'),
        repeat(field('constructor', $.constructor)),
        optional($.deriving),
      )),
    constructor: ($) =>
      seq('|', field('name', $.identifier), repeat(field('binder', $._binder)), optional(seq(':', field('type', $._term)))),

    _binder: ($) => choice($._bracketed_binder, $.identifier, $.hole),
    _bracketed_binder: ($) => choice($.explicit_binder, $.implicit_binder, $.instance_binder, $.strict_implicit_binder),
    explicit_binder: ($) =>
      seq(
        '(',
        repeat1(field('name', choice($.identifier, $.hole))),
        // `(x : T)`, `(x : T := d)`, and `(x := d)` (Lean's binderDefault with an inferred type)
        optional(choice(seq(':', field('type', $._term), optional(seq(':=', field('default', $._term)))), seq(':=', field('default', $._term)))),
        ')',
      ),
    implicit_binder: ($) => seq('{', repeat1(field('name', choice($.identifier, $.hole))), optional(seq(':', field('type', $._term))), '}'),
    instance_binder: ($) => seq('[', optional(seq(field('name', $.identifier), ':')), field('type', $._term), ']'),
    strict_implicit_binder: ($) => seq('⦃', repeat1(field('name', $.identifier)), optional(seq(':', field('type', $._term))), '⦄'),

    // -------------------------------------------------------------------- terms
    //
    // One expression hierarchy, with Lean's notation levels as precedences (Prelude/Notation):
    // binary operators by level and associativity, prefix `¬`/`!` (40) and `-` (75), application
    // (1024: a function term, then arguments that are primaries or trailing `fun`/`do`/`by`), and
    // the binding constructs (fun, ∀/∃, let, have, if, match) at the lowest level, so that their
    // body extends as far to the right as possible, as in Lean.

    _term: ($) =>
      choice(
        $._primary,
        $.application,
        $.binary_expression,
        $.unary_expression,
        $.pipe_projection,
        $.fun,
        $.quantifier,
        $.let,
        $.have,
        $.show,
        $.if_then_else,
        $.match,
        $.do,
        $.by,
        $.calc,
        $.hoare_triple,
        $.postcondition,
      ),

    application: ($) => prec.left(PREC.app, seq(field('function', $._term), field('argument', $._argument))),
    _argument: ($) => choice($._primary, $.fun, $.do, $.by),

    // One token per level and associativity (shown as `operator`): a column per operator in every
    // state after a term would multiply the parse table.
    binary_expression: ($) =>
      choice(
        ...LEVELS.map(([level, assoc], i) =>
          (assoc === 'right' ? prec.right : prec.left)(
            level,
            seq(field('left', $._term), field('operator', alias($[`_operator_${i}`], $.operator)), field('right', $._term)),
          ),
        ),
      ),
    ...Object.fromEntries(
      LEVELS.map(([, , operators], i) => [`_operator_${i}`, (_) => token(operators.length === 1 ? operators[0] : choice(...operators))]),
    ),

    unary_expression: ($) =>
      choice(
        prec.right(PREC.not, seq(field('operator', choice('¬', '!')), field('operand', $._term))),
        prec.right(PREC.neg, seq(field('operator', '-'), field('operand', $._term))),
        // `(← e)`: a nested action of do notation
        prec.right(PREC.body, seq(field('operator', choice('←', '<-')), field('operand', $._term))),
      ),

    // `e |>.f`: the field of the value on the left; arguments follow as an application.
    pipe_projection: ($) => prec.left(PREC.pipe, seq(field('object', $._term), '|>.', field('field', $.identifier))),

    fun: ($) =>
      prec.right(
        PREC.body,
        seq(
          choice('fun', 'λ'),
          choice(
            seq(repeat1(field('binder', $._primary)), optional(seq(':', field('type', $._term))), choice('=>', '↦'), field('body', $._term)),
            field('alternatives', $.match_alternatives),
          ),
        ),
      ),

    // `∀ x y, P`, `∀ x : T, P`, `∀ (x : T) (h : P), Q`, `∀ i < n, P`, `∃ x ∈ s, P`, `∑ i in s, f i`
    quantifier: ($) =>
      prec.right(
        PREC.body,
        seq(
          field('quantifier', choice('∀', '∃', '∃!', 'Σ', '∑', '∏', '⋃', '⋂', 'forall')),
          repeat1(field('binder', $._quantifier_binder)),
          optional(choice(seq(':', field('type', $._term)), field('predicate', $.binder_predicate))),
          ',',
          field('body', $._term),
        ),
      ),
    // Lean's binderIdent and bracketed binders: `{` and `[` open binders here, never a set or a list.
    _quantifier_binder: ($) =>
      choice(
        $.identifier,
        $.hole,
        $.parenthesized,
        $.type_ascription,
        $.anonymous_constructor,
        $.implicit_binder,
        $.strict_implicit_binder,
        $.instance_binder,
      ),
    // `∀ i < n,`, `∃ x ∈ s,`, `∑ i in s,`: the comparison operators of binary expressions
    binder_predicate: ($) =>
      seq(field('operator', choice(alias($[`_operator_${CMP}`], $.operator), alias('in', $.operator))), field('bound', $._term)),

    let: ($) =>
      prec.right(
        PREC.body,
        seq($._pos_start, 'let', optional(field('modifier', choice('mut', 'rec'))), $._let_declaration, choice($._block_sep, $._block_end), optional($._scope_body)),
      ),
    // The scanner ends a let/have declaration with a block end. A separator is never produced
    // there (after the declaration), but accepting one gives the states after the value the same external tokens as those
    // after a block's item, so that the parser generator can merge them.
    _scope_body: ($) => seq(optional(';'), field('body', $._term)),
    _let_declaration: ($) =>
      seq(
        repeat1(field('pattern', $._primary)),
        optional(seq(':', field('type', $._term))),
        choice(
          seq(field('operator', choice(':=', '←', '<-')), field('value', $._term), optional(seq('|', field('fallback', $._term)))),
          field('alternatives', $.match_alternatives),
        ),
        // `let rec f … := e termination_by m` (Lean's letRecDecl)
        optional($.termination),
      ),
    have: ($) =>
      prec.right(
        PREC.body,
        seq(
          $._pos_start,
          'have',
          // `have h (x : T) {y : U} : P`: binders as arguments of the name (an application); a
          // binder list of its own would cost 1.4 MB of parse table
          optional(field('name', choice($.identifier, $.hole, $.anonymous_constructor, $.application))),
          optional(seq(':', field('type', $._term))),
          optional(seq(':=', field('value', $._term))),
          choice($._block_sep, $._block_end),
          optional($._scope_body),
        ),
      ),
    show: ($) => prec.right(PREC.body, seq('show', field('type', $._term), optional(seq('from', field('value', $._term))))),

    if_then_else: ($) =>
      prec.right(PREC.body, seq('if', $._condition, 'then', field('consequence', $._term), 'else', field('alternative', $._term))),
    _condition: ($) =>
      choice(
        seq(optional(seq(field('hypothesis', $.identifier), ':')), field('condition', $._term)),
        seq('let', field('pattern', $._term), ':=', field('value', $._term)),
      ),

    match: ($) => prec.right(PREC.body, seq('match', $._discriminants, 'with', field('alternatives', $.match_alternatives))),
    _discriminants: ($) => commaSep1(seq(optional(seq(field('hypothesis', $.identifier), ':')), field('value', $._term))),
    // Lean's matchAlts: withPosition + many1Indent, so every `|` lies at or right of the first one;
    // a `|` further left belongs to an enclosing match (the scanner ends the block there). The
    // scanner puts a separator before each later `|`: the alternatives' terms are then followed by
    // what follows every block item, and share those states (the table stays small).
    match_alternatives: ($) => alternativesBlock($, $.match_alternative),
    // `| p, q => e` (one pattern per discriminant) and `| a | b => e` (several patterns, one body)
    match_alternative: ($) => prec.right(PREC.body, seq(repeat1($.patterns), '=>', field('body', $._term))),
    patterns: ($) => seq('|', commaSep1(field('pattern', $._term))),

    do: ($) => seq('do', $.do_block),
    do_block: ($) => block($, $._do_item),
    _do_item: ($) =>
      choice($._term, $.reassignment, $.bind, $.for, $.while, $.unless, $.do_if, $.do_match, $.return, $.break, $.continue),
    reassignment: ($) => seq(field('target', $._term), field('operator', ':='), field('value', $._term)),
    bind: ($) => seq(field('pattern', $._term), field('operator', choice('←', '<-')), field('value', $._term)),
    for: ($) =>
      seq(
        'for',
        optional(seq(field('hypothesis', $.identifier), ':')),
        commaSep1(seq(field('pattern', $._term), 'in', field('collection', $._term))),
        'do',
        field('body', $.do_block),
      ),
    while: ($) => seq('while', $._condition, 'do', field('body', $.do_block)),
    unless: ($) => seq('unless', field('condition', $._term), 'do', field('body', $.do_block)),
    return: ($) => prec.right(seq('return', optional(field('value', $._term)))),
    break: (_) => 'break',
    continue: (_) => 'continue',
    do_if: ($) => ifBlock($, $.do_block),
    do_match: ($) => matchBlock($, $._do_alternative),
    _do_alternative: ($) => prec.right(seq(repeat1($.patterns), '=>', field('body', $.do_block))),

    by: ($) => seq('by', $.tactic_block),
    tactic_block: ($) => block($, $.tactic),
    // Tactics stay coarse: a sequence of terms' primaries, binding constructs, operators and the
    // keywords tactics put between them; `=>` opens a nested block (`case h =>`, `| inl h =>`,
    // `conv =>`), `·` focuses a block.
    tactic: ($) =>
      choice(seq(choice('·', '.'), $.tactic_block), seq('{', $.tactic_block, '}'), $.tactic_if, $.tactic_match, prec.right(repeat1($._tactic_piece))),
    _tactic_piece: ($) =>
      choice(
        $._primary,
        $.fun,
        $.quantifier,
        $.let,
        $.have,
        $.show,
        $.if_then_else,
        $.match,
        $.do,
        $.by,
        $.calc,
        seq('=>', $.tactic_block),
        $._tactic_token,
      ),
    // `at`, `only`, `using`, `generalizing` stay identifiers: fewer keywords keep the table small.
    _tactic_token: ($) =>
      choice(...LEVELS.map((_, i) => $[`_operator_${i}`]), '¬', '!', '←', '<-', '|>.', ':', ':=', 'with', 'from', 'in', '⊢', '|', '<;>'),
    tactic_if: ($) => ifBlock($, $.tactic_block),
    tactic_match: ($) => matchBlock($, $._tactic_alternative),
    _tactic_alternative: ($) => prec.right(seq(repeat1($.patterns), '=>', field('body', $.tactic_block))),

    calc: ($) =>
      prec.right(
        seq('calc', field('steps', $.calc_steps), optional(seq($._calc_start, field('steps', $.calc_steps_continued)))),
      ),
    calc_steps: ($) => seq($._block_start, sep1($.calc_step, $._block_sep), $._block_end),
    calc_steps_continued: ($) => seq(sep1($.calc_step, $._block_sep), $._block_end),
    calc_step: ($) => seq(field('relation', $._term), optional(seq(':=', field('proof', $._term)))),

    // Std.Do: `⦃P⦄ prog ⦃⇓ r => Q⦄`
    hoare_triple: ($) =>
      prec.right(
        PREC.body,
        seq('⦃', field('precondition', $._term), '⦄', field('program', $._term), '⦃', field('postcondition', $._term), '⦄'),
      ),
    postcondition: ($) => prec.right(PREC.body, seq('⇓', repeat1(field('binder', $._primary)), '=>', field('body', $._term))),

    // ----------------------------------------------------------------- primaries

    _primary: ($) =>
      choice(
        $.identifier,
        $.dot_identifier,
        $.number,
        $.string,
        $.interpolated_string,
        $.char,
        $.hole,
        $.synthetic_hole,
        $.sorry,
        $.sort,
        $.cdot,
        $.unit,
        $.parenthesized,
        $.tuple,
        $.type_ascription,
        $.named_argument,
        $.anonymous_constructor,
        $.list,
        $.range,
        $.array,
        $.structure_instance,
        $.set_builder,
        $.set,
        $.empty_braces,
        $.absolute_value,
        $.norm,
        $.floor,
        $.ceil,
        $.lift,
        $.explicit,
        $.assumption,
        $.coercion,
        $.projection,
        $.index,
        $.inverse,
      ),

    unit: (_) => seq('(', ')'),
    parenthesized: ($) => seq('(', field('expression', $._term), ')'),
    tuple: ($) => seq('(', field('element', $._term), repeat1(seq(',', field('element', $._term))), ')'),
    type_ascription: ($) => seq('(', field('expression', $._term), ':', optional(field('type', $._term)), ')'),
    named_argument: ($) => seq('(', field('name', $.identifier), ':=', field('value', $._term), ')'),
    anonymous_constructor: ($) => seq('⟨', optional(seq(commaSep1(field('element', $._term)), optional(','))), '⟩'),
    list: ($) => seq('[', optional(seq(commaSep1(field('element', $._term)), optional(','))), ']'),
    // `[a:b]`, `[:b]`, `[a:b:s]` (Std.Range)
    range: ($) =>
      seq('[', optional(field('start', $._term)), ':', field('stop', $._term), optional(seq(':', field('step', $._term))), ']'),
    array: ($) => seq('#[', optional(seq(commaSep1(field('element', $._term)), optional(','))), ']'),

    empty_braces: (_) => seq('{', '}'),
    // `{ x := 1, y := 2 }`, `{ s with f := v }`, fields on separate lines at one column
    structure_instance: ($) =>
      seq(
        '{',
        $._brace_start,
        optional(seq(field('source', $._term), 'with')),
        sep1(field('field', $.field_assignment), choice(',', $._block_sep)),
        optional(','),
        optional('..'),
        $._block_end,
        '}',
      ),
    field_assignment: ($) => seq(field('name', $.identifier), ':=', field('value', $._term)),
    // `{x | p}`, `{x : T | p}`, `{x // p}` (subtype), `{x : T}` (implicit binder of ∀/fun); `{x}` is a set
    set_builder: ($) =>
      seq(
        '{',
        $._brace_start,
        field('binder', $._primary),
        choice(
          seq(':', field('type', $._term), optional($._set_condition)),
          $._set_condition,
        ),
        $._brace_stop,
        '}',
      ),
    _set_condition: ($) => seq(field('separator', choice('|', '//')), field('condition', $._term)),
    set: ($) =>
      seq('{', $._brace_start, sep1(field('element', $._term), ','), optional(','), $._brace_stop, '}'),
    // As `_pos_stop`: the same external tokens after the last term as after a block's item.
    _brace_stop: ($) => seq(optional($._block_sep), $._block_end),

    absolute_value: ($) => prec.left(seq($._abs_open, field('operand', $._term), '|')),
    norm: ($) => prec.left(seq('‖', field('operand', $._term), '‖')),
    floor: ($) => seq('⌊', field('operand', $._term), choice('⌋', '⌋₊')),
    ceil: ($) => seq('⌈', field('operand', $._term), choice('⌉', '⌉₊')),
    lift: ($) => seq('⌜', field('operand', $._term), '⌝'),
    explicit: ($) => seq('@', field('name', $.identifier)),
    assumption: ($) => seq('‹', field('type', $._term), '›'),
    coercion: ($) => seq(field('operator', choice('↑', '⇑', '↥')), field('operand', $._primary)),
    projection: ($) => prec(1, seq(field('object', $._primary), field('field', $.field_access))),
    field_access: (_) => token.immediate(prec(2, new RegExp(`\\.(?:${ATOM}|[0-9]+)`))),
    // `xs[i]`, `xs[i]!`, `xs[i]?`, `xs[i]'h`, and slices `xs[a:b]`
    index: ($) =>
      prec(
        1,
        seq(
          field('object', $._primary),
          token.immediate('['),
          optional(field('index', $._term)),
          optional(seq(':', optional(field('stop', $._term)))),
          ']',
          optional(
            choice(
              field('mode', token.immediate('!')),
              field('mode', token.immediate('?')),
              seq(token.immediate("'"), field('proof', choice($.identifier, $.parenthesized, $.anonymous_constructor, $.hole, $.sorry))),
            ),
          ),
        ),
      ),
    inverse: ($) => prec(1, seq(field('operand', $._primary), token.immediate('⁻¹'))),

    cdot: (_) => choice('·', '.'),
    hole: (_) => '_',
    synthetic_hole: (_) => token(seq('?', choice('_', new RegExp(ATOM)))),
    sorry: (_) => 'sorry',
    sort: (_) => choice('Prop', 'Type', 'Sort', 'Type*', 'Sort*'),

    identifier: (_) => token(new RegExp(`${ATOM}(?:\\.(?:${ATOM}|[0-9]+))*`)),
    dot_identifier: (_) => token(new RegExp(`\\.${ATOM}`)),
    number: (_) =>
      token(choice(/0x[0-9a-fA-F_]+/, /0b[01_]+/, /0o[0-7_]+/, /[0-9][0-9_]*(\.[0-9]+)?([eE][+-]?[0-9]+)?/)),
    string: (_) => token(seq('"', repeat(choice(/[^"\\]/, /\\(.|\n)/)), '"')),
    interpolated_string: (_) => token(seq(/[smf]!"/, repeat(choice(/[^"\\]/, /\\(.|\n)/)), '"')),
    char: (_) => token(seq("'", choice(/[^'\\\n]/, /\\[^\n]/, /\\x[0-9a-fA-F]{2}/, /\\u\{[0-9a-fA-F]+\}/), "'")),

    line_comment: (_) => token(seq('--', /.*/)),
  },
});

/** Items at one column (Lean's withPosition + colGe/colEq); `;` separates items on one line. */
function block($, item) {
  return seq($._block_start, sep1(item, choice($._block_sep, ';')), $._block_end);
}

/** Match alternatives at the column of the first `|` (see match_alternatives). */
function alternativesBlock($, alternative) {
  return seq($._alts_start, sep1(alternative, choice($._block_sep, ';')), $._block_end);
}

/** `if … then` with blocks for branches (do notation and tactics), `else if` chains as Lean's doIf. */
function ifBlock($, body) {
  return prec.right(
    seq(
      'if',
      $._condition,
      'then',
      field('consequence', body),
      repeat(seq('else', 'if', $._condition, 'then', field('consequence', body))),
      optional(seq('else', field('alternative', body))),
    ),
  );
}

/** `match` whose alternatives have blocks on the right (do notation and tactics). */
function matchBlock($, alternative) {
  return prec.right(
    seq(
      'match',
      $._discriminants,
      'with',
      alternativesBlock($, field('alternative', alias(alternative, $.match_alternative))),
    ),
  );
}

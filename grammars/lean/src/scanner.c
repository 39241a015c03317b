// External scanner for tree-sitter-lean (specmut): Lean's layout rules and nested block comments.
//
// Lean's parser saves a position (`withPosition`) and checks later tokens' columns against it:
// `checkColGe` (an item of a block may not start left of the block), `checkColEq` + a line break
// (the next item of a block starts at the block's column), `checkColGt` (arguments of an
// application must lie right of the saved column). The scanner keeps a stack of such saved columns:
//   BLOCK  `by`, `do`, `where`, `{ … }`, `calc`: the column of the block's first token;
//   POS    `let`/`have`: the column of the keyword; its declaration ends at a line starting at or
//          left of it (the body, or the next item of the enclosing block, follows).
// Tokens it emits are zero-width, except `|` of `|x|` and block comments.
#include "tree_sitter/alloc.h"
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum TokenType {
  BLOCK_START,
  BRACE_START,
  BLOCK_SEP,
  BLOCK_END,
  POS_START,
  CALC_START,
  ABS_OPEN,
  BLOCK_COMMENT,
  ERROR_SENTINEL,
  // probes: never produced here, only asked whether the parser can take `if` (`else if` chains) or
  // `else` (a do/tactic `if` whose `else` starts a line) now
  P_IF,
  P_ELSE,
  WHERE_START,
  ALTS_START,
};

// BRACE: the fields of `{ … }` (separated by `,` or line breaks; only `}` closes them).
// WHERE: the declarations of `where`, a block whose items own a trailing `termination_by` /
// `decreasing_by` at any column (Lean's letRecDecl ends with Termination.suffix, which checks none).
// ALTS: match alternatives, at the column of the first `|` (Lean's matchAlts: withPosition +
// many1Indent). A `|` left of it ends them; so does a line starting at or left of it with another
// token (application arguments must lie right of it: checkColGt), or a token no term continues with.
enum Kind { KIND_BLOCK = 0, KIND_POS = 1, KIND_BRACE = 2, KIND_WHERE = 3, KIND_ALTS = 4 };

#define MAX_DEPTH 256

typedef struct {
  uint16_t column[MAX_DEPTH];
  uint8_t kind[MAX_DEPTH];
  uint32_t depth;
} Scanner;

// What the next token is, as far as layout decisions need to know.
enum Next {
  N_OTHER,
  N_EOF,
  N_WORD,
  N_RPAREN,
  N_RBRACKET,
  N_RBRACE,
  N_RANGLE,
  N_RSTRICT,
  N_COMMA,
  N_BAR,
  N_ASSIGN,
  N_ARROW,
  N_SEMI,
  N_UNDERSCORE_STEP,
  N_ATTRIBUTE,
  N_HASH_COMMAND,
  // a binary operator (`||`, `|>.`, `∧`, `+`, `::`, …; not `-`, which may be a prefix minus)
  N_OPERATOR,
};

static void advance(TSLexer *lexer) { lexer->advance(lexer, false); }

static bool is_word_char(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '!' ||
         c == '?' || c == '\'' || c > 0x7f;
}

// Unicode binary operators: a line starting with one continues the expression before it (Lean's
// trailing parsers check no column).
static bool is_binary_operator_symbol(int32_t c) {
  switch (c) {
    case 0x2227: case 0x2228: case 0x2192: case 0x2194: case 0x2264: case 0x2265: case 0x2260: // ∧ ∨ → ↔ ≤ ≥ ≠
    case 0x2208: case 0x2209: case 0x2218: case 0x00D7: case 0x2223: case 0x2286: case 0x2282: // ∈ ∉ ∘ × ∣ ⊆ ⊂
    case 0x222A: case 0x2229: case 0x25B8: case 0x2022: case 0x2248: case 0x2261:              // ∪ ∩ ▸ • ≈ ≡
      return true;
    default: return false;
  }
}

// Unicode operators that may follow a closing `|x|` without a space.
static bool is_operator_symbol(int32_t c) {
  switch (c) {
    case 0x2264: case 0x2265: case 0x2260: case 0x2227: case 0x2228: case 0x2192: case 0x2194: // ≤ ≥ ≠ ∧ ∨ → ↔
    case 0x2208: case 0x2209: case 0x2223: case 0x00D7: case 0x2218: case 0x2A7D: case 0x2A7E: // ∈ ∉ ∣ × ∘
    case 0x207B: case 0x00B2: case 0x2081: case 0x2082: return true; // ⁻ ² ₁ ₂
    default: return false;
  }
}

static bool is_space(int32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Words that start a command (or a declaration's trailing clause): a block never continues past them.
static const char *const COMMAND_WORDS[] = {
    "def",       "theorem",   "lemma",     "abbrev",         "instance",       "structure", "class",
    "inductive", "example",   "axiom",     "opaque",         "namespace",      "section",   "end",
    "open",      "variable",  "universe",  "set_option",     "import",         "attribute", "mutual",
    "private",   "protected", "noncomputable", "partial",    "unsafe",         "nonrec",    "termination_by",
    "decreasing_by", "where", "deriving",  "notation",       "infix",          "infixl",    "infixr",
    "prefix",    "postfix",   "local",     "scoped",         "macro",          "syntax",    "macro_rules",
    NULL,
};

// Keywords that begin a term but never an argument or an operand's continuation: a line starting
// with one right of a let's column cannot continue its value (Lean's value parser stops there), so
// it is the let's body.
static bool starts_no_argument(const char *w) {
  return strcmp(w, "let") == 0 || strcmp(w, "have") == 0 || strcmp(w, "show") == 0 || strcmp(w, "if") == 0 ||
         strcmp(w, "match") == 0;
}

static bool is_termination_word(const char *w) {
  return strcmp(w, "termination_by") == 0 || strcmp(w, "decreasing_by") == 0;
}

static bool is_command_word(const char *w) {
  for (const char *const *k = COMMAND_WORDS; *k; k++)
    if (strcmp(*k, w) == 0) return true;
  return false;
}

// Consumes a nested block comment after its `/` (the lookahead is its `-`).
static void scan_block_comment(TSLexer *lexer) {
  advance(lexer);
  unsigned depth = 1;
  while (depth > 0 && !lexer->eof(lexer)) {
    if (lexer->lookahead == '/') {
      advance(lexer);
      if (lexer->lookahead == '-') {
        advance(lexer);
        depth++;
      }
    } else if (lexer->lookahead == '-') {
      advance(lexer);
      if (lexer->lookahead == '/') {
        advance(lexer);
        depth--;
      }
    } else {
      advance(lexer);
    }
  }
  lexer->mark_end(lexer);
}

// Reads the next token far enough to classify it; `word` receives an identifier-like token.
static enum Next classify(TSLexer *lexer, char *word, size_t size) {
  int32_t c = lexer->lookahead;
  word[0] = 0;
  if (lexer->eof(lexer)) return N_EOF;
  switch (c) {
    case ')': return N_RPAREN;
    case ']': return N_RBRACKET;
    case '}': return N_RBRACE;
    case 0x27E9: // ⟩
    case 0x231D: // ⌝
    case 0x230B: // ⌋
    case 0x2309: // ⌉
    case 0x203A: // ›
      return N_RANGLE;
    case 0x2984: return N_RSTRICT; // ⦄
    case ',': return N_COMMA;
    case ';': return N_SEMI;
    case '|':
      advance(lexer);
      return lexer->lookahead == '|' || lexer->lookahead == '>' ? N_OPERATOR : N_BAR;
    case ':':
      advance(lexer);
      return lexer->lookahead == '=' ? N_ASSIGN : lexer->lookahead == ':' ? N_OPERATOR : N_OTHER;
    case '=':
      advance(lexer);
      return lexer->lookahead == '>' ? N_ARROW : N_OPERATOR;
    case '<':
      advance(lexer);
      return lexer->lookahead == '-' ? N_OTHER : N_OPERATOR;
    case '&':
      advance(lexer);
      return lexer->lookahead == '&' ? N_OPERATOR : N_OTHER;
    case '!':
      advance(lexer);
      return lexer->lookahead == '=' ? N_OPERATOR : N_OTHER;
    case '+': case '*': case '%': case '^': case '>': case '$':
      return N_OPERATOR;
    case '@':
      advance(lexer);
      return lexer->lookahead == '[' ? N_ATTRIBUTE : N_OTHER;
    case '#':
      advance(lexer);
      return (lexer->lookahead >= 'a' && lexer->lookahead <= 'z') ? N_HASH_COMMAND : N_OTHER;
    default: break;
  }
  if (is_binary_operator_symbol(c)) return N_OPERATOR;
  if (!is_word_char(c) || (c >= '0' && c <= '9')) return N_OTHER;
  size_t n = 0;
  while (is_word_char(lexer->lookahead) && !lexer->eof(lexer)) {
    if (n + 1 < size) word[n++] = (char)lexer->lookahead;
    else n = size; // too long for any keyword
    advance(lexer);
  }
  if (n >= size) n = 0;
  word[n] = 0;
  if (strcmp(word, "_") == 0 && is_space(lexer->lookahead)) return N_UNDERSCORE_STEP;
  return N_WORD;
}

static bool push(Scanner *s, uint32_t column, enum Kind kind) {
  if (s->depth >= MAX_DEPTH) return false;
  s->column[s->depth] = column > 0xFFFF ? 0xFFFF : (uint16_t)column;
  s->kind[s->depth] = (uint8_t)kind;
  s->depth++;
  return true;
}

// A token that no item of a block or let/have declaration can take at its top level, so it ends
// them: closing brackets, `,`, `then`, `else` (`⟨by simp, h⟩`, `if c then by simp else …`). Within
// `{ … }` fields only `}` does. Validity of the block's end token tells whether the parser is at
// the item's top level (inside an open bracket it is not), so no lookahead probes are needed.
static bool is_foreign_closer(enum Next next, const char *word, enum Kind kind, bool else_taken) {
  if (kind == KIND_BRACE) return next == N_RBRACE;
  switch (next) {
    case N_RPAREN:
    case N_RBRACKET:
    case N_RBRACE:
    case N_RANGLE:
    case N_RSTRICT:
    case N_COMMA: return true;
    case N_WORD: return strcmp(word, "then") == 0 || (strcmp(word, "else") == 0 && !else_taken);
    default: return false;
  }
}

// A token that continues the current item although it starts a line at the block's column
// (`| alt`, `else`, `then`, `with`, `:=`, `=>`, closing brackets): no item starts with it, and
// Lean's item parsers take it before the separator check.
static bool continues_item(enum Next next, const char *word) {
  switch (next) {
    case N_RPAREN:
    case N_RBRACKET:
    case N_RBRACE:
    case N_RANGLE:
    case N_RSTRICT:
    case N_COMMA:
    case N_BAR:
    case N_ASSIGN:
    case N_ARROW:
    case N_OPERATOR: return true;
    case N_WORD: return strcmp(word, "then") == 0 || strcmp(word, "else") == 0 || strcmp(word, "with") == 0;
    default: return false;
  }
}

static bool scan(Scanner *s, TSLexer *lexer, const bool *valid) {
  if (valid[ERROR_SENTINEL]) return false; // error recovery: let the internal lexer work

  // Zero-width tokens end where the previous token ended, before the white space: the line break
  // must still be there for the next call (a block end is often followed by a separator).
  lexer->mark_end(lexer);
  bool newline = false;
  while (is_space(lexer->lookahead) && !lexer->eof(lexer)) {
    if (lexer->lookahead == '\n') newline = true;
    advance(lexer);
  }
  // Comments first: layout is decided at the real token after them (a `--` comment ends at a line
  // break, so the break is still seen then).
  uint32_t column = lexer->get_column(lexer);
  if (column == 0) newline = true; // a token at column 0 starts a line (also the file's first)
  char word[40];
  enum Next next;
  if (lexer->lookahead == '/') {
    advance(lexer);
    if (lexer->lookahead == '-') {
      scan_block_comment(lexer);
      lexer->result_symbol = BLOCK_COMMENT;
      return true;
    }
    next = N_OPERATOR;
    word[0] = 0;
  } else if (lexer->lookahead == '-') {
    advance(lexer);
    if (lexer->lookahead == '-') return false; // a line comment, lexed by the grammar
    next = N_OTHER;
    word[0] = 0;
  } else {
    next = classify(lexer, word, sizeof word);
  }
  enum Kind top_kind = s->depth > 0 ? (enum Kind)s->kind[s->depth - 1] : KIND_BLOCK;
  bool top_block = s->depth > 0 && top_kind != KIND_POS && top_kind != KIND_ALTS;
  bool top_pos = s->depth > 0 && s->kind[s->depth - 1] == KIND_POS;
  uint32_t top = s->depth > 0 ? s->column[s->depth - 1] : 0;
  bool termination = next == N_WORD && is_termination_word(word);
  bool command = newline && (next == N_ATTRIBUTE || next == N_HASH_COMMAND || (next == N_WORD && is_command_word(word)));
  // Lean's doIf takes an `else` at or right of the `if` (checkColGe); the item at the block's column
  // is that `if`, so an `else` the parser can take there continues the item.
  bool else_taken = valid[P_ELSE] && !(newline && column < top);

  // The continuation of a calc block: `_ = c := proof` lines (they may sit left of the first step).
  if (valid[CALC_START] && newline && next == N_UNDERSCORE_STEP && !(top_block && column < top && valid[BLOCK_END])) {
    if (push(s, column, KIND_BLOCK)) {
      lexer->result_symbol = CALC_START;
      return true;
    }
  }

  // Alternatives where a declaration needs them; Lean checks their column only against the first
  // `|`, so they may lie left of an enclosing block (`where f : T` then `| … => …` lines).
  if (valid[ALTS_START] && next == N_BAR) {
    if (push(s, column, KIND_ALTS)) {
      lexer->result_symbol = ALTS_START;
      return true;
    }
  }

  // A let/have declaration ends with a block end (see `_pos_stop` in the grammar).
  // `termination_by` right of a `let rec` belongs to its declaration. The `;` of `let x := v; body`
  // is the declaration's own: the end token takes it, so that it cannot end an enclosing one too.
  // Where a term may start (a `let`, so POS_START is valid), an inner let has just ended and needs
  // its body: a term `let` always has one in Lean, so the line is that body, not the end of this
  // declaration too (nested lets at one column).
  if (top_pos && valid[BLOCK_END]) {
    if (next == N_EOF || next == N_SEMI || (command && !termination) ||
        (newline && !valid[POS_START] &&
         (column <= top ? !continues_item(next, word) : next == N_WORD && starts_no_argument(word))) ||
        is_foreign_closer(next, word, KIND_POS, else_taken)) {
      s->depth--;
      if (next == N_SEMI) {
        advance(lexer);
        lexer->mark_end(lexer);
      }
      lexer->result_symbol = BLOCK_END;
      return true;
    }
  }

  if (s->depth > 0 && top_kind == KIND_ALTS && valid[BLOCK_END]) {
    bool ends = next == N_BAR ? newline && column < top
                              : next == N_EOF || next == N_SEMI || next == N_ASSIGN || command ||
                                    (newline && column <= top && next != N_OPERATOR) ||
                                    is_foreign_closer(next, word, KIND_BLOCK, else_taken);
    if (ends) {
      s->depth--;
      lexer->result_symbol = BLOCK_END;
      return true;
    }
    // The next alternative (where the parser is between alternatives, not inside a pattern list).
    if (next == N_BAR && valid[BLOCK_SEP]) {
      lexer->result_symbol = BLOCK_SEP;
      return true;
    }
  }

  // A where declaration takes its termination suffix wherever it starts.
  if (top_kind == KIND_WHERE && s->depth > 0 && termination) return false;

  if (top_block) {
    if (valid[BLOCK_END] &&
        (next == N_EOF || command || (newline && column < top) || is_foreign_closer(next, word, top_kind, else_taken))) {
      s->depth--;
      lexer->result_symbol = BLOCK_END;
      return true;
    }
    if (newline && column == top && !continues_item(next, word)) {
      if (valid[BLOCK_SEP]) {
        lexer->result_symbol = BLOCK_SEP;
        return true;
      }
      // (a field after `,` at the brace's column continues the braces: only `}` closes them)
      if (valid[BLOCK_END] && top_kind != KIND_BRACE) {
        s->depth--;
        lexer->result_symbol = BLOCK_END;
        return true;
      }
    }
  }

  bool opens_block = next != N_EOF && !command && next != N_RPAREN && next != N_RBRACKET && next != N_RBRACE &&
                     next != N_RANGLE && next != N_RSTRICT && next != N_COMMA && next != N_SEMI;
  // `{` as a tactic (Lean's tacticSeqBracketed): where a tactic block may open, `{` is never a term.
  if (valid[BLOCK_START] && valid[BRACE_START] && opens_block) {
    if (push(s, column, KIND_BLOCK)) {
      lexer->result_symbol = BLOCK_START;
      return true;
    }
  }
  if (valid[BRACE_START] && opens_block) {
    if (push(s, column, KIND_BRACE)) {
      lexer->result_symbol = BRACE_START;
      return true;
    }
  }
  if (valid[WHERE_START] && opens_block) {
    if (push(s, column, KIND_WHERE)) {
      lexer->result_symbol = WHERE_START;
      return true;
    }
  }
  if (valid[BLOCK_START] && opens_block && !is_foreign_closer(next, word, KIND_BLOCK, false) &&
      !(next == N_WORD && strcmp(word, "if") == 0 && valid[P_IF])) {
    if (push(s, column, KIND_BLOCK)) {
      lexer->result_symbol = BLOCK_START;
      return true;
    }
  }

  if (valid[POS_START] && next == N_WORD && (strcmp(word, "let") == 0 || strcmp(word, "have") == 0)) {
    if (push(s, column, KIND_POS)) {
      lexer->result_symbol = POS_START;
      return true;
    }
  }

  // `|x|`: Mathlib's notation needs no space after the opening bar and none before the closing
  // one. Only the opening bar is decided here (the closing one is the grammar's `|`): a bar that
  // follows white space or an opening bracket and precedes an operand.
  if (next == N_BAR && valid[ABS_OPEN]) {
    int32_t after = lexer->lookahead;
    if (after == '|' || after == '>' || after == '.') return false; // `||`, `|>`, `|>.`, `|||`
    bool operand = !is_space(after) && after != ')' && after != ']' && after != '}' && after != ',' && after != '=' &&
                   after != '+' && after != '*' && after != '/' && after != '^' && after != '<' && after != ':' &&
                   after != '-' && after != '%' && after != ';' && after != 0x27E9 /* ⟩ */ && !is_operator_symbol(after);
    if (operand) {
      lexer->mark_end(lexer);
      lexer->result_symbol = ABS_OPEN;
      return true;
    }
  }
  return false;
}

void *tree_sitter_lean_external_scanner_create(void) {
  static const Scanner empty;
  Scanner *s = ts_malloc(sizeof(Scanner));
  *s = empty;
  return s;
}

void tree_sitter_lean_external_scanner_destroy(void *payload) { ts_free(payload); }

unsigned tree_sitter_lean_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *s = payload;
  unsigned n = 0;
  for (uint32_t i = 0; i < s->depth && n + 3 <= TREE_SITTER_SERIALIZATION_BUFFER_SIZE; i++) {
    buffer[n++] = (char)(s->column[i] & 0xFF);
    buffer[n++] = (char)(s->column[i] >> 8);
    buffer[n++] = (char)s->kind[i];
  }
  return n;
}

void tree_sitter_lean_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  Scanner *s = payload;
  s->depth = 0;
  for (unsigned i = 0; i + 3 <= length && s->depth < MAX_DEPTH; i += 3) {
    s->column[s->depth] = (uint16_t)((uint8_t)buffer[i] | ((uint8_t)buffer[i + 1] << 8));
    s->kind[s->depth] = (uint8_t)buffer[i + 2];
    s->depth++;
  }
}

bool tree_sitter_lean_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  return scan(payload, lexer, valid_symbols);
}

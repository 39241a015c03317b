/*
 * External scanner for the Dafny tree-sitter grammar (written for specmut).
 *
 * Tokens:
 *  - COMMENT: line comments and nested block comments (Dafny block comments nest).
 *  - GENERIC_OPEN: a `<` that opens type arguments inside an expression,
 *    decided like Dafny's IsGenericInstantiation: the text after `<` must be a
 *    list of types closed by `>`, and the character after `>` must be one that
 *    can follow a (generic) name: `(` `.` `[` `{` `)` `]` `}` `,` `;` `==` `!=` `=>`
 *    `&&` `||` `<` `>` or a keyword such as `then`, `else`, `in`, `as`, `is`.
 *  - CARD_CLOSE: the `|` that closes a cardinality `|e|`. Only offered when the
 *    parser can close a cardinality here; inside `| |` Dafny never reads `|` as
 *    bitwise or, so the `|` closes (unless it is `||`).
 *  - ERROR_SENTINEL: valid only during error recovery (then every token is
 *    valid); the scanner then only recognises comments.
 */

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum TokenType { COMMENT, GENERIC_OPEN, CARD_CLOSE, ERROR_SENTINEL };

void *tree_sitter_dafny_external_scanner_create(void) { return NULL; }
void tree_sitter_dafny_external_scanner_destroy(void *payload) { (void)payload; }
unsigned tree_sitter_dafny_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}
void tree_sitter_dafny_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

static inline void advance(TSLexer *lexer) { lexer->advance(lexer, false); }
static inline void skip(TSLexer *lexer) { lexer->advance(lexer, true); }

static inline bool is_space(int32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0xFEFF ||
         c == 0x00A0 || c == 0x2028 || c == 0x2029;
}

static inline bool is_ident_start(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c > 0x7F;
}

static inline bool is_ident_char(int32_t c) {
  return is_ident_start(c) || (c >= '0' && c <= '9') || c == '\'' || c == '?';
}

/* After `/` has been consumed: finish a comment, or fail. */
static bool scan_comment(TSLexer *lexer) {
  if (lexer->lookahead == '/') {
    while (lexer->lookahead != '\n' && lexer->lookahead != '\r' && !lexer->eof(lexer)) advance(lexer);
    lexer->mark_end(lexer);
    lexer->result_symbol = COMMENT;
    return true;
  }
  if (lexer->lookahead != '*') return false;
  advance(lexer);
  unsigned depth = 1;
  while (depth > 0) {
    if (lexer->eof(lexer)) break; /* unterminated: the comment runs to the end */
    int32_t c = lexer->lookahead;
    advance(lexer);
    if (c == '*' && lexer->lookahead == '/') {
      advance(lexer);
      depth--;
    } else if (c == '/' && lexer->lookahead == '*') {
      advance(lexer);
      depth++;
    }
  }
  lexer->mark_end(lexer);
  lexer->result_symbol = COMMENT;
  return true;
}

static const char *const FOLLOW_KEYWORDS[] = {
    "then", "else", "case", "as", "is", "by", "in", "decreases", "modifies", "reads",
    "requires", "ensures", "invariant", "witness", NULL,
};

/* Called with lookahead just after the closing `>`. */
static bool generic_follow_ok(TSLexer *lexer) {
  while (is_space(lexer->lookahead)) advance(lexer);
  int32_t c = lexer->lookahead;
  if (lexer->eof(lexer)) return true;
  switch (c) {
    case '(': case '.': case '[': case '{': case ')': case ']': case '}': case ',': case ';': case '<': case '>':
      return true;
    case '=':
      advance(lexer);
      return lexer->lookahead == '=' || lexer->lookahead == '>';
    case '!':
      advance(lexer);
      return lexer->lookahead == '=';
    case '&':
      advance(lexer);
      return lexer->lookahead == '&';
    case '|':
      advance(lexer);
      return lexer->lookahead == '|';
    default:
      break;
  }
  if (!is_ident_start(c)) return false;
  char word[16];
  unsigned n = 0;
  while (is_ident_char(lexer->lookahead)) {
    if (n < sizeof(word) - 1) word[n] = (char)lexer->lookahead;
    n++;
    advance(lexer);
  }
  if (n >= sizeof(word)) return false;
  word[n] = 0;
  for (const char *const *k = FOLLOW_KEYWORDS; *k; k++) {
    if (strcmp(word, *k) == 0) return true;
  }
  return false;
}

/*
 * Called after `<` was consumed and marked as the token end. Recognises, at the
 * character level, `Type {, Type} >` where a type is built from identifiers,
 * digits, `.`, `?`, nested `< >`, parentheses (tuple types) and the arrows
 * `->`, `~>`, `-->`.
 */
static bool scan_type_list(TSLexer *lexer) {
  unsigned angle = 1, paren = 0, steps = 0;
  bool need_type = true; /* a type (not a separator) must come next */
  while (steps++ < 512) {
    int32_t c = lexer->lookahead;
    if (lexer->eof(lexer)) return false;
    if (is_space(c)) {
      advance(lexer);
      continue;
    }
    if (c >= '0' && c <= '9') return false;
    if (is_ident_start(c)) {
      if (!need_type) return false;
      while (is_ident_char(lexer->lookahead)) advance(lexer);
      need_type = false;
      continue;
    }
    switch (c) {
      case '.':
        if (need_type) return false;
        advance(lexer);
        if (lexer->lookahead == '.') return false; /* `..` is a slice, not a type */
        need_type = true;
        continue;
      case ',':
        if (need_type) return false;
        advance(lexer);
        need_type = true;
        continue;
      case '<':
        if (need_type) return false;
        advance(lexer);
        angle++;
        need_type = true;
        continue;
      case '>':
        if (need_type) return false;
        advance(lexer);
        angle--;
        if (angle == 0) return paren == 0 && generic_follow_ok(lexer);
        continue;
      case '(':
        if (!need_type) return false;
        advance(lexer);
        paren++;
        if (lexer->lookahead == ')') {
          advance(lexer);
          paren--;
          need_type = false;
        }
        continue;
      case ')':
        if (need_type || paren == 0) return false;
        advance(lexer);
        paren--;
        continue;
      case '-':
        if (need_type) return false;
        advance(lexer);
        if (lexer->lookahead == '-') advance(lexer);
        if (lexer->lookahead != '>') return false;
        advance(lexer);
        need_type = true;
        continue;
      case '~':
        if (need_type) return false;
        advance(lexer);
        if (lexer->lookahead != '>') return false;
        advance(lexer);
        need_type = true;
        continue;
      default:
        return false;
    }
  }
  return false;
}

bool tree_sitter_dafny_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  (void)payload;
  bool recovering = valid_symbols[ERROR_SENTINEL];

  while (is_space(lexer->lookahead)) skip(lexer);

  int32_t c = lexer->lookahead;

  if (c == '/') {
    if (!valid_symbols[COMMENT]) return false;
    advance(lexer);
    return scan_comment(lexer);
  }

  if (recovering) return false;

  if (c == '|' && valid_symbols[CARD_CLOSE]) {
    advance(lexer);
    if (lexer->lookahead == '|') return false;
    lexer->mark_end(lexer);
    lexer->result_symbol = CARD_CLOSE;
    return true;
  }

  if (c == '<' && valid_symbols[GENERIC_OPEN]) {
    advance(lexer);
    int32_t d = lexer->lookahead;
    if (d == '=' || d == '<' || d == '-' || d == '>') return false;
    lexer->mark_end(lexer);
    if (scan_type_list(lexer)) {
      lexer->result_symbol = GENERIC_OPEN;
      return true;
    }
    return false;
  }

  return false;
}

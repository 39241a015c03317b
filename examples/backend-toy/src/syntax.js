// @ts-check
// The toy language: one or more specs of integer and boolean functions.
//
//   spec Max(a: int, b: int) returns (m: int)
//     requires a >= 0
//     ensures m >= a && m >= b
//     ensures m == a || m == b
//
// Expressions: integer and boolean literals, names, unary `-` and `!`, `* / %` (Euclidean), `+ -`,
// comparisons `== != < <= > >=`, `&&`, `||`, `==>` (right-associative), `if c then a else b`, parentheses.
// `//` starts a comment. The parser is a small recursive-descent one with exact positions; a real
// language would use a tree-sitter grammar, as specmut's own backends do.

/** @typedef {{ line: number, column: number, offset: number }} Position */
/** @typedef {{ start: Position, end: Position }} Range */
/**
 * @typedef {{ kind: 'int', value: bigint, range: Range }
 *   | { kind: 'bool', value: boolean, range: Range }
 *   | { kind: 'name', name: string, range: Range }
 *   | { kind: 'unary', op: '-' | '!', arg: Expr, range: Range }
 *   | { kind: 'binary', op: string, left: Expr, right: Expr, range: Range }
 *   | { kind: 'if', cond: Expr, then: Expr, else: Expr, range: Range }} Expr
 */
/** @typedef {{ name: string, type: 'int' | 'bool' }} Param */
/** @typedef {{ kind: 'requires' | 'ensures', expr: Expr, text: string, range: Range }} ToyClause */
/** @typedef {{ name: string, params: Param[], results: Param[], clauses: ToyClause[], range: Range }} ToySpec */

export class ToySyntaxError extends Error {
  /** @param {string} message @param {Position} at */
  constructor(message, at) {
    super(message);
    this.at = at;
  }
}

const TOKEN = /\s+|\/\/[^\n]*|(\d+)|([A-Za-z_]\w*)|(==>|==|!=|<=|>=|&&|\|\||->|[-+*\/%<>!(),:])/y;
const KEYWORDS = new Set(['spec', 'returns', 'requires', 'ensures', 'if', 'then', 'else', 'true', 'false', 'int', 'bool']);

/** @param {string} text */
function tokenize(text) {
  /** @type {{ kind: 'num' | 'id' | 'kw' | 'op' | 'eof', text: string, start: Position, end: Position }[]} */
  const tokens = [];
  let line = 1;
  let lineStart = 0;
  const pos = (/** @type {number} */ offset) => ({ line, column: offset - lineStart + 1, offset });
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) throw new ToySyntaxError(`unexpected character ${JSON.stringify(text[start])}`, pos(start));
    const [whole, num, id, op] = m;
    const kind = num ? 'num' : id ? (KEYWORDS.has(id) ? 'kw' : 'id') : op ? 'op' : undefined;
    if (kind) tokens.push({ kind, text: whole, start: pos(start), end: pos(start + whole.length) });
    for (let i = whole.indexOf('\n'); i >= 0; i = whole.indexOf('\n', i + 1)) {
      line++;
      lineStart = start + i + 1;
    }
  }
  tokens.push({ kind: 'eof', text: 'end of file', start: pos(text.length), end: pos(text.length) });
  return tokens;
}

const BINARY = [['==>'], ['||'], ['&&'], ['==', '!=', '<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];

/** @param {string} text @returns {ToySpec[]} */
export function parseToy(text) {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => /** @type {(typeof tokens)[number]} */ (tokens[i]);
  const next = () => /** @type {(typeof tokens)[number]} */ (tokens[i++]);
  const is = (/** @type {string} */ t) => peek().text === t && peek().kind !== 'id';
  const expect = (/** @type {string} */ t) => {
    if (!is(t)) throw new ToySyntaxError(`expected ${JSON.stringify(t)}, found ${JSON.stringify(peek().text)}`, peek().start);
    return next();
  };
  const name = () => {
    if (peek().kind !== 'id') throw new ToySyntaxError(`expected a name, found ${JSON.stringify(peek().text)}`, peek().start);
    return next();
  };

  /** @returns {Param[]} */
  const params = () => {
    expect('(');
    /** @type {Param[]} */
    const out = [];
    while (!is(')')) {
      if (out.length) expect(',');
      const n = name().text;
      expect(':');
      const t = peek();
      if (t.text !== 'int' && t.text !== 'bool') throw new ToySyntaxError(`expected a type (int or bool), found ${JSON.stringify(t.text)}`, t.start);
      next();
      out.push({ name: n, type: t.text });
    }
    expect(')');
    return out;
  };

  /** @returns {Expr} */
  const primary = () => {
    const t = next();
    const range = { start: t.start, end: t.end };
    if (t.kind === 'num') return { kind: 'int', value: BigInt(t.text), range };
    if (t.text === 'true' || t.text === 'false') return { kind: 'bool', value: t.text === 'true', range };
    if (t.kind === 'id') return { kind: 'name', name: t.text, range };
    if (t.text === '(') {
      const e = expr(0);
      expect(')');
      return e;
    }
    if (t.text === '-' || t.text === '!') {
      const arg = primary();
      return { kind: 'unary', op: t.text, arg, range: { start: t.start, end: arg.range.end } };
    }
    if (t.text === 'if') {
      const cond = expr(0);
      expect('then');
      const then = expr(0);
      expect('else');
      const otherwise = expr(0);
      return { kind: 'if', cond, then, else: otherwise, range: { start: t.start, end: otherwise.range.end } };
    }
    throw new ToySyntaxError(`expected an expression, found ${JSON.stringify(t.text)}`, t.start);
  };

  /** @param {number} level @returns {Expr} */
  const expr = (level) => {
    if (level === BINARY.length) return primary();
    const ops = /** @type {string[]} */ (BINARY[level]);
    const left = expr(level + 1);
    if (ops[0] === '==>' && is('==>')) {
      next();
      const right = expr(level);
      return { kind: 'binary', op: '==>', left, right, range: { start: left.range.start, end: right.range.end } };
    }
    let e = left;
    while (peek().kind === 'op' && ops.includes(peek().text)) {
      const op = next().text;
      const right = expr(level + 1);
      e = { kind: 'binary', op, left: e, right, range: { start: e.range.start, end: right.range.end } };
    }
    return e;
  };

  /** @type {ToySpec[]} */
  const specs = [];
  while (peek().kind !== 'eof') {
    const start = expect('spec').start;
    const specName = name().text;
    const ins = params();
    expect('returns');
    const outs = params();
    /** @type {ToyClause[]} */
    const clauses = [];
    while (is('requires') || is('ensures')) {
      const kind = /** @type {'requires' | 'ensures'} */ (next().text);
      const e = expr(0);
      clauses.push({ kind, expr: e, text: text.slice(e.range.start.offset, e.range.end.offset), range: e.range });
    }
    const last = tokens[i - 1];
    specs.push({ name: specName, params: ins, results: outs, clauses, range: { start, end: last ? last.end : start } });
  }
  return specs;
}

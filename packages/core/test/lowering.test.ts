import { describe, expect, it } from 'vitest';
import { freshName, locOf, NotLowered, unescapeWith, type EscapeSyntax } from '../src/index.js';

const SYNTAX: EscapeSyntax = { simple: { n: '\n', '0': '\0' }, unicode: /^\{([0-9a-fA-F_]+)\}/, continuationSkips: /[ \t]/ };

describe('the lowering toolkit', () => {
  it('decodes simple, \\x, \\u and continuation escapes; another escaped character stands for itself', () => {
    expect(unescapeWith(SYNTAX, String.raw`a\nb\0\x41\u{1_F600}\"\\\q`)).toBe('a\nb\0A\u{1F600}"\\q');
    expect(unescapeWith(SYNTAX, 'one \\\n   \ttwo')).toBe('one two');
    expect(unescapeWith({ ...SYNTAX, simple: {} }, String.raw`\n\0`)).toBe('n0');
  });

  it('locates nodes from 1, names temporaries from a shared counter, and keeps what was not lowered', () => {
    const node = { text: 'x ++ y', startPosition: { row: 2, column: 4 } };
    expect(locOf({ file: 'a.lean' }, node)).toEqual({ file: 'a.lean', line: 3, column: 5 });
    const ctx = { fresh: { n: 0 } };
    expect([freshName(ctx, 'x'), freshName(ctx, 'x')]).toEqual(['x$0', 'x$1']);
    const e = new NotLowered('append', node);
    expect([e.message, e.node]).toEqual(['append', node]);
  });
});

import { unescapeWith, type EscapeSyntax } from '@specmut/core';

/** Lean's character and string escapes: `\n \t \r \\ \" \' \xHH \uHHHH` (the reference's `quotedCharCore`). */
const LEAN_ESCAPES: EscapeSyntax = {
  simple: { n: '\n', t: '\t', r: '\r' },
  unicode: /^\{?([0-9a-fA-F]+)\}?/,
  // A line continuation: the newline and the next line's leading spaces vanish.
  continuationSkips: /[ \t]/,
};

const unescape = (body: string): string => unescapeWith(LEAN_ESCAPES, body);

export function readString(literal: string): string {
  return unescape(literal.slice(1, -1));
}

export function readChar(literal: string): string {
  return unescape(literal.slice(1, -1));
}

/**
 * A language's backslash escapes in char and string literals, for the decoding loop they share: `\x` with two
 * hex digits, `\u` with a hex run, a backslash-newline continuation, and any other escaped character standing
 * for itself (`\\ \" \'`).
 */
export interface EscapeSyntax {
  /** One-letter escapes with another meaning than the letter (`n` → newline). */
  readonly simple: Readonly<Record<string, string>>;
  /** Matched right after `\u`: group 1 is the code point's hex digits (`_` in them is dropped). */
  readonly unicode: RegExp;
  /** The characters after a continuation's newline that vanish with it. */
  readonly continuationSkips: RegExp;
}

/** The text of a literal's body (between its quotes), escapes decoded. */
export function unescapeWith(syntax: EscapeSyntax, body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const d = body[++i];
    if (d !== undefined && Object.hasOwn(syntax.simple, d)) {
      out += syntax.simple[d];
    } else if (d === 'x') {
      out += String.fromCodePoint(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (d === 'u') {
      const m = syntax.unicode.exec(body.slice(i + 1))!;
      out += String.fromCodePoint(parseInt(m[1]!.replace(/_/g, ''), 16));
      i += m[0].length;
    } else if (d === '\n') {
      while (syntax.continuationSkips.test(body[i + 1] ?? '')) i++;
    } else {
      out += d ?? '';
    }
  }
  return out;
}

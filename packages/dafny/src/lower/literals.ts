import { V, type Value } from '@specmut/core';

/**
 * Dafny literal syntax to model values: `1_000`, `0x1F`, exact decimal reals, and the escapes of
 * char and string literals (`\n`, `\'`, `\u0041`, `\U{1F600}`, verbatim `@"a""b"`).
 */

export function integerValue(text: string): bigint {
  return BigInt(text.replace(/_/g, ''));
}

/** `3.14` is exactly 314/100: Dafny reals are mathematical reals, never floating point. */
/** A real literal's exact value: `1.5`, `1e-15`, `1_0.5e1_0` (fraction, exponent or both, `_` between digits). */
export function realValue(text: string, negate = false): Value {
  const [mantissa = '0', exponent = '0'] = text.replace(/_/g, '').split('e');
  const [whole = '0', frac = ''] = mantissa.split('.');
  const shift = BigInt(exponent) - BigInt(frac.length);
  const digits = BigInt(whole + frac);
  const num = shift > 0n ? digits * 10n ** shift : digits;
  return V.real(negate ? -num : num, shift < 0n ? 10n ** -shift : 1n);
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '0': '\0', '\\': '\\', "'": "'", '"': '"' };

/** The characters of a literal's body (between the quotes), escapes decoded. */
function unescape(body: string): string[] {
  const out: string[] = [];
  const chars = [...body];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c !== '\\') {
      out.push(c);
      continue;
    }
    const next = chars[i + 1] ?? '';
    if (next in SIMPLE_ESCAPES) {
      out.push(SIMPLE_ESCAPES[next]!);
      i++;
    } else if (next === 'u') {
      out.push(String.fromCodePoint(parseInt(chars.slice(i + 2, i + 6).join(''), 16)));
      i += 5;
    } else if (next === 'U') {
      const close = chars.indexOf('}', i);
      out.push(String.fromCodePoint(parseInt(chars.slice(i + 3, close).join('').replace(/_/g, ''), 16)));
      i = close;
    } else {
      out.push(c);
    }
  }
  return out;
}

export function charValue(text: string): Value {
  const chars = unescape(text.slice(1, -1));
  return V.char(chars[0] ?? '\0');
}

export function stringValue(text: string): Value {
  if (text.startsWith('@"')) return V.string(text.slice(2, -1).replace(/""/g, '"'));
  return V.seq(unescape(text.slice(1, -1)).map((c) => V.char(c)));
}

import { machineType, T, V, type Type, type Value } from '@specmut/core';

const SUFFIX = /(u8|i8|u16|i16|u32|i32|u64|i64|u128|i128|usize|isize|int|nat|f32|f64)$/;

/** An integer literal's value and the type its suffix names (`7u8`, `0x_ff`, `1_000int`). */
export function readInteger(text: string): { value: bigint; t?: Type | undefined } | undefined {
  let digits = text.replace(/_/g, '');
  let t: Type | undefined;
  const hex = /^0x/i.test(digits);
  const m = hex ? /(u8|i8|u16|i16|u32|i32|u64|i64|u128|i128|usize|isize)$/.exec(digits) : SUFFIX.exec(digits);
  if (m) {
    digits = digits.slice(0, -m[1]!.length);
    t = m[1] === 'int' ? T.int : m[1] === 'nat' ? T.nat : machineType(m[1]!);
    if (m[1]!.startsWith('f')) return undefined;
  }
  try {
    return { value: BigInt(digits), t };
  } catch {
    return undefined;
  }
}

/** Rust's escapes in char and string literals: `\n \r \t \\ \0 \' \" \xHH \u{H…}` and line continuations. */
export function unescapeRust(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const d = body[++i];
    switch (d) {
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case '0': out += '\0'; break;
      case 'x': out += String.fromCodePoint(parseInt(body.slice(i + 1, i + 3), 16)); i += 2; break;
      case 'u': {
        const m = /^\{([0-9a-fA-F_]+)\}/.exec(body.slice(i + 1))!;
        out += String.fromCodePoint(parseInt(m[1]!.replace(/_/g, ''), 16));
        i += m[0].length;
        break;
      }
      case '\n':
        while (/\s/.test(body[i + 1] ?? '')) i++;
        break;
      default: out += d ?? '';
    }
  }
  return out;
}

/** A char literal `'a'` / `b'a'` (a byte literal is a u8). */
export function readChar(text: string): { value: Value; t: Type } {
  if (text.startsWith('b')) {
    const c = unescapeRust(text.slice(2, -1));
    return { value: V.int(c.codePointAt(0)!), t: T.machine(8, false) };
  }
  return { value: V.char(unescapeRust(text.slice(1, -1))), t: T.char };
}

/** A string literal `"…"` or raw string `r#"…"#`: Verus's `&str`. */
export function readString(text: string): string {
  const raw = /^b?r(#*)"([\s\S]*)"\1$/.exec(text);
  if (raw) return raw[2]!;
  const plain = /^b?"([\s\S]*)"$/.exec(text);
  return unescapeRust(plain ? plain[1]! : text);
}

import { machineType, T, unescapeWith, V, type EscapeSyntax, type Type, type Value } from '@specmut/core';

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
const RUST_ESCAPES: EscapeSyntax = {
  simple: { n: '\n', r: '\r', t: '\t', '0': '\0' },
  unicode: /^\{([0-9a-fA-F_]+)\}/,
  continuationSkips: /\s/,
};

export function unescapeRust(body: string): string {
  return unescapeWith(RUST_ESCAPES, body);
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

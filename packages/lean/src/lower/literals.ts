/** Lean's character and string escapes: `\n \t \r \\ \" \' \xHH \uHHHH` (the reference's `quotedCharCore`). */
function unescape(body: string): string {
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
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'x': out += String.fromCodePoint(parseInt(body.slice(i + 1, i + 3), 16)); i += 2; break;
      case 'u': {
        const m = /^\{?([0-9a-fA-F]+)\}?/.exec(body.slice(i + 1))!;
        out += String.fromCodePoint(parseInt(m[1]!, 16));
        i += m[0].length;
        break;
      }
      case '\n': // a line continuation: the newline and the next line's leading spaces vanish
        while (body[i + 1] === ' ' || body[i + 1] === '\t') i++;
        break;
      default: out += d ?? '';
    }
  }
  return out;
}

export function readString(literal: string): string {
  return unescape(literal.slice(1, -1));
}

export function readChar(literal: string): string {
  return unescape(literal.slice(1, -1));
}

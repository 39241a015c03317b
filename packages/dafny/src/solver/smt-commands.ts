/**
 * Splits an SMT-LIB text stream into complete top-level commands (balanced parentheses, outside
 * string literals, quoted symbols and `;` comments), keeping the incomplete rest for the next chunk.
 */
export class SmtCommandReader {
  private buffer = '';

  push(chunk: string): string[] {
    this.buffer += chunk;
    const commands: string[] = [];
    let depth = 0;
    let start = -1;
    let i = 0;
    const text = this.buffer;
    let consumed = 0;
    while (i < text.length) {
      const c = text[i]!;
      if (c === ';') {
        const nl = text.indexOf('\n', i);
        if (nl < 0) break;
        i = nl + 1;
        continue;
      }
      if (c === '"' || c === '|') {
        const close = c === '"' ? findStringEnd(text, i) : text.indexOf('|', i + 1);
        if (close < 0) break;
        i = close + 1;
        continue;
      }
      if (c === '(') {
        if (depth === 0) start = i;
        depth++;
      } else if (c === ')') {
        depth--;
        if (depth === 0 && start >= 0) {
          commands.push(text.slice(start, i + 1));
          consumed = i + 1;
          start = -1;
        }
      }
      i++;
    }
    this.buffer = depth === 0 && start < 0 ? text.slice(Math.max(consumed, lastCompleteLine(text, consumed))) : text.slice(start >= 0 ? start : consumed);
    return commands;
  }
}

/** SMT-LIB strings escape a quote by doubling it. */
function findStringEnd(text: string, open: number): number {
  let i = open + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return -1;
    if (text[q + 1] === '"') {
      i = q + 2;
      continue;
    }
    return q;
  }
}

/** Whitespace and finished comments after the last command can be dropped. */
function lastCompleteLine(text: string, from: number): number {
  const rest = text.slice(from);
  return /^[\s]*(;[^\n]*\n[\s]*)*$/.test(rest) ? text.length : from;
}

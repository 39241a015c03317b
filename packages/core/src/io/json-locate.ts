/**
 * Finds where each value of a JSON text starts, keyed by its path (`tests[2].output`), so that errors
 * found after parsing (schema or type errors) can still name a line and column. Assumes the text is valid
 * JSON (JSON.parse has accepted it).
 */
export function locateJsonPaths(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  let i = 0;
  const ws = (): void => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: string): void => {
    ws();
    offsets.set(path, i);
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      while (text[i] !== '}' && i < text.length) {
        ws();
        const key = str();
        ws();
        i++; // ':'
        value(joinKey(path, key));
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '[') {
      i++;
      ws();
      let index = 0;
      while (text[i] !== ']' && i < text.length) {
        value(`${path}[${index++}]`);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '"') {
      str();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    }
  };
  value('');
  return offsets;
}

function joinKey(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;
}

/** `tests[2].inputs.a` from a zod-style path array. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) {
    if (typeof p === 'number') s += `[${p}]`;
    else s = joinKey(s, String(p));
  }
  return s;
}

/** The offset of the value at `path`, or of its nearest located ancestor. */
export function offsetOfPath(offsets: Map<string, number>, path: string): number {
  let p = path;
  for (;;) {
    const hit = offsets.get(p);
    if (hit !== undefined) return hit;
    if (p === '') return 0;
    const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
    p = cut <= 0 ? '' : p.slice(0, cut);
  }
}

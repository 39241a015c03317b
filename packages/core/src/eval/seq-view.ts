import type { Value } from '../model/values.js';

/**
 * Sequence slices that share their sequence's elements. A recursive function over `s[1..]` (or a list
 * pattern `x :: rest`) would otherwise copy the rest of the sequence at every level: quadratic time and
 * memory in the input's length. A slice is a value like any other sequence; only when something reads its
 * `elems` are they copied out (once). Length, indexing and further slicing never copy.
 */

type Seq = Extract<Value, { kind: 'seq' }>;

interface Window {
  base: readonly Value[];
  start: number;
  end: number;
}

/** The shared window behind each slice value (held aside, so that values keep their plain shape). */
const windows = new WeakMap<object, Window>();

const windowOf = (s: Seq): Window => windows.get(s) ?? { base: s.elems, start: 0, end: s.elems.length };

export function seqLength(s: Seq): number {
  const w = windows.get(s);
  return w ? w.end - w.start : s.elems.length;
}

/** The element at `i`, or undefined outside the sequence. */
export function seqAt(s: Seq, i: number): Value | undefined {
  const w = windows.get(s);
  if (!w) return s.elems[i];
  return i >= 0 && i < w.end - w.start ? w.base[w.start + i] : undefined;
}

/** `s[from..to]` for 0 <= from <= to <= |s|, sharing `s`'s elements. */
export function seqSlice(s: Seq, from: number, to: number): Value {
  if (from === 0 && to === seqLength(s)) return s;
  const w = windowOf(s);
  const window: Window = { base: w.base, start: w.start + from, end: w.start + to };
  let copy: Value[] | undefined;
  const value = {
    kind: 'seq' as const,
    get elems(): Value[] {
      copy ??= window.base.slice(window.start, window.end);
      return copy;
    },
  };
  windows.set(value, window);
  return value;
}

import type { PrimOp } from '../ir/nodes.js';
import { V, type Value } from '../model/values.js';
import type { PrimImpl } from './context.js';
import { applyBool } from './functions.js';
import { valuesEqual } from './floats.js';
import { arity, charArg, intArg, seqArg, val } from './prim-args.js';
import { bool, typeError } from './runtime.js';

/**
 * Characters and strings (sequences of chars). Character classes and case mappings are ASCII only,
 * as Lean defines them (`Char.isUpper c = 65 ≤ c.val ≤ 90`, `Char.toUpper` maps only 'a'..'z');
 * a language whose classes are Unicode registers its own implementations under these names.
 */

const code = (c: string): number => c.codePointAt(0)!;
const isUpper = (c: string): boolean => code(c) >= 65 && code(c) <= 90;
const isLower = (c: string): boolean => code(c) >= 97 && code(c) <= 122;
const isDigit = (c: string): boolean => code(c) >= 48 && code(c) <= 57;
/** Lean 4 `Char.isWhitespace`: exactly space, tab, CR and LF (not form feed or vertical tab). */
const isWhitespace = (c: string): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';

const CLASSES: Record<string, (c: string) => boolean> = {
  isAsciiDigit: isDigit,
  isAsciiAlpha: (c) => isUpper(c) || isLower(c),
  isAsciiUpper: isUpper,
  isAsciiLower: isLower,
  isAsciiAlphanum: (c) => isUpper(c) || isLower(c) || isDigit(c),
  isWhitespace,
};

const charClass: PrimImpl = (_ip, args, e) => {
  arity(args, 1, e);
  return bool(CLASSES[e.op]!(charArg(args[0], e)));
};

const caseMap: PrimImpl = (_ip, args, e) => {
  arity(args, 1, e);
  const up = e.op === 'toAsciiUpper';
  const map = (c: string): string => (up ? (isLower(c) ? String.fromCharCode(code(c) - 32) : c) : isUpper(c) ? String.fromCharCode(code(c) + 32) : c);
  const a = val(args[0], e);
  if (a.kind === 'char') return V.char(map(a.value));
  if (a.kind === 'seq') return V.seq(a.elems.map((c) => (c.kind === 'char' ? V.char(map(c.value)) : typeError('a char', c, e))));
  return typeError('a char or a string', a, e);
};

const suffixPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 2, e);
  const s = seqArg(args[0], e);
  const t = seqArg(args[1], e);
  const off = t.length - s.length;
  return bool(off >= 0 && s.every((x, i) => valuesEqual(x, t[off + i]!)));
};

/**
 * Pieces between the non-overlapping leftmost occurrences of `sep`; an empty separator gives `[s]`.
 * This is Lean's `String.splitOn` as Batteries specifies it (`List.splitOnList`, proved equal to it
 * since the 2024 fix of its partial-match restart).
 */
const splitOnPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 2, e);
  const s = seqArg(args[0], e);
  const sep = seqArg(args[1], e);
  if (sep.length === 0) return V.seq([V.seq(s)]);
  const pieces: Value[] = [];
  let start = 0;
  let i = 0;
  while (i + sep.length <= s.length) {
    if (sep.every((x, k) => valuesEqual(x, s[i + k]!))) {
      pieces.push(V.seq(s.slice(start, i)));
      i += sep.length;
      start = i;
    } else i++;
  }
  pieces.push(V.seq(s.slice(start)));
  return V.seq(pieces);
};

const splitWherePrim: PrimImpl = (ip, args, e) => {
  arity(args, 2, e);
  const s = seqArg(args[1], e);
  const pieces: Value[] = [];
  let start = 0;
  s.forEach((x, i) => {
    if (applyBool(ip, args[0]!, x, e)) {
      pieces.push(V.seq(s.slice(start, i)));
      start = i + 1;
    }
  });
  pieces.push(V.seq(s.slice(start)));
  return V.seq(pieces);
};

const intercalatePrim: PrimImpl = (_ip, args, e) => {
  arity(args, 2, e);
  const sep = seqArg(args[0], e);
  const parts = seqArg(args[1], e);
  const out: Value[] = [];
  parts.forEach((p, i) => {
    if (i > 0) out.push(...sep);
    out.push(...seqArg(p, e));
  });
  return V.seq(out);
};

const trimPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 1, e);
  const s = seqArg(args[0], e);
  const ws = (x: Value): boolean => x.kind === 'char' && isWhitespace(x.value);
  let from = 0;
  let to = s.length;
  if (e.op !== 'trimRight') while (from < to && ws(s[from]!)) from++;
  if (e.op !== 'trimLeft') while (to > from && ws(s[to - 1]!)) to--;
  return V.seq(s.slice(from, to));
};

/** UTF-8 width of a code point. */
const utf8Width = (c: string): number => {
  const n = code(c);
  return n < 0x80 ? 1 : n < 0x800 ? 2 : n < 0x10000 ? 3 : 4;
};

/** Strings indexed by byte position (Lean's `String.Pos`): the char starting at that byte, else the default. */
const utf8GetPrim: PrimImpl = (_ip, args, e) => {
  arity(args, 3, e);
  const s = seqArg(args[0], e);
  const pos = intArg(args[1], e);
  let at = 0n;
  for (const c of s) {
    if (at === pos) return c;
    if (at > pos) break;
    at += BigInt(utf8Width(charArg(c, e)));
  }
  return val(args[2], e);
};

export const TEXT_PRIMITIVES = {
  isAsciiDigit: charClass,
  isAsciiAlpha: charClass,
  isAsciiUpper: charClass,
  isAsciiLower: charClass,
  isAsciiAlphanum: charClass,
  isWhitespace: charClass,
  toAsciiUpper: caseMap,
  toAsciiLower: caseMap,
  suffix: suffixPrim,
  splitOn: splitOnPrim,
  splitWhere: splitWherePrim,
  intercalate: intercalatePrim,
  trim: trimPrim,
  trimLeft: trimPrim,
  trimRight: trimPrim,
  utf8Get: utf8GetPrim,
} satisfies Partial<Record<PrimOp, PrimImpl>>;

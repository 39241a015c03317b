import { compareValues, equalValues, type Value } from '../model/values.js';
import { valuesEqual } from './floats.js';

/**
 * Collection algebra on canonical values: sets are sorted without duplicates, multisets sorted with
 * duplicates, maps sorted by key. Results are built already canonical (merges of sorted arrays), so no
 * operation re-sorts what it was given.
 */

type SetV = Extract<Value, { kind: 'set' }>;
type MultisetV = Extract<Value, { kind: 'multiset' }>;
type MapV = Extract<Value, { kind: 'map' }>;

/** Index of the first element >= x in a sorted array. */
export function lowerBound(elems: readonly Value[], x: Value): number {
  let lo = 0;
  let hi = elems.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareValues(elems[mid]!, x) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function sortedHas(elems: readonly Value[], x: Value): boolean {
  const i = lowerBound(elems, x);
  return i < elems.length && compareValues(elems[i]!, x) === 0;
}

/** Occurrences of x in a sorted multiset. */
export function sortedCount(elems: readonly Value[], x: Value): number {
  let i = lowerBound(elems, x);
  let n = 0;
  while (i < elems.length && compareValues(elems[i]!, x) === 0) {
    n++;
    i++;
  }
  return n;
}

/** Occurrences of x in a sequence, by the evaluator's equality (IEEE on floats: NaN occurs nowhere). */
export function seqCount(elems: readonly Value[], x: Value): number {
  let n = 0;
  for (const e of elems) if (valuesEqual(e, x)) n++;
  return n;
}

/** Distinct elements of a sorted array with their multiplicities, in order. */
export function runs(elems: readonly Value[]): [Value, number][] {
  const out: [Value, number][] = [];
  for (const e of elems) {
    const last = out[out.length - 1];
    if (last && compareValues(last[0], e) === 0) last[1]++;
    else out.push([e, 1]);
  }
  return out;
}

function fromRuns(rs: [Value, number][]): Value[] {
  const out: Value[] = [];
  for (const [v, n] of rs) for (let i = 0; i < n; i++) out.push(v);
  return out;
}

/** Merges two sorted run lists, combining the counts of equal elements with `f` (0 drops the element). */
function mergeRuns(a: readonly Value[], b: readonly Value[], f: (x: number, y: number) => number): Value[] {
  const ra = runs(a);
  const rb = runs(b);
  const out: [Value, number][] = [];
  let i = 0;
  let j = 0;
  while (i < ra.length || j < rb.length) {
    const c = i >= ra.length ? 1 : j >= rb.length ? -1 : compareValues(ra[i]![0], rb[j]![0]);
    let v: Value;
    let n: number;
    if (c < 0) [v, n] = [ra[i]![0], f(ra[i++]![1], 0)];
    else if (c > 0) [v, n] = [rb[j]![0], f(0, rb[j++]![1])];
    else [v, n] = [ra[i]![0], f(ra[i++]![1], rb[j++]![1])];
    if (n > 0) out.push([v, n]);
  }
  return fromRuns(out);
}

export const setUnion = (a: SetV, b: SetV): Value => ({ kind: 'set', elems: mergeRuns(a.elems, b.elems, (x, y) => (x || y ? 1 : 0)) });
export const setIntersect = (a: SetV, b: SetV): Value => ({ kind: 'set', elems: mergeRuns(a.elems, b.elems, (x, y) => (x && y ? 1 : 0)) });
export const setDifference = (a: SetV, b: SetV): Value => ({ kind: 'set', elems: mergeRuns(a.elems, b.elems, (x, y) => (x && !y ? 1 : 0)) });

/** Dafny's multiset `+`: multiplicities add. */
export const multisetSum = (a: MultisetV, b: MultisetV): Value => ({ kind: 'multiset', elems: mergeRuns(a.elems, b.elems, (x, y) => x + y) });
/** Multiplicities take the maximum (Lean's `∪` on multisets). */
export const multisetMaxUnion = (a: MultisetV, b: MultisetV): Value => ({ kind: 'multiset', elems: mergeRuns(a.elems, b.elems, Math.max) });
export const multisetIntersect = (a: MultisetV, b: MultisetV): Value => ({ kind: 'multiset', elems: mergeRuns(a.elems, b.elems, Math.min) });
export const multisetDifference = (a: MultisetV, b: MultisetV): Value => ({ kind: 'multiset', elems: mergeRuns(a.elems, b.elems, (x, y) => Math.max(0, x - y)) });

/** Every element of `a` (with its multiplicity, for multisets) is in `b`. */
export function isSubCollection(a: readonly Value[], b: readonly Value[]): boolean {
  if (a.length > b.length) return false;
  const rb = runs(b);
  let j = 0;
  for (const [v, n] of runs(a)) {
    while (j < rb.length && compareValues(rb[j]![0], v) < 0) j++;
    if (j >= rb.length || compareValues(rb[j]![0], v) !== 0 || rb[j]![1] < n) return false;
  }
  return true;
}

export function isDisjoint(a: readonly Value[], b: readonly Value[]): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c = compareValues(a[i]!, b[j]!);
    if (c === 0) return false;
    if (c < 0) i++;
    else j++;
  }
  return true;
}

export function isPrefix(a: readonly Value[], b: readonly Value[]): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (!equalValues(a[i]!, b[i]!)) return false;
  return true;
}

export function mapLookup(m: MapV, key: Value): Value | undefined {
  let lo = 0;
  let hi = m.entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareValues(m.entries[mid]![0], key);
    if (c === 0) return m.entries[mid]![1];
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return undefined;
}

export function mapUpdate(m: MapV, key: Value, value: Value): Value {
  const entries = m.entries.slice();
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareValues(entries[mid]![0], key) < 0) lo = mid + 1;
    else hi = mid;
  }
  if (lo < entries.length && compareValues(entries[lo]![0], key) === 0) entries[lo] = [key, value];
  else entries.splice(lo, 0, [key, value]);
  return { kind: 'map', entries };
}

/** Right-biased union: keys of `b` win (Dafny `m1 + m2`). */
export function mapMerge(a: MapV, b: MapV): Value {
  let out: Value = a;
  for (const [k, v] of b.entries) out = mapUpdate(out as MapV, k, v);
  return out;
}

export function mapRemoveKeys(m: MapV, keys: readonly Value[]): Value {
  return { kind: 'map', entries: m.entries.filter(([k]) => !sortedHas(keys, k)) };
}

/** Sets the multiplicity of x (n >= 0) in a multiset. */
export function multisetWithCount(ms: MultisetV, x: Value, n: number): Value {
  const i = lowerBound(ms.elems, x);
  let j = i;
  while (j < ms.elems.length && compareValues(ms.elems[j]!, x) === 0) j++;
  const elems = [...ms.elems.slice(0, i), ...Array<Value>(n).fill(x), ...ms.elems.slice(j)];
  return { kind: 'multiset', elems };
}

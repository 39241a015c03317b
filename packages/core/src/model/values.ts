import { z } from 'zod';

/**
 * A concrete value of the test model. Integers are bigints (specs talk about unbounded integers),
 * reals are exact rationals, floats are IEEE 754 doubles (JS numbers, NaN and -0 included), strings
 * are sequences of chars (as in Dafny; Lean and Verus strings are
 * rendered from the type), arrays are sequences (identity does not matter for a concrete test), and
 * sets, multisets and maps are kept sorted so that equal values have equal structure.
 */
export type Value =
  | { kind: 'int'; value: bigint }
  | { kind: 'bool'; value: boolean }
  | { kind: 'char'; value: string }
  | { kind: 'real'; num: bigint; den: bigint }
  | { kind: 'float'; value: number }
  | { kind: 'seq'; elems: Value[] }
  | { kind: 'set'; elems: Value[] }
  | { kind: 'multiset'; elems: Value[] }
  | { kind: 'map'; entries: [Value, Value][] }
  | { kind: 'tuple'; elems: Value[] }
  | { kind: 'datatype'; ctor: string; fields: Value[] };

export const ValueSchema: z.ZodType<Value> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('int'), value: z.bigint() }),
    z.object({ kind: z.literal('bool'), value: z.boolean() }),
    z.object({ kind: z.literal('char'), value: z.string() }),
    z.object({ kind: z.literal('real'), num: z.bigint(), den: z.bigint() }),
    z.object({ kind: z.literal('float'), value: z.union([z.number(), z.nan()]) }),
    z.object({ kind: z.literal('seq'), elems: z.array(ValueSchema) }),
    z.object({ kind: z.literal('set'), elems: z.array(ValueSchema) }),
    z.object({ kind: z.literal('multiset'), elems: z.array(ValueSchema) }),
    z.object({ kind: z.literal('map'), entries: z.array(z.tuple([ValueSchema, ValueSchema])) }),
    z.object({ kind: z.literal('tuple'), elems: z.array(ValueSchema) }),
    z.object({ kind: z.literal('datatype'), ctor: z.string(), fields: z.array(ValueSchema) }),
  ]),
) as z.ZodType<Value>;

const KIND_RANK: Record<Value['kind'], number> = {
  bool: 0, int: 1, real: 2, float: 3, char: 4, seq: 5, set: 6, multiset: 7, map: 8, tuple: 9, datatype: 10,
};

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function compareList(a: readonly Value[], b: readonly Value[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

const cmpBig = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A total order on doubles for canonical forms (sorting, deduplication), not IEEE comparison:
 * -Infinity < ... < -0 < +0 < ... < +Infinity < NaN, and NaN equals NaN. The evaluator compares
 * floats the IEEE way (`NaN != NaN`, `-0 == +0`); this order only makes equal data equal.
 */
export function compareFloatsTotal(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number(Number.isNaN(a)) - Number(Number.isNaN(b));
  if (a !== b) return a < b ? -1 : 1;
  return a === 0 ? Number(!Object.is(a, -0)) - Number(!Object.is(b, -0)) : 0;
}

/** A double as text that reads back to the same double: `1.5`, `-0.0`, `NaN`, `Infinity`, `1e+300`. */
export function floatToText(x: number): string {
  if (Object.is(x, -0)) return '-0.0';
  if (!Number.isFinite(x)) return String(x);
  const s = String(x);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

/** A total order on values: the canonical order of set and map elements. */
export function compareValues(a: Value, b: Value): number {
  if (a.kind !== b.kind) return KIND_RANK[a.kind] - KIND_RANK[b.kind];
  switch (a.kind) {
    case 'int':
      return cmpBig(a.value, (b as typeof a).value);
    case 'bool':
      return Number(a.value) - Number((b as typeof a).value);
    case 'char': {
      const x = a.value.codePointAt(0)!;
      const y = (b as typeof a).value.codePointAt(0)!;
      return x - y;
    }
    case 'real': {
      const o = b as typeof a;
      return cmpBig(a.num * o.den, o.num * a.den);
    }
    case 'float':
      return compareFloatsTotal(a.value, (b as typeof a).value);
    case 'seq':
    case 'set':
    case 'multiset':
    case 'tuple':
      return compareList(a.elems, (b as typeof a).elems);
    case 'map': {
      const o = b as typeof a;
      const n = Math.min(a.entries.length, o.entries.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(a.entries[i]![0], o.entries[i]![0]) || compareValues(a.entries[i]![1], o.entries[i]![1]);
        if (c !== 0) return c;
      }
      return a.entries.length - o.entries.length;
    }
    case 'datatype': {
      const o = b as typeof a;
      if (a.ctor !== o.ctor) return a.ctor < o.ctor ? -1 : 1;
      return compareList(a.fields, o.fields);
    }
  }
}

export function equalValues(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

/** A canonical string per value: equal values, equal keys. Used for deduplication and caching. */
export function valueKey(v: Value): string {
  switch (v.kind) {
    case 'int':
      return v.value.toString();
    case 'bool':
      return v.value ? 'true' : 'false';
    case 'char':
      return `'${JSON.stringify(v.value).slice(1, -1)}'`;
    case 'real':
      return `${v.num}/${v.den}r`;
    case 'float':
      return `${floatToText(v.value)}f`;
    case 'seq':
      return `[${v.elems.map(valueKey).join(',')}]`;
    case 'set':
      return `{${v.elems.map(valueKey).join(',')}}`;
    case 'multiset':
      return `#{${v.elems.map(valueKey).join(',')}}`;
    case 'map':
      return `map[${v.entries.map(([k, x]) => `${valueKey(k)}:=${valueKey(x)}`).join(',')}]`;
    case 'tuple':
      return `(${v.elems.map(valueKey).join(',')})`;
    case 'datatype':
      return `${v.ctor}(${v.fields.map(valueKey).join(',')})`;
  }
}

function sortUnique(elems: Value[]): Value[] {
  const sorted = [...elems].sort(compareValues);
  return sorted.filter((x, i) => i === 0 || compareValues(sorted[i - 1]!, x) !== 0);
}

/** Constructors that keep the canonical form (sorted sets, normalized rationals, one code point per char). */
export const V = {
  int: (n: bigint | number): Value => ({ kind: 'int', value: BigInt(n) }),
  bool: (b: boolean): Value => ({ kind: 'bool', value: b }),
  char: (c: string): Value => {
    if ([...c].length !== 1) throw new RangeError(`a char is one code point, got ${JSON.stringify(c)}`);
    return { kind: 'char', value: c };
  },
  string: (s: string): Value => ({ kind: 'seq', elems: [...s].map((c) => ({ kind: 'char', value: c }) as Value) }),
  real: (num: bigint | number, den: bigint | number = 1n): Value => {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError('a real with denominator 0');
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    return { kind: 'real', num: n / g, den: d / g };
  },
  float: (x: number): Value => ({ kind: 'float', value: x }),
  seq: (elems: Value[]): Value => ({ kind: 'seq', elems }),
  set: (elems: Value[]): Value => ({ kind: 'set', elems: sortUnique(elems) }),
  multiset: (elems: Value[]): Value => ({ kind: 'multiset', elems: [...elems].sort(compareValues) }),
  map: (entries: [Value, Value][]): Value => {
    // Later entries win, as in a map display with a repeated key.
    const byKey = new Map<string, [Value, Value]>();
    for (const e of entries) byKey.set(valueKey(e[0]), e);
    return { kind: 'map', entries: [...byKey.values()].sort((a, b) => compareValues(a[0], b[0])) };
  },
  tuple: (elems: Value[]): Value => ({ kind: 'tuple', elems }),
  datatype: (ctor: string, fields: Value[] = []): Value => ({ kind: 'datatype', ctor, fields }),
} as const;

/** True when the value is a sequence of chars (a string, in the languages where strings are sequences). */
export function isCharSeq(v: Value): boolean {
  return v.kind === 'seq' && v.elems.length > 0 && v.elems.every((e) => e.kind === 'char');
}

export function charSeqToString(v: Value): string {
  if (v.kind !== 'seq') throw new TypeError('not a sequence');
  return v.elems.map((e) => (e.kind === 'char' ? e.value : '?')).join('');
}

/** Exact decimal text of a rational when it terminates, else `num/den`. */
export function realToText(num: bigint, den: bigint): string {
  let d = den;
  let twos = 0;
  let fives = 0;
  while (d % 2n === 0n) { d /= 2n; twos++; }
  while (d % 5n === 0n) { d /= 5n; fives++; }
  if (d !== 1n) return `${num}/${den}`;
  const digits = Math.max(twos, fives, 1);
  const scaled = (num * 10n ** BigInt(digits)) / den;
  const neg = scaled < 0n;
  const s = (neg ? -scaled : scaled).toString().padStart(digits + 1, '0');
  const text = `${s.slice(0, -digits)}.${s.slice(-digits)}`.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '.0');
  return (neg ? '-' : '') + text;
}

/**
 * A type that can write this value back, read off the value itself (integers as int, the first
 * element's type for collections); undefined for datatypes, whose constructors the value does not tell.
 */
export function typeOfValue(v: Value): import('./types.js').Type | undefined {
  const first = (xs: Value[]) => (xs.length ? typeOfValue(xs[0]!) : { kind: 'int' as const });
  switch (v.kind) {
    case 'int':
      return { kind: 'int' };
    case 'bool':
      return { kind: 'bool' };
    case 'char':
      return { kind: 'char' };
    case 'real':
      return { kind: 'real' };
    case 'float':
      return { kind: 'float' };
    case 'seq': {
      const e = first(v.elems);
      return e && { kind: 'seq', elem: e };
    }
    case 'set':
    case 'multiset': {
      const e = first(v.elems);
      return e && { kind: v.kind, elem: e };
    }
    case 'map': {
      const k = v.entries.length ? typeOfValue(v.entries[0]![0]) : { kind: 'int' as const };
      const x = v.entries.length ? typeOfValue(v.entries[0]![1]) : { kind: 'int' as const };
      return k && x && { kind: 'map', key: k, value: x };
    }
    case 'tuple': {
      const elems = v.elems.map(typeOfValue);
      return elems.every((e) => e !== undefined) ? { kind: 'tuple', elems: elems as import('./types.js').Type[] } : undefined;
    }
    case 'datatype':
      return undefined;
  }
}

import type { Type } from '../model/types.js';
import { constructorFields, elementType as elementOf, machineRange } from '../model/types.js';
import { V, compareValues, valueKey, type Value } from '../model/values.js';
import type { Rng } from './rng.js';

/**
 * A mutation operator: a named, typed edit of a value. `applies` says whether it can change this value
 * at all (dropping from an empty sequence cannot), so the generator never wastes attempts on it.
 */
export interface Operator {
  name: string;
  applies(v: Value, t: Type): boolean;
  apply(v: Value, t: Type, rng: Rng): Value;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const PRINTABLE = `${LOWER}${UPPER}${DIGITS} !#$%&*+-./:;<=>?@_`;

function otherChar(c: string, rng: Rng): string {
  const pool = LOWER.includes(c) ? LOWER : UPPER.includes(c) ? UPPER : DIGITS.includes(c) ? DIGITS : PRINTABLE;
  const choices = [...pool].filter((x) => x !== c);
  return rng.pick(choices);
}

const delta = (rng: Rng): bigint => BigInt(rng.int(1, 10)) * (rng.next() < 0.5 ? -1n : 1n);

/** A fresh value of a type, near `near` when given; used when an operator inserts something new. */
export function freshValue(t: Type, rng: Rng, near?: Value): Value {
  if (near) {
    const mutated = mutateOnce(near, t, rng);
    if (mutated) return mutated;
  }
  switch (t.kind) {
    case 'int':
      return V.int(rng.int(-10, 10));
    case 'nat':
      return V.int(rng.int(0, 10));
    case 'bitvector':
      return V.int(rng.int(0, Math.min(255, 2 ** Math.min(t.width, 30) - 1)));
    case 'machine':
      return V.int(rng.int(t.signed ? -10 : 0, 10));
    case 'bool':
      return V.bool(rng.next() < 0.5);
    case 'char':
      return V.char(rng.pick([...LOWER]));
    case 'string':
      return V.string(rng.pick([...LOWER]));
    case 'real':
      return V.real(rng.int(-20, 20), 2);
    case 'float':
      return V.float(rng.int(-20, 20) / 2);
    case 'seq':
    case 'array':
      return V.seq([]);
    case 'set':
      return V.set([]);
    case 'multiset':
      return V.multiset([]);
    case 'map':
      return V.map([]);
    case 'tuple':
      return V.tuple(t.elems.map((e) => freshValue(e, rng)));
    case 'datatype': {
      const ctor = [...t.ctors].sort((a, b) => a.fields.length - b.fields.length)[0];
      if (!ctor) throw new RangeError(`datatype ${t.name} has no constructors`);
      return V.datatype(ctor.name, constructorFields(t, ctor).map((f) => freshValue(f, rng)));
    }
    case 'param':
    case 'opaque':
      throw new RangeError(`cannot make a value of opaque type ${t.name}`);
  }
}

function elemsOf(v: Value): Value[] {
  return v.kind === 'seq' || v.kind === 'set' || v.kind === 'multiset' || v.kind === 'tuple' ? v.elems : [];
}

function elementType(t: Type): Type {
  return elementOf(t) ?? t;
}

const isRect = (t: Type): boolean => t.kind === 'array' && t.dims > 1;
/** An array changed in place cannot change its length: no drops or inserts. */
const isFixed = (t: Type): boolean => t.kind === 'array' && t.fixedLength === true;
const isSequence = (t: Type): boolean => t.kind === 'seq' || t.kind === 'array' || t.kind === 'string';
const isNumeric = (t: Type): boolean => t.kind === 'int' || t.kind === 'nat' || t.kind === 'bitvector' || t.kind === 'machine';

export const OPERATORS: Operator[] = [
  {
    name: 'bool.flip',
    applies: (_v, t) => t.kind === 'bool',
    apply: (v) => V.bool(!(v as { value: boolean }).value),
  },
  {
    name: 'int.shift',
    applies: (_v, t) => isNumeric(t),
    apply: (v, t, rng) => {
      const x = (v as { value: bigint }).value;
      let d = delta(rng);
      if (t.kind === 'nat' && x + d < 0n) d = -d;
      if (t.kind === 'machine') {
        // A mutant the type cannot hold would be refused by the type, not by the spec, and inflate
        // completeness: step the other way when one way leaves the range (every range is wider than 20).
        const [min, max] = machineRange(t.bits, t.signed);
        if (x + d < min || x + d > max) d = -d;
      }
      if (t.kind === 'bitvector') {
        const mod = 1n << BigInt(t.width);
        return V.int((((x + d) % mod) + mod) % mod);
      }
      return V.int(x + d);
    },
  },
  {
    name: 'real.shift',
    applies: (_v, t) => t.kind === 'real',
    apply: (v, _t, rng) => {
      const r = v as { num: bigint; den: bigint };
      // Half steps as well as whole ones, so specs that only pin the integer part are caught.
      const step = BigInt(rng.int(1, 20)) * (rng.next() < 0.5 ? -1n : 1n);
      return V.real(r.num * 2n + step * r.den, r.den * 2n);
    },
  },
  {
    name: 'float.shift',
    applies: (_v, t) => t.kind === 'float',
    apply: (v, _t, rng) => V.float(shiftFloat((v as { value: number }).value, rng)),
  },
  {
    name: 'char.replace',
    applies: (_v, t) => t.kind === 'char',
    apply: (v, _t, rng) => V.char(otherChar((v as { value: string }).value, rng)),
  },
  {
    name: 'seq.drop',
    applies: (v, t) => isSequence(t) && !isRect(t) && !isFixed(t) && elemsOf(v).length > 0,
    apply: (v, _t, rng) => {
      const xs = elemsOf(v);
      const i = rng.int(0, xs.length - 1);
      return V.seq(xs.filter((_, j) => j !== i));
    },
  },
  {
    name: 'seq.insert',
    applies: (_v, t) => isSequence(t) && !isRect(t) && !isFixed(t),
    apply: (v, t, rng) => {
      const xs = elemsOf(v);
      const near = xs.length ? rng.pick(xs) : undefined;
      const fresh = freshValue(elementType(t), rng, near);
      const i = rng.int(0, xs.length);
      return V.seq([...xs.slice(0, i), fresh, ...xs.slice(i)]);
    },
  },
  {
    name: 'array.mutate-cell',
    applies: (v, t) => isRect(t) && mutable((t as { elem: Type }).elem) && elemsOf(v).some((row) => elemsOf(row).length > 0),
    apply: (v, t, rng) => mutateCell(v, t as Extract<Type, { kind: 'array' }>, rng),
  },
  {
    name: 'seq.mutate-element',
    applies: (v, t) => isSequence(t) && !isRect(t) && elemsOf(v).length > 0 && mutable(elementType(t)),
    apply: (v, t, rng) => {
      const xs = elemsOf(v);
      const i = rng.int(0, xs.length - 1);
      const changed = mutateOnce(xs[i]!, elementType(t), rng) ?? xs[i]!;
      return V.seq(xs.map((x, j) => (j === i ? changed : x)));
    },
  },
  {
    name: 'seq.swap',
    applies: (v, t) => isSequence(t) && new Set(elemsOf(v).map(valueKey)).size > 1,
    apply: (v, _t, rng) => {
      const xs = [...elemsOf(v)];
      const i = rng.int(0, xs.length - 1);
      const others = xs.map((_, j) => j).filter((j) => compareValues(xs[j]!, xs[i]!) !== 0);
      const j = rng.pick(others);
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
      return V.seq(xs);
    },
  },
  {
    name: 'set.remove',
    applies: (v, t) => t.kind === 'set' && elemsOf(v).length > 0,
    apply: (v, _t, rng) => {
      const xs = elemsOf(v);
      const i = rng.int(0, xs.length - 1);
      return V.set(xs.filter((_, j) => j !== i));
    },
  },
  {
    name: 'set.add',
    applies: (_v, t) => t.kind === 'set' && mutable(elementType(t)),
    apply: (v, t, rng) => {
      const xs = elemsOf(v);
      return V.set([...xs, freshValue(elementType(t), rng, xs.length ? rng.pick(xs) : undefined)]);
    },
  },
  {
    name: 'multiset.remove',
    applies: (v, t) => t.kind === 'multiset' && elemsOf(v).length > 0,
    apply: (v, _t, rng) => {
      const xs = elemsOf(v);
      const i = rng.int(0, xs.length - 1);
      return V.multiset(xs.filter((_, j) => j !== i));
    },
  },
  {
    name: 'multiset.add',
    applies: (_v, t) => t.kind === 'multiset',
    apply: (v, t, rng) => {
      const xs = elemsOf(v);
      // Adding another copy of an existing element changes only a multiplicity: the mutant sets cannot see.
      const extra = xs.length && rng.next() < 0.5 ? rng.pick(xs) : freshValue(elementType(t), rng, xs.length ? rng.pick(xs) : undefined);
      return V.multiset([...xs, extra]);
    },
  },
  {
    name: 'map.remove',
    applies: (v, t) => t.kind === 'map' && v.kind === 'map' && v.entries.length > 0,
    apply: (v, _t, rng) => {
      const es = (v as { entries: [Value, Value][] }).entries;
      const i = rng.int(0, es.length - 1);
      return V.map(es.filter((_, j) => j !== i));
    },
  },
  {
    name: 'map.change',
    applies: (v, t) => t.kind === 'map' && v.kind === 'map' && v.entries.length > 0 && mutable(t.value),
    apply: (v, t, rng) => {
      const es = (v as { entries: [Value, Value][] }).entries;
      const vt = (t as { value: Type }).value;
      const i = rng.int(0, es.length - 1);
      return V.map(es.map(([k, x], j) => [k, j === i ? (mutateOnce(x, vt, rng) ?? x) : x]));
    },
  },
  {
    name: 'map.add',
    applies: (_v, t) => t.kind === 'map' && mutable(t.key),
    apply: (v, t, rng) => {
      const es = (v as { entries: [Value, Value][] }).entries;
      const mt = t as { key: Type; value: Type };
      const near = es.length ? rng.pick(es) : undefined;
      const key = freshValue(mt.key, rng, near?.[0]);
      if (es.some(([k]) => compareValues(k, key) === 0)) return v;
      return V.map([...es, [key, freshValue(mt.value, rng, near?.[1])]]);
    },
  },
  {
    name: 'tuple.mutate-component',
    applies: (_v, t) => t.kind === 'tuple' && t.elems.some(mutable),
    apply: (v, t, rng) => {
      const xs = elemsOf(v);
      const ts = (t as { elems: Type[] }).elems;
      const i = rng.pick(ts.map((_, j) => j).filter((j) => mutable(ts[j]!)));
      return V.tuple(xs.map((x, j) => (j === i ? (mutateOnce(x, ts[j]!, rng) ?? x) : x)));
    },
  },
  {
    name: 'datatype.mutate-field',
    applies: (v, t) => t.kind === 'datatype' && v.kind === 'datatype' && fieldTypes(v, t).some(mutable),
    apply: (v, t, rng) => {
      const d = v as { ctor: string; fields: Value[] };
      const fts = fieldTypes(v, t);
      const i = rng.pick(fts.map((_, j) => j).filter((j) => mutable(fts[j]!)));
      return V.datatype(d.ctor, d.fields.map((x, j) => (j === i ? (mutateOnce(x, fts[j]!, rng) ?? x) : x)));
    },
  },
  {
    name: 'datatype.switch-constructor',
    applies: (_v, t) => t.kind === 'datatype' && t.ctors.length > 1,
    apply: (v, t, rng) => {
      const d = v as { ctor: string };
      const dt = t as Extract<Type, { kind: 'datatype' }>;
      const ctor = rng.pick(dt.ctors.filter((c) => c.name !== d.ctor));
      return V.datatype(ctor.name, constructorFields(dt, ctor).map((f) => freshValue(f, rng)));
    },
  },
];

/**
 * A finite double that differs from `x` as a float (`!=` in IEEE terms, so never NaN and never the
 * other zero): whole and half steps like `real.shift`, or a relative step where `x` is too large for
 * a unit step to change it. NaN and the infinities become a small finite value.
 */
function shiftFloat(x: number, rng: Rng): number {
  const step = (rng.int(1, 20) * (rng.next() < 0.5 ? -1 : 1)) / 2;
  if (!Number.isFinite(x)) return step;
  const candidates = [x + step, x * (1 + step / 64), x * (1 - Math.abs(step) / 64)];
  return candidates.find((y) => Number.isFinite(y) && y !== x) ?? step;
}

/** Changes one cell of a multi-dimensional array, so every row keeps its length. */
function mutateCell(v: Value, t: Extract<Type, { kind: 'array' }>, rng: Rng): Value {
  const rows = elemsOf(v);
  const candidates = rows.map((_, i) => i).filter((i) => elemsOf(rows[i]!).length > 0);
  const i = rng.pick(candidates);
  const row = rows[i]!;
  const changed =
    t.dims > 2
      ? mutateCell(row, { kind: 'array', elem: t.elem, dims: t.dims - 1 }, rng)
      : (() => {
          const cells = elemsOf(row);
          const j = rng.int(0, cells.length - 1);
          const cell = mutateOnce(cells[j]!, t.elem, rng) ?? cells[j]!;
          return V.seq(cells.map((c, k) => (k === j ? cell : c)));
        })();
  return V.seq(rows.map((r, k) => (k === i ? changed : r)));
}

function fieldTypes(v: Value, t: Type): Type[] {
  if (t.kind !== 'datatype' || v.kind !== 'datatype') return [];
  const ctor = t.ctors.find((c) => c.name === v.ctor);
  return ctor ? constructorFields(t, ctor) : [];
}

/** Whether any operator can change values of this type (opaque values cannot be mutated). */
export function mutable(t: Type): boolean {
  return t.kind !== 'opaque' && t.kind !== 'param';
}

export function applicableOperators(v: Value, t: Type): Operator[] {
  return OPERATORS.filter((op) => op.applies(v, t));
}

/** One random edit of a value, or undefined when no operator applies. */
export function mutateOnce(v: Value, t: Type, rng: Rng): Value | undefined {
  const ops = applicableOperators(v, t);
  if (ops.length === 0) return undefined;
  return rng.pick(ops).apply(v, t, rng);
}

import { SpecmutError } from '../errors.js';
import { constructorFields, elementType, machineName, machineRange, showType, type Type } from './types.js';
import { V, floatToText, realToText, type Value } from './values.js';

/**
 * Plain JSON forms of values, as users write them in suite files: numbers (or digit strings for big
 * integers), one-character strings for chars, strings, arrays for sequences, arrays and sets, arrays of
 * `[key, value]` pairs (or an object when keys are strings or numbers) for maps, arrays for tuples,
 * `{"ctor": "Some", "args": [...]}` or a bare constructor name for datatypes.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export class ValueDecodeError extends SpecmutError {
  constructor(
    readonly jsonPath: string,
    readonly expected: string,
    readonly got: unknown,
  ) {
    super('bad-value', `expected ${expected}, got ${preview(got)}`, { file: '<value>', path: jsonPath });
  }
}

function preview(x: unknown): string {
  const s = JSON.stringify(x);
  if (s === undefined) return String(x);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

const INT_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const FRACTION_TEXT = /^([+-]?\d+)\s*\/\s*(\d+)$/;

function decodeInt(json: Json, path: string, expected: string): bigint {
  if (typeof json === 'number' && Number.isInteger(json)) {
    if (!Number.isSafeInteger(json)) throw new ValueDecodeError(path, `${expected} (write integers beyond 2^53 as strings)`, json);
    return BigInt(json);
  }
  if (typeof json === 'string' && INT_TEXT.test(json.trim())) return BigInt(json.trim());
  throw new ValueDecodeError(path, expected, json);
}

function decodeReal(json: Json, path: string): Value {
  const text = typeof json === 'number' ? String(json) : typeof json === 'string' ? json.trim() : undefined;
  if (text !== undefined) {
    const dec = DECIMAL_TEXT.exec(text);
    if (dec) {
      const frac = dec[3] ?? '';
      const num = BigInt(`${dec[1]}${dec[2]}${frac}`);
      return V.real(num, 10n ** BigInt(frac.length));
    }
    const fr = FRACTION_TEXT.exec(text);
    if (fr && BigInt(fr[2]!) !== 0n) return V.real(BigInt(fr[1]!), BigInt(fr[2]!));
  }
  throw new ValueDecodeError(path, 'a real (a number, a decimal string like "1.5" or a fraction like "1/3")', json);
}

const FLOAT_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const FLOAT_SPECIAL: Record<string, number> = { nan: NaN, infinity: Infinity, '+infinity': Infinity, '-infinity': -Infinity, inf: Infinity, '+inf': Infinity, '-inf': -Infinity };

/**
 * A double from a JSON number or a string: decimal or scientific text (rounded to the nearest double,
 * as JSON numbers are), `NaN`, `Infinity`, `-Infinity`, and `-0.0` (JSON numbers cannot carry NaN,
 * the infinities or the sign of zero).
 */
function decodeFloat(json: Json, path: string): Value {
  if (typeof json === 'number') return V.float(json);
  if (typeof json === 'string') {
    const text = json.trim();
    const special = FLOAT_SPECIAL[text.toLowerCase()];
    if (special !== undefined) return V.float(special);
    if (FLOAT_TEXT.test(text)) return V.float(Number(text));
  }
  throw new ValueDecodeError(path, 'a float (a number, or a string: "1.5", "1e-3", "-0.0", "NaN", "Infinity", "-Infinity")', json);
}

function decodeArray(json: Json, path: string, expected: string): Json[] {
  if (!Array.isArray(json)) throw new ValueDecodeError(path, expected, json);
  return json;
}

/** Reads a plain JSON value against its type; errors name the JSON path and what was expected. */
export function decodeValue(json: Json, type: Type, path = '$'): Value {
  switch (type.kind) {
    case 'int':
      return V.int(decodeInt(json, path, 'an integer'));
    case 'nat': {
      const n = decodeInt(json, path, 'a natural number');
      if (n < 0n) throw new ValueDecodeError(path, 'a natural number (>= 0)', json);
      return V.int(n);
    }
    case 'bitvector': {
      const n = decodeInt(json, path, `a bv${type.width} value`);
      if (n < 0n || n >= 1n << BigInt(type.width)) throw new ValueDecodeError(path, `a bv${type.width} value in 0..2^${type.width}-1`, json);
      return V.int(n);
    }
    case 'machine': {
      const name = `${type.signed ? 'an' : 'a'} ${machineName(type)}`;
      const n = decodeInt(json, path, `${name} value`);
      const [min, max] = machineRange(type.bits, type.signed);
      // A value the type cannot hold is refused here, by the type, before any spec sees it.
      if (n < min || n > max) throw new ValueDecodeError(path, `${name} value in ${min}..${max}`, json);
      return V.int(n);
    }
    case 'bool':
      if (typeof json !== 'boolean') throw new ValueDecodeError(path, 'true or false', json);
      return V.bool(json);
    case 'char':
      if (typeof json !== 'string' || [...json].length !== 1) throw new ValueDecodeError(path, 'a char (a string of one character)', json);
      return V.char(json);
    case 'string':
      if (typeof json !== 'string') throw new ValueDecodeError(path, 'a string', json);
      return V.string(json);
    case 'real':
      return decodeReal(json, path);
    case 'float':
      return decodeFloat(json, path);
    case 'seq': {
      if (typeof json === 'string' && type.elem.kind === 'char') return V.string(json);
      return V.seq(decodeArray(json, path, `a sequence (JSON array) of ${showType(type.elem)}`).map((x, i) => decodeValue(x, type.elem, `${path}[${i}]`)));
    }
    case 'array': {
      if (type.dims === 1 && typeof json === 'string' && type.elem.kind === 'char') return V.string(json);
      const rows = decodeArray(json, path, `an array (JSON array) of ${showType(type.elem)}`);
      if (type.dims === 1) return V.seq(rows.map((x, i) => decodeValue(x, type.elem, `${path}[${i}]`)));
      const inner: Type = { kind: 'array', elem: type.elem, dims: type.dims - 1 };
      const decoded = rows.map((x, i) => decodeValue(x, inner, `${path}[${i}]`));
      const widths = new Set(decoded.map((r) => (r.kind === 'seq' ? r.elems.length : -1)));
      if (widths.size > 1) throw new ValueDecodeError(path, `a rectangular ${type.dims}-D array (rows of equal length)`, json);
      return V.seq(decoded);
    }
    case 'set':
      return V.set(decodeArray(json, path, `a set (JSON array) of ${showType(type.elem)}`).map((x, i) => decodeValue(x, type.elem, `${path}[${i}]`)));
    case 'multiset':
      return V.multiset(decodeArray(json, path, `a multiset (JSON array) of ${showType(type.elem)}`).map((x, i) => decodeValue(x, type.elem, `${path}[${i}]`)));
    case 'map': {
      const expected = `a map: an array of [key, value] pairs${['string', 'int', 'nat', 'char'].includes(type.key.kind) ? ' or an object' : ''}`;
      if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
        if (!['string', 'int', 'nat', 'char'].includes(type.key.kind)) throw new ValueDecodeError(path, expected, json);
        return V.map(Object.entries(json).map(([k, x]) => [decodeValue(k, type.key, `${path}.${k}`), decodeValue(x, type.value, `${path}.${k}`)]));
      }
      const pairs = decodeArray(json, path, expected);
      return V.map(
        pairs.map((p, i) => {
          if (!Array.isArray(p) || p.length !== 2) throw new ValueDecodeError(`${path}[${i}]`, 'a [key, value] pair', p);
          return [decodeValue(p[0]!, type.key, `${path}[${i}][0]`), decodeValue(p[1]!, type.value, `${path}[${i}][1]`)];
        }),
      );
    }
    case 'tuple': {
      const items = decodeArray(json, path, `a tuple: an array of ${type.elems.length} values`);
      if (items.length !== type.elems.length) throw new ValueDecodeError(path, `a tuple of ${type.elems.length} values ${showType(type)}`, json);
      return V.tuple(items.map((x, i) => decodeValue(x, type.elems[i]!, `${path}[${i}]`)));
    }
    case 'datatype':
      return decodeDatatype(json, type, path);
    case 'param':
    case 'opaque':
      throw new ValueDecodeError(path, `a value of a type specmut can write (${type.name} is not one)`, json);
  }
}

function decodeDatatype(json: Json, type: Extract<Type, { kind: 'datatype' }>, path: string): Value {
  const names = type.ctors.map((c) => c.name).join(', ');
  const expected = `a ${type.name} value: {"ctor": one of ${names}, "args": [...]} or a bare constructor name`;
  let ctorName: string | undefined;
  let args: Json = [];
  if (typeof json === 'string') ctorName = json;
  else if (json !== null && typeof json === 'object' && !Array.isArray(json) && typeof json.ctor === 'string') {
    ctorName = json.ctor;
    args = json.args ?? [];
  }
  const ctor = type.ctors.find((c) => c.name === ctorName);
  if (!ctor) throw new ValueDecodeError(path, expected, json);
  const fieldTypes = constructorFields(type, ctor);
  if (Array.isArray(args)) {
    if (args.length !== ctor.fields.length) throw new ValueDecodeError(`${path}.args`, `${ctor.fields.length} arguments for ${ctor.name}`, args);
    return V.datatype(ctor.name, args.map((x, i) => decodeValue(x, fieldTypes[i]!, `${path}.args[${i}]`)));
  }
  if (args !== null && typeof args === 'object') {
    const named = args;
    return V.datatype(
      ctor.name,
      ctor.fields.map((f, i) => {
        const key = f.name ?? String(i);
        if (!(key in named)) throw new ValueDecodeError(`${path}.args`, `a field named ${key}`, args);
        return decodeValue(named[key]!, fieldTypes[i]!, `${path}.args.${key}`);
      }),
    );
  }
  throw new ValueDecodeError(`${path}.args`, 'an array or object of constructor arguments', args);
}

/** The plain JSON form of a value (inverse of decodeValue). */
export function encodeValue(v: Value, type: Type): Json {
  switch (v.kind) {
    case 'int':
      return v.value >= BigInt(Number.MIN_SAFE_INTEGER) && v.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v.value) : v.value.toString();
    case 'bool':
      return v.value;
    case 'char':
      return v.value;
    case 'real':
      return realToText(v.num, v.den);
    case 'float':
      // JSON numbers keep every finite double except -0; the rest is written as text decodeFloat reads.
      return Number.isFinite(v.value) && !Object.is(v.value, -0) ? v.value : floatToText(v.value);
    case 'seq': {
      const isText = type.kind === 'string' || ((type.kind === 'seq' || type.kind === 'array') && type.elem.kind === 'char' && (type.kind === 'seq' || type.dims === 1));
      if (isText) return v.elems.map((c) => (c.kind === 'char' ? c.value : '?')).join('');
      const elemType = elementTypeOf(type);
      return v.elems.map((e) => encodeValue(e, elemType));
    }
    case 'set':
    case 'multiset':
      return v.elems.map((e) => encodeValue(e, elementTypeOf(type)));
    case 'map': {
      const [kt, vt] = type.kind === 'map' ? [type.key, type.value] : [type, type];
      return v.entries.map(([k, x]) => [encodeValue(k, kt), encodeValue(x, vt)]);
    }
    case 'tuple':
      return v.elems.map((e, i) => encodeValue(e, type.kind === 'tuple' ? type.elems[i]! : type));
    case 'datatype': {
      const ctor = type.kind === 'datatype' ? type.ctors.find((c) => c.name === v.ctor) : undefined;
      const fieldTypes = ctor && type.kind === 'datatype' ? constructorFields(type, ctor) : [];
      if (v.fields.length === 0) return v.ctor;
      return { ctor: v.ctor, args: v.fields.map((f, i) => encodeValue(f, fieldTypes[i] ?? type)) };
    }
  }
}

const elementTypeOf = (t: Type): Type => elementType(t) ?? t;

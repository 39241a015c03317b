import { SpecmutError } from '../errors.js';
import { encodeValue, type Json } from '../model/json-values.js';
import { outputParams, type Parameter, type Signature } from '../model/signature.js';
import type { RejectInput, SuiteTest } from '../model/suite.js';
import { constructorFields, elementType, machineRange, showType, type Type } from '../model/types.js';
import { V, type Value } from '../model/values.js';

/**
 * Pairing a spec in one language with tests written for the same task in another: parameters and
 * results are matched by position, and every value is converted between the two sides' model types.
 * A conversion keeps the value exactly or refuses it: nothing is clamped, rounded or guessed.
 */

/** A value that has no counterpart of the target type; `path` is where inside the value it failed. */
export class ConversionError extends SpecmutError {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super('bad-value', `${path}: ${detail}`);
  }
}

/** How the two sides write their types in messages (each side's backend printer; core's debug form by default). */
export interface TypeNames {
  source(t: Type): string;
  target(t: Type): string;
}

const DEBUG_NAMES: TypeNames = { source: showType, target: showType };

const INTEGER_KINDS = new Set<Type['kind']>(['int', 'nat', 'machine', 'bitvector']);
const SEQUENCE_KINDS = new Set<Type['kind']>(['seq', 'array', 'string']);

/** Lower-cased, without `_` or a qualifying prefix: `Option.some`, `Some` and `some` are one constructor name. */
const ctorKey = (name: string): string => name.replace(/^.*\./, '').replace(/_/g, '').toLowerCase();

function integerInto(n: bigint, to: Type, path: string, names: TypeNames): Value {
  const refuse = (range: string) => new ConversionError(path, `${n} does not fit ${names.target(to)} (${range})`);
  switch (to.kind) {
    case 'int':
      return V.int(n);
    case 'nat':
      if (n < 0n) throw refuse('it is >= 0');
      return V.int(n);
    case 'machine': {
      const [min, max] = machineRange(to.bits, to.signed);
      if (n < min || n > max) throw refuse(`its range is ${min}..=${max}`);
      return V.int(n);
    }
    case 'bitvector':
      if (n < 0n || n >= 1n << BigInt(to.width)) throw refuse(`its range is 0..2^${to.width}-1`);
      return V.int(n);
    case 'real':
      return V.real(n);
    default:
      throw new ConversionError(path, `an integer has no counterpart of type ${names.target(to)}`);
  }
}

/**
 * `value`, of type `from` on the source side, as a value of type `to` on the target side. Integers of
 * any kind convert into any integer type whose range holds them; sequences, arrays and strings into
 * one another element by element; tuples of the same length; datatypes with the same constructors
 * (names compared without case and qualification, fields by position); finite floats into reals
 * (exactly). Anything else is refused with a ConversionError naming the place and the reason.
 */
export function convertValue(value: Value, from: Type, to: Type, path = '$', names: TypeNames = DEBUG_NAMES): Value {
  const mismatch = () => new ConversionError(path, `a ${names.source(from)} value has no counterpart of type ${names.target(to)}`);
  if (value.kind === 'int' && INTEGER_KINDS.has(from.kind)) return integerInto(value.value, to, path, names);
  switch (value.kind) {
    case 'bool':
      if (to.kind !== 'bool') throw mismatch();
      return value;
    case 'char':
      if (to.kind !== 'char') throw mismatch();
      return value;
    case 'float':
      if (to.kind === 'float') return value;
      if (to.kind === 'real') {
        if (!Number.isFinite(value.value)) throw new ConversionError(path, `${value.value} has no counterpart of type ${names.target(to)}`);
        return floatToReal(value.value);
      }
      throw mismatch();
    case 'real':
      if (to.kind !== 'real') throw mismatch();
      return value;
    case 'seq': {
      if (!SEQUENCE_KINDS.has(from.kind) || !SEQUENCE_KINDS.has(to.kind)) throw mismatch();
      const fromElem = elementType(from)!;
      const toElem = elementType(to)!;
      return V.seq(value.elems.map((e, i) => convertValue(e, fromElem, toElem, `${path}[${i}]`, names)));
    }
    case 'set':
    case 'multiset': {
      if (to.kind !== value.kind || from.kind !== value.kind) throw mismatch();
      const elems = value.elems.map((e, i) => convertValue(e, from.elem, to.elem, `${path}[${i}]`, names));
      return value.kind === 'set' ? V.set(elems) : V.multiset(elems);
    }
    case 'map': {
      if (to.kind !== 'map' || from.kind !== 'map') throw mismatch();
      return V.map(value.entries.map(([k, x], i) => [convertValue(k, from.key, to.key, `${path}[${i}].key`, names), convertValue(x, from.value, to.value, `${path}[${i}].value`, names)]));
    }
    case 'tuple': {
      if (to.kind !== 'tuple' || from.kind !== 'tuple') throw mismatch();
      if (to.elems.length !== value.elems.length) throw new ConversionError(path, `a tuple of ${value.elems.length} values has no counterpart of type ${names.target(to)}`);
      return V.tuple(value.elems.map((e, i) => convertValue(e, from.elems[i]!, to.elems[i]!, `${path}.${i}`, names)));
    }
    case 'datatype':
      return convertDatatype(value, from, to, path, names, mismatch);
    case 'int':
      throw mismatch();
  }
}

function convertDatatype(value: Extract<Value, { kind: 'datatype' }>, from: Type, to: Type, path: string, names: TypeNames, mismatch: () => ConversionError): Value {
  if (from.kind !== 'datatype' || to.kind !== 'datatype') throw mismatch();
  // The two datatypes must be the same shape, not merely share this value's constructor: otherwise a
  // wrong output could land on a constructor the source side does not have.
  const fromKeys = from.ctors.map((c) => ctorKey(c.name));
  const toKeys = to.ctors.map((c) => ctorKey(c.name));
  if (fromKeys.length !== toKeys.length || fromKeys.some((k) => !toKeys.includes(k))) {
    throw new ConversionError(path, `${names.source(from)} and ${names.target(to)} do not have the same constructors (${from.ctors.map((c) => c.name).join(', ')} vs ${to.ctors.map((c) => c.name).join(', ')})`);
  }
  const fromCtor = from.ctors.find((c) => c.name === value.ctor);
  const toCtor = to.ctors.find((c) => ctorKey(c.name) === ctorKey(value.ctor));
  if (!fromCtor || !toCtor) throw new ConversionError(path, `${value.ctor} is not a constructor of ${names.source(from)}`);
  if (fromCtor.fields.length !== toCtor.fields.length) {
    throw new ConversionError(path, `${fromCtor.name} has ${fromCtor.fields.length} fields, ${toCtor.name} has ${toCtor.fields.length}`);
  }
  const fromFields = constructorFields(from, fromCtor);
  const toFields = constructorFields(to, toCtor);
  return V.datatype(
    toCtor.name,
    value.fields.map((f, i) => convertValue(f, fromFields[i]!, toFields[i]!, `${path}.${toCtor.name}.${i}`, names)),
  );
}

/**
 * Why no value of `from` converts to `to` (the rules of convertValue, on types), or undefined when
 * some may: a signature whose types cannot correspond is refused once, not test by test.
 */
export function typeMismatch(from: Type, to: Type, names: TypeNames = DEBUG_NAMES, seen: Set<string> = new Set()): string | undefined {
  const no = () => `${names.source(from)} has no counterpart of type ${names.target(to)}`;
  if (from.kind === 'opaque' || from.kind === 'param') return `${names.source(from)} is not a type specmut models`;
  if (to.kind === 'opaque' || to.kind === 'param') return `${names.target(to)} is not a type specmut models`;
  if (INTEGER_KINDS.has(from.kind)) return INTEGER_KINDS.has(to.kind) || to.kind === 'real' ? undefined : no();
  if (SEQUENCE_KINDS.has(from.kind) || SEQUENCE_KINDS.has(to.kind)) {
    if (!SEQUENCE_KINDS.has(from.kind) || !SEQUENCE_KINDS.has(to.kind)) return no();
    return typeMismatch(elementType(from)!, elementType(to)!, names, seen);
  }
  switch (from.kind) {
    case 'bool':
    case 'char':
    case 'real':
      return to.kind === from.kind ? undefined : no();
    case 'float':
      return to.kind === 'float' || to.kind === 'real' ? undefined : no();
    case 'set':
    case 'multiset':
      return to.kind === from.kind ? typeMismatch(from.elem, to.elem, names, seen) : no();
    case 'map':
      return to.kind === 'map' ? (typeMismatch(from.key, to.key, names, seen) ?? typeMismatch(from.value, to.value, names, seen)) : no();
    case 'tuple':
      if (to.kind !== 'tuple' || to.elems.length !== from.elems.length) return no();
      for (const [i, e] of from.elems.entries()) {
        const why = typeMismatch(e, to.elems[i]!, names, seen);
        if (why) return why;
      }
      return undefined;
    case 'datatype': {
      if (to.kind !== 'datatype') return no();
      const key = `${showType(from)}→${showType(to)}`;
      // A recursive datatype meets itself again in its fields: its first visit answers for it.
      if (seen.has(key)) return undefined;
      seen.add(key);
      for (const fromCtor of from.ctors) {
        const toCtor = to.ctors.find((c) => ctorKey(c.name) === ctorKey(fromCtor.name));
        if (!toCtor || from.ctors.length !== to.ctors.length || toCtor.fields.length !== fromCtor.fields.length) return no();
        const toFields = constructorFields(to, toCtor);
        for (const [i, f] of constructorFields(from, fromCtor).entries()) {
          const why = typeMismatch(f, toFields[i]!, names, seen);
          if (why) return why;
        }
      }
      return undefined;
    }
    default:
      return no();
  }
}

/** A finite double as the exact rational it is. */
function floatToReal(x: number): Value {
  if (Number.isInteger(x)) return V.real(BigInt(x));
  let den = 1n;
  let y = x;
  // Doubling is exact; at most 1074 doublings make any finite double an integer.
  while (!Number.isInteger(y)) {
    y *= 2;
    den *= 2n;
  }
  return V.real(BigInt(y), den);
}

/** One target output and where its expected value comes from: the whole source result, or one element of its tuple. */
export interface OutputSlot {
  target: Parameter;
  /** Index into the source result's tuple, when the target spreads that tuple over several outputs. */
  element?: number | undefined;
}

/** How a source signature's parameters and result land on a target signature's, by position. */
export interface SignaturePairing {
  source: Signature;
  target: Signature;
  params: { source: Parameter; target: Parameter }[];
  result: Parameter;
  outputs: OutputSlot[];
}

/**
 * Pairs two signatures by position: the same number of parameters; the source's one result lands on
 * the target's one output, or, when the source result is a tuple and the target has as many outputs
 * (results, then in/out parameters), element i on output i. Types are checked value by value later:
 * a signature pairs as long as the shapes can. Throws a SpecmutError with the reason otherwise.
 */
export function pairSignatures(source: Signature, target: Signature, names: TypeNames = DEBUG_NAMES): SignaturePairing {
  const refuse = (why: string) => new SpecmutError('unsupported', why);
  if (source.params.length !== target.params.length) {
    throw refuse(`${source.name} takes ${source.params.length} parameters, ${target.name} takes ${target.params.length}`);
  }
  if (source.results.length !== 1) throw refuse(`${source.name} has ${source.results.length} results; one is needed`);
  const result = source.results[0]!;
  const outs = outputParams(target);
  if (outs.length === 0) throw refuse(`${target.name} has no result and changes no parameter`);
  let outputs: OutputSlot[];
  if (outs.length === 1) outputs = [{ target: outs[0]! }];
  else if (result.type.kind === 'tuple' && result.type.elems.length === outs.length) outputs = outs.map((target, element) => ({ target, element }));
  else throw refuse(`${source.name} returns ${names.source(result.type)}, ${target.name} has ${outs.length} outputs (${outs.map((o) => o.name).join(', ')})`);
  const params = source.params.map((p, i) => ({ source: p, target: target.params[i]! }));
  for (const { source: p, target: q } of params) {
    const why = typeMismatch(p.type, q.type, names);
    if (why) throw refuse(`parameter ${p.name} → ${q.name}: ${why}`);
  }
  for (const slot of outputs) {
    const from = slot.element === undefined ? result.type : (result.type as Extract<Type, { kind: 'tuple' }>).elems[slot.element]!;
    const why = typeMismatch(from, slot.target.type, names);
    if (why) throw refuse(`result${slot.element === undefined ? '' : `.${slot.element}`} → ${slot.target.name}: ${why}`);
  }
  return { source, target, params, result, outputs };
}

/** A test as the source gives it: inputs by source parameter name, the expected result and known wrong ones. */
export interface SourceTest {
  id: string;
  inputs: Record<string, Value>;
  expected: Value;
  unexpected: Value[];
}

export interface PairedTest {
  /** Undefined when the test cannot be carried over (its reason is in `problems`). */
  test?: SuiteTest | undefined;
  /** Why the test, or some of its wrong outputs, were left out. */
  problems: string[];
}

const describe = (e: unknown): string => (e instanceof ConversionError ? `${e.path}: ${e.detail}` : e instanceof Error ? e.message : String(e));

function convertInputs(pairing: SignaturePairing, inputs: Record<string, Value>, names: TypeNames): { values: Record<string, Value>; json: Record<string, Json> } {
  const values: Record<string, Value> = {};
  const json: Record<string, Json> = {};
  for (const { source, target } of pairing.params) {
    const v = inputs[source.name];
    if (v === undefined) throw new ConversionError(source.name, 'no value given');
    values[target.name] = convertValue(v, source.type, target.type, `input ${source.name} → ${target.name}`, names);
    json[target.name] = encodeValue(values[target.name]!, target.type);
  }
  return { values, json };
}

/** A source result as the target's outputs, checked against in/out arrays' lengths; a Json by output name when several. */
function convertResult(pairing: SignaturePairing, result: Value, inputs: Record<string, Value>, what: string, names: TypeNames): Json {
  const byName: Record<string, Json> = {};
  for (const slot of pairing.outputs) {
    let part = result;
    let fromType = pairing.result.type;
    if (slot.element !== undefined) {
      if (result.kind !== 'tuple' || fromType.kind !== 'tuple') throw new ConversionError(what, 'a tuple was expected');
      part = result.elems[slot.element]!;
      fromType = fromType.elems[slot.element]!;
    }
    const where = `${what}${slot.element !== undefined ? `.${slot.element}` : ''} → ${slot.target.name}`;
    const v = convertValue(part, fromType, slot.target.type, where, names);
    const before = inputs[slot.target.name];
    // An in/out array is changed in place: its final state cannot have another length.
    if ((pairing.target.inOut ?? []).includes(slot.target.name) && before?.kind === 'seq' && v.kind === 'seq' && before.elems.length !== v.elems.length) {
      throw new ConversionError(where, `${slot.target.name} is changed in place and has ${before.elems.length} elements; this value has ${v.elems.length}`);
    }
    byName[slot.target.name] = encodeValue(v, slot.target.type);
  }
  return pairing.outputs.length === 1 ? byName[pairing.outputs[0]!.target.name]! : byName;
}

/**
 * A source test as a suite test of the target: inputs and expected output converted (or the test is
 * left out, with the reason); each unexpected output converted, or left out alone with its reason.
 */
export function pairTest(pairing: SignaturePairing, t: SourceTest, names: TypeNames = DEBUG_NAMES): PairedTest {
  let inputs: ReturnType<typeof convertInputs>;
  let output: Json;
  try {
    inputs = convertInputs(pairing, t.inputs, names);
    output = convertResult(pairing, t.expected, inputs.values, 'expected', names);
  } catch (e) {
    return { problems: [`${t.id}: ${describe(e)}`] };
  }
  const problems: string[] = [];
  const wrong: Json[] = [];
  t.unexpected.forEach((u, j) => {
    try {
      wrong.push(convertResult(pairing, u, inputs.values, `unexpected[${j}]`, names));
    } catch (e) {
      problems.push(`${t.id}: wrong output left out: ${describe(e)}`);
    }
  });
  return { test: { id: t.id, inputs: inputs.json, output, ...(wrong.length ? { wrong } : {}) }, problems };
}

/** A source reject input as the target's, or the reason it cannot be carried over. */
export function pairRejectInput(pairing: SignaturePairing, id: string, inputs: Record<string, Value>, names: TypeNames = DEBUG_NAMES): { input?: RejectInput; problem?: string } {
  try {
    return { input: { id, inputs: convertInputs(pairing, inputs, names).json } };
  } catch (e) {
    return { problem: `${id}: ${describe(e)}` };
  }
}

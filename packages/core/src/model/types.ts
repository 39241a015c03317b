import { z } from 'zod';

/**
 * The language-neutral type of a value in a Hoare-triple test. Backends map their own type syntax onto
 * these kinds; anything they cannot map is `opaque`, which core never mutates or evaluates.
 */
export type Type =
  | { kind: 'int' }
  | { kind: 'nat' }
  | { kind: 'bool' }
  | { kind: 'char' }
  | { kind: 'string' }
  | { kind: 'real' }
  /** An IEEE 754 binary64 number (Lean `Float`), distinct from the exact `real`. */
  | { kind: 'float' }
  | { kind: 'bitvector'; width: number }
  /** A fixed-width integer (Rust/Verus `u8`...`i128`; `usize`/`isize` are `pointerSized`, taken as 64 bits). */
  | { kind: 'machine'; bits: number; signed: boolean; pointerSized?: boolean }
  | { kind: 'seq'; elem: Type }
  | { kind: 'array'; elem: Type; dims: number; fixedLength?: boolean }
  | { kind: 'set'; elem: Type }
  | { kind: 'multiset'; elem: Type }
  | { kind: 'map'; key: Type; value: Type }
  | { kind: 'tuple'; elems: Type[] }
  /**
   * A datatype; when it has type parameters (`params`), its constructors' field types name them as
   * `param` types and `args` instantiates them (see `constructorFields`). Field types may refer back to
   * the datatype itself (sharing its `ctors`), since they are instantiated one level at a time.
   */
  | { kind: 'datatype'; name: string; args: Type[]; ctors: Constructor[]; params?: string[] | undefined }
  /** A type parameter of the enclosing datatype, inside its constructors' field types. */
  | { kind: 'param'; name: string }
  | { kind: 'opaque'; name: string };

export interface Constructor {
  name: string;
  fields: { name?: string | undefined; type: Type }[];
}

export const TypeSchema: z.ZodType<Type> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('int') }),
    z.object({ kind: z.literal('nat') }),
    z.object({ kind: z.literal('bool') }),
    z.object({ kind: z.literal('char') }),
    z.object({ kind: z.literal('string') }),
    z.object({ kind: z.literal('real') }),
    z.object({ kind: z.literal('float') }),
    z.object({ kind: z.literal('bitvector'), width: z.number().int().positive() }),
    z.object({ kind: z.literal('machine'), bits: z.number().int().positive(), signed: z.boolean(), pointerSized: z.boolean().optional() }),
    z.object({ kind: z.literal('seq'), elem: TypeSchema }),
    z.object({ kind: z.literal('array'), elem: TypeSchema, dims: z.number().int().min(1), fixedLength: z.boolean().optional() }),
    z.object({ kind: z.literal('set'), elem: TypeSchema }),
    z.object({ kind: z.literal('multiset'), elem: TypeSchema }),
    z.object({ kind: z.literal('map'), key: TypeSchema, value: TypeSchema }),
    z.object({ kind: z.literal('tuple'), elems: z.array(TypeSchema) }),
    z.object({
      kind: z.literal('datatype'),
      name: z.string(),
      args: z.array(TypeSchema),
      ctors: z.array(ConstructorSchema),
      params: z.array(z.string()).optional(),
    }),
    z.object({ kind: z.literal('param'), name: z.string() }),
    z.object({ kind: z.literal('opaque'), name: z.string() }),
  ]),
) as z.ZodType<Type>;

export const ConstructorSchema: z.ZodType<Constructor> = z.lazy(() =>
  z.object({
    name: z.string(),
    fields: z.array(z.object({ name: z.string().optional(), type: TypeSchema })),
  }),
);

export const T = {
  int: { kind: 'int' } as Type,
  nat: { kind: 'nat' } as Type,
  bool: { kind: 'bool' } as Type,
  char: { kind: 'char' } as Type,
  string: { kind: 'string' } as Type,
  real: { kind: 'real' } as Type,
  float: { kind: 'float' } as Type,
  bv: (width: number): Type => ({ kind: 'bitvector', width }),
  machine: (bits: number, signed: boolean, pointerSized = false): Type => (pointerSized ? { kind: 'machine', bits, signed, pointerSized } : { kind: 'machine', bits, signed }),
  seq: (elem: Type): Type => ({ kind: 'seq', elem }),
  array: (elem: Type, dims = 1): Type => ({ kind: 'array', elem, dims }),
  set: (elem: Type): Type => ({ kind: 'set', elem }),
  multiset: (elem: Type): Type => ({ kind: 'multiset', elem }),
  map: (key: Type, value: Type): Type => ({ kind: 'map', key, value }),
  tuple: (...elems: Type[]): Type => ({ kind: 'tuple', elems }),
  datatype: (name: string, ctors: Constructor[], args: Type[] = [], params?: string[]): Type =>
    params ? { kind: 'datatype', name, args, ctors, params } : { kind: 'datatype', name, args, ctors },
  param: (name: string): Type => ({ kind: 'param', name }),
  opaque: (name: string): Type => ({ kind: 'opaque', name }),
} as const;

/**
 * A type in core's neutral debug form (`seq(int)`, `array(int, 2 dims)`, `map(int, string)`), for
 * messages that are not about one language; a backend shows types in its own syntax (`Printer.type`).
 */
export function showType(t: Type): string {
  switch (t.kind) {
    case 'int':
    case 'nat':
    case 'bool':
    case 'char':
    case 'string':
    case 'real':
    case 'float':
      return t.kind;
    case 'bitvector':
      return `bitvector(${t.width})`;
    case 'machine':
      return machineName(t);
    case 'seq':
    case 'set':
    case 'multiset':
      return `${t.kind}(${showType(t.elem)})`;
    case 'array':
      return `array(${showType(t.elem)}${t.dims > 1 ? `, ${t.dims} dims` : ''})`;
    case 'map':
      return `map(${showType(t.key)}, ${showType(t.value)})`;
    case 'tuple':
      return `(${t.elems.map(showType).join(', ')})`;
    case 'datatype':
      return t.args.length ? `${t.name}(${t.args.map(showType).join(', ')})` : t.name;
    case 'param':
    case 'opaque':
      return t.name;
  }
}

/** `t` with each type parameter named in `bindings` replaced; datatypes' own constructors are left as they are. */
export function substituteParams(t: Type, bindings: ReadonlyMap<string, Type>): Type {
  switch (t.kind) {
    case 'param':
      return bindings.get(t.name) ?? t;
    case 'seq':
    case 'set':
    case 'multiset':
    case 'array':
      return { ...t, elem: substituteParams(t.elem, bindings) };
    case 'map':
      return { ...t, key: substituteParams(t.key, bindings), value: substituteParams(t.value, bindings) };
    case 'tuple':
      return { ...t, elems: t.elems.map((e) => substituteParams(e, bindings)) };
    case 'datatype':
      return t.args.length ? { ...t, args: t.args.map((a) => substituteParams(a, bindings)) } : t;
    default:
      return t;
  }
}

/**
 * The field types of a constructor of datatype `t`, its type parameters replaced by `t.args`
 * (`Tree Int`'s `node` has fields `Tree Int`, `Int`, `Tree Int`).
 */
export function constructorFields(t: Extract<Type, { kind: 'datatype' }>, ctor: Constructor): Type[] {
  if (!t.params?.length) return ctor.fields.map((f) => f.type);
  const bindings = new Map(t.params.map((p, i): [string, Type] => [p, t.args[i] ?? { kind: 'opaque', name: p }]));
  return ctor.fields.map((f) => substituteParams(f.type, bindings));
}

/**
 * The type of a collection's elements (seq, string, array, set, multiset); a 2-D array's elements are
 * its rows. Undefined for other types.
 */
export function elementType(t: Type): Type | undefined {
  switch (t.kind) {
    case 'seq':
    case 'set':
    case 'multiset':
      return t.elem;
    case 'string':
      return { kind: 'char' };
    case 'array':
      return t.dims === 1 ? t.elem : { kind: 'array', elem: t.elem, dims: t.dims - 1 };
    default:
      return undefined;
  }
}

/** The smallest and largest value of a fixed-width integer type. */
export function machineRange(bits: number, signed: boolean): [min: bigint, max: bigint] {
  const w = BigInt(bits);
  return signed ? [-(1n << (w - 1n)), (1n << (w - 1n)) - 1n] : [0n, (1n << w) - 1n];
}

/** `u8`, `i64`, `usize`: the usual name of a fixed-width integer type. */
export function machineName(t: { bits: number; signed: boolean; pointerSized?: boolean | undefined }): string {
  return `${t.signed ? 'i' : 'u'}${t.pointerSized ? 'size' : t.bits}`;
}

/** The fixed-width integer type a usual name (`u8`...`i128`, `usize`, `isize`) stands for. */
export function machineType(name: string): Type | undefined {
  const m = /^([ui])(8|16|32|64|128|size)$/.exec(name);
  if (!m) return undefined;
  return T.machine(m[2] === 'size' ? 64 : Number(m[2]), m[1] === 'i', m[2] === 'size');
}

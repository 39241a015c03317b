import { SpecmutError, elementType, machineName, realToText, type Type, type Value } from '@specmut/core';

/** Dafny char/string escapes; anything outside printable ASCII as `\U{hex}` (Dafny 4's unicode chars). */
function escapeChar(c: string, quote: '"' | "'"): string {
  switch (c) {
    case '\\':
      return '\\\\';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    case '\0':
      return '\\0';
    case quote:
      return `\\${quote}`;
  }
  const cp = c.codePointAt(0)!;
  if (cp < 0x20 || cp > 0x7e) return `\\U{${cp.toString(16)}}`;
  return c;
}

export function renderChar(c: string): string {
  return `'${escapeChar(c, "'")}'`;
}

export function renderString(s: string): string {
  return `"${[...s].map((c) => escapeChar(c, '"')).join('')}"`;
}

const elementOf = (t: Type): Type => elementType(t) ?? t;

/** A Dafny expression denoting the value; arrays are written as the sequence of their contents. */
export function renderDafny(v: Value, t: Type): string {
  switch (v.kind) {
    case 'int':
      return v.value.toString();
    case 'bool':
      return v.value ? 'true' : 'false';
    case 'char':
      return renderChar(v.value);
    case 'real': {
      const text = realToText(v.num, v.den);
      return text.includes('/') ? `(${v.num}.0 / ${v.den}.0)` : text;
    }
    case 'float':
      throw new SpecmutError('unsupported', 'Dafny has no floating-point type to write a float value in');
    case 'seq': {
      const isString = t.kind === 'string' || (t.kind === 'seq' && t.elem.kind === 'char') || (t.kind === 'array' && t.dims === 1 && t.elem.kind === 'char');
      if (isString) return renderString(v.elems.map((c) => (c.kind === 'char' ? c.value : '')).join(''));
      return `[${v.elems.map((e) => renderDafny(e, elementOf(t))).join(', ')}]`;
    }
    case 'set':
      return `{${v.elems.map((e) => renderDafny(e, elementOf(t))).join(', ')}}`;
    case 'multiset':
      return `multiset{${v.elems.map((e) => renderDafny(e, elementOf(t))).join(', ')}}`;
    case 'map': {
      const [kt, vt] = t.kind === 'map' ? [t.key, t.value] : [t, t];
      return `map[${v.entries.map(([k, x]) => `${renderDafny(k, kt)} := ${renderDafny(x, vt)}`).join(', ')}]`;
    }
    case 'tuple':
      return `(${v.elems.map((e, i) => renderDafny(e, t.kind === 'tuple' ? t.elems[i]! : t)).join(', ')})`;
    case 'datatype': {
      if (t.kind !== 'datatype') throw new SpecmutError('unsupported', `cannot write a constructor value as a ${renderDafnyType(t)}`);
      const ctor = t.ctors.find((c) => c.name === v.ctor);
      if (!ctor) throw new SpecmutError('unsupported', `${t.name} has no constructor ${v.ctor}`);
      const head = `${t.name}.${v.ctor}`;
      if (v.fields.length === 0) return head;
      return `${head}(${v.fields.map((f, i) => renderDafny(f, ctor.fields[i]!.type)).join(', ')})`;
    }
  }
}

/** Dafny syntax of a model type, for local variable declarations in harnesses. */
export function renderDafnyType(t: Type): string {
  switch (t.kind) {
    case 'int':
    case 'nat':
    case 'bool':
    case 'char':
    case 'string':
    case 'real':
      return t.kind;
    case 'float':
      throw new SpecmutError('unsupported', 'Dafny has no floating-point type');
    case 'machine':
      // Dafny's fixed-width integers are newtypes a program declares, not built-in types.
      throw new SpecmutError('unsupported', `Dafny has no built-in ${machineName(t)} type`);
    case 'bitvector':
      return `bv${t.width}`;
    case 'seq':
    case 'set':
    case 'multiset':
      return `${t.kind}<${renderDafnyType(t.elem)}>`;
    case 'array':
      return `array${t.dims > 1 ? t.dims : ''}<${renderDafnyType(t.elem)}>`;
    case 'map':
      return `map<${renderDafnyType(t.key)}, ${renderDafnyType(t.value)}>`;
    case 'tuple':
      return `(${t.elems.map(renderDafnyType).join(', ')})`;
    case 'datatype':
      return t.args.length ? `${t.name}<${t.args.map(renderDafnyType).join(', ')}>` : t.name;
    case 'param':
    case 'opaque':
      return t.name;
  }
}

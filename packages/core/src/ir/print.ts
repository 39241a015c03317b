import type { Type } from '../model/types.js';
import { showType } from '../model/types.js';
import { charSeqToString, floatToText, isCharSeq, realToText, type Value } from '../model/values.js';
import type { Binder, Expr, Pattern } from './nodes.js';

/**
 * How explanations read for a language: its expression, value and type syntax and what it calls the
 * clauses. A backend gives its own (see `Backend.printer`); core's `DEBUG_PRINTER` is a neutral,
 * fully parenthesized form of the IR for any language without one (not meant to be parsed back).
 */
export interface Printer {
  expr(e: Expr): string;
  value(v: Value): string;
  type(t: Type): string;
  clause(role: 'precondition' | 'postcondition'): string;
}

/**
 * How a language writes the values whose syntax differs between languages, each given its parts already
 * shown. A backend's printer overrides what its language writes differently (see `valuePrinter`).
 */
export interface ValueSyntax {
  seq(elems: string[]): string;
  string(text: string): string;
  set(elems: string[]): string;
  multiset(elems: string[]): string;
  map(entries: [string, string][]): string;
  tuple(elems: string[]): string;
  datatype(ctor: string, fields: string[]): string;
}

const commas = (parts: string[]): string => parts.join(', ');

/** The neutral debug form: `[1, 2]`, `"abc"`, `set{1, 2}`, `map{1 -> 2}`, `Some(3)`. */
const DEBUG_VALUE_SYNTAX: ValueSyntax = {
  seq: (elems) => `[${commas(elems)}]`,
  string: (text) => JSON.stringify(text),
  set: (elems) => `set{${commas(elems)}}`,
  multiset: (elems) => `multiset{${commas(elems)}}`,
  map: (entries) => `map{${commas(entries.map(([k, x]) => `${k} -> ${x}`))}}`,
  tuple: (elems) => `(${commas(elems)})`,
  datatype: (ctor, fields) => (fields.length ? `${ctor}(${commas(fields)})` : ctor),
};

/** A value printer: the debug form, with the language's own syntax where `syntax` gives it. */
export function valuePrinter(syntax: Partial<ValueSyntax> = {}): (v: Value) => string {
  const w: ValueSyntax = { ...DEBUG_VALUE_SYNTAX, ...syntax };
  const show = (v: Value): string => {
    switch (v.kind) {
      case 'int':
        return v.value.toString();
      case 'bool':
        return String(v.value);
      case 'char':
        return `'${v.value}'`;
      case 'real':
        return realToText(v.num, v.den);
      case 'float':
        return floatToText(v.value);
      case 'seq':
        return isCharSeq(v) ? w.string(charSeqToString(v)) : w.seq(v.elems.map(show));
      case 'set':
        return w.set(v.elems.map(show));
      case 'multiset':
        return w.multiset(v.elems.map(show));
      case 'map':
        return w.map(v.entries.map(([k, x]) => [show(k), show(x)]));
      case 'tuple':
        return w.tuple(v.elems.map(show));
      case 'datatype':
        return w.datatype(v.ctor, v.fields.map(show));
    }
  };
  return show;
}

/** A value in the neutral debug form. */
export const showValue = valuePrinter();

function showBinder(b: Binder): string {
  return b.domain ? `${b.name} in ${showExpr(b.domain)}` : b.name;
}

export function showPattern(p: Pattern): string {
  switch (p.kind) {
    case 'wild':
      return '_';
    case 'bind':
      return p.pattern ? `${p.name}@${showPattern(p.pattern)}` : p.name;
    case 'lit':
      return showValue(p.value);
    case 'ctor':
      return p.args.length ? `${p.ctor}(${p.args.map(showPattern).join(', ')})` : p.ctor;
    case 'tuple':
      return `(${p.elems.map(showPattern).join(', ')})`;
    case 'seq':
      return `[${p.elems.map(showPattern).join(', ')}${p.rest ? `, ...${showPattern(p.rest)}` : ''}]`;
  }
}

/** Operators in infix form, everything else as `name(args)`; operands that are not atoms get parentheses. */
const INFIX: Partial<Record<string, string>> = { add: '+', sub: '-', mul: '*', pow: '^', div: 'div', mod: 'mod', eq: '=', ne: '≠', lt: '<', le: '≤', gt: '>', ge: '≥' };

const ATOMS = new Set(['specCall', 'lit', 'var', 'display', 'mapDisplay', 'call', 'prim', 'tuple', 'ctor', 'fnRef', 'apply', 'index', 'slice', 'field', 'tupleGet', 'convert', 'seqInit']);

function atom(e: Expr): string {
  const s = showExpr(e);
  return ATOMS.has(e.kind) ? s : `(${s})`;
}

const list = (es: readonly Expr[]): string => es.map(showExpr).join(', ');

function binders(e: { binders: Binder[]; range?: Expr | undefined }): string {
  return `${e.binders.map(showBinder).join(', ')}${e.range ? ` with ${showExpr(e.range)}` : ''}`;
}

/** An expression in the neutral debug form, e.g. `forall i in [0, n) ...` reads `forall i with (0 ≤ i) and (i < n). ...`. */
export function showExpr(e: Expr): string {
  switch (e.kind) {
    case 'lit':
      return showValue(e.value);
    case 'var':
      return e.name;
    case 'arith':
      return `${atom(e.left)} ${INFIX[e.op]} ${atom(e.right)}`;
    case 'neg':
      return `-${atom(e.arg)}`;
    case 'div':
      return `${atom(e.left)} ${INFIX[e.op]} ${atom(e.right)}`;
    case 'cmp':
      return `${atom(e.left)} ${INFIX[e.op]} ${atom(e.right)}`;
    case 'not':
      return `not ${atom(e.arg)}`;
    case 'and':
      return e.args.length ? e.args.map(atom).join(' and ') : 'true';
    case 'or':
      return e.args.length ? e.args.map(atom).join(' or ') : 'false';
    case 'implies':
      return `${atom(e.left)} implies ${atom(e.right)}`;
    case 'iff':
      return `${atom(e.left)} iff ${atom(e.right)}`;
    case 'ite':
      return `if ${showExpr(e.cond)} then ${showExpr(e.then)} else ${showExpr(e.else)}`;
    case 'let':
      return `let ${e.bindings.map((b) => `${showPattern(b.pattern)} = ${showExpr(b.value)}`).join(', ')} in ${showExpr(e.body)}`;
    case 'index':
      return `${atom(e.target)}[${showExpr(e.index)}]`;
    case 'slice':
      return `${atom(e.target)}[${e.from ? showExpr(e.from) : ''}:${e.to ? showExpr(e.to) : ''}]`;
    case 'update':
      return `update(${showExpr(e.target)}, ${showExpr(e.key)}, ${showExpr(e.value)})`;
    case 'prim':
      return `${e.op}(${list(e.args)})`;
    case 'display':
      return e.coll === 'seq' ? `[${list(e.elems)}]` : `${e.coll}{${list(e.elems)}}`;
    case 'mapDisplay':
      return `map{${e.entries.map((x) => `${showExpr(x.key)} -> ${showExpr(x.value)}`).join(', ')}}`;
    case 'seqInit':
      return `seqInit(${showExpr(e.length)}, ${showExpr(e.fn)})`;
    case 'quant':
      return `${e.quant} ${binders(e)}. ${showExpr(e.body)}`;
    case 'setComp':
      return `${e.coll}{${e.term ? `${showExpr(e.term)} for ` : ''}${binders(e)}}`;
    case 'mapComp':
      return `map{${e.key ? showExpr(e.key) : e.binders[0]?.name ?? '?'} -> ${showExpr(e.value)} for ${binders(e)}}`;
    case 'call':
      return `${e.fn}(${list(e.args)})`;
    case 'fnRef':
      return e.fn;
    case 'lambda':
      return `fun ${e.params.map((p) => p.name).join(' ')} -> ${showExpr(e.body)}`;
    case 'apply':
      return `${atom(e.fn)}(${list(e.args)})`;
    case 'tuple':
      return `(${list(e.elems)})`;
    case 'tupleGet':
      return `${atom(e.target)}.${e.index}`;
    case 'ctor':
      return e.args.length ? `${e.ctor}(${list(e.args)})` : e.ctor;
    case 'field':
      return `${atom(e.target)}.${e.field}`;
    case 'isCtor':
      return `is ${e.ctor}(${showExpr(e.target)})`;
    case 'match':
      return `match ${showExpr(e.target)} with ${e.cases.map((c) => `| ${showPattern(c.pattern)}${c.guard ? ` if ${showExpr(c.guard)}` : ''} -> ${showExpr(c.body)}`).join(' ')}`;
    case 'convert':
      return `${e.conv}(${showExpr(e.arg)})`;
    case 'withFields':
      return `${atom(e.target)} with {${e.updates.map((u) => `${u.field} = ${showExpr(u.value)}`).join(', ')}}`;
    case 'specCall':
      return `${e.fn}(${list(e.args)})`;
    case 'unsupported':
      return `<unsupported: ${e.construct}>`;
  }
}

export const DEBUG_PRINTER: Printer = {
  expr: showExpr,
  value: showValue,
  type: showType,
  clause: (role) => role,
};

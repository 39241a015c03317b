import { charSeqToString, isCharSeq, realToText, type Value } from '../model/values.js';
import type { Binder, Expr, Pattern } from './nodes.js';

const CMP_TEXT = { eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=' } as const;
const ARITH_TEXT = { add: '+', sub: '-', mul: '*', pow: '^' } as const;

/** A value as a spec writer reads it: `[1, 2]`, `"abc"`, `{1, 2}`, `map[1 := 2]`, `Some(3)`. */
export function showValue(v: Value): string {
  switch (v.kind) {
    case 'int':
      return v.value.toString();
    case 'bool':
      return String(v.value);
    case 'char':
      return `'${v.value}'`;
    case 'real':
      return realToText(v.num, v.den);
    case 'seq':
      return isCharSeq(v) ? JSON.stringify(charSeqToString(v)) : `[${v.elems.map(showValue).join(', ')}]`;
    case 'set':
      return `{${v.elems.map(showValue).join(', ')}}`;
    case 'multiset':
      return `multiset{${v.elems.map(showValue).join(', ')}}`;
    case 'map':
      return `map[${v.entries.map(([k, x]) => `${showValue(k)} := ${showValue(x)}`).join(', ')}]`;
    case 'tuple':
      return `(${v.elems.map(showValue).join(', ')})`;
    case 'datatype':
      return v.fields.length ? `${v.ctor}(${v.fields.map(showValue).join(', ')})` : v.ctor;
  }
}

function showBinder(b: Binder): string {
  return b.domain ? `${b.name} <- ${showExpr(b.domain)}` : b.name;
}

export function showPattern(p: Pattern): string {
  switch (p.kind) {
    case 'wild':
      return '_';
    case 'bind':
      return p.pattern ? `${showPattern(p.pattern)} as ${p.name}` : p.name;
    case 'lit':
      return showValue(p.value);
    case 'ctor':
      return p.args.length ? `${p.ctor}(${p.args.map(showPattern).join(', ')})` : p.ctor;
    case 'tuple':
      return `(${p.elems.map(showPattern).join(', ')})`;
    case 'seq':
      return p.rest ? `${[...p.elems.map(showPattern), showPattern(p.rest)].join(' :: ')}` : `[${p.elems.map(showPattern).join(', ')}]`;
  }
}

/** Wraps compound operands in parentheses so the text reads unambiguously. */
function operand(e: Expr): string {
  const s = showExpr(e);
  switch (e.kind) {
    case 'lit':
    case 'var':
    case 'index':
    case 'slice':
    case 'call':
    case 'field':
    case 'tupleGet':
    case 'tuple':
    case 'display':
    case 'prim':
    case 'ctor':
    case 'apply':
      return s;
    default:
      return `(${s})`;
  }
}

/**
 * A readable, language-neutral rendering of an expression (Dafny-like), used in explanations. It is
 * not meant to be parsed back.
 */
export function showExpr(e: Expr): string {
  switch (e.kind) {
    case 'lit':
      return showValue(e.value);
    case 'var':
      return e.name;
    case 'arith':
      return `${operand(e.left)} ${ARITH_TEXT[e.op]} ${operand(e.right)}`;
    case 'neg':
      return `-${operand(e.arg)}`;
    case 'div':
      return `${operand(e.left)} ${e.op === 'div' ? '/' : '%'} ${operand(e.right)}`;
    case 'cmp':
      return `${operand(e.left)} ${CMP_TEXT[e.op]} ${operand(e.right)}`;
    case 'not':
      return `!${operand(e.arg)}`;
    case 'and':
      return e.args.length ? e.args.map(operand).join(' && ') : 'true';
    case 'or':
      return e.args.length ? e.args.map(operand).join(' || ') : 'false';
    case 'implies':
      return `${operand(e.left)} ==> ${operand(e.right)}`;
    case 'iff':
      return `${operand(e.left)} <==> ${operand(e.right)}`;
    case 'ite':
      return `if ${showExpr(e.cond)} then ${showExpr(e.then)} else ${showExpr(e.else)}`;
    case 'let':
      return `var ${e.bindings.map((b) => `${showPattern(b.pattern)} := ${showExpr(b.value)}`).join(', ')}; ${showExpr(e.body)}`;
    case 'index':
      return `${operand(e.target)}[${showExpr(e.index)}]`;
    case 'slice':
      return `${operand(e.target)}[${e.from ? showExpr(e.from) : ''}..${e.to ? showExpr(e.to) : ''}]`;
    case 'update':
      return `${operand(e.target)}[${showExpr(e.key)} := ${showExpr(e.value)}]`;
    case 'prim':
      if (e.op === 'card' && e.args.length === 1) return `|${showExpr(e.args[0]!)}|`;
      if (e.op === 'in' && e.args.length === 2) return `${operand(e.args[0]!)} in ${operand(e.args[1]!)}`;
      return `${e.op}(${e.args.map(showExpr).join(', ')})`;
    case 'display': {
      const inner = e.elems.map(showExpr).join(', ');
      return e.coll === 'seq' ? `[${inner}]` : e.coll === 'set' ? `{${inner}}` : `multiset{${inner}}`;
    }
    case 'mapDisplay':
      return `map[${e.entries.map((x) => `${showExpr(x.key)} := ${showExpr(x.value)}`).join(', ')}]`;
    case 'seqInit':
      return `seq(${showExpr(e.length)}, ${showExpr(e.fn)})`;
    case 'quant':
      return `${e.quant} ${e.binders.map(showBinder).join(', ')}${e.range ? ` | ${showExpr(e.range)}` : ''} :: ${showExpr(e.body)}`;
    case 'setComp':
      return `${e.coll} ${e.binders.map(showBinder).join(', ')}${e.range ? ` | ${showExpr(e.range)}` : ''}${e.term ? ` :: ${showExpr(e.term)}` : ''}`;
    case 'mapComp':
      return `map ${e.binders.map(showBinder).join(', ')}${e.range ? ` | ${showExpr(e.range)}` : ''} :: ${e.key ? `${showExpr(e.key)} := ` : ''}${showExpr(e.value)}`;
    case 'call':
      return `${e.fn}(${e.args.map(showExpr).join(', ')})`;
    case 'fnRef':
      return e.fn;
    case 'lambda':
      return `(${e.params.map((p) => p.name).join(', ')}) => ${showExpr(e.body)}`;
    case 'apply':
      return `${operand(e.fn)}(${e.args.map(showExpr).join(', ')})`;
    case 'tuple':
      return `(${e.elems.map(showExpr).join(', ')})`;
    case 'tupleGet':
      return `${operand(e.target)}.${e.index}`;
    case 'ctor':
      return e.args.length ? `${e.ctor}(${e.args.map(showExpr).join(', ')})` : e.ctor;
    case 'field':
      return `${operand(e.target)}.${e.field}`;
    case 'isCtor':
      return `${operand(e.target)}.${e.ctor}?`;
    case 'match':
      return `match ${showExpr(e.target)} { ${e.cases.map((c) => `case ${showPattern(c.pattern)}${c.guard ? ` if ${showExpr(c.guard)}` : ''} => ${showExpr(c.body)}`).join(' ')} }`;
    case 'convert':
      return `${e.conv}(${showExpr(e.arg)})`;
    case 'unsupported':
      return `<unsupported: ${e.construct}>`;
  }
}

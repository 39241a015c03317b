import { valuePrinter, type Binder, type Expr, type Pattern, type Printer, type Value } from '@specmut/core';
import { renderDafnyType } from './render.js';

const CMP_TEXT = { eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=' } as const;
const ARITH_TEXT = { add: '+', sub: '-', mul: '*', pow: '^' } as const;

/** A value as Dafny writes it: `[1, 2]`, `"abc"`, `{1, 2}`, `map[1 := 2]`, `Some(3)`. */
const showValue = valuePrinter({
  set: (elems) => `{${elems.join(', ')}}`,
  map: (entries) => `map[${entries.map(([k, x]) => `${k} := ${x}`).join(', ')}]`,
});

function showBinder(b: Binder): string {
  return b.domain ? `${b.name} <- ${showExpr(b.domain)}` : b.name;
}

function showPattern(p: Pattern): string {
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

/** Binding strength, Dafny's: higher binds tighter. */
function precedence(e: Expr): number {
  switch (e.kind) {
    case 'iff':
      return 1;
    case 'implies':
      return 2;
    case 'and':
    case 'or':
      return 3;
    case 'cmp':
      return 4;
    case 'prim':
      return e.op === 'in' ? 4 : 9;
    case 'arith':
      return e.op === 'mul' || e.op === 'pow' ? 6 : 5;
    case 'div':
      return 6;
    case 'not':
    case 'neg':
      return 7;
    case 'quant':
    case 'let':
    case 'ite':
    case 'lambda':
    case 'setComp':
    case 'mapComp':
    case 'match':
      return 0;
    default:
      return 9;
  }
}

/** `e` as an operand of an operator of strength `min`: parenthesized when it binds more loosely (or equally, when `strict`). */
function operand(e: Expr, min = 8, strict = false): string {
  const s = showExpr(e);
  const p = precedence(e);
  return p < min || (strict && p === min) ? `(${s})` : s;
}

/** An IR expression in Dafny's syntax, for explanations (not meant to be parsed back). */
function showExpr(e: Expr): string {
  switch (e.kind) {
    case 'lit':
      return showValue(e.value);
    case 'var':
      return e.name;
    case 'arith':
      {
      const p = precedence(e);
      return `${operand(e.left, p)} ${ARITH_TEXT[e.op]} ${operand(e.right, p, true)}`;
    }
    case 'neg':
      return `-${operand(e.arg, 7)}`;
    case 'div':
      return `${operand(e.left, 6)} ${e.op === 'div' ? '/' : '%'} ${operand(e.right, 6, true)}`;
    case 'cmp':
      return `${operand(e.left, 5)} ${CMP_TEXT[e.op]} ${operand(e.right, 5)}`;
    case 'not':
      return `!${operand(e.arg, 7)}`;
    case 'and':
      return e.args.length ? e.args.map((a) => operand(a, 4)).join(' && ') : 'true';
    case 'or':
      return e.args.length ? e.args.map((a) => operand(a, 4)).join(' || ') : 'false';
    case 'implies':
      return `${operand(e.left, 3)} ==> ${operand(e.right, 2)}`;
    case 'iff':
      return `${operand(e.left, 2)} <==> ${operand(e.right, 2)}`;
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
      if (e.op === 'in' && e.args.length === 2) return `${operand(e.args[0]!, 5)} in ${operand(e.args[1]!, 5)}`;
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
    case 'specCall':
      return `${e.fn}(${e.args.map(showExpr).join(', ')})`;
    case 'withFields':
      return `${operand(e.target)}.(${e.updates.map((u) => `${u.field} := ${showExpr(u.value)}`).join(', ')})`;
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

/** How the evaluator's explanations of Dafny specs read: Dafny's syntax and clause keywords. */
export const dafnyPrinter: Printer = {
  expr: showExpr,
  value: showValue,
  type: renderDafnyType,
  clause: (role) => (role === 'precondition' ? 'requires' : 'ensures'),
};

import { charSeqToString, DEBUG_PRINTER, isCharSeq, type Expr, type Pattern, type Printer, type Value } from '@specmut/core';
import { renderLeanChar, renderLeanString, renderLeanType } from './render.js';

/** A value as Lean would show it, without its type: `[1, 2]`, `"abc"`, `'a'`, `some 3`, `(1, 2)`. */
function showLeanValue(v: Value): string {
  switch (v.kind) {
    case 'int':
      return v.value < 0n ? `(${v.value})` : v.value.toString();
    case 'char':
      return renderLeanChar(v.value);
    case 'seq':
      return isCharSeq(v) ? renderLeanString(charSeqToString(v)) : `[${v.elems.map(showLeanValue).join(', ')}]`;
    case 'tuple':
      return `(${v.elems.map(showLeanValue).join(', ')})`;
    case 'datatype':
      return v.fields.length ? `(${v.ctor} ${v.fields.map(showLeanValue).join(' ')})` : v.ctor;
    default:
      return DEBUG_PRINTER.value(v);
  }
}

const CMP = { eq: '=', ne: '≠', lt: '<', le: '≤', gt: '>', ge: '≥' } as const;
const ARITH = { add: '+', sub: '-', mul: '*', pow: '^' } as const;
/** Library operations as the Lean function a reader would recognise (receiver first). */
const PRIM: Partial<Record<string, string>> = {
  card: 'length', concat: 'append', reverse: 'reverse', take: 'take', drop: 'drop', map: 'map', filter: 'filter',
  all: 'all', any: 'any', count: 'countP', sum: 'sum', foldl: 'foldl', foldr: 'foldr', zip: 'zip', multiplicity: 'count',
  dedup: 'eraseDups', mergeSort: 'mergeSort', prefix: 'isPrefixOf', toMultiset: 'toMultiset', toSet: 'toFinset',
};

function atom(e: Expr): string {
  const s = showLeanExpr(e);
  return ['var', 'lit', 'tuple', 'display', 'index', 'field', 'tupleGet'].includes(e.kind) || (e.kind === 'prim' && e.args.length <= 1) ? s : `(${s})`;
}

function pattern(p: Pattern): string {
  switch (p.kind) {
    case 'wild': return '_';
    case 'bind': return p.name;
    case 'lit': return showLeanValue(p.value);
    case 'ctor': return p.args.length ? `${p.ctor} ${p.args.map(pattern).join(' ')}` : p.ctor;
    case 'tuple': return `(${p.elems.map(pattern).join(', ')})`;
    case 'seq': return p.rest ? [...p.elems.map(pattern), pattern(p.rest)].join(' :: ') : `[${p.elems.map(pattern).join(', ')}]`;
  }
}

/** A lowered term in Lean notation (sugar the lowering removed stays removed). */
export function showLeanExpr(e: Expr): string {
  switch (e.kind) {
    case 'lit': return showLeanValue(e.value);
    case 'var': return e.name;
    case 'arith': return `${atom(e.left)} ${ARITH[e.op]} ${atom(e.right)}`;
    case 'div': return `${atom(e.left)} ${e.op === 'div' ? '/' : '%'} ${atom(e.right)}`;
    case 'neg': return `-${atom(e.arg)}`;
    case 'cmp': return `${atom(e.left)} ${CMP[e.op]} ${atom(e.right)}`;
    case 'not': return `¬${atom(e.arg)}`;
    case 'and': return e.args.length ? e.args.map(atom).join(' ∧ ') : 'True';
    case 'or': return e.args.length ? e.args.map(atom).join(' ∨ ') : 'False';
    case 'implies': return `${atom(e.left)} → ${atom(e.right)}`;
    case 'iff': return `${atom(e.left)} ↔ ${atom(e.right)}`;
    case 'ite': return `if ${showLeanExpr(e.cond)} then ${showLeanExpr(e.then)} else ${showLeanExpr(e.else)}`;
    case 'let': return `${e.bindings.map((b) => `let ${pattern(b.pattern)} := ${showLeanExpr(b.value)}; `).join('')}${showLeanExpr(e.body)}`;
    case 'index': return `${atom(e.target)}[${showLeanExpr(e.index)}]!`;
    case 'display': return e.coll === 'seq' ? `[${e.elems.map(showLeanExpr).join(', ')}]` : DEBUG_PRINTER.expr(e);
    case 'quant': {
      const names = e.binders.map((b) => (b.domain ? `${b.name} ∈ ${showLeanExpr(b.domain)}` : b.name)).join(' ');
      const body = e.range ? `${atom(e.range)} ${e.quant === 'forall' ? '→' : '∧'} ${showLeanExpr(e.body)}` : showLeanExpr(e.body);
      return `${e.quant === 'forall' ? '∀' : '∃'} ${names}, ${body}`;
    }
    case 'prim': {
      if (e.op === 'in' && e.args.length === 2) return `${atom(e.args[0]!)} ∈ ${atom(e.args[1]!)}`;
      const name = PRIM[e.op] ?? e.op;
      // function-first library operations (map, filter, foldl...) read receiver-first in Lean
      const [first, ...rest] = ['map', 'filter', 'all', 'any', 'count', 'foldl', 'foldr', 'mergeSort'].includes(e.op) ? [e.args.at(-1)!, ...e.args.slice(0, -1)] : e.args;
      return first ? `${atom(first)}.${name}${rest.map((a) => ` ${atom(a)}`).join('')}` : name;
    }
    case 'call': return e.args.length ? `${e.fn} ${e.args.map(atom).join(' ')}` : e.fn;
    case 'lambda': return `fun ${e.params.map((p) => p.name).join(' ')} => ${showLeanExpr(e.body)}`;
    case 'apply': return `${atom(e.fn)} ${e.args.map(atom).join(' ')}`;
    case 'tuple': return `(${e.elems.map(showLeanExpr).join(', ')})`;
    case 'tupleGet': return `${atom(e.target)}.${e.index + 1}`;
    case 'ctor': return e.args.length ? `${e.ctor} ${e.args.map(atom).join(' ')}` : e.ctor;
    case 'field': return `${atom(e.target)}.${typeof e.field === 'number' ? e.field + 1 : e.field}`;
    case 'match': return `match ${showLeanExpr(e.target)} with ${e.cases.map((c) => `| ${pattern(c.pattern)} => ${showLeanExpr(c.body)}`).join(' ')}`;
    case 'convert': {
      const shown = { charToInt: `${atom(e.arg)}.toNat`, intToChar: `Char.ofNat ${atom(e.arg)}`, intToFloat: `${atom(e.arg)}.toFloat` } as Record<string, string>;
      return shown[e.conv] ?? DEBUG_PRINTER.expr(e);
    }
    case 'unsupported': return `⟪${e.construct}⟫`;
    default: return DEBUG_PRINTER.expr(e);
  }
}

/**
 * Explanations of Lean specs: terms, values and types in Lean notation, clauses named as VERINA
 * names them.
 */
export const leanPrinter: Printer = {
  expr: showLeanExpr,
  value: showLeanValue,
  type: renderLeanType,
  clause: (role) => (role === 'precondition' ? 'precondition' : 'postcondition'),
};

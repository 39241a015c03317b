import { charSeqToString, DEBUG_PRINTER, isCharSeq, type Printer, type Value } from '@specmut/core';
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

/**
 * Explanations of Lean specs: values and types in Lean syntax, clauses named as VERINA names them;
 * expressions keep core's neutral form (they are lowered terms, often with Lean's sugar gone).
 */
export const leanPrinter: Printer = {
  expr: DEBUG_PRINTER.expr,
  value: showLeanValue,
  type: renderLeanType,
  clause: (role) => (role === 'precondition' ? 'precondition' : 'postcondition'),
};

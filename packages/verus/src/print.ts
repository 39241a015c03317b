import { DEBUG_PRINTER, valuePrinter, type Printer } from '@specmut/core';
import { renderVerusString, renderVerusType } from './render.js';

/**
 * Values as Verus writes them without their types (`seq![1, 2]`, `"ab"`, `Some(3)`, `(1, true)`),
 * types in Verus syntax, clauses by their keyword; expressions keep core's neutral form.
 */
export const verusPrinter: Printer = {
  expr: DEBUG_PRINTER.expr,
  value: valuePrinter({
    seq: (elems) => `seq![${elems.join(', ')}]`,
    string: (text) => renderVerusString(text),
    set: (elems) => `set![${elems.join(', ')}]`,
    multiset: (elems) => `seq![${elems.join(', ')}].to_multiset()`,
    map: (entries) => `map![${entries.map(([k, v]) => `${k} => ${v}`).join(', ')}]`,
    tuple: (elems) => (elems.length === 1 ? `(${elems[0]},)` : `(${elems.join(', ')})`),
    datatype: (ctor, fields) => (fields.length ? `${ctor}(${fields.join(', ')})` : ctor),
  }),
  type: renderVerusType,
  clause: (role) => (role === 'precondition' ? 'requires' : 'ensures'),
};

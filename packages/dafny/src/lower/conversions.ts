import { NAT, type Expr, type Type } from '@specmut/core';
import type { Node } from '../syntax/parser.js';
import { checked } from './checks.js';
import type { Lowered, LowerContext } from './context.js';
import { ask } from './infer.js';
import type { Scope } from './scope.js';
import { subsetConstraints } from './subsets.js';
import { known } from './types.js';
import { unsupportedAt } from './unsupported.js';

const NUMERIC_SOURCES = new Set(['int', 'nat', 'bitvector']);

/**
 * `e as T`. Every Dafny numeric conversion is checked: `r as int` needs an integral real (Dafny asks for
 * `.Floor` otherwise), `x as nat` a non-negative int, `n as char` a valid code point, `n as bv8` a value
 * in range, `x as Small` the subset constraint. A failed check is a not-well-formed expression.
 */
export function lowerAs(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const E = cx.E;
  const src = cx.expr(node.childForFieldName('expression')!, scope);
  const target = cx.type(node.childForFieldName('type')!);
  const from = known(ask(src));
  const to = target.type;
  const loc = cx.loc(node);
  if (!from) unsupportedAt(`conversion to ${node.childForFieldName('type')!.text} from a value whose type the lowering cannot tell`, node);
  const fail = (): never => unsupportedAt(`conversion from ${from.kind} to ${node.childForFieldName('type')!.text}`, node);

  let e: Expr;
  switch (to.kind) {
    case 'int':
    case 'nat':
      if (from.kind === 'char') e = E.charToInt(src.e);
      else if (from.kind === 'real') e = exactFloor(cx, src.e, loc);
      else if (NUMERIC_SOURCES.has(from.kind)) e = src.e;
      else return fail();
      if (to.kind === 'nat') e = E.intCast(e, NAT);
      break;
    case 'real':
      if (from.kind === 'real') e = src.e;
      else if (NUMERIC_SOURCES.has(from.kind)) e = E.intToReal(src.e);
      else return fail();
      break;
    case 'char':
      if (from.kind === 'char') e = src.e;
      else if (NUMERIC_SOURCES.has(from.kind)) e = E.intToChar(src.e);
      else return fail();
      break;
    case 'bitvector': {
      const domain = { kind: 'machine', bits: to.width, signed: false, overflow: 'error' } as const;
      if (from.kind === 'char') e = E.intCast(E.charToInt(src.e), domain);
      else if (NUMERIC_SOURCES.has(from.kind)) e = E.intCast(src.e, domain);
      else return fail();
      break;
    }
    default:
      return fail();
  }
  e.loc = loc;
  if (target.subset) {
    const v = cx.fresh('as');
    const constraints = subsetConstraints(cx, target.subset, v);
    e = E.let(v, e, checked(E.and(...constraints), E.v(v), loc, `the value must satisfy the constraint of ${target.subset.name}`));
  }
  return { e, t: to as Type, newtype: target.subset?.decl.kind === 'newtype' ? target.subset : undefined };
}

/** `r as int` for a real: its floor, provided it is an integer already. */
function exactFloor(cx: LowerContext, r: Expr, loc: Lowered['e']['loc']): Expr {
  const E = cx.E;
  const v = cx.fresh('real');
  const floor = E.realFloor(E.v(v));
  return E.let(v, r, checked(E.eq(E.intToReal(floor), E.v(v)), E.realFloor(E.v(v)), loc, 'as int needs a real that is an integer'));
}


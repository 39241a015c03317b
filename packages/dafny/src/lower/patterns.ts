import { lowerLetSuchThat } from './quantifiers.js';
import { P, V, type MatchCase, type Pattern, type Type } from '@specmut/core';
import { fields, named, type Node } from '../syntax/parser.js';
import type { Lowered, LowerContext } from './context.js';
import { charValue, integerValue, realValue, stringValue } from './literals.js';
import { binding, type Binding, type Scope } from './scope.js';
import { known } from './types.js';
import { unsupportedAt } from './unsupported.js';

function fieldTypes(cx: LowerContext, ctorName: string, expected: Type | undefined): (Type | undefined)[] {
  if (expected?.kind === 'datatype') {
    const c = expected.ctors.find((x) => x.name === ctorName);
    if (c) return c.fields.map((f) => known(f.type));
  }
  const info = cx.ctor(ctorName, expected?.kind === 'datatype' ? expected.name : undefined);
  return info ? info.fields.map((f) => known(cx.type(f.typeNode).type)) : [];
}

/**
 * A Dafny pattern as an IR pattern; the variables it binds go to `out` (typed from the matched value's
 * type where known). A bare name that is a constructor (`case Nil`) is a constructor pattern, not a
 * variable, and `_` is a wildcard, as in Dafny.
 */
export function lowerPattern(cx: LowerContext, node: Node, expected: Type | undefined, out: Binding[]): Pattern {
  switch (node.type) {
    case 'bound_variable': {
      const name = node.childForFieldName('name')!.text;
      const typeNode = node.childForFieldName('type');
      if (name === '_') return P.wild;
      // Only a value of a datatype (or of a type the lowering cannot tell) can match a constructor.
      const ctor = !typeNode && (!expected || expected.kind === 'datatype') ? cx.ctor(name, expected?.kind === 'datatype' ? expected.name : undefined) : undefined;
      if (ctor && ctor.fields.length === 0) return P.ctor(name);
      const resolved = typeNode ? cx.type(typeNode) : undefined;
      out.push(binding(name, resolved?.type ?? known(expected), resolved?.subset));
      return P.bind(name);
    }
    case 'constructor_pattern': {
      const name = node.childForFieldName('constructor')!.text;
      const types = fieldTypes(cx, name, expected);
      return P.ctor(name, ...fields(node, 'argument').map((a, i) => lowerPattern(cx, a, types[i], out)));
    }
    case 'tuple_pattern': {
      const elems = fields(node, 'element');
      // `(p)` is a parenthesized pattern, not a 1-tuple.
      if (elems.length === 1) return lowerPattern(cx, elems[0]!, expected, out);
      const types = expected?.kind === 'tuple' ? expected.elems : [];
      return P.tuple(...elems.map((e, i) => lowerPattern(cx, e, known(types[i]), out)));
    }
    case 'boolean_literal':
      return P.lit(V.bool(node.text === 'true'));
    case 'integer_literal':
      return P.lit(V.int(integerValue(node.text)));
    case 'real_literal':
      return P.lit(realValue(node.text));
    case 'char_literal':
      return P.lit(charValue(node.text));
    case 'string_literal':
      return P.lit(stringValue(node.text));
    case 'unary_expression': {
      const operand = node.childForFieldName('operand')!;
      if (operand.type === 'integer_literal') return P.lit(V.int(-integerValue(operand.text)));
      return P.lit(realValue(operand.text, true));
    }
    default:
      return unsupportedAt(`pattern ${node.type}`, node);
  }
}

/** `match e { case p => b ... }`; a disjunctive `case A | B => b` becomes one case per alternative. */
export function lowerMatch(cx: LowerContext, node: Node, scope: Scope, expected?: Type): Lowered {
  const target = cx.expr(node.childForFieldName('value')!, scope);
  const cases: MatchCase[] = [];
  let type: Type | undefined;
  for (const c of named(node).filter((n) => n.type === 'case')) {
    const patternNode = c.childForFieldName('pattern')!;
    const alternatives = patternNode.type === 'disjunctive_pattern' ? fields(patternNode, 'alternative') : [patternNode];
    for (const alt of alternatives) {
      const bound: Binding[] = [];
      const pattern = lowerPattern(cx, alt, known(target.t), bound);
      const body = cx.expr(c.childForFieldName('body')!, scope.with(bound), expected);
      type ??= known(body.t);
      cases.push({ pattern, body: body.e });
    }
  }
  return { e: cx.E.match(target.e, cases), t: type };
}

/**
 * `var p := e; body` (patterns bind left to right); `var x, y := a, b; body` binds simultaneously, so
 * it matches the tuple `(a, b)` against `(x, y)`. `:|` (an arbitrary choice) and `:-` are unsupported.
 */
export function lowerLet(cx: LowerContext, node: Node, scope: Scope, expected?: Type): Lowered {
  const op = node.childForFieldName('operator')?.text;
  if (op === ':|') return lowerLetSuchThat(cx, node, scope, expected);
  if (op !== ':=') unsupportedAt(`let with ${op}`, node);
  const patterns = fields(node, 'pattern');
  const values = fields(node, 'value').map((v) => cx.expr(v, scope));
  if (patterns.length !== values.length) unsupportedAt('let with different numbers of patterns and values', node);
  const bound: Binding[] = [];
  let pattern: Pattern;
  let value;
  if (patterns.length === 1) {
    pattern = lowerPattern(cx, patterns[0]!, known(values[0]!.t), bound);
    value = values[0]!.e;
    if (bound.length === 1 && pattern.kind === 'bind') {
      bound[0]!.soft = values[0]!.soft;
      bound[0]!.subset ??= values[0]!.newtype;
    }
  } else {
    pattern = P.tuple(...patterns.map((p, i) => lowerPattern(cx, p, known(values[i]!.t), bound)));
    value = cx.E.tuple(...values.map((v) => v.e));
  }
  const body = cx.expr(node.childForFieldName('body')!, scope.with(bound), expected);
  return { e: cx.E.let(pattern, value, body.e), t: body.t, soft: body.soft };
}


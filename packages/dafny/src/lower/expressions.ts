import { T, V, preStateName, type Expr, type Type } from '@specmut/core';
import { fields, type Node } from '../syntax/parser.js';
import { lowerCall } from './calls.js';
import { checked } from './checks.js';
import type { Lowered, LowerContext } from './context.js';
import { lowerAs } from './conversions.js';
import { isValueDecl, memberFunction, valueOf } from './functions.js';
import { charValue, integerValue, realValue, stringValue } from './literals.js';
import { lowerCardinality, lowerDatatypeUpdate, lowerIndex, lowerMember, lowerSlice, lowerSliceByLength, lowerUpdate } from './members.js';
import { lowerBinary, lowerBullet, lowerUnary } from './operators.js';
import { lowerLet, lowerMatch } from './patterns.js';
import { lowerLambda, lowerMapComprehension, lowerQuantifier, lowerSetComprehension } from './quantifiers.js';
import type { Scope } from './scope.js';
import { isBitvector, known } from './types.js';
import { unsupportedAt } from './unsupported.js';

/** The Dafny expression at `node` in IR, with its static type where the lowering can tell. */
export function lowerExpression(cx: LowerContext, node: Node, scope: Scope, expected?: Type): Lowered {
  const E = cx.E;
  switch (node.type) {
    case 'identifier':
      return lowerName(cx, node.text, node, scope);
    case 'generic_name':
      return lowerName(cx, node.childForFieldName('name')!.text, node, scope);
    case 'boolean_literal':
      return { e: E.bool(node.text === 'true'), t: T.bool };
    case 'integer_literal':
      // A literal takes the bit-vector type its context wants; otherwise it is an int, softly.
      if (isBitvector(expected)) return { e: E.lit(V.int(integerValue(node.text))), t: expected };
      return { e: E.lit(V.int(integerValue(node.text))), t: T.int, soft: true };
    case 'real_literal':
      return { e: E.lit(realValue(node.text)), t: T.real };
    case 'char_literal':
      return { e: E.lit(charValue(node.text)), t: T.char };
    case 'string_literal':
      return { e: E.lit(stringValue(node.text)), t: T.string };
    case 'this_expression':
      return lowerName(cx, 'this', node, scope);
    case 'parenthesized_expression':
      return cx.expr(node.childForFieldName('expression')!, scope, expected);
    case 'old_expression': {
      // old(e) is e on the inputs: the parameters the method changes in place denote their pre-state
      // (bound by core under preStateName); everything else is the same before and after.
      const modified = [...(scope.frame.signature?.modified ?? [])].filter((m) => scope.isRootBinding(m));
      const pre = modified.map((m) => ({ ...scope.lookup(m)!, ir: preStateName(m) }));
      return cx.expr(node.childForFieldName('expression')!, scope.with(pre));
    }
    case 'fresh_expression':
      return lowerFresh(cx, node, scope);
    case 'allocated_expression':
    case 'unchanged_expression':
      // Every object of a triple is allocated, and nothing changes between the inputs and the check.
      return { e: E.bool(true), t: T.bool };
    case 'cardinality_expression':
      return lowerCardinality(cx, node, scope);
    case 'tuple_expression': {
      const elems = fields(node, 'element').map((x) => cx.expr(x, scope));
      return { e: E.tuple(...elems.map((x) => x.e)), t: T.tuple(...elems.map((x) => known(x.t) ?? T.opaque('?'))) };
    }
    case 'sequence_display':
      return display(cx, node, scope, 'seq');
    case 'set_display':
      return display(cx, node, scope, 'set');
    case 'multiset_display':
      return display(cx, node, scope, 'multiset');
    case 'map_display': {
      const entries = fields(node, 'entry').map((x) => [cx.expr(x.childForFieldName('key')!, scope), cx.expr(x.childForFieldName('value')!, scope)] as const);
      const first = entries[0];
      return { e: E.map(...entries.map(([k, v]): [Expr, Expr] => [k.e, v.e])), t: first && T.map(known(first[0].t) ?? T.opaque('?'), known(first[1].t) ?? T.opaque('?')) };
    }
    case 'multiset_conversion': {
      const x = cx.expr(node.childForFieldName('expression')!, scope);
      const t = known(x.t);
      const elem = t && (t.kind === 'seq' || t.kind === 'set' || t.kind === 'multiset') ? t.elem : t?.kind === 'string' ? T.char : undefined;
      return { e: E.toMultiset(x.e), t: elem && T.multiset(elem) };
    }
    case 'seq_constructor': {
      const length = cx.expr(node.childForFieldName('length')!, scope);
      const init = cx.expr(node.childForFieldName('initializer')!, scope);
      return { e: E.seqInit(length.e, init.e) };
    }
    case 'member_expression':
      return lowerMember(cx, node, scope);
    case 'datatype_update_expression':
      return lowerDatatypeUpdate(cx, node, scope);
    case 'index_expression':
      return lowerIndex(cx, node, scope);
    case 'slice_expression':
      return lowerSlice(cx, node, scope);
    case 'slice_by_length_expression':
      return lowerSliceByLength(cx, node, scope);
    case 'update_expression':
      return lowerUpdate(cx, node, scope);
    case 'call_expression':
      return lowerCall(cx, node, scope);
    case 'unary_expression':
      return lowerUnary(cx, node, scope, expected);
    case 'bullet_expression':
      return lowerBullet(cx, node, scope);
    case 'binary_expression':
      return lowerBinary(cx, node, scope, expected);
    case 'as_expression':
      return lowerAs(cx, node, scope);
    case 'quantifier_expression':
      return lowerQuantifier(cx, node, scope);
    case 'set_comprehension':
      return lowerSetComprehension(cx, node, scope);
    case 'map_comprehension':
      return lowerMapComprehension(cx, node, scope);
    case 'if_expression': {
      const cond = node.childForFieldName('condition')!;
      if (cond.type === 'binding_guard') unsupportedAt('if with a binding guard (:|)', node);
      const then = cx.expr(node.childForFieldName('consequence')!, scope, expected);
      const otherwise = cx.expr(node.childForFieldName('alternative')!, scope, expected);
      const firm = [then, otherwise].find((x) => !x.soft && known(x.t));
      return { e: E.ite(cx.expr(cond, scope).e, then.e, otherwise.e), t: known(firm?.t ?? then.t), soft: !firm && then.soft && otherwise.soft };
    }
    case 'match_expression':
      return lowerMatch(cx, node, scope, expected);
    case 'let_expression':
      return lowerLet(cx, node, scope, expected);
    case 'lambda_expression':
      return lowerLambda(cx, node, scope);
    case 'statement_expression':
      return lowerStatementExpression(cx, node, scope, expected);
    default:
      return unsupportedAt(node.type.replace(/_/g, ' '), node);
  }
}

/**
 * `fresh(r)`: a result the method returns is a new object (a triple's output has no identity that
 * could alias an input); a parameter existed before the call, so it is not fresh.
 */
function lowerFresh(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const operand = node.childForFieldName('expression')!;
  const sig = scope.frame.signature;
  if (node.childForFieldName('label') || !sig || operand.type !== 'identifier' || !scope.isRootBinding(operand.text)) {
    return unsupportedAt('fresh of anything but a parameter or result of the spec under test', node);
  }
  if (sig.results.has(operand.text)) return { e: cx.E.bool(true), t: T.bool };
  return { e: cx.E.bool(!sig.params.has(operand.text)), t: T.bool };
}

function display(cx: LowerContext, node: Node, scope: Scope, coll: 'seq' | 'set' | 'multiset'): Lowered {
  const elems = fields(node, 'element').map((x) => cx.expr(x, scope));
  const elem: Type = known(elems.find((x) => known(x.t))?.t) ?? T.opaque('?');
  const t = coll === 'seq' ? T.seq(elem) : coll === 'set' ? T.set(elem) : T.multiset(elem);
  return { e: { kind: 'display', coll, elems: elems.map((x) => x.e) }, t };
}

/**
 * A name: a variable in scope; in a datatype member, a destructor or member of `this`; a constant; a
 * function used as a value; a constructor without arguments.
 */
function lowerName(cx: LowerContext, name: string, node: Node, scope: Scope): Lowered {
  const E = cx.E;
  const b = scope.lookup(name);
  if (b) return { e: E.v(b.ir), t: b.type, binding: b, soft: b.soft, newtype: b.subset?.decl.kind === 'newtype' ? b.subset : undefined };
  const dt = scope.frame.thisDatatype;
  if (dt) {
    if (cx.ctorsOf(dt).some((c) => c.fields.some((f) => f.name === name))) {
      const self: Lowered = { e: E.v('this'), t: cx.datatypeType(dt) };
      const t = self.t?.kind === 'datatype' ? self.t.ctors.flatMap((c) => c.fields).find((f) => f.name === name)?.type : undefined;
      return { e: E.field(self.e, name), t: known(t) };
    }
    const member = memberFunction(cx, name, dt.name);
    if (member && member.decl.kind === 'const') return member.call(E.v('this'), []);
  }
  const decl = cx.declaration(name, scope.frame.path, isValueDecl);
  if (decl) return valueOf(cx, decl);
  const ctor = cx.ctor(name);
  if (ctor) {
    if (ctor.fields.length > 0) unsupportedAt(`constructor ${name} used as a function value`, node);
    return { e: E.ctor(name), t: cx.datatypeType(ctor.datatype) };
  }
  return unsupportedAt(`unknown name ${name}`, node);
}

/**
 * `assert P; e` (and `expect`) in a clause: e, provided P holds, else not well-formed; in a function
 * body just e (see `Frame.functionBody`). Proof-only statements (`reveal`, `calc`, a lemma call) do
 * not change the value. `assume P; e` in a clause is e when P holds and unsupported otherwise (the
 * verifier would prove anything from a false assumption).
 */
function lowerStatementExpression(cx: LowerContext, node: Node, scope: Scope, expected: Type | undefined): Lowered {
  const stmt = node.childForFieldName('statement')!;
  const body = cx.expr(node.childForFieldName('body')!, scope, expected);
  if (scope.frame.functionBody) return body;
  const condition = () => cx.expr(stmt.childForFieldName('condition')!, scope).e;
  switch (stmt.type) {
    case 'assert_statement':
    case 'expect_statement':
      return { e: checked(condition(), body.e, cx.loc(stmt), `${stmt.child(0)!.text} ${stmt.childForFieldName('condition')!.text}`), t: body.t };
    case 'assume_statement':
      return { e: cx.E.ite(condition(), body.e, cx.unsupported('assume with a false condition', stmt).e), t: body.t };
    default:
      return body;
  }
}


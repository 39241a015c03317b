import { P, T, type Expr, type MatchCase, type Pattern, type Type } from '@specmut/core';
import { fields, type Node } from '../syntax/parser.js';
import type { CtorInfo, Lowered, LowerContext } from './context.js';
import { memberFunction, staticMember } from './functions.js';
import { ask, pin } from './infer.js';
import type { Scope } from './scope.js';
import { elementType, known, sliceType } from './types.js';
import { unsupportedAt } from './unsupported.js';

/** The datatype a static type names, if any. */
function datatypeName(t: Type | undefined): string | undefined {
  return t?.kind === 'datatype' ? t.name : undefined;
}

/**
 * `x.m`: a tuple component `.0`, a constructor test `.C?`, an array's `.Length`, a map's `.Keys`, a
 * real's `.Floor`, a datatype destructor or member; or a qualified name `M.f` / `List.Nil`.
 */
export function lowerMember(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const E = cx.E;
  const objNode = node.childForFieldName('object')!;
  const memberNode = node.childForFieldName('member')!;
  const name = memberNode.text;
  const qualifier = qualifierName(objNode, scope);
  if (qualifier && cx.isContainer(qualifier)) return staticMember(cx, qualifier, name, node);

  const obj = cx.expr(objNode, scope);
  const t = known(obj.t);
  if (memberNode.type === 'integer_literal') {
    const i = Number(name);
    return { e: E.tupleGet(obj.e, i), t: t?.kind === 'tuple' ? t.elems[i] : undefined };
  }
  if (name.endsWith('?')) return { e: E.isCtor(obj.e, name.slice(0, -1)), t: T.bool };

  const dt = datatypeName(t);
  const destructors = cx.ctorsWithField(name).filter((c) => !dt || c.datatype.name === dt);
  if (destructors.length > 0 && (!t || t.kind === 'datatype')) {
    const ctor = destructors[0]!;
    const fieldType = t?.kind === 'datatype' ? t.ctors.find((c) => c.name === ctor.name)?.fields.find((f) => f.name === name)?.type : undefined;
    return { e: E.field(obj.e, name), t: known(fieldType) ?? known(cx.type(ctor.fields.find((f) => f.name === name)!.typeNode).type) };
  }
  const member = memberFunction(cx, name, dt);
  if (member && (!t || t.kind === 'datatype')) return member.call(obj.e, []);

  switch (name) {
    case 'Length':
    case 'Length0':
      if (!t || t.kind === 'array') return { e: E.card(obj.e), t: T.int };
      break;
    case 'Length1':
      // A 2-D array is a sequence of rows; with no rows its column count is 0 (as the harness builds it).
      if (!t || (t.kind === 'array' && t.dims >= 2)) {
        const v = cx.fresh('rows');
        const rows = E.v(v);
        return { e: E.let(v, obj.e, E.ite(E.eq(E.card(rows), E.int(0)), E.int(0), E.card(E.index(rows, E.int(0))))), t: T.int };
      }
      break;
    case 'Keys':
      if (!t || t.kind === 'map') return { e: E.keys(obj.e), t: t?.kind === 'map' ? T.set(t.key) : undefined };
      break;
    case 'Values':
      if (!t || t.kind === 'map') return { e: E.values(obj.e), t: t?.kind === 'map' ? T.set(t.value) : undefined };
      break;
    case 'Items':
      if (!t || t.kind === 'map') return { e: E.items(obj.e), t: t?.kind === 'map' ? T.set(T.tuple(t.key, t.value)) : undefined };
      break;
    case 'Floor':
      if (!t || t.kind === 'real') return { e: E.realFloor(obj.e), t: T.int };
      break;
  }
  return unsupportedAt(`member .${name}${t ? ` of ${t.kind}` : ''}`, node);
}

/**
 * `M` in `M.f` (or in `Outer.M.f`) when it names something that is not a variable: a module, class or
 * datatype name. Callers check that it is one.
 */
export function qualifierName(objNode: Node, scope: Scope): string | undefined {
  if (objNode.type === 'member_expression') {
    const outer = qualifierName(objNode.childForFieldName('object')!, scope);
    const member = objNode.childForFieldName('member')!;
    return outer !== undefined && member.type === 'identifier' ? member.text : undefined;
  }
  const nameNode = objNode.type === 'generic_name' ? objNode.childForFieldName('name') : objNode.type === 'identifier' ? objNode : null;
  if (!nameNode || scope.lookup(nameNode.text)) return undefined;
  return nameNode.text;
}

/** `s[i]` (seq, array, string), `m[k]` (map), `ms[x]` (multiplicity), `a[i, j]` (multi-dimensional array). */
export function lowerIndex(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const E = cx.E;
  let cur = cx.expr(node.childForFieldName('object')!, scope);
  for (const indexNode of fields(node, 'index')) {
    const i = cx.expr(indexNode, scope);
    const t = known(cur.t);
    let rt: Type | undefined;
    if (t?.kind === 'map') {
      pin(i, t.key);
      rt = t.value;
    } else if (t?.kind === 'multiset') {
      pin(i, t.elem);
      rt = T.int;
    } else {
      pin(i, T.int);
      rt = elementType(t);
    }
    cur = { e: E.index(cur.e, i.e), t: rt };
    cur.e.loc = cx.loc(node);
  }
  return cur;
}

/** `s[i..j]` and its open-ended forms; on an array the result is the sequence of its elements. */
export function lowerSlice(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const obj = cx.expr(node.childForFieldName('object')!, scope);
  const bound = (name: string) => {
    const n = node.childForFieldName(name);
    if (!n) return undefined;
    const l = cx.expr(n, scope);
    pin(l, T.int);
    return l.e;
  };
  return { e: cx.E.slice(obj.e, bound('start'), bound('end')), t: sliceType(known(obj.t)) };
}

/**
 * `s[a:b:c]`: the sequence of consecutive slices of lengths a, b, c (with a trailing `:`, the rest
 * too). Each slice is checked, so lengths adding up past `|s|` are not well-formed, as in Dafny.
 */
export function lowerSliceByLength(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const E = cx.E;
  const obj = cx.expr(node.childForFieldName('object')!, scope);
  const lengths = fields(node, 'length').map((n) => cx.expr(n, scope).e);
  const closing = node.child(node.childCount - 2);
  const keepsRest = closing?.type === ':';
  const v = cx.fresh('s');
  const s = E.v(v);
  const parts: Expr[] = [];
  let offset: Expr = E.int(0);
  for (const len of lengths) {
    const end = E.add(offset, len);
    parts.push(E.slice(s, offset, end));
    offset = end;
  }
  if (keepsRest) parts.push(E.slice(s, offset, undefined));
  return { e: E.let(v, obj.e, E.seq(...parts)), t: T.seq(sliceType(known(obj.t)) ?? T.opaque('?')) };
}

/** `s[i := v]` on a sequence, `m[k := v]` on a map, `ms[x := n]` on a multiset. */
export function lowerUpdate(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const obj = cx.expr(node.childForFieldName('object')!, scope);
  const key = cx.expr(node.childForFieldName('index')!, scope);
  const value = cx.expr(node.childForFieldName('value')!, scope);
  const t = known(obj.t);
  pin(key, t?.kind === 'map' ? t.key : t?.kind === 'multiset' ? t.elem : T.int);
  return { e: cx.E.update(obj.e, key.e, value.e), t };
}

/**
 * `d.(f := v, g := w)`: the same constructor with those fields replaced. The IR has no update node, so
 * it is a match over every constructor that has all the fields; on any other constructor the update is
 * not well-formed, as in Dafny.
 */
export function lowerDatatypeUpdate(cx: LowerContext, node: Node, scope: Scope): Lowered {
  const E = cx.E;
  const obj = cx.expr(node.childForFieldName('object')!, scope);
  const updates = fields(node, 'update').map((u) => ({ name: u.childForFieldName('name')!.text, value: cx.expr(u.childForFieldName('value')!, scope).e }));
  const dt = datatypeName(known(ask(obj)));
  const candidates = cx
    .ctorsWithField(updates[0]!.name)
    .filter((c) => (!dt || c.datatype.name === dt) && updates.every((u) => c.fields.some((f) => f.name === u.name)));
  if (candidates.length === 0) unsupportedAt(`datatype update of ${updates.map((u) => u.name).join(', ')}`, node);
  const datatypes = new Set(candidates.map((c) => c.datatype));
  if (datatypes.size > 1) unsupportedAt(`datatype update of ${updates.map((u) => u.name).join(', ')}: several datatypes have these fields`, node);
  const target = cx.fresh('d');
  const values = updates.map((u) => ({ ...u, ir: cx.fresh(u.name) }));
  const cases: MatchCase[] = candidates.map((c: CtorInfo) => {
    const vars = c.fields.map((_, i) => cx.fresh(`f${i}`));
    const pattern: Pattern = P.ctor(c.name, ...vars.map((x) => P.bind(x)));
    const args = c.fields.map((f, i) => {
      const u = values.find((x) => x.name === f.name);
      return E.v(u ? u.ir : vars[i]!);
    });
    return E.kase(pattern, E.ctor(c.name, ...args));
  });
  let e: Expr = E.match(E.v(target), cases);
  e.loc = cx.loc(node);
  for (const u of [...values].reverse()) e = E.let(u.ir, u.value, e);
  return { e: E.let(target, obj.e, e), t: obj.t };
}

export function lowerCardinality(cx: LowerContext, node: Node, scope: Scope): Lowered {
  return { e: cx.E.card(cx.expr(node.childForFieldName('operand')!, scope).e), t: T.int };
}


import { P, T, V, type Expr, type Pattern, type Type } from '@specmut/core';
import { E, field, namedChildren, NotLowered, type LowerContext, type Scope, type ScopeEntry } from './context.js';
import { readChar, readInteger, readString } from './literals.js';
import { constructorOf } from './names.js';
import type { Node } from '../syntax/parser.js';

/** A lowered pattern with the variables it binds and their types. */
export interface LoweredPattern {
  pattern: Pattern;
  binds: [string, Type | undefined][];
}

/** The field types of a constructor of `t` (by variant name), when `t` is a datatype that has it. */
function ctorFields(t: Type | undefined, ctor: string): { name?: string | undefined; type: Type }[] | undefined {
  if (t?.kind !== 'datatype') return undefined;
  return t.ctors.find((c) => c.name === ctor)?.fields;
}

/** The sub-patterns of a tuple or tuple-struct pattern, `_` included (an anonymous token in the grammar). */
function subpatterns(n: Node): Node[] {
  return n.children.filter((c): c is Node => c !== null && (c.type === '_' || (c.isNamed && c.type !== 'line_comment' && c.type !== 'block_comment')));
}

export function lowerPattern(ctx: LowerContext, node: Node, t: Type | undefined): LoweredPattern {
  const binds: [string, Type | undefined][] = [];
  const go = (n: Node, t: Type | undefined): Pattern => {
    switch (n.type) {
      case 'match_pattern':
        return go(namedChildren(n)[0]!, t);
      case '_':
        return P.wild;
      case 'identifier': {
        const ctor = constructorOf(ctx, n.text, t);
        if (ctor) return P.ctor(ctor, ...[]);
        binds.push([n.text, t]);
        return P.bind(n.text);
      }
      case 'scoped_identifier': {
        const ctor = constructorOf(ctx, n.text, t);
        if (!ctor) throw new NotLowered(`pattern ${n.text}`, n);
        return P.ctor(ctor);
      }
      case 'tuple_struct_pattern': {
        const name = field(n, 'type')!.text;
        const ctor = constructorOf(ctx, name, t);
        if (!ctor) throw new NotLowered(`pattern constructor ${name}`, n);
        const fields = ctorFields(t, ctor);
        const args = subpatterns(n).filter((c) => c.id !== field(n, 'type')!.id);
        return P.ctor(ctor, ...args.map((a, i) => go(a, fields?.[i]?.type)));
      }
      case 'struct_pattern': {
        const name = field(n, 'type')!.text;
        const ctor = constructorOf(ctx, name, t);
        const fields = ctor ? ctorFields(t, ctor) : undefined;
        if (!ctor || !fields) throw new NotLowered(`pattern ${name} { … }`, n);
        const given = new Map<string, Pattern>();
        let rest = false;
        for (const f of namedChildren(n)) {
          if (f.type === 'remaining_field_pattern') rest = true;
          if (f.type !== 'field_pattern') continue;
          const fname = (field(f, 'name') ?? namedChildren(f)[0]!).text;
          const ftype = fields.find((x) => x.name === fname)?.type;
          const sub = field(f, 'pattern');
          given.set(fname, sub ? go(sub, ftype) : (binds.push([fname, ftype]), P.bind(fname)));
        }
        if (!rest && given.size < fields.length) throw new NotLowered(`pattern ${name} missing fields`, n);
        return P.ctor(ctor, ...fields.map((f) => given.get(f.name ?? '') ?? P.wild));
      }
      case 'tuple_pattern': {
        const elems = subpatterns(n);
        const ts = t?.kind === 'tuple' ? t.elems : [];
        return P.tuple(...elems.map((c, i) => go(c, ts[i])));
      }
      case 'captured_pattern': {
        const [name, sub] = namedChildren(n);
        binds.push([name!.text, t]);
        return P.bind(name!.text, go(sub!, t));
      }
      case 'ref_pattern':
      case 'reference_pattern':
      case 'mut_pattern':
        return go(namedChildren(n).at(-1)!, t);
      case 'integer_literal': {
        const v = readInteger(n.text);
        if (!v) throw new NotLowered(`pattern ${n.text}`, n);
        return P.lit(V.int(v.value));
      }
      case 'negative_literal': {
        const v = readInteger(n.text.replace(/^-\s*/, ''));
        if (!v) throw new NotLowered(`pattern ${n.text}`, n);
        return P.lit(V.int(-v.value));
      }
      case 'boolean_literal':
        return P.lit(V.bool(n.text === 'true'));
      case 'char_literal':
        return P.lit(readChar(n.text).value);
      case 'string_literal':
        return P.lit(V.string(readString(n.text)));
      default:
        throw new NotLowered(`pattern ${n.type}`, n);
    }
  };
  const pattern = node.text === '_' ? P.wild : go(node, t);
  return { pattern, binds };
}

/** Scope with a pattern's bindings added. */
export function bindPattern(scope: Scope, binds: [string, Type | undefined][]): Scope {
  const next = new Map<string, ScopeEntry>(scope);
  for (const [name, t] of binds) next.set(name, { ir: name, t });
  return next;
}

/** `e matches P` alone: whether the pattern matches. */
export function matchesTest(target: Expr, pattern: Pattern): Expr {
  return E.match(target, [E.kase(pattern, E.bool(true)), E.kase(P.wild, E.bool(false))]);
}

export const BOOL = T.bool;

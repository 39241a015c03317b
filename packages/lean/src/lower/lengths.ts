import { NAT, T, type Expr } from '@specmut/core';
import type { Binder } from '../syntax/declarations.js';
import { field, type Node } from '../syntax/parser.js';
import { unparen, vectorLength } from '../syntax/types.js';
import { E, NotLowered, withVars, type LowerContext, type Scope } from './context.js';
import { lower } from './expressions.js';

/**
 * `{n : Nat} (a : Vector α n)`: a test gives `a`, not `n`, so `n` is `a`'s size. A size written
 * `n + k` gives `n := size - k`. Every size is also a fact, checked on the values: on the inputs
 * (a precondition: two vectors of one `n` have one size) and on the result (a postcondition).
 */
export interface VectorLengths {
  /** Length names in binding order, with the value each takes. */
  binds: { name: string; value: Expr }[];
  /** The vector (by the name it has in the clauses) and its written size. */
  facts: { of: string; length: Node }[];
}

/**
 * The lengths the vector binders `vectors` (name in the type, name of the value in the clauses)
 * determine; names in `known` (parameters) are not bound again.
 */
export function vectorLengths(vectors: { binder: Binder; value: string }[], known: ReadonlySet<string>): VectorLengths {
  const out: VectorLengths = { binds: [], facts: [] };
  const bound = new Set(known);
  for (const { binder, value } of vectors) {
    const length = vectorLength(binder.type);
    if (!length) continue;
    const u = unparen(length);
    const size = E.card(E.v(value));
    if (u.type === 'identifier' && !bound.has(u.text)) {
      // the size that defines `n` needs no check
      bound.add(u.text);
      out.binds.push({ name: u.text, value: size });
      continue;
    }
    out.facts.push({ of: value, length });
    if (u.type === 'binary_expression' && field(u, 'operator')!.text === '+') {
      const [l, r] = [unparen(field(u, 'left')!), unparen(field(u, 'right')!)];
      if (l.type === 'identifier' && !bound.has(l.text) && r.type === 'number') {
        bound.add(l.text);
        out.binds.push({ name: l.text, value: E.sub(size, E.int(BigInt(r.text)), { domain: NAT }) });
      }
    }
  }
  return out;
}

/** The scope with the bound length names (Nats). */
export function lengthScope(scope: Scope, lengths: VectorLengths): Scope {
  return withVars(scope, lengths.binds.map((b) => [b.name, T.nat]));
}

/** `let n := |a|; e` for every bound length. */
export function withLengths(lengths: VectorLengths, e: Expr): Expr {
  let out = e;
  for (const b of [...lengths.binds].reverse()) out = E.let(b.name, b.value, out);
  return out;
}

/** The size facts of the vectors among `names`, as one conjunction (undefined when there are none). */
export function sizeFacts(ctx: LowerContext, scope: Scope, lengths: VectorLengths, names: ReadonlySet<string>): Expr | undefined {
  const facts = lengths.facts.filter((f) => names.has(f.of));
  if (!facts.length) return undefined;
  const inner = lengthScope(scope, lengths);
  const parts = facts.map((f) => {
    try {
      return E.eq(E.card(E.v(f.of)), lower(ctx, inner, f.length, T.nat).e);
    } catch (e) {
      if (!(e instanceof NotLowered)) throw e;
      return E.unsupported(`the size ${f.length.text} of ${f.of}`);
    }
  });
  return withLengths(lengths, E.and(...parts));
}

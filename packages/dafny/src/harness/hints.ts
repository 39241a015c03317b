import { elementType, type Type, type Value } from '@specmut/core';
import { renderDafny } from '../render.js';

/** Hints are per element; past this size they cost more verifier time than they save. */
export const HINT_LIMIT = 64;

// Asserted, not assumed: a hint is proved from the value before the solver uses it. Were one false (a
// rendering bug), the harness would fail to verify instead of becoming inconsistent and proving both the
// clause and its negation; no verdict may rest on an assumption nothing checked (see settleVerdicts).
const FACT = 'assert';

/** Whether a type holds arrays anywhere: such values must be allocated, not written as literals. */
export function holdsArrays(t: Type): boolean {
  switch (t.kind) {
    case 'array':
      return true;
    case 'seq':
      return holdsArrays(t.elem);
    case 'tuple':
      return t.elems.some(holdsArrays);
    default:
      return false;
  }
}

/** Hints are stated per element of one-dimensional collections. */
function elemType(t: Type): Type | undefined {
  return t.kind === 'array' && t.dims > 1 ? undefined : elementType(t);
}

/**
 * True facts about a concrete value, given to the solver so that it has ground terms (`a[1]`, `4 in s`)
 * to instantiate quantifiers with. Measured with Dafny 4.11 and Z3 4.8.12: without them neither the
 * paper's SharedElements harness nor its negation verifies; with element and membership facts both do.
 * Membership facts on sequences are stated only for specs that test membership: elsewhere they only feed
 * the solver's sequence axioms (measured: 8.2 s instead of 1.5 s on a negated FirstEvenOddDifference).
 * They are asserted (see FACT): proving them is cheap, since each follows from the literal value.
 */
export function valueHints(name: string, v: Value, t: Type, options: { membership?: boolean } = {}): string[] {
  const et = elemType(t);
  // Elements that are arrays are heap objects, not values: nothing to state about them here.
  if (!et || holdsArrays(et)) return [];
  const seqView = t.kind === 'array' ? `${name}[..]` : name;
  if (v.kind === 'seq') {
    if (v.elems.length > HINT_LIMIT) return [];
    const lines = v.elems.map((e, i) => `${FACT} ${name}[${i}] == ${renderDafny(e, et)};`);
    if (options.membership === false) return lines;
    const seen = new Set<string>();
    for (const e of v.elems) {
      const text = renderDafny(e, et);
      if (seen.has(text)) continue;
      seen.add(text);
      lines.push(`${FACT} ${text} in ${seqView};`);
    }
    return lines;
  }
  if (v.kind === 'set') {
    if (v.elems.length > HINT_LIMIT) return [];
    return v.elems.map((e) => `${FACT} ${renderDafny(e, et)} in ${name};`);
  }
  if (v.kind === 'multiset') {
    if (v.elems.length > HINT_LIMIT) return [];
    const counts = new Map<string, number>();
    for (const e of v.elems) counts.set(renderDafny(e, et), (counts.get(renderDafny(e, et)) ?? 0) + 1);
    return [...counts].map(([text, n]) => `${FACT} ${name}[${text}] == ${n};`);
  }
  return [];
}

export function mapHints(name: string, v: Value, t: Type): string[] {
  if (v.kind !== 'map' || t.kind !== 'map' || v.entries.length > HINT_LIMIT) return [];
  return v.entries.map(([k, x]) => `${FACT} ${renderDafny(k, t.key)} in ${name} && ${name}[${renderDafny(k, t.key)}] == ${renderDafny(x, t.value)};`);
}

import type { Clause, SyntaxMatch } from '../backend/contract.js';
import type { SpecEdit, SpecMutationOperator } from './operators.js';

/** One source edit of a spec: the characters [start, end) of the original text become `replacement`. */
export interface SpecEditRange {
  start: number;
  end: number;
  replacement: string;
}

/** A candidate spec mutant: the operator, the edit, and the whole mutated file text. */
export interface SpecMutantCandidate {
  operator: string;
  edit: SpecEditRange;
  /** The clause the edit lies in (for a deletion: the first clause it removes). */
  clause: Clause;
  /** The mutated file. */
  text: string;
}

export type QuerySyntax = (text: string, query: string) => Promise<SyntaxMatch[]>;

/** A decimal literal, optionally followed by one of the operator's type suffixes (identifiers, by the schema): [digits, suffix]. */
function integerLiteral(text: string, suffixes: readonly string[] = []): [string, string] | undefined {
  const suffix = suffixes.length ? `(${suffixes.join('|')})?` : '()';
  const m = new RegExp(`^([0-9]+)${suffix}$`).exec(text);
  return m ? [m[1]!, m[2] ?? ''] : undefined;
}

function fill(template: string, match: SyntaxMatch): string | undefined {
  let missing = false;
  const out = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const c = match.captures.find((k) => k.name === name);
    if (!c) missing = true;
    return c?.text ?? '';
  });
  return missing ? undefined : out;
}

/** Start of a deletion widened over the indentation and the line break before it, when the target stands on its own lines. */
function widenDeletion(text: string, start: number, end: number): [number, number] {
  let s = start;
  while (s > 0 && (text[s - 1] === ' ' || text[s - 1] === '\t')) s--;
  let e = end;
  while (e < text.length && (text[e] === ' ' || text[e] === '\t')) e++;
  const ownLines = (s === 0 || text[s - 1] === '\n') && (e === text.length || text[e] === '\n' || text[e] === '\r');
  if (!ownLines) return [start, end];
  return s > 0 ? [s - 1, e] : [s, Math.min(text.length, e + 1)];
}

/**
 * A deletion of a list item with its separator: the item and the separator, with the spaces between
 * them and on the separator's outer side of a one-line list (`a, b` less `, b` is `a`).
 */
function withSeparator(text: string, target: { start: number; end: number }, separator: { start: number; end: number } | undefined): [number, number] {
  if (!separator) return [target.start, target.end];
  let start = Math.min(target.start, separator.start);
  let end = Math.max(target.end, separator.end);
  if (separator.start < target.start) while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  else while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  return [start, end];
}

/** The edits one match yields under the operator's rule. */
export function editsOf(edit: SpecEdit, match: SyntaxMatch, text: string): SpecEditRange[] {
  const target = match.captures.find((c) => c.name === edit.target);
  if (!target) return [];
  switch (edit.kind) {
    case 'replace':
      return edit.with
        .map((t) => fill(t, match))
        .filter((r): r is string => r !== undefined && r !== target.text)
        .map((replacement) => ({ start: target.start, end: target.end, replacement }));
    case 'delete': {
      const separator = edit.separator === undefined ? undefined : match.captures.find((c) => c.name === edit.separator);
      const [start, end] = widenDeletion(text, ...withSeparator(text, target, separator));
      return [{ start, end, replacement: '' }];
    }
    case 'shift-integer': {
      const literal = integerLiteral(target.text, edit.suffixes);
      if (!literal) return [];
      const [digits, suffix] = literal;
      return edit.by
        .filter((d) => d !== 0)
        .map((d) => BigInt(digits) + BigInt(d))
        .filter((n) => edit.min === undefined || n >= BigInt(edit.min))
        .map((n) => ({ start: target.start, end: target.end, replacement: `${n}${suffix}` }));
    }
  }
}

/**
 * Where an edit may go: inside one of the method's checked clauses (its precondition and postcondition
 * clauses), or, for a deletion, over whole clauses of the method. Everything else (a method body,
 * other declarations, frames) is not the spec under test. Returns the clause the edit belongs to.
 */
function clauseOfEdit(edit: SpecEditRange, clauses: readonly Clause[], method: { start: number; end: number }, text: string): Clause | undefined {
  // A deletion is placed by what it removes besides the line break and indentation it takes along
  // (a conjunct on the first line of a clause goes with the line break before the clause).
  let { start, end } = edit;
  if (edit.replacement === '') {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
  }
  const inside = clauses.find((c) => c.range.start.offset <= start && end <= c.range.end.offset);
  if (inside) return inside;
  if (edit.replacement !== '' || edit.start < method.start || edit.end > method.end) return undefined;
  const removed = clauses.filter((c) => edit.start <= c.range.start.offset && c.range.end.offset <= edit.end);
  // A deletion must not cut into a clause it does not remove whole.
  const cut = clauses.some((c) => !removed.includes(c) && c.range.start.offset < edit.end && edit.start < c.range.end.offset);
  return removed.length > 0 && !cut ? removed[0] : undefined;
}

export interface GenerateResult {
  candidates: SpecMutantCandidate[];
  /** Edits that gave a text already generated (by this or another operator). */
  duplicates: number;
}

/**
 * Every mutant the operators make of the method's clauses, one edit each, in operator order and then
 * source order; textually equal mutants are kept once (the first operator names it).
 */
export async function generateSpecMutants(
  text: string,
  scope: { clauses: readonly Clause[]; method: { start: number; end: number } },
  operators: readonly SpecMutationOperator[],
  query: QuerySyntax,
): Promise<GenerateResult> {
  const seen = new Set<string>([text]);
  const candidates: SpecMutantCandidate[] = [];
  let duplicates = 0;
  for (const op of operators) {
    const matches = await query(text, op.query);
    const spared = op.except ? (await query(text, op.except)).flatMap((m) => m.captures) : [];
    const targetSpared = (m: SyntaxMatch) => {
      const t = m.captures.find((c) => c.name === op.edit.target);
      return t !== undefined && spared.some((s) => s.start === t.start && s.end === t.end);
    };
    const edits = matches
      .filter((m) => !targetSpared(m))
      .flatMap((m) => editsOf(op.edit, m, text))
      .sort((a, b) => a.start - b.start || a.end - b.end);
    for (const edit of edits) {
      const clause = clauseOfEdit(edit, scope.clauses, scope.method, text);
      if (!clause) continue;
      const mutated = text.slice(0, edit.start) + edit.replacement + text.slice(edit.end);
      if (seen.has(mutated)) {
        duplicates++;
        continue;
      }
      seen.add(mutated);
      candidates.push({ operator: op.name, edit, clause, text: mutated });
    }
  }
  return { candidates, duplicates };
}

/** The edited clause before and after, or the removed text for a deletion of whole clauses. */
export function shownEdit(original: string, c: SpecMutantCandidate): { original: string; text: string } {
  const { start, end } = c.clause.range;
  if (c.edit.start < start.offset || c.edit.end > end.offset) return { original: original.slice(c.edit.start, c.edit.end).trim(), text: '' };
  const before = original.slice(start.offset, end.offset);
  const from = c.edit.start - start.offset;
  return { original: before, text: before.slice(0, from) + c.edit.replacement + before.slice(from + c.edit.end - c.edit.start) };
}

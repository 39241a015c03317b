import type { SpecReport } from '@specmut/core';
import type { Location } from 'mutation-testing-report-schema';

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** The first line of a text, as a range: where a finding with no better place is shown. */
function firstLine(text: string): Location {
  const end = text.indexOf('\n');
  return { start: { line: 1, column: 1 }, end: { line: 1, column: (end < 0 ? text.length : end) + 1 } };
}

/**
 * Where a mutant of `spec` is shown in its source: the postcondition clause the oracle found false (its
 * `clause` index), else the whole postcondition (first to last clause: a verifier proves or refutes them
 * together), else the method, else the file's first line (a report without locations, or a source that
 * could not be read).
 */
export function mutantLocation(spec: Pick<SpecReport, 'locations'>, clause: number | undefined, source: string): Location {
  const clauses = spec.locations?.postconditions ?? [];
  const named = clause === undefined ? undefined : clauses[clause];
  const first = clauses[0];
  const last = clauses[clauses.length - 1];
  const found = named ?? (first && last ? { start: first.start, end: last.end } : spec.locations?.method);
  // A location past the end of the text (a spec changed since it was scored) would break the page.
  return found && found.end.line <= source.split('\n').length ? found : firstLine(source);
}

import type { Harness, Obligation, ObligationOutcome, ObligationResult, ParsedRun, RunOutput } from '@specmut/core';
import { RESULTS_CSV } from './run.js';

export interface Diagnostic {
  line: number;
  column: number;
  message: string;
  severity: number;
  source: string;
}

export const ERROR = 1;

/** One `--json-output` line: a status line's text, a diagnostic, or nothing readable. */
export function readJsonLine(line: string): { status: string } | { diagnostic: Diagnostic } | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return undefined;
  let obj: { type?: string; value?: unknown };
  try {
    obj = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (obj.type === 'status' && typeof obj.value === 'string') return { status: obj.value.trim() };
  if (obj.type === 'diagnostic' && obj.value && typeof obj.value === 'object') {
      const v = obj.value as {
        location?: { range?: { start?: { line?: number; character?: number } } };
        defaultFormatMessage?: string;
        arguments?: unknown[];
        severity?: number;
        source?: string;
      };
      const args = Array.isArray(v.arguments) ? v.arguments.map(String) : [];
      const message = (v.defaultFormatMessage ?? '').replace(/\{(\d+)\}/g, (_, i: string) => args[Number(i)] ?? '');
    return {
      diagnostic: {
        line: v.location?.range?.start?.line ?? 0,
        column: (v.location?.range?.start?.character ?? 0) + 1,
        message,
        severity: v.severity ?? ERROR,
        source: v.source ?? '',
      },
    };
  }
  return undefined;
}

/** The `--json-output` lines of a Dafny run: one JSON object per line, diagnostics and status lines. */
export function readDiagnostics(stdout: string): { diagnostics: Diagnostic[]; status: string[] } {
  const diagnostics: Diagnostic[] = [];
  const status: string[] = [];
  for (const line of stdout.split('\n')) {
    const read = readJsonLine(line);
    if (read && 'status' in read) status.push(read.status);
    if (read && 'diagnostic' in read) diagnostics.push(read.diagnostic);
  }
  return { diagnostics, status };
}

/** `Name (correctness),Passed,...` rows of Dafny's CSV log, by the symbol's last name segment. */
export function readCsvOutcomes(csv: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const row of csv.split('\n').slice(1)) {
    const m = /^(.*) \(([^)]*)\),(\w+),/.exec(row.trim());
    if (!m) continue;
    const symbol = m[1]!.split('.').pop()!;
    const list = out.get(symbol) ?? [];
    list.push(m[3]!);
    out.set(symbol, list);
  }
  return out;
}

function ownerOf(obligations: Obligation[], line: number): Obligation | undefined {
  return obligations.find((o) => o.lines && line >= o.lines[0] && line <= o.lines[1]);
}

const formatDiag = (d: Diagnostic) => `line ${d.line}: ${d.message}`;

/**
 * Maps a Dafny run back to its obligations. A symbol verified only when the CSV log says `Passed` for it;
 * a located error inside a harness method marks that method (timeout, failed assertion, or a
 * parse/resolution error in the harness itself); errors outside every harness method mean the spec or the
 * shared harness text is broken, which no triple can survive.
 */
export function parseDafnyOutput(output: RunOutput, harness: Harness): ParsedRun {
  const { diagnostics, status } = readDiagnostics(output.stdout);
  const errors = diagnostics.filter((d) => d.severity === ERROR);
  const staticErrors = errors.filter((d) => d.source === 'Parser' || d.source === 'Resolver' || /resolution|parse|type/i.test(d.source));
  const orphan = staticErrors.filter((d) => !ownerOf(harness.obligations, d.line));
  if (orphan.length > 0) {
    return { kind: 'harness-error', message: orphan.slice(0, 5).map(formatDiag).join('; ') };
  }
  const csv = output.artifacts[RESULTS_CSV];
  if (csv === undefined && staticErrors.length === 0) {
    const detail = [...status, output.stderr.trim()].filter(Boolean).join(' ').slice(0, 500);
    const ended = output.signal ? `was ended by ${output.signal}` : `exited with code ${output.exitCode}`;
    return { kind: 'harness-error', message: `Dafny ${ended} without results${detail ? `: ${detail}` : ''}`, noResults: true };
  }
  const rows = readCsvOutcomes(csv ?? '');
  const outcomes = harness.obligations.map((o) => obligationOutcome(o, errors, staticErrors, rows.get(o.symbol)));
  return { kind: 'results', outcomes };
}

/**
 * One obligation's outcome from the error diagnostics of the run, those of them that are static, and
 * the outcome of each of its assertion batches (`Passed` or another word; none: not verified at all).
 */
export function obligationOutcome(o: Obligation, errors: readonly Diagnostic[], staticErrors: readonly Diagnostic[], results: readonly string[] | undefined): ObligationOutcome {
  const mine = errors.filter((d) => ownerOf([o], d.line));
  const statics = mine.filter((d) => staticErrors.includes(d));
  if (statics.length) return { symbol: o.symbol, result: 'error', message: statics.map(formatDiag).join('; ') };
  if (mine.some((d) => /timed out/i.test(d.message))) return { symbol: o.symbol, result: 'timeout', message: 'timed out' };
  if (mine.some((d) => /out of resource|resource limit/i.test(d.message))) return { symbol: o.symbol, result: 'gave-up', message: 'out of resources' };
  let result: ObligationResult;
  if (!results) result = 'missing';
  else if (results.every((r) => r === 'Passed')) result = mine.length ? 'failed' : 'verified';
  else result = 'failed';
  const outcome: ObligationOutcome = { symbol: o.symbol, result };
  if (mine.length && result === 'failed') outcome.message = mine.map(formatDiag).join('; ');
  return outcome;
}

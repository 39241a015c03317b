import type { Harness, ObligationOutcome, ObligationResult, ParsedRun, RunOutput } from '@specmut/core';

/** One rustc-style diagnostic: `error: text` (or `error[E0308]: …`), located by its first ` --> file:line:col`. */
export interface VerusMessage {
  severity: 'error' | 'warning';
  code?: string | undefined;
  text: string;
  file?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
}

const HEAD = /^(error|warning)(?:\[(\w+)\])?: (.*)$/;
const LOCATION = /^\s*--> (.*):(\d+):(\d+)\s*$/;

export function verusMessages(output: string): VerusMessage[] {
  const out: VerusMessage[] = [];
  for (const line of output.split(/\r?\n/)) {
    const head = HEAD.exec(line);
    if (head) {
      out.push({ severity: head[1] as VerusMessage['severity'], code: head[2], text: head[3]! });
      continue;
    }
    const last = out.at(-1);
    if (!last) continue;
    const at = LOCATION.exec(line);
    if (at && last.line === undefined) Object.assign(last, { file: at[1], line: Number(at[2]), column: Number(at[3]) });
    else if (line.trim()) last.text += `\n${line}`;
  }
  return out;
}

/** Each verified function's success, by its last path segment, from `--output-json --time`. */
export function functionResults(stdout: string): { results: Map<string, boolean>; json: Record<string, unknown> } | undefined {
  const start = stdout.indexOf('{');
  if (start < 0) return undefined;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(stdout.slice(start, stdout.lastIndexOf('}') + 1)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const results = new Map<string, boolean>();
  const smt = (json['times-ms'] as { smt?: { 'smt-run-module-times'?: unknown } } | undefined)?.smt;
  const modules = Array.isArray(smt?.['smt-run-module-times']) ? (smt['smt-run-module-times'] as { 'function-breakdown'?: unknown }[]) : [];
  for (const m of modules) {
    const functions = Array.isArray(m['function-breakdown']) ? (m['function-breakdown'] as { function?: unknown; success?: unknown }[]) : [];
    for (const f of functions) {
      if (typeof f.function !== 'string' || typeof f.success !== 'boolean') continue;
      const name = f.function.split('::').at(-1)!;
      // a function checked in several queries succeeds only if every query did
      results.set(name, (results.get(name) ?? true) && f.success);
    }
  }
  return { results, json };
}

/**
 * What an error inside a check means: the resource limit is a timeout; a failed assertion (or another
 * proof obligation Verus could not discharge) is a failed proof, not a refutation; anything else
 * (a type error, an unknown name) means the check itself is broken.
 */
export function classify(message: VerusMessage): ObligationResult {
  if (/rlimit|resource limit/i.test(message.text)) return 'timeout';
  if (message.code) return 'error';
  if (/assertion failed|not satisfied|possible arithmetic|possible division|index out of bounds|recommendation not met|could not prove/i.test(message.text)) return 'failed';
  return 'error';
}

function verificationResults(json: Record<string, unknown> | undefined): { errors?: number; encounteredError?: boolean; vir?: boolean } {
  const r = json?.['verification-results'] as { errors?: unknown; 'encountered-error'?: unknown; 'encountered-vir-error'?: unknown } | undefined;
  return {
    errors: typeof r?.errors === 'number' ? r.errors : undefined,
    encounteredError: typeof r?.['encountered-error'] === 'boolean' ? r['encountered-error'] : undefined,
    vir: r?.['encountered-vir-error'] === true,
  };
}

/**
 * Maps Verus's diagnostics and JSON back to obligations: an error located inside an obligation's
 * lines is that obligation's; an error elsewhere in the harness (the spec file, the predicates) means
 * the harness as a whole did not type-check. A check counts as proved only when Verus's per-function
 * results say it succeeded, or when the run verified the module with no error at all.
 */
export function parseVerusOutput(output: RunOutput, harness: Harness): ParsedRun {
  const ours = (m: VerusMessage) => m.file !== undefined && (m.file === harness.main || m.file.endsWith(`/${harness.main}`));
  const errors = verusMessages(output.stderr).filter((m) => m.severity === 'error' && !/^aborting due to/.test(m.text));
  const inside = (m: VerusMessage) => (ours(m) ? harness.obligations.find((o) => o.lines && m.line! >= o.lines[0] && m.line! <= o.lines[1]) : undefined);
  const stray = errors.find((m) => ours(m) && !inside(m) && classify(m) === 'error');
  if (stray) return { kind: 'harness-error', message: `line ${stray.line}: ${stray.text}` };
  const parsed = functionResults(output.stdout);
  const summary = verificationResults(parsed?.json);
  if (!parsed && !errors.length) {
    const result: ObligationResult = output.killed ? 'timeout' : 'error';
    const why = output.killed ? 'Verus was stopped at the deadline' : `Verus exited with ${output.exitCode} without results: ${output.stderr.trim().slice(0, 200)}`;
    return { kind: 'results', outcomes: harness.obligations.map((o) => ({ symbol: o.symbol, result, message: why })) };
  }
  if (summary.vir) {
    const first = errors[0];
    return { kind: 'harness-error', message: first ? `${first.line ? `line ${first.line}: ` : ''}${first.text}` : 'Verus could not translate the harness' };
  }
  const cleanRun = output.exitCode === 0 && summary.errors === 0 && summary.encounteredError === false && !errors.length;
  const outcomes: ObligationOutcome[] = harness.obligations.map((o) => {
    const own = errors.filter((m) => inside(m) === o);
    if (own.length) {
      const results = own.map(classify);
      const result = results.includes('error') ? 'error' : results.includes('timeout') ? 'timeout' : 'failed';
      return { symbol: o.symbol, result, message: own.map((m) => m.text).join('\n') };
    }
    const success = parsed?.results.get(o.symbol);
    if (success === true || (success === undefined && cleanRun)) return { symbol: o.symbol, result: 'verified' };
    if (success === false) return { symbol: o.symbol, result: 'failed', message: 'Verus reports the function as not verified' };
    if (output.killed) return { symbol: o.symbol, result: 'timeout', message: 'Verus was stopped at the deadline' };
    return { symbol: o.symbol, result: 'missing', message: 'Verus said nothing about this function' };
  });
  return { kind: 'results', outcomes };
}

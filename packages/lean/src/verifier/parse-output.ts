import { UNTRUSTED_MESSAGE } from '../harness/emit.js';
import type { Harness, ObligationOutcome, ObligationResult, ParsedRun, RunOutput } from '@specmut/core';

/** One message of Lean's output: `file:line:col: error: text` (line 1-based, column 0-based), continued on the following lines. */
export interface LeanMessage {
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info';
  text: string;
}

const HEAD = /^(.*?):(\d+):(\d+): (error|warning|info)(?:\([^)]*\))?: ?(.*)$/;

export function leanMessages(output: string): LeanMessage[] {
  const out: LeanMessage[] = [];
  for (const line of output.split(/\r?\n/)) {
    const m = HEAD.exec(line);
    if (m) out.push({ file: m[1]!, line: Number(m[2]), column: Number(m[3]), severity: m[4] as LeanMessage['severity'], text: m[5]! });
    else if (out.length && line.trim()) out.at(-1)!.text += `\n${line}`;
  }
  return out;
}

/**
 * What an error inside a check means. `decide` reporting the proposition false, or failing to reduce
 * it, is a failed proof (not a refutation); a missing `Decidable` instance or the heartbeat limit is
 * Lean giving up; anything else (unknown identifiers, type mismatches) is a broken harness.
 */
export function classify(text: string): ObligationResult {
  // a check the harness did not state (`by fail "specmut: not checked: …"`): never a proof, never a refutation
  if (text.includes(UNTRUSTED_MESSAGE)) return 'gave-up';
  if (/deterministic\) timeout|maximum recursion depth|maxHeartbeats|maxRecDepth/.test(text)) return 'timeout';
  if (/evaluates to false|proposition[\s\S]*is false|decide failed/.test(text)) return 'failed';
  if (/failed to synthesize[\s\S]*Decidable|failed to reduce to true|failed to reduce to|since its 'Decidable' instance/.test(text)) return 'gave-up';
  return 'error';
}

/**
 * Maps Lean's messages back to obligations by the marker lines around each check: no error inside
 * an obligation's lines means Lean accepted its proof; an error outside every obligation (in the
 * spec itself) means the harness as a whole did not elaborate.
 */
export function parseLeanOutput(output: RunOutput, harness: Harness): ParsedRun {
  // Lean names the file as it was given (the harness's path); messages about other files are not ours.
  const ours = (m: LeanMessage) => m.file === harness.main || m.file.endsWith(`/${harness.main}`);
  const messages = leanMessages(`${output.stdout}\n${output.stderr}`).filter((m) => m.severity === 'error' && ours(m));
  const inside = (m: LeanMessage) => harness.obligations.find((o) => o.lines && m.line >= o.lines[0] && m.line <= o.lines[1]);
  const stray = messages.find((m) => !inside(m));
  if (stray) return { kind: 'harness-error', message: `line ${stray.line}: ${stray.text}` };
  if (output.killed || (output.exitCode !== 0 && messages.length === 0)) {
    const result: ObligationResult = output.killed ? 'timeout' : 'error';
    const why = output.killed ? 'Lean was stopped at the deadline' : `Lean exited with ${output.exitCode} without a message: ${output.stderr.trim().slice(0, 200)}`;
    return { kind: 'results', outcomes: harness.obligations.map((o) => ({ symbol: o.symbol, result, message: why })) };
  }
  const outcomes: ObligationOutcome[] = harness.obligations.map((o) => {
    const errors = messages.filter((m) => inside(m) === o);
    if (!errors.length) return { symbol: o.symbol, result: 'verified' };
    const results = errors.map((e) => classify(e.text));
    const result = results.includes('error') ? 'error' : results.includes('timeout') ? 'timeout' : results.includes('gave-up') ? 'gave-up' : 'failed';
    return { symbol: o.symbol, result, message: errors.map((e) => e.text).join('\n') };
  });
  return { kind: 'results', outcomes };
}

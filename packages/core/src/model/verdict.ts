import { z } from 'zod';

/**
 * The outcome of one triple. `holds`: the postcondition was proved (or evaluated) true for these values;
 * `fails`: its negation was proved, so the spec definitely rejects them; `unknown`: neither could be
 * established (never counted as a rejection); `error`: the harness itself was broken.
 */
export const VerdictStatusSchema = z.enum(['holds', 'fails', 'unknown', 'error']);
export type VerdictStatus = z.infer<typeof VerdictStatusSchema>;

/** Why a verdict is unknown or error, coarse enough to count in a summary. */
export const VerdictCauseSchema = z.enum([
  'timeout',
  'gave-up',
  'unsupported',
  'vacuous',
  'budget',
  'crash',
  'harness-error',
  'missing',
  /** The run was stopped (Ctrl-C, SIGTERM) before this triple was decided. */
  'interrupted',
  /** Decided under the assumption of a precondition that was not proved for these inputs (see settleVerdicts). */
  'precondition-unknown',
]);
export type VerdictCause = z.infer<typeof VerdictCauseSchema>;

export const VerdictSchema = z.object({
  status: VerdictStatusSchema,
  cause: VerdictCauseSchema.optional(),
  /** Human-readable reason: the verifier's message, the construct that is unsupported, the clause that failed. */
  reason: z.string().optional(),
  /** Which oracle decided: e.g. `dafny 4.11.0` or `eval`. */
  oracle: z.string(),
  /** On `fails`, when the oracle names it: the 0-based index of the clause it found false (of the role the triple checks). */
  clause: z.number().int().nonnegative().optional(),
  seconds: z.number().optional(),
  /** In cross-check mode: what a second oracle said about the same triple. */
  check: z
    .object({ oracle: z.string(), status: VerdictStatusSchema, cause: VerdictCauseSchema.optional(), reason: z.string().optional() })
    .optional(),
});
export type Verdict = z.infer<typeof VerdictSchema>;

export function verdict(status: VerdictStatus, oracle: string, extra: Partial<Omit<Verdict, 'status' | 'oracle'>> = {}): Verdict {
  const v: Verdict = { status, oracle };
  if (extra.cause !== undefined) v.cause = extra.cause;
  if (extra.reason !== undefined) v.reason = extra.reason;
  if (extra.clause !== undefined) v.clause = extra.clause;
  if (extra.seconds !== undefined) v.seconds = extra.seconds;
  return v;
}

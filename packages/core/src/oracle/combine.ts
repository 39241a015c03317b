import type { ObligationOutcome } from '../backend/contract.js';
import { verdict, type Verdict } from '../model/verdict.js';

/**
 * One verdict from a triple's two proof attempts. A failed proof is not a refutation: the triple
 * `fails` only when the negated harness is proved, `holds` only when the positive one is, and otherwise
 * the verdict is `unknown` with the reason.
 */
export function combineObligations(
  positive: ObligationOutcome | undefined,
  negative: ObligationOutcome | undefined,
  oracle: string,
  seconds?: number,
): Verdict {
  const extra = seconds === undefined ? {} : { seconds };
  const pos = positive?.result ?? 'missing';
  const neg = negative?.result ?? 'missing';
  if (pos === 'error' || neg === 'error') {
    const message = (pos === 'error' ? positive?.message : negative?.message) ?? 'the verifier reported an error in the harness';
    return verdict('error', oracle, { cause: 'harness-error', reason: message, ...extra });
  }
  if (pos === 'verified' && neg === 'verified') {
    return verdict('unknown', oracle, {
      cause: 'vacuous',
      reason: 'both the clause and its negation were proved: the assumptions are inconsistent (does the precondition hold for these inputs?)',
      ...extra,
    });
  }
  if (pos === 'verified') return verdict('holds', oracle, extra);
  if (neg === 'verified') return verdict('fails', oracle, extra);
  if (pos === 'timeout' || neg === 'timeout') {
    // A process stopped at its deadline or the spec's budget says so in its message.
    const why = (pos === 'timeout' ? positive?.message : undefined) ?? (neg === 'timeout' ? negative?.message : undefined);
    return verdict('unknown', oracle, { cause: 'timeout', reason: `the verifier ran out of time on this triple${why ? `: ${why}` : ''}`, ...extra });
  }
  if (pos === 'missing' && neg === 'missing') {
    return verdict('unknown', oracle, { cause: 'missing', reason: 'the verifier reported nothing for this triple', ...extra });
  }
  const why = [positive?.message, negative?.message].filter(Boolean).join('; ');
  return verdict('unknown', oracle, {
    cause: 'gave-up',
    reason: `neither the clause nor its negation could be proved${why ? `: ${why}` : ''}`,
    ...extra,
  });
}

import { tripleChecks, type Triple } from '../model/triple.js';
import type { Verdict } from '../model/verdict.js';

/**
 * Which verdicts may stand, given what is known about each test's precondition.
 *
 * Soundness argument. A postcondition triple's harness assumes the precondition on the test's inputs
 * (a method body may, and a verifier needs it to use the precondition's facts). If that assumption is
 * false, the harness proves anything: the clause and its negation alike. So a proof about a
 * postcondition only shows something once the precondition is known to hold for the same inputs, and
 * that knowledge must itself be a proof, not a prediction:
 * - the test's `precondition` triple proved `holds`: its harness checks the precondition under no
 *   assumption of its own (the backend contract: a precondition harness fixes the inputs and asserts,
 *   nothing else is assumed that could be false), so the post harness's assumption is true and its
 *   proof is a proof about these values; the verdict stands;
 * - proved `fails`: the inputs are outside the spec's domain; every post verdict of the test is
 *   `unknown (vacuous)`, whatever an oracle said;
 * - not decided (`unknown`, `error`, or missing): a decided post verdict might rest on a false
 *   assumption, so it becomes `unknown (precondition-unknown)`, or `unknown (interrupted)` when the
 *   check was cut short by a stopped run; an undecided one keeps its own cause.
 * A spec without a precondition has no `precondition` triples and nothing to settle.
 *
 * Other assumptions a harness makes are the backend's responsibility under the same rule: each must be
 * true by construction or proved in the harness itself (see the Dafny backend's value hints, which are
 * asserted, not assumed).
 */
export function settleVerdicts(triples: readonly Triple[], verdicts: ReadonlyMap<string, Verdict>): Map<string, Verdict> {
  const preOf = new Map<string, Verdict | undefined>();
  for (const t of triples) if (t.role === 'precondition') preOf.set(t.testId, verdicts.get(t.id));
  const settled = new Map<string, Verdict>();
  for (const t of triples) {
    const v = verdicts.get(t.id);
    if (!v) continue;
    // Precondition checks (of a test's inputs, or of a reject input) assume nothing: they stand as proved.
    if (tripleChecks(t) === 'pre' || !preOf.has(t.testId)) {
      settled.set(t.id, v);
      continue;
    }
    const pre = preOf.get(t.testId);
    if (pre?.status === 'holds') settled.set(t.id, v);
    else if (pre?.status === 'fails') settled.set(t.id, { ...v, status: 'unknown', cause: 'vacuous', reason: 'the precondition is false for these inputs, so the spec says nothing about their outputs' });
    else if (v.status === 'holds' || v.status === 'fails') {
      const why = pre ? `${pre.status}${pre.reason ? `: ${pre.reason}` : pre.cause ? ` (${pre.cause})` : ''}` : 'no verdict';
      // A stopped run left the precondition unchecked: the verdict is as unfinished as its check.
      const cause = pre?.cause === 'interrupted' ? 'interrupted' : 'precondition-unknown';
      settled.set(t.id, { ...v, status: 'unknown', cause, reason: `the ${v.status === 'holds' ? 'proof' : 'refutation'} assumes the precondition, which was not proved for these inputs (${why})` });
    } else settled.set(t.id, v);
  }
  return settled;
}

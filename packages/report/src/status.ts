import type { MutantReport } from '@specmut/core';
import type { MutantStatus } from 'mutation-testing-report-schema';

/**
 * A specmut mutant outcome as a mutation-testing status. `rejected` (the spec provably rejects the
 * mutated output) is Killed; `accepted` (provably accepted) is Survived. An `unknown` verdict is never
 * Killed: a timeout is Timeout (the schema's word for it, though mutation-testing-elements counts
 * Timeout as detected, see the README), a stopped run's undecided triple is Pending (not tested), and
 * every other unknown (the prover gave up, an unsupported construct, a vacuous precondition, a spent
 * budget, a missing verdict) is NoCoverage: the spec was not checked against that output, and like
 * specmut's strict completeness the page's score counts it as undetected (RuntimeError would drop it
 * from the score and hide it). An `error` verdict (a broken harness, a crashed verifier) is RuntimeError.
 */
export function mutantStatus(m: Pick<MutantReport, 'verdict' | 'cause'>): MutantStatus {
  switch (m.verdict) {
    case 'rejected':
      return 'Killed';
    case 'accepted':
      return 'Survived';
    case 'error':
      return 'RuntimeError';
    case 'unknown':
      if (m.cause === 'timeout') return 'Timeout';
      if (m.cause === 'interrupted') return 'Pending';
      return 'NoCoverage';
  }
}

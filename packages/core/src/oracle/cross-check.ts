import type { Oracle } from './oracle.js';

/**
 * Runs two oracles on the same triples; verdicts are the primary's, each carrying the secondary's as
 * `check`, so a report can list every triple on which they disagree.
 */
export function crossCheckOracle(primary: Oracle, secondary: Oracle): Oracle {
  return {
    name: primary.name,
    async decide(request) {
      const [main, other] = await Promise.all([primary.decide(request), secondary.decide(request)]);
      for (const [id, v] of main) {
        const o = other.get(id);
        if (!o) continue;
        v.check = { oracle: o.oracle, status: o.status };
        if (o.cause) v.check.cause = o.cause;
        if (o.reason) v.check.reason = o.reason;
      }
      return main;
    },
  };
}

/** Two verdicts disagree when both decided (holds or fails) and decided differently. */
export function disagree(a: { status: string }, b: { status: string }): boolean {
  const decided = (s: string) => s === 'holds' || s === 'fails';
  return decided(a.status) && decided(b.status) && a.status !== b.status;
}

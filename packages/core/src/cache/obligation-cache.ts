import { z } from 'zod';
import type { Harness, ObligationOutcome, VerifierInfo } from '../backend/contract.js';
import { cacheKey, diskCache, memoryCache, type ResultCache } from './result-cache.js';

/** Bumped whenever what a key covers or what an entry holds changes: older entries then simply miss. */
const FORMAT = 1;

/**
 * One proof attempt's outcome as the verifier reported it. Only outcomes that the harness text, the
 * verifier and the time limit determine are stored: never a process killed at its deadline or by an
 * interrupt, never an obligation the verifier did not get to (`missing`).
 */
export const CachedOutcomeSchema = z
  .object({
    format: z.literal(FORMAT),
    result: z.enum(['verified', 'failed', 'timeout', 'gave-up', 'error']),
    message: z.string().optional(),
    /** Verifier seconds the attempt cost when it ran. */
    seconds: z.number().nonnegative(),
  })
  .strict();
export type CachedOutcome = z.infer<typeof CachedOutcomeSchema>;

export type ObligationCache = ResultCache<CachedOutcome>;

/** The cache of proof attempts: in memory only, or also under `dir` (shared by runs, validated on read). */
export function obligationCache(dir?: string): ObligationCache {
  return dir ? diskCache(dir, CachedOutcomeSchema) : memoryCache<CachedOutcome>();
}

export function cacheable(o: ObligationOutcome, seconds: number): CachedOutcome | undefined {
  if (o.result === 'missing') return undefined;
  return { format: FORMAT, result: o.result, ...(o.message !== undefined ? { message: o.message } : {}), seconds };
}

/**
 * A key per obligation of a harness, from what decides its outcome: the harness text it shares with
 * the other obligations (the spec's declarations), its own part (its harness method, with its symbol
 * replaced so that the same check under another triple id is the same entry), the other files, the
 * verifier's arguments, name, version and identity (e.g. the solver's kind and version, not its path),
 * and the time limit. So a
 * triple is found again whatever batch, mutant count or run it comes from. An obligation without line
 * ranges is keyed by the whole harness text.
 */
export function obligationKeys(harness: Harness, info: VerifierInfo, timeoutSeconds: number): Map<string, string> {
  const main = harness.files.find((f) => f.name === harness.main)?.text ?? '';
  const lines = main.split('\n');
  const owned = new Set<number>();
  for (const o of harness.obligations) if (o.lines) for (let l = o.lines[0]; l <= o.lines[1]; l++) owned.add(l);
  const shared = cacheKey({
    main: lines.filter((_, i) => !owned.has(i + 1)),
    files: harness.files.filter((f) => f.name !== harness.main),
    args: harness.args,
    verifier: { name: info.name, version: info.version, identity: info.identity ?? info.details },
    timeoutSeconds,
  });
  const keys = new Map<string, string>();
  for (const o of harness.obligations) {
    const own = o.lines ? lines.slice(o.lines[0] - 1, o.lines[1]).join('\n') : main;
    keys.set(o.symbol, cacheKey({ format: FORMAT, shared, own: own.split(o.symbol).join('\u0000'), polarity: o.polarity }));
  }
  return keys;
}

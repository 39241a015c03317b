/**
 * The scheduling policy, in one place for every backend: how many specs are in flight, how long a
 * verifier process and a spec may take, how many solver cores a process gets.
 */

/**
 * Specs in flight per verifier process. More specs than processes keep harnesses waiting, so that the
 * run queue merges them into shared runs (a Dafny process costs about a second to start).
 */
export const SPECS_PER_PROCESS = 8;

/**
 * At most this many obligations merged into one process. Merging saves start-ups, but a merged run is
 * as slow as its parts together and cannot be shared out once started: smaller runs balance better
 * across processes at the end of a run.
 */
export const MAX_MERGED_OBLIGATIONS = 200;

/**
 * Proof attempts per chunk of a spec's round. A round is cut into chunks that the run queue may put in
 * different processes: a spec whose attempts run into the time limit then costs about
 * chunk x time limit of wall time per free process, not all of its attempts one after another.
 * Chunks that wait together with other specs' work are merged with it, so small chunks cost few
 * extra process start-ups.
 */
export const CHUNK_OBLIGATIONS = 6;

/** Specs to work on at once for a number of verifier processes. */
export const specsInFlight = (processes: number): number => Math.max(1, processes) * SPECS_PER_PROCESS;

/**
 * Verifier processes in a row that may end without results (crashed, or killed at their deadline),
 * over at least two specs, before no new one is started: a verifier that never answers then costs a
 * few deadlines, not one per spec and retry of the whole run.
 */
export const FRUITLESS_RUNS_TO_STOP = 5;

/** Seconds allowed for a verifier process to start (Dafny: about 1-2 s, more on a loaded machine). */
export const START_UP_SECONDS = 10;

/** Wall-clock limit for a batch: every obligation may use its full time limit, plus start-up. */
export function batchDeadline(obligations: number, timeoutSeconds: number, slack = START_UP_SECONDS): number {
  return slack + obligations * (timeoutSeconds + 1);
}

/**
 * Verifier seconds one spec may use over all its rounds: both proof attempts of every triple at the
 * full time limit, plus start-up. A verifier that hangs costs the spec at most this, however the
 * batch is split and retried, and the triples it leaves undecided are `unknown` (timeout) with the reason.
 */
export function specBudget(triples: number, timeoutSeconds: number, slack = START_UP_SECONDS): number {
  return slack + 2 * triples * (timeoutSeconds + 1);
}

/**
 * Solver cores for a batch about to start: one, unless process slots would otherwise stay idle (the
 * tail of a run, or a run of few specs) and the verifier can check several obligations at once; then
 * the batch takes the idle slots, up to one per obligation. Slots are never oversubscribed: a solver
 * that shares a core with another would run out of its time limit on proofs it finishes alone.
 */
export function coresFor(batch: { obligations: number }, free: number, waitingAfter: number, parallel: boolean): number {
  if (!parallel || waitingAfter > 0) return 1;
  return Math.max(1, Math.min(free, batch.obligations));
}

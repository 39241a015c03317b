import type { Harness, MethodSpec, Obligation, ObligationOutcome, Polarity, SpecModule, Verifier, VerifierInfo } from '../backend/contract.js';
import { cacheable, obligationKeys, type ObligationCache } from '../cache/obligation-cache.js';
import { SpecmutError } from '../errors.js';
import type { Triple } from '../model/triple.js';
import { verdict, type Verdict } from '../model/verdict.js';
import { combineObligations } from './combine.js';
import { RunQueue } from './run-queue.js';
import { CHUNK_OBLIGATIONS, MAX_MERGED_OBLIGATIONS, START_UP_SECONDS, batchDeadline, specBudget } from './schedule.js';
import type { Oracle, OracleRequest } from './oracle.js';

/** A batch's outcome per obligation, each with the verifier seconds it cost. */
export type BatchResult =
  | { kind: 'outcomes'; results: Reported }
  | { kind: 'harness-error'; message: string }
  /**
   * Stopped at its deadline; `budget`: the spec's budget is spent, so splitting the batch cannot help.
   * `reported`: the outcomes the verifier gave before it was stopped, which stand.
   */
  | { kind: 'killed'; seconds: number; budget?: boolean; merged?: boolean; reported?: Reported }
  | { kind: 'interrupted'; reported?: Reported }
  /** No verifier process may start any more (see `RunQueue`'s circuit breaker), with the reason. */
  | { kind: 'stopped'; message: string; reported?: Reported };

/** Outcomes of a batch, each with the verifier seconds it cost. */
type Reported = { o: Obligation; outcome: ObligationOutcome; seconds: number }[];

export interface VerifierOracleOptions {
  /** Proof attempts already made (see `obligationKeys`); none are stored without it. */
  cache?: ObligationCache | undefined;
  /** Seconds added to a batch's deadline for process start-up. */
  slackSeconds?: number;
  /** Triples per verifier process, fixed (default: chunks of `chunkObligations`). 1 mimics one process per triple. */
  batchSize?: number;
  /** Proof attempts per chunk of a spec's round (default `CHUNK_OBLIGATIONS`). */
  chunkObligations?: number | undefined;
  /** An oracle whose verdicts decide which proof attempt to make first (the evaluator); never the verdict. */
  predict?: Oracle | undefined;
  /** Verifier processes at the same time, shared by every spec this oracle decides (default 1). */
  processes?: number;
  /** At most this many obligations merged into one process (default `MAX_MERGED_OBLIGATIONS`). */
  maxObligations?: number | undefined;
  /**
   * Also attempt the polarity a decided prediction rules out. Off by default: such a proof can only
   * succeed where the prediction is wrong, and the attempt costs a full time limit where the solver is slow.
   */
  exhaustive?: boolean;
  /** Nothing derived from another oracle in the harnesses (see `EmitOptions.independent`). */
  independent?: boolean | undefined;
  /** After this many verifier processes in a row end without results, none is started (see `RunQueueOptions`). */
  fruitlessRunsToStop?: number | undefined;
  /** Told of what the user should know while the run goes on (the verifier stopped being started). */
  notice?: ((message: string) => void) | undefined;
}

interface Round {
  effort: number;
  attempts: ReadonlyMap<string, readonly Polarity[]>;
}

/** What is left of a spec's budget, charged with the seconds of each run made for it. */
interface Budget {
  readonly total: number;
  left: number;
  readonly why: string;
}

const RANK: Record<ObligationOutcome['result'], number> = { verified: 5, error: 4, timeout: 3, 'gave-up': 2, failed: 1, missing: 0 };

/** Of two attempts at the same polarity, the more informative outcome. */
function better(a: ObligationOutcome | undefined, b: ObligationOutcome | undefined): ObligationOutcome | undefined {
  if (!a) return b;
  if (!b) return a;
  return RANK[b.result] > RANK[a.result] ? b : a;
}

/** Which polarity to try first: the predicted verdict's, else the one a triple's role makes likely. */
function firstPolarity(t: Triple, predicted: Verdict | undefined): Polarity {
  if (predicted?.status === 'holds') return 'positive';
  if (predicted?.status === 'fails') return 'negative';
  return t.role === 'mutant' || t.role === 'wrong' ? 'negative' : 'positive';
}

const slices = <T>(xs: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, (i + 1) * size));

/** Triples in order, cut into chunks of at most `max` proof attempts (a triple is never cut). */
function chunkByObligations(tried: readonly (readonly [Triple, readonly Polarity[]])[], max: number): Triple[][] {
  const chunks: Triple[][] = [];
  let size = Infinity;
  for (const [t, polarities] of tried) {
    if (size + polarities.length > max) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(t);
    size += polarities.length;
  }
  return chunks;
}

const outcomesOf = (results: Extract<BatchResult, { kind: 'outcomes' }>['results']): BatchResult => ({ kind: 'outcomes', results });

const opposite = (p: Polarity): Polarity => (p === 'positive' ? 'negative' : 'positive');

/**
 * An oracle that runs a verifier backend in rounds, each one process for all the triples still
 * undecided: first the proof attempt that is likely to succeed (the polarity the `predict` oracle, e.g.
 * the evaluator, expects, or else the one the triple's role makes likely: tests hold, mutants are
 * rejected), then the other polarity, then both again at each higher effort level the verifier offers.
 * The prediction orders the attempts, and a decided one drops the attempt it rules out (see
 * `exhaustive`); it never decides a verdict: every verdict is the verifier's proof. A process that hangs
 * or crashes costs only its own triples: the batch is split in halves and retried down to single
 * triples, which then get `unknown` (timeout) with the reason; a static error inside one triple's
 * harness does not cost the others, which are re-run without it.
 */
export function verifierOracle(verifier: Verifier, info: VerifierInfo, options: VerifierOracleOptions = {}): Oracle {
  const name = `${info.name} ${info.version}`;
  const queue = new RunQueue(verifier, info, {
    processes: options.processes ?? 1,
    maxObligations: options.maxObligations ?? MAX_MERGED_OBLIGATIONS,
    deadline: (n, timeout) => batchDeadline(n, timeout, options.slackSeconds),
    ...(options.fruitlessRunsToStop !== undefined ? { fruitlessRunsToStop: options.fruitlessRunsToStop } : {}),
    onStop: (message) => options.notice?.(`${message}: the triples not yet decided are unknown (crash)`),
  });

  async function emit(module: SpecModule, method: MethodSpec, triples: Triple[], attempts: Round['attempts'], round: Round, req: OracleRequest): Promise<Harness | { message: string }> {
    try {
      return await verifier.emit(module, method, triples, { timeoutSeconds: req.timeoutSeconds, attempts, effort: round.effort, independent: options.independent });
    } catch (e) {
      if (e instanceof SpecmutError) return { message: e.format() };
      throw e;
    }
  }

  /**
   * One round's attempts for a batch: those the cache holds are taken from it (costing nothing in this
   * run), the others are emitted
   * again without the cached ones and run; what the run decides is stored per attempt.
   */
  async function runBatch(module: SpecModule, method: MethodSpec, triples: Triple[], round: Round, req: OracleRequest, budget: Budget, alone = false): Promise<BatchResult> {
    const full = await emit(module, method, triples, round.attempts, round, req);
    if (!('obligations' in full)) return { kind: 'harness-error', message: full.message };
    const cache = options.cache;
    const hits: { o: Obligation; outcome: ObligationOutcome; seconds: number }[] = [];
    let harness = full;
    if (cache) {
      const keys = obligationKeys(full, info, req.timeoutSeconds);
      const missing = new Map<string, Polarity[]>();
      for (const o of full.obligations) {
        const entry = await cache.get(keys.get(o.symbol)!);
        if (entry) hits.push({ o, outcome: { symbol: o.symbol, result: entry.result, ...(entry.message !== undefined ? { message: entry.message } : {}) }, seconds: 0 });
        else missing.set(o.tripleId, [...(missing.get(o.tripleId) ?? []), o.polarity]);
      }
      if (missing.size === 0) return outcomesOf(hits);
      if (hits.length > 0) {
        const rest = await emit(module, method, triples.filter((t) => missing.has(t.id)), missing, round, req);
        if (!('obligations' in rest)) return { kind: 'harness-error', message: rest.message };
        harness = rest;
      }
    }
    if (budget.left <= 0) return { kind: 'killed', seconds: 0, budget: true };
    if (alone) harness = { ...harness, combinable: false };
    const own = batchDeadline(harness.obligations.length, req.timeoutSeconds, options.slackSeconds);
    // The run's deadline is taken from the budget before it starts, so that chunks of one spec running
    // side by side cannot together spend more than the budget; what it did not use is given back.
    const allowed = Math.min(own, budget.left);
    budget.left -= allowed;
    const keys = cache ? obligationKeys(harness, info, req.timeoutSeconds) : undefined;
    const run = harness;
    // Outcomes the verifier reports while it runs are final: each is stored at once, so that a run
    // stopped later (Ctrl-C, the deadline) keeps them and a rerun does not repeat them.
    const reported = new Map<string, ObligationOutcome>();
    const storing: Promise<void>[] = [];
    const onOutcome = (outcome: ObligationOutcome) => {
      const o = run.obligations.find((x) => x.symbol === outcome.symbol);
      if (!o || reported.has(o.symbol)) return;
      reported.set(o.symbol, outcome);
      const entry = cacheable(outcome, outcome.seconds ?? 0);
      if (cache && keys && entry) storing.push(cache.set(keys.get(o.symbol)!, entry).catch(() => undefined));
    };
    const ran = await queue.submit(harness, req.timeoutSeconds, req.signal, allowed, budget, onOutcome);
    await Promise.all(storing);
    budget.left += allowed - (ran.kind === 'outcomes' || ran.kind === 'killed' ? ran.seconds : 0);
    if (ran.kind === 'killed' || ran.kind === 'interrupted') {
      // What the run reported before it was stopped stands; a kill or an interruption says nothing of the rest.
      const each = ran.kind === 'killed' ? ran.seconds / Math.max(1, harness.obligations.length) : 0;
      const partial = harness.obligations.filter((o) => reported.has(o.symbol)).map((o) => ({ o, outcome: reported.get(o.symbol)!, seconds: reported.get(o.symbol)!.seconds ?? each }));
      const extra = { reported: [...hits, ...partial] };
      if (ran.kind === 'killed') return { ...ran, budget: allowed < own || budget.left <= 0, ...extra };
      return { kind: 'interrupted', ...extra };
    }
    if (ran.kind === 'stopped') return { ...ran, reported: hits };
    if (ran.kind !== 'outcomes') return ran;
    const bySymbol = new Map(ran.outcomes.map((o) => [o.symbol, o]));
    const each = ran.seconds / Math.max(1, harness.obligations.length);
    const fresh = harness.obligations.map((o) => ({ o, outcome: bySymbol.get(o.symbol) ?? { symbol: o.symbol, result: 'missing' as const }, seconds: each }));
    for (const { o, outcome } of fresh) {
      const entry = cacheable(outcome, each);
      if (cache && keys && entry && !reported.has(o.symbol)) await cache.set(keys.get(o.symbol)!, entry);
    }
    return outcomesOf([...hits, ...fresh]);
  }

  /** The best outcome of each polarity attempted so far for a triple. */
  type Attempts = { positive?: ObligationOutcome; negative?: ObligationOutcome };
  /** `stopped`: no verifier process could be started for it any more, and why. */
  type Outcomes = Map<string, Attempts & { seconds: number; interrupted?: boolean; stopped?: string }>;

  /** One round's attempts for the given triples, isolating hangs and static errors. */
  async function attempt(module: SpecModule, method: MethodSpec, triples: Triple[], round: Round, req: OracleRequest, out: Outcomes, budget: Budget, alone = false): Promise<void> {
    if (triples.length === 0) return;
    const record = (t: Triple, polarity: Polarity, o: ObligationOutcome | undefined, seconds: number) => {
      const entry = out.get(t.id) ?? { seconds: 0 };
      entry[polarity] = better(entry[polarity], o);
      entry.seconds += seconds;
      out.set(t.id, entry);
    };
    const result = await runBatch(module, method, triples, round, req, budget, alone);
    const reported = 'reported' in result ? (result.reported ?? []) : [];
    for (const { o, outcome, seconds } of reported) {
      const t = triples.find((x) => x.id === o.tripleId);
      if (t) record(t, o.polarity, outcome, seconds);
    }
    if (result.kind === 'stopped') {
      for (const t of triples) out.set(t.id, { seconds: 0, ...out.get(t.id), stopped: result.message });
      return;
    }
    if (result.kind === 'interrupted') {
      for (const t of triples) out.set(t.id, { seconds: 0, ...out.get(t.id), interrupted: true });
      return;
    }
    if (result.kind === 'killed') {
      // Only the attempts the killed run did not report are made again, on their own.
      const left = new Map<string, Polarity[]>();
      for (const t of triples) {
        const todo = (round.attempts.get(t.id) ?? []).filter((p) => !reported.some((r) => r.o.tripleId === t.id && r.o.polarity === p));
        if (todo.length > 0) left.set(t.id, todo);
      }
      const rest = triples.filter((t) => left.has(t.id));
      if (rest.length === 0) return;
      const again: Round = { effort: round.effort, attempts: left };
      // The time the killed run took (beyond what its reported outcomes cost) is its unfinished triples' cost, shared evenly.
      const unexplained = Math.max(0, result.seconds - reported.reduce((sum, r) => sum + r.seconds, 0));
      for (const t of rest) out.set(t.id, { ...out.get(t.id), seconds: (out.get(t.id)?.seconds ?? 0) + unexplained / rest.length });
      const retry = !req.signal?.aborted && !result.budget;
      // Killed together with other specs' work: this batch may be innocent, so it runs again on its own.
      if (retry && result.merged && !alone) return attempt(module, method, rest, again, req, out, budget, true);
      if (retry && rest.length > 1) {
        // One half after the other: each may then take what the other left of the budget.
        const half = Math.ceil(rest.length / 2);
        await attempt(module, method, rest.slice(0, half), again, req, out, budget);
        await attempt(module, method, rest.slice(half), again, req, out, budget);
        return;
      }
      if (req.signal?.aborted) {
        for (const t of rest) out.set(t.id, { seconds: 0, ...out.get(t.id), interrupted: true });
        return;
      }
      const message = result.budget ? budget.why : `the verifier process did not finish within ${result.seconds.toFixed(0)} s and was stopped`;
      for (const t of rest) for (const p of left.get(t.id) ?? []) record(t, p, { symbol: '', result: 'timeout', message }, 0);
      return;
    }
    if (result.kind === 'harness-error') {
      for (const t of triples) for (const p of round.attempts.get(t.id) ?? []) record(t, p, { symbol: '', result: 'error', message: result.message }, 0);
      return;
    }
    const mine = (t: Triple) => result.results.filter((r) => r.o.tripleId === t.id);
    // A static error inside one triple's harness stops the verifier before it checks the others: those
    // come back without results and are run again on their own.
    const broken = result.results.some((r) => r.outcome.result === 'error');
    const unrun = triples.filter((t) => mine(t).every((r) => r.outcome.result === 'missing'));
    for (const t of triples) {
      if (broken && unrun.includes(t)) continue;
      for (const { o, outcome, seconds } of mine(t)) record(t, o.polarity, outcome, seconds);
    }
    if (broken && unrun.length > 0 && unrun.length < triples.length) await attempt(module, method, unrun, round, req, out, budget);
  }

  /** Every attempt made so far ran out of time (a polarity never attempted does not count). */
  const onlyTimeouts = (e: Attempts | undefined) => {
    const made = [e?.positive, e?.negative].filter((o): o is ObligationOutcome => !!o);
    return made.length > 0 && made.every((o) => o.result === 'timeout');
  };

  const decided = (e: Attempts | undefined) =>
    !!e && [e.positive?.result, e.negative?.result].some((r) => r === 'verified' || r === 'error');

  return {
    name,
    async decide(req) {
      const predicted = options.predict ? await options.predict.decide(req).catch(() => new Map<string, Verdict>()) : new Map<string, Verdict>();
      const first = new Map(req.triples.map((t) => [t.id, firstPolarity(t, predicted.get(t.id))]));
      const out: Outcomes = new Map();
      // A decided prediction is a computation on the concrete values; the proof of the opposite claim
      // could only succeed if it were wrong, so by default it is not attempted after the predicted proof
      // ran out of time (which is where it would cost most). After the predicted proof plainly failed it
      // is: the prediction may be what is wrong, and a prediction must never cost a verdict it did not
      // decide (it only ever orders the attempts; every verdict is a proof).
      const failed = (t: Triple) => out.get(t.id)?.[first.get(t.id)!]?.result === 'failed';
      const settled = (t: Triple) => !options.exhaustive && ['holds', 'fails'].includes(predicted.get(t.id)?.status ?? '');
      const rounds: { effort: number; polarities: (t: Triple) => readonly Polarity[] }[] = [
        { effort: 0, polarities: (t) => [first.get(t.id)!] },
        { effort: 0, polarities: (t) => (settled(t) && !failed(t) ? [] : [opposite(first.get(t.id)!)]) },
        ...(verifier.efforts ?? []).map((effort) => ({ effort, polarities: (t: Triple) => (settled(t) && !failed(t) ? [first.get(t.id)!] : (['positive', 'negative'] as const)) })),
      ];
      const slack = options.slackSeconds ?? START_UP_SECONDS;
      const total = specBudget(req.triples.length, req.timeoutSeconds, slack);
      const why = `the spec's verifier budget of ${total} s ran out (2 attempts x ${req.triples.length} triples x (${req.timeoutSeconds} s time limit + 1 s) + ${slack} s start-up): the verifier hangs or is very slow on this spec`;
      const budget: Budget = { total, left: total, why };
      let pending = req.triples;
      for (const { effort, polarities } of rounds) {
        if (pending.length === 0) break;
        if (req.signal?.aborted) {
          for (const t of pending) out.set(t.id, { seconds: 0, ...out.get(t.id), interrupted: true });
          break;
        }
        // Hints give the solver witnesses it cannot invent, which it misses quickly; they do not help a
        // proof that ran out of time, so triples whose every attempt timed out are not tried again.
        if (effort > 0) pending = pending.filter((t) => !onlyTimeouts(out.get(t.id)));
        const tried = pending.map((t) => [t, polarities(t)] as const).filter(([, p]) => p.length > 0);
        const round: Round = { effort, attempts: new Map(tried.map(([t, p]) => [t.id, p])) };
        // The round's chunks go to the queue together: it merges them with other specs' work, never with
        // each other, so a spec whose attempts are slow is spread over the processes that are free.
        const chunks = options.batchSize ? slices(tried.map(([t]) => t), options.batchSize) : chunkByObligations(tried, options.chunkObligations ?? CHUNK_OBLIGATIONS);
        await Promise.all(chunks.map((chunk) => attempt(req.module, req.method, chunk, round, req, out, budget)));
        pending = pending.filter((t) => !decided(out.get(t.id)));
      }
      const verdicts = new Map<string, Verdict>();
      for (const t of req.triples) {
        const e = out.get(t.id);
        const v = combineObligations(e?.positive, e?.negative, name, e?.seconds);
        // A triple the stop caught before its rounds were over has no verdict yet, whatever its attempts said.
        const unfinished = (e?.interrupted || e?.stopped) && !decided(e);
        if (!unfinished) verdicts.set(t.id, v);
        else if (e.interrupted) verdicts.set(t.id, verdict('unknown', name, { cause: 'interrupted', reason: 'the run was stopped before this triple was decided', seconds: e.seconds }));
        else verdicts.set(t.id, verdict('unknown', name, { cause: 'crash', reason: e.stopped!, seconds: e.seconds }));
      }
      return verdicts;
    },
  };
}

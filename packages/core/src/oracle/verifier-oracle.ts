import { DEFAULT_STAGES, type MethodSpec, type Obligation, type ObligationOutcome, type SpecModule, type Stage, type Verifier, type VerifierInfo } from '../backend/contract.js';
import { cacheKey, type ResultCache } from '../cache/result-cache.js';
import { SpecmutError } from '../errors.js';
import type { Triple } from '../model/triple.js';
import type { Verdict } from '../model/verdict.js';
import { combineObligations } from './combine.js';
import type { Oracle, OracleRequest } from './oracle.js';

export type BatchResult =
  | { kind: 'outcomes'; outcomes: ObligationOutcome[]; obligations: Obligation[]; seconds: number }
  | { kind: 'harness-error'; message: string }
  | { kind: 'killed'; seconds: number };

export interface VerifierOracleOptions {
  cache?: ResultCache<{ result: BatchResult }> | undefined;
  /** Seconds added to a batch's deadline for process start-up. */
  slackSeconds?: number;
}

/** Wall-clock limit for a batch: every obligation may use its full time limit, plus start-up. */
export function batchDeadline(obligations: number, timeoutSeconds: number, slack = 30): number {
  return slack + obligations * (timeoutSeconds + 1);
}

const RANK: Record<ObligationOutcome['result'], number> = { verified: 5, error: 4, timeout: 3, 'gave-up': 2, failed: 1, missing: 0 };

/** Of two attempts at the same polarity, the more informative outcome. */
function better(a: ObligationOutcome | undefined, b: ObligationOutcome | undefined): ObligationOutcome | undefined {
  if (!a) return b;
  if (!b) return a;
  return RANK[b.result] > RANK[a.result] ? b : a;
}

/**
 * An oracle that runs a verifier backend in stages (by default: every triple's positive harness in one
 * process; then, only for the triples whose postcondition was not proved, the negated harness). A
 * negation that cannot hold is where a solver spends longest, so it is attempted only where needed.
 * A process that hangs or crashes costs only its own triples: the batch is split in halves and retried
 * down to single triples, which then get `unknown` (timeout) with the reason; a static error inside one
 * triple's harness does not cost the others, which are re-run without it.
 */
export function verifierOracle(verifier: Verifier, info: VerifierInfo, options: VerifierOracleOptions = {}): Oracle {
  const name = `${info.name} ${info.version}`;
  const stages = verifier.stages ?? DEFAULT_STAGES;

  async function runBatch(module: SpecModule, method: MethodSpec, triples: Triple[], stage: Stage, req: OracleRequest): Promise<BatchResult> {
    let harness;
    try {
      harness = await verifier.emit(module, method, triples, { timeoutSeconds: req.timeoutSeconds, stage });
    } catch (e) {
      if (e instanceof SpecmutError) return { kind: 'harness-error', message: e.format() };
      throw e;
    }
    const key = cacheKey({ v: 3, verifier: name, details: info.details, files: harness.files, args: harness.args, obligations: harness.obligations, timeout: req.timeoutSeconds });
    const cached = await options.cache?.get(key);
    if (cached) return cached.result;
    const output = await verifier.run(info, {
      harness,
      timeoutSeconds: req.timeoutSeconds,
      deadlineSeconds: batchDeadline(harness.obligations.length, req.timeoutSeconds, options.slackSeconds),
      signal: req.signal,
    });
    if (output.killed) return { kind: 'killed', seconds: output.seconds };
    const parsed = verifier.parse(output, harness);
    const result: BatchResult =
      parsed.kind === 'harness-error'
        ? parsed
        : { kind: 'outcomes', outcomes: parsed.outcomes, obligations: harness.obligations, seconds: output.seconds };
    await options.cache?.set(key, { result });
    return result;
  }

  /** One stage's attempt for each triple, isolating hangs and static errors; returns outcomes by triple. */
  async function attempt(module: SpecModule, method: MethodSpec, triples: Triple[], stage: Stage, req: OracleRequest, out: Map<string, ObligationOutcome & { seconds: number }>): Promise<void> {
    if (triples.length === 0) return;
    const result = await runBatch(module, method, triples, stage, req);
    if (result.kind === 'killed') {
      if (triples.length > 1 && !req.signal?.aborted) {
        const half = Math.ceil(triples.length / 2);
        await attempt(module, method, triples.slice(0, half), stage, req, out);
        await attempt(module, method, triples.slice(half), stage, req, out);
        return;
      }
      const message = `the verifier process did not finish within ${result.seconds.toFixed(0)} s and was stopped`;
      for (const t of triples) out.set(t.id, { symbol: '', result: 'timeout', message, seconds: result.seconds });
      return;
    }
    if (result.kind === 'harness-error') {
      for (const t of triples) out.set(t.id, { symbol: '', result: 'error', message: result.message, seconds: 0 });
      return;
    }
    const bySymbol = new Map(result.outcomes.map((o) => [o.symbol, o]));
    const seconds = result.seconds / triples.length;
    const outcomes = triples.map((t) => {
      const obligation = result.obligations.find((o) => o.tripleId === t.id && o.polarity === stage.polarity);
      return obligation && bySymbol.get(obligation.symbol);
    });
    // A static error inside one triple's harness stops the verifier before it checks the others: those
    // come back without results and are run again on their own.
    const broken = outcomes.some((o) => o?.result === 'error');
    const unrun = triples.filter((_, i) => (outcomes[i]?.result ?? 'missing') === 'missing');
    triples.forEach((t, i) => {
      if (!(broken && unrun.includes(t))) out.set(t.id, { ...(outcomes[i] ?? { symbol: '', result: 'missing' }), seconds });
    });
    if (broken && unrun.length > 0 && unrun.length < triples.length) await attempt(module, method, unrun, stage, req, out);
  }

  return {
    name,
    async decide(req) {
      const best = new Map<string, { positive?: ObligationOutcome; negative?: ObligationOutcome; seconds: number }>();
      let pending = req.triples;
      for (const stage of stages) {
        if (pending.length === 0) break;
        const out = new Map<string, ObligationOutcome & { seconds: number }>();
        await attempt(req.module, req.method, pending, stage, req, out);
        for (const t of pending) {
          const o = out.get(t.id);
          const entry = best.get(t.id) ?? { seconds: 0 };
          entry[stage.polarity] = better(entry[stage.polarity], o);
          entry.seconds += o?.seconds ?? 0;
          best.set(t.id, entry);
        }
        pending = pending.filter((t) => {
          const e = best.get(t.id)!;
          const done = [e.positive?.result, e.negative?.result];
          return !done.includes('verified') && !done.includes('error');
        });
      }
      const verdicts = new Map<string, Verdict>();
      for (const t of req.triples) {
        const e = best.get(t.id);
        verdicts.set(t.id, combineObligations(e?.positive, e?.negative, name, e?.seconds));
      }
      return verdicts;
    },
  };
}

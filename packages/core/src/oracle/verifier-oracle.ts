import type { MethodSpec, Obligation, ObligationOutcome, SpecModule, Verifier, VerifierInfo } from '../backend/contract.js';
import { cacheKey, type ResultCache } from '../cache/result-cache.js';
import { SpecmutError } from '../errors.js';
import type { Triple } from '../model/triple.js';
import { verdict, type Verdict } from '../model/verdict.js';
import { combineObligations } from './combine.js';
import type { Oracle, OracleRequest } from './oracle.js';

type BatchResult =
  | { kind: 'outcomes'; outcomes: ObligationOutcome[]; obligations: Obligation[]; seconds: number }
  | { kind: 'harness-error'; message: string }
  | { kind: 'killed'; seconds: number };

export interface VerifierOracleOptions {
  cache?: ResultCache<{ result: BatchResult }> | undefined;
  /** Seconds allowed per obligation on top of the verifier's own limit, before the process is killed. */
  slackSeconds?: number;
}

/** Wall-clock limit for a batch: every obligation may use its full time limit, plus start-up. */
export function batchDeadline(obligations: number, timeoutSeconds: number, slack = 30): number {
  return slack + obligations * (timeoutSeconds + 1);
}

/**
 * An oracle that runs a verifier backend: all triples of a method in one harness, one process. A process
 * that hangs or crashes costs only its own triples: the batch is split in halves and retried, down to
 * single triples, which then get `unknown` (timeout) or `error` (crash) with the reason.
 */
export function verifierOracle(verifier: Verifier, info: VerifierInfo, options: VerifierOracleOptions = {}): Oracle {
  const name = `${info.name} ${info.version}`;

  async function runBatch(module: SpecModule, method: MethodSpec, triples: Triple[], req: OracleRequest): Promise<BatchResult> {
    let harness;
    try {
      harness = verifier.emit(module, method, triples, { timeoutSeconds: req.timeoutSeconds });
    } catch (e) {
      if (e instanceof SpecmutError) return { kind: 'harness-error', message: e.format() };
      throw e;
    }
    const key = cacheKey({ v: 1, verifier: name, details: info.details, files: harness.files, args: harness.args, timeout: req.timeoutSeconds });
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

  async function decideBatch(module: SpecModule, method: MethodSpec, triples: Triple[], req: OracleRequest, out: Map<string, Verdict>): Promise<void> {
    const result = await runBatch(module, method, triples, req);
    if (result.kind === 'killed') {
      if (triples.length > 1 && !req.signal?.aborted) {
        const half = Math.ceil(triples.length / 2);
        await decideBatch(module, method, triples.slice(0, half), req, out);
        await decideBatch(module, method, triples.slice(half), req, out);
        return;
      }
      for (const t of triples) {
        out.set(t.id, verdict('unknown', name, { cause: 'timeout', reason: `the verifier process did not finish within ${result.seconds.toFixed(0)} s and was stopped` }));
      }
      return;
    }
    if (result.kind === 'harness-error') {
      for (const t of triples) out.set(t.id, verdict('error', name, { cause: 'harness-error', reason: result.message }));
      return;
    }
    const bySymbol = new Map(result.outcomes.map((o) => [o.symbol, o]));
    const perTriple = result.seconds / Math.max(1, triples.length);
    const verdicts = triples.map((t) => {
      const mine = result.obligations.filter((o) => o.tripleId === t.id);
      const pos = mine.find((o) => o.polarity === 'positive');
      const neg = mine.find((o) => o.polarity === 'negative');
      return combineObligations(pos && bySymbol.get(pos.symbol), neg && bySymbol.get(neg.symbol), name, perTriple);
    });
    // A static error inside one triple's harness stops the verifier before it checks the others: those come
    // back without results, so they are run again on their own.
    const broken = verdicts.some((v) => v.cause === 'harness-error');
    const unrun = triples.filter((_, i) => verdicts[i]!.cause === 'missing');
    if (broken && unrun.length > 0 && unrun.length < triples.length) {
      triples.forEach((t, i) => verdicts[i]!.cause !== 'missing' && out.set(t.id, verdicts[i]!));
      await decideBatch(module, method, unrun, req, out);
      return;
    }
    triples.forEach((t, i) => out.set(t.id, verdicts[i]!));
  }

  return {
    name,
    async decide(req) {
      const out = new Map<string, Verdict>();
      await decideBatch(req.module, req.method, req.triples, req, out);
      return out;
    },
  };
}

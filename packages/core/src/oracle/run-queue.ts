import type { Harness, ObligationOutcome, RunOutput, Verifier, VerifierInfo } from '../backend/contract.js';
import { MAX_MERGED_OBLIGATIONS, coresFor } from './schedule.js';

/**
 * What one harness's run came to, whether it ran alone or merged with others. `seconds` are core-seconds
 * (wall time x solver cores) charged to this harness: its share of a merged run, by obligations.
 */
export type HarnessResult =
  | { kind: 'outcomes'; outcomes: ObligationOutcome[]; seconds: number }
  | { kind: 'harness-error'; message: string }
  /** `merged`: killed in a run shared with other harnesses, which may be what hung. */
  | { kind: 'killed'; seconds: number; merged?: boolean }
  /** The run was interrupted before or while this harness ran: nothing is known of it. */
  | { kind: 'interrupted' };

export interface RunQueueOptions {
  /** Verifier processes at the same time. */
  processes: number;
  /** At most this many obligations merged into one process (a merged run is as slow as its parts together). */
  maxObligations?: number;
  /** Wall-clock limit of a process for a harness of n obligations. */
  deadline: (obligations: number, timeoutSeconds: number) => number;
}

interface Pending {
  harness: Harness;
  timeoutSeconds: number;
  /** Wall-clock limit of this harness's run (default: `RunQueueOptions.deadline`). */
  deadlineSeconds: number;
  /** Harnesses of one group (the chunks of one spec's round) are never merged with each other. */
  group?: unknown;
  signal?: AbortSignal | undefined;
  resolve(result: HarnessResult): void;
  reject(e: unknown): void;
}

/**
 * Runs harnesses with at most `processes` verifier processes at once. Harnesses that wait while every
 * process is busy are merged into one run when the verifier can combine them (`Verifier.combine`): the
 * start-up cost of a verifier process (about a second for Dafny) is then paid once for many specs
 * instead of once per spec and round. A merged run that fails as a whole (killed, or a static error that
 * cannot be pinned to one part) is re-run part by part, so one spec's problem stays that spec's.
 */
export class RunQueue {
  private readonly waiting: Pending[] = [];
  /** Process slots (solver cores) in use. */
  private busy = 0;
  private scheduled = false;

  constructor(
    private readonly verifier: Verifier,
    private readonly info: VerifierInfo,
    private readonly options: RunQueueOptions,
  ) {}

  /**
   * Queues a harness; `deadlineSeconds` caps its run (a spec's remaining budget), else the queue's
   * default. Harnesses of the same `group` are kept apart, so that the chunks of one spec's round can
   * run side by side instead of one after another in a merged process.
   */
  submit(harness: Harness, timeoutSeconds: number, signal?: AbortSignal, deadlineSeconds?: number, group?: unknown): Promise<HarnessResult> {
    return new Promise((resolve, reject) => {
      const deadline = deadlineSeconds ?? this.options.deadline(harness.obligations.length, timeoutSeconds);
      this.waiting.push({ harness, timeoutSeconds, deadlineSeconds: deadline, signal, group, resolve, reject });
      // Start on the next turn of the event loop, so that harnesses submitted together are seen together.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    // Harnesses whose run was interrupted while they waited never start.
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const p = this.waiting[i]!;
      if (p.signal?.aborted) {
        this.waiting.splice(i, 1);
        p.resolve({ kind: 'interrupted' });
      }
    }
    while (this.busy < this.options.processes && this.waiting.length > 0) {
      const free = this.options.processes - this.busy;
      const batch = this.take();
      const obligations = batch.reduce((n, p) => n + p.harness.obligations.length, 0);
      const cores = coresFor({ obligations }, free, this.waiting.length, !!this.verifier.parallel);
      this.busy += cores;
      void this.runBatch(batch, cores).finally(() => {
        this.busy -= cores;
        this.pump();
      });
    }
  }

  /**
   * The oldest waiting harness and, when the verifier can merge, others that fit with it: no more than
   * an even share of what waits over the free slots, so that merging never leaves a slot idle.
   */
  private take(): Pending[] {
    const share = Math.ceil(this.waiting.length / Math.max(1, this.options.processes - this.busy));
    const first = this.waiting.shift()!;
    if (!this.verifier.combine || first.harness.combinable === false) return [first];
    const batch = [first];
    let size = first.harness.obligations.length;
    const max = this.options.maxObligations ?? MAX_MERGED_OBLIGATIONS;
    const argsKey = JSON.stringify(first.harness.args);
    for (let i = 0; i < this.waiting.length && size < max && batch.length < share; ) {
      const p = this.waiting[i]!;
      const apart = p.group !== undefined && batch.some((b) => b.group === p.group);
      if (!apart && p.harness.combinable !== false && JSON.stringify(p.harness.args) === argsKey && p.timeoutSeconds === first.timeoutSeconds && size + p.harness.obligations.length <= max) {
        batch.push(p);
        size += p.harness.obligations.length;
        this.waiting.splice(i, 1);
      } else i++;
    }
    return batch;
  }

  private async runOne(p: Pick<Pending, 'harness' | 'timeoutSeconds' | 'deadlineSeconds' | 'signal'>, cores: number): Promise<{ output: RunOutput; result: HarnessResult }> {
    const { harness } = p;
    const output = await this.verifier.run(this.info, { harness, timeoutSeconds: p.timeoutSeconds, deadlineSeconds: p.deadlineSeconds, signal: p.signal, ...(cores > 1 ? { cores } : {}) });
    const seconds = output.seconds * cores;
    if (output.interrupted) return { output, result: { kind: 'interrupted' } };
    if (output.killed) return { output, result: { kind: 'killed', seconds } };
    const parsed = this.verifier.parse(output, harness);
    return { output, result: parsed.kind === 'harness-error' ? parsed : { kind: 'outcomes', outcomes: parsed.outcomes, seconds } };
  }

  private async runBatch(batch: Pending[], cores: number): Promise<void> {
    try {
      if (batch.length === 1) {
        const only = batch[0]!;
        only.resolve((await this.runOne(only, cores)).result);
        return;
      }
      const merged = this.verifier.combine!(batch.map((p) => p.harness));
      const signal = batch.find((p) => p.signal)?.signal;
      // The parts run one after another in one process: the merged run may take as long as they all may.
      const deadlineSeconds = batch.reduce((sum, p) => sum + p.deadlineSeconds, 0);
      const { result } = await this.runOne({ harness: merged.harness, timeoutSeconds: batch[0]!.timeoutSeconds, deadlineSeconds, signal }, cores);
      if (result.kind === 'interrupted') {
        for (const p of batch) p.resolve(result);
        return;
      }
      const total = batch.reduce((n, p) => n + p.harness.obligations.length, 0);
      const share = (p: Pending) => ('seconds' in result ? result.seconds * p.harness.obligations.length : 0) / Math.max(1, total);
      if (result.kind === 'killed') {
        // Each part pays its share of the time, and its submitter decides how to retry it (on its own,
        // spread over the free processes, within its spec's budget), not this process slot in a row.
        for (const p of batch) p.resolve({ kind: 'killed', seconds: share(p), merged: true });
        return;
      }
      if (result.kind !== 'outcomes') {
        // A static error not attributable to one part: run each on its own (sequentially, in this slot).
        for (const p of batch) p.resolve((await this.runOne(p, cores)).result);
        return;
      }
      const bySymbol = new Map(result.outcomes.map((o) => [o.symbol, o]));
      const parts = batch.map((p, k) =>
        p.harness.obligations.map((o): ObligationOutcome => {
          const got = bySymbol.get(merged.symbols[k]!.get(o.symbol)!);
          return got ? { ...got, symbol: o.symbol } : { symbol: o.symbol, result: 'missing' };
        }),
      );
      // A static error in one part stops the verifier before it checks the others: those parts run again.
      const broken = parts.some((outcomes) => outcomes.some((o) => o.result === 'error'));
      for (let k = 0; k < batch.length; k++) {
        const p = batch[k]!;
        const unrun = parts[k]!.some((o) => o.result === 'missing');
        if (broken && unrun) p.resolve((await this.runOne(p, cores)).result);
        else p.resolve({ kind: 'outcomes', outcomes: parts[k]!, seconds: share(p) });
      }
    } catch (e) {
      for (const p of batch) p.reject(e);
    }
  }
}

import type { Harness, ObligationOutcome, RunOutput, Verifier, VerifierInfo } from '../backend/contract.js';
import { FRUITLESS_RUNS_TO_STOP, MAX_MERGED_OBLIGATIONS, coresFor } from './schedule.js';

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
  | { kind: 'interrupted' }
  /** Not run: the verifier failed too often in a row (see `RunQueueOptions.onStop`), with the reason. */
  | { kind: 'stopped'; message: string };

export interface RunQueueOptions {
  /** Verifier processes at the same time. */
  processes: number;
  /** At most this many obligations merged into one process (a merged run is as slow as its parts together). */
  maxObligations?: number;
  /** Wall-clock limit of a process for a harness of n obligations. */
  deadline: (obligations: number, timeoutSeconds: number) => number;
  /**
   * After this many verifier processes in a row end without results (crashed, or killed at their
   * deadline), for the work of at least two groups (specs), no new process starts: every harness
   * waiting or submitted later is `stopped` (default `FRUITLESS_RUNS_TO_STOP`).
   */
  fruitlessRunsToStop?: number;
  /** Told once, with the reason, when the queue stops starting processes. */
  onStop?: (message: string) => void;
}

interface Pending {
  harness: Harness;
  timeoutSeconds: number;
  /** Wall-clock limit of this harness's run (default: `RunQueueOptions.deadline`). */
  deadlineSeconds: number;
  /** Harnesses of one group (the chunks of one spec's round) are never merged with each other. */
  group?: unknown;
  signal?: AbortSignal | undefined;
  /** Each obligation outcome as soon as the verifier reports it (see `RunRequest.onOutcome`). */
  onOutcome?: ((outcome: ObligationOutcome) => void) | undefined;
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
  /** Processes in a row that ended without results, the groups whose work they held, and the last one's story. */
  private fruitless = { runs: 0, groups: new Set<unknown>(), last: '' };
  /** Set once the queue stops starting processes: why. */
  private stopped: string | undefined;

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
  submit(harness: Harness, timeoutSeconds: number, signal?: AbortSignal, deadlineSeconds?: number, group?: unknown, onOutcome?: (outcome: ObligationOutcome) => void): Promise<HarnessResult> {
    return new Promise((resolve, reject) => {
      const deadline = deadlineSeconds ?? this.options.deadline(harness.obligations.length, timeoutSeconds);
      this.waiting.push({ harness, timeoutSeconds, deadlineSeconds: deadline, signal, group, onOutcome, resolve, reject });
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
    // Harnesses whose run was interrupted while they waited never start, nor any once the queue stopped.
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const p = this.waiting[i]!;
      if (p.signal?.aborted) {
        this.waiting.splice(i, 1);
        p.resolve({ kind: 'interrupted' });
      } else if (this.stopped !== undefined) {
        this.waiting.splice(i, 1);
        p.resolve({ kind: 'stopped', message: this.stopped });
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

  private async runOne(p: Pick<Pending, 'harness' | 'timeoutSeconds' | 'deadlineSeconds' | 'signal' | 'onOutcome'>, cores: number, groups: readonly unknown[]): Promise<{ output: RunOutput; result: HarnessResult }> {
    const { harness } = p;
    if (this.stopped !== undefined) return { output: { exitCode: null, stdout: '', stderr: '', killed: false, seconds: 0, artifacts: {} }, result: { kind: 'stopped', message: this.stopped } };
    let reported = false;
    const onOutcome = (o: ObligationOutcome) => {
      reported = true;
      p.onOutcome?.(o);
    };
    const output = await this.verifier.run(this.info, { harness, timeoutSeconds: p.timeoutSeconds, deadlineSeconds: p.deadlineSeconds, signal: p.signal, onOutcome, ...(cores > 1 ? { cores } : {}) });
    const seconds = output.seconds * cores;
    if (output.interrupted) return { output, result: { kind: 'interrupted' } };
    if (output.killed) {
      this.note(!reported, groups, `a process was killed at its deadline of ${p.deadlineSeconds.toFixed(0)} s`);
      return { output, result: { kind: 'killed', seconds } };
    }
    const parsed = this.verifier.parse(output, harness);
    const crashed = output.exitCode === null || (parsed.kind === 'harness-error' && parsed.noResults === true);
    this.note(crashed && !reported, groups, parsed.kind === 'harness-error' ? parsed.message.slice(0, 300) : `the process ended by a signal`);
    return { output, result: parsed.kind === 'harness-error' ? parsed : { kind: 'outcomes', outcomes: parsed.outcomes, seconds } };
  }

  /** Counts processes that ended without results, and stops the queue when too many in a row did. */
  private note(fruitless: boolean, groups: readonly unknown[], story: string): void {
    if (this.stopped !== undefined) return;
    if (!fruitless) {
      this.fruitless = { runs: 0, groups: new Set(), last: '' };
      return;
    }
    this.fruitless.runs++;
    for (const g of groups) this.fruitless.groups.add(g);
    this.fruitless.last = story;
    const limit = this.options.fruitlessRunsToStop ?? FRUITLESS_RUNS_TO_STOP;
    if (this.fruitless.runs < limit || this.fruitless.groups.size < 2) return;
    this.stopped = `${this.info.name} ${this.info.version} ended ${this.fruitless.runs} processes in a row without results, for ${this.fruitless.groups.size} specs (the last: ${story}); no further ${this.info.name} process was started`;
    this.options.onStop?.(this.stopped);
  }

  private async runBatch(batch: Pending[], cores: number): Promise<void> {
    try {
      if (batch.length === 1) {
        const only = batch[0]!;
        only.resolve((await this.runOne(only, cores, [only.group])).result);
        return;
      }
      const merged = this.verifier.combine!(batch.map((p) => p.harness));
      const signal = batch.find((p) => p.signal)?.signal;
      // The parts run one after another in one process: the merged run may take as long as they all may.
      const deadlineSeconds = batch.reduce((sum, p) => sum + p.deadlineSeconds, 0);
      // Outcomes reported while the merged run goes on reach the part they belong to, by its own symbol.
      const owners = new Map<string, { p: Pending; symbol: string }>();
      batch.forEach((p, k) => {
        for (const [own, inMerged] of merged.symbols[k]!) owners.set(inMerged, { p, symbol: own });
      });
      const onOutcome = (o: ObligationOutcome) => {
        const owner = owners.get(o.symbol);
        owner?.p.onOutcome?.({ ...o, symbol: owner.symbol });
      };
      const { result } = await this.runOne({ harness: merged.harness, timeoutSeconds: batch[0]!.timeoutSeconds, deadlineSeconds, signal, onOutcome }, cores, batch.map((p) => p.group));
      if (result.kind === 'interrupted' || result.kind === 'stopped') {
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
        for (const p of batch) p.resolve((await this.runOne(p, cores, [p.group])).result);
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
        if (broken && unrun) p.resolve((await this.runOne(p, cores, [p.group])).result);
        else p.resolve({ kind: 'outcomes', outcomes: parts[k]!, seconds: share(p) });
      }
    } catch (e) {
      for (const p of batch) p.reject(e);
    }
  }
}

import type { Harness, ObligationOutcome } from '@specmut/core';
import { ERROR, obligationOutcome, readJsonLine, type Diagnostic } from './parse-output.js';

/** `Verified 2/3 of M.specmut_b: assertion at line 5 - verified successfully (time: 0:00:00.0074011, ...)` */
const BATCH = /^Verified (\d+)\/(\d+) of (\S+?): .* - (verified successfully|could not be verified|timed out|out of resource[^(]*)(?:\s*\(time: (\d+):(\d+):([\d.]+))?/;
/** `Verified 1/3 symbols. Waiting for M.specmut_b to verify.` and the final `Dafny program verifier finished ...`. */
const NEXT_SYMBOL = /^Verified \d+\/\d+ symbols\.|^Dafny program verifier finished/;

interface Current {
  symbol: string;
  /** Per assertion batch: `Passed`, or the status's own words. */
  batches: string[];
  total: number;
  seconds: number;
}

/**
 * Reads Dafny 4's `verify --json-output --progress Batch` output while it streams, and passes each
 * harness method's outcome on as soon as it is complete. With one solver core Dafny verifies the symbols
 * one after another and prints a method's diagnostics after its batch statuses, before it announces
 * the next symbol: a method counts once Dafny has moved past it. With several cores symbols interleave
 * and a method's diagnostics may come later, so only methods whose every batch verified (which have no
 * error to come) are passed on early; the rest come from the whole output at the end.
 */
export class DafnyProgress {
  private buffer = '';
  private current: Current | undefined;
  private readonly errors: Diagnostic[] = [];
  private readonly done = new Set<string>();
  private readonly bySymbol: Map<string, Harness['obligations'][number]>;

  constructor(
    harness: Harness,
    private readonly sequential: boolean,
    private readonly onOutcome: (outcome: ObligationOutcome) => void,
  ) {
    this.bySymbol = new Map(harness.obligations.map((o) => [o.symbol, o]));
  }

  /** A piece of standard output, as it arrives (lines may be cut anywhere). */
  push(chunk: string): void {
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      this.line(line);
    }
  }

  private line(text: string): void {
    const read = readJsonLine(text);
    if (!read) return;
    if ('diagnostic' in read) {
      if (read.diagnostic.severity === ERROR) this.errors.push(read.diagnostic);
      // A static error means nothing is verified: the outcome comes from the whole output.
      if (read.diagnostic.source !== 'Verifier') this.current = undefined;
      return;
    }
    const status = read.status;
    if (NEXT_SYMBOL.test(status)) {
      if (this.sequential) this.finish();
      return;
    }
    const m = BATCH.exec(status);
    if (!m) return;
    const symbol = m[3]!.split('.').pop()!;
    if (this.current && this.current.symbol !== symbol) {
      if (this.sequential) this.finish();
      else this.current = undefined;
    }
    this.current ??= { symbol, batches: [], total: Number(m[2]), seconds: 0 };
    this.current.batches.push(m[4] === 'verified successfully' ? 'Passed' : m[4]!);
    if (m[5] !== undefined) this.current.seconds += Number(m[5]) * 3600 + Number(m[6]) * 60 + Number(m[7]);
    const complete = this.current.batches.length >= this.current.total;
    if (!this.sequential && complete && this.current.batches.every((b) => b === 'Passed')) this.finish();
  }

  /** Passes on the current method's outcome, if it is a harness obligation not passed on before. */
  private finish(): void {
    const c = this.current;
    this.current = undefined;
    if (!c || c.batches.length < c.total || this.done.has(c.symbol)) return;
    const o = this.bySymbol.get(c.symbol);
    if (!o) return;
    let outcome = obligationOutcome(o, this.errors, [], c.batches);
    if (outcome.result === 'missing') return;
    // The batch status says so even where a diagnostic did not land inside the method.
    if (outcome.result === 'failed' && c.batches.includes('timed out')) outcome = { symbol: o.symbol, result: 'timeout', message: 'timed out' };
    this.done.add(c.symbol);
    this.onOutcome({ ...outcome, seconds: c.seconds });
  }
}

import type { SpecReport } from '@specmut/core';

export interface ProgressStream {
  write(text: string): boolean;
  isTTY?: boolean | undefined;
}

/**
 * A status line on a terminal: specs and triples done out of the total, verdict counts, rate and
 * estimated time left, redrawn at most every `intervalMs`. Nothing at all when the stream is not a
 * terminal (piped, redirected, CI logs).
 */
export class Progress {
  private specsDone = 0;
  private triplesDone = 0;
  private triplesKnown = 0;
  private prepared = 0;
  private readonly counts = { holds: 0, rejected: 0, accepted: 0, unknown: 0, error: 0 };
  private readonly started = Date.now();
  private lastDraw = 0;
  private shown = false;
  private timer: NodeJS.Timeout | undefined;
  readonly enabled: boolean;

  constructor(
    private readonly stream: ProgressStream,
    private readonly totalSpecs: number,
    private readonly intervalMs = 250,
  ) {
    this.enabled = !!stream.isTTY;
    // The clock moves even when no spec finishes: redraw now and then so rate and time stay current.
    if (this.enabled) this.timer = setInterval(() => this.draw(true), 1000).unref();
  }

  /** Triples counted for each prepared spec, so that a finished spec adds exactly what it added to the total. */
  private readonly triplesOf = new Map<string, number>();

  prepare(id: string, triples: number): void {
    this.prepared++;
    this.triplesKnown += triples;
    this.triplesOf.set(id, triples);
    this.draw();
  }

  finish(spec: SpecReport): void {
    this.specsDone++;
    for (const t of spec.tests) {
      if (t.verdict === 'holds') this.counts.holds++;
      else if (t.verdict === 'unknown') this.counts.unknown++;
      else if (t.verdict === 'error') this.counts.error++;
      for (const m of t.mutants) this.counts[m.verdict]++;
    }
    // Precondition checks, alternatives and reject inputs are triples too: a spec adds what it was counted with.
    this.triplesDone += this.triplesOf.get(spec.id) ?? spec.tests.length + spec.mutants.total;
    this.draw();
  }

  /** The status line as text (without terminal control characters). */
  line(now = Date.now()): string {
    const seconds = (now - this.started) / 1000;
    // Triples of specs not yet read are estimated from the average of those read.
    const estimate = this.prepared === 0 ? 0 : Math.round((this.triplesKnown / this.prepared) * this.totalSpecs);
    const total = this.prepared === this.totalSpecs ? String(this.triplesKnown) : `~${estimate}`;
    const rate = seconds > 0 ? this.triplesDone / seconds : 0;
    const left = Math.max(0, (this.prepared === this.totalSpecs ? this.triplesKnown : estimate) - this.triplesDone);
    const eta = rate > 0 && this.specsDone > 0 ? `, ETA ${clock(left / rate)}` : '';
    const c = this.counts;
    return `specs ${this.specsDone}/${this.totalSpecs}  triples ${this.triplesDone}/${total}  tests holding ${c.holds}  mutants rejected ${c.rejected} accepted ${c.accepted}  unknown ${c.unknown}  error ${c.error}  ${rate.toFixed(1)} triples/s, ${clock(seconds)} elapsed${eta}`;
  }

  private draw(force = false): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < this.intervalMs) return;
    this.lastDraw = now;
    this.stream.write(`\r\x1b[K${this.line(now)}`);
    this.shown = true;
  }

  /** Clears the line so that other output can be written; the next update draws it again. */
  clear(): void {
    if (!this.shown) return;
    this.stream.write('\r\x1b[K');
    this.shown = false;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.clear();
  }
}

function clock(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * A JSON Lines stream (`--jsonl`): one line per record, appended as it comes. Each line is written
 * with one synchronous call, so no signal handler or `process.exit` can run in the middle of it: the
 * file holds whole lines on every exit path (short of the machine going down).
 */
export class JsonlWriter {
  private fd: number | undefined;
  /** The first write that failed, reported once at the end; later lines are not attempted. */
  failure: Error | undefined;

  constructor(readonly file: string) {
    this.fd = openSync(file, 'w');
  }

  write(record: unknown): void {
    if (this.fd === undefined || this.failure) return;
    try {
      const line = Buffer.from(`${JSON.stringify(record)}\n`);
      // write(2) may take part of a large buffer; the rest follows before anything else can run.
      for (let at = 0; at < line.length; ) at += writeSync(this.fd, line, at);
    } catch (e) {
      this.failure = e instanceof Error ? e : new Error(String(e));
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

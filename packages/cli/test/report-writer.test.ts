import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportWriter, checkDestination } from '../src/report-writer.js';

describe('the report writer', () => {
  it('replaces a regular file atomically, with the final content', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specmut-writer-'));
    const file = join(dir, 'report.json');
    writeFileSync(file, 'old');
    const writer = new ReportWriter(file, 0);
    writer.update(() => 'partial');
    await writer.close('final');
    expect(readFileSync(file, 'utf8')).toBe('final');
    rmSync(dir, { recursive: true });
  });

  // `--json /dev/stdout`, or a pipe: renaming a file over it would put a regular file in its place (as
  // root, in place of /dev/null or /dev/full). A FIFO stands in for the device here.
  it.skipIf(spawnSync('mkfifo', ['--version']).error)('writes into a device or a pipe without replacing it, the final report only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specmut-writer-'));
    const fifo = join(dir, 'report.fifo');
    spawnSync('mkfifo', [fifo]);
    await checkDestination('--json', fifo);
    const reader = spawn('cat', [fifo]);
    let received = '';
    reader.stdout.on('data', (d: Buffer) => (received += d.toString()));
    const ended = new Promise((done) => reader.on('close', done));
    const writer = new ReportWriter(fifo, 0);
    writer.update(() => 'partial\n');
    await new Promise((done) => setTimeout(done, 50));
    await writer.close('final\n');
    // Replaced instead of written, the pipe never gets its writer: the reader is stopped, not awaited forever.
    const stop = setTimeout(() => reader.kill(), 3000);
    await ended;
    clearTimeout(stop);
    expect(writer.failure).toBeUndefined();
    expect(received).toBe('final\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    rmSync(dir, { recursive: true });
  });
});

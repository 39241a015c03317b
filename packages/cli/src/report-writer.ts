import { constants, statSync } from 'node:fs';
import { access, open, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { SpecmutError, writeFileAtomic } from '@specmut/core';

/**
 * Checks, before any work starts, that a report can be written at `file`: its directory exists and takes
 * a new file, and the path is not a directory. A probe file is made and removed (access() says yes to
 * root on a read-only mount, and no to nothing else we cannot see).
 */
export async function checkDestination(flag: string, file: string): Promise<void> {
  const fail = (why: string) => new SpecmutError('bad-option', `${flag} ${file}: ${why}`, undefined, 'Choose a path in an existing, writable directory.');
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) throw fail('is a directory');
  // A device or a pipe (/dev/stdout, /dev/null, a FIFO) is written in place, not replaced: its own
  // permission is what counts, not its directory's.
  if (existing && !existing.isFile()) {
    await access(file, constants.W_OK).catch((e: NodeJS.ErrnoException) => {
      throw fail(`cannot be written (${e.code ?? e.message})`);
    });
    return;
  }
  const dir = dirname(resolve(file));
  const dirInfo = await stat(dir).catch(() => undefined);
  if (!dirInfo) throw fail(`the directory ${dir} does not exist`);
  if (!dirInfo.isDirectory()) throw fail(`${dir} is not a directory`);
  const probe = join(dir, `.${basename(file)}.${process.pid}.probe`);
  try {
    const handle = await open(probe, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY);
    await handle.close();
  } catch (e) {
    throw fail(`cannot write in ${dir} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  } finally {
    await rm(probe, { force: true });
  }
}

/** An existing destination that is not a regular file: a device or a pipe. */
const isSpecial = (file: string): boolean => {
  const info = statSync(file, { throwIfNoEntry: false });
  return !!info && !info.isFile() && !info.isDirectory();
};

/**
 * Keeps a report file up to date during a run: every write is atomic (see `writeFileAtomic`), writes
 * never overlap, and updates that arrive while one is in progress or within `intervalMs` of the last are
 * folded into one (a run of thousands of specs must not rewrite its report thousands of times).
 * A device or a pipe (`--json /dev/stdout`) is never replaced by a renamed file (as root, that would
 * put a regular file in place of /dev/null): it gets the final report only, written into it.
 */
export class ReportWriter {
  private latest: (() => string) | undefined;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastWrite = 0;
  /** The first write that failed, reported once at the end. */
  failure: Error | undefined;

  private readonly special: boolean;

  constructor(
    readonly file: string,
    private readonly intervalMs = 1000,
  ) {
    this.special = isSpecial(file);
  }

  /** Asks for the file to show this content (rendered lazily, when the write happens). */
  update(render: () => string): void {
    if (this.special) return;
    this.latest = render;
    if (this.running || this.timer) return;
    const wait = Math.max(0, this.lastWrite + this.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, wait);
  }

  private flush(): void {
    const render = this.latest;
    if (!render || this.running) return;
    this.latest = undefined;
    this.running = writeFileAtomic(this.file, render())
      .catch((e: unknown) => {
        this.failure ??= e instanceof Error ? e : new Error(String(e));
      })
      .finally(() => {
        this.running = undefined;
        this.lastWrite = Date.now();
        if (this.latest) this.update(this.latest);
      });
  }

  /** Writes the final content once every earlier write has finished. */
  async close(text: string): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.latest = undefined;
    await this.running;
    try {
      await (this.special ? writeFile(this.file, text) : writeFileAtomic(this.file, text));
    } catch (e) {
      this.failure ??= e instanceof Error ? e : new Error(String(e));
    }
  }
}

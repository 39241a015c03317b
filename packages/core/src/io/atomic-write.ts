import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file so that readers see the old content or the new, never a part: the text goes to a
 * temporary file in the same directory (same file system), which is then renamed over the target.
 *
 * Write and rename happen in one synchronous step on purpose: with fs/promises a worker thread could
 * still be creating the temporary file when a second Ctrl-C exits the process between two event-loop
 * tasks, leaving it behind (seen in a fresh-clone CI run). Reports and cache entries are small.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Temporary files being written, so that an exit that cannot wait removes them (see `removeTempFilesNow`). */
const liveTemps = new Set<string>();

/**
 * Writes a file so that readers see the old content or the new, never a part: the text goes to a
 * temporary file in the same directory (same file system), which is then renamed over the target.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  liveTemps.add(tmp);
  try {
    await writeFile(tmp, text);
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  } finally {
    liveTemps.delete(tmp);
  }
}

/** Removes the temporary files of writes still in progress, synchronously (for an immediate exit). */
export function removeTempFilesNow(): void {
  for (const tmp of liveTemps) rmSync(tmp, { force: true });
  liveTemps.clear();
}

// What the corpus scripts share: walking a directory of spec files through a backend's loader, and
// printing a tally most frequent first.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every file of `dir` ending in `ext`, in name order, loaded with `load(name, text)`; a file that does
 * not load is counted in `counts.loadErrors` and skipped (the figures are about the files that load).
 */
export async function* loadedModules(dir, ext, load, counts) {
  const files = readdirSync(dir).filter((f) => f.endsWith(ext)).sort();
  counts.files = files.length;
  counts.loadErrors = 0;
  for (const file of files) {
    let module;
    try {
      module = await load(file, readFileSync(join(dir, file), 'utf8'));
    } catch {
      counts.loadErrors++;
      continue;
    }
    yield { file, module };
  }
}

/** Adds one to each distinct key's count. */
export function countOnce(tally, keys) {
  for (const k of new Set(keys)) tally.set(k, (tally.get(k) ?? 0) + 1);
}

export function printTally(title, tally, top) {
  console.log(title);
  for (const [k, n] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${String(n).padStart(5)}  ${k}`);
}

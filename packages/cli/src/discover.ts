import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SpecmutError } from '@specmut/core';

export const SUITE_SUFFIX = '.suite.json';

/** Suite files under the given paths: files as given, directories searched for `*.suite.json`, sorted. */
export async function discoverSuites(paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.name.endsWith(SUITE_SUFFIX)) found.push(p);
    }
  };
  for (const p of paths) {
    let info;
    try {
      info = await stat(p);
    } catch {
      throw new SpecmutError('io-error', 'no such file or directory', { file: p });
    }
    if (info.isDirectory()) {
      const before = found.length;
      await walk(p);
      if (found.length === before) throw new SpecmutError('bad-suite', `no suite files (*${SUITE_SUFFIX}) in this directory`, { file: p });
    } else found.push(p);
  }
  return found;
}

#!/usr/bin/env node
// Committed (not built) so that package managers can link the `specmut` command at install time, before
// the TypeScript build has produced dist/: the link target must exist when `pnpm install` runs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write(
    'specmut: this copy of the specmut package has not been built (dist/bin.js is missing).\n' +
      '         In a clone of the repository run `pnpm build` (or ./scripts/setup.sh); an installed package ships dist/.\n',
  );
  process.exit(2);
}
await import(entry.href);

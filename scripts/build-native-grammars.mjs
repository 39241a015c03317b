#!/usr/bin/env node
// Brings each grammar's native addon up to date with its sources (after a regeneration), where it can be
// built; otherwise says why and leaves the WASM parser in use. Never fails: `pnpm test` runs it first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const grammars = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'grammars');
for (const name of readdirSync(grammars)) {
  const build = join(grammars, name, 'bindings', 'node', 'build.js');
  if (existsSync(build)) spawnSync(process.execPath, [build, '--if-needed', '--optional'], { cwd: join(grammars, name), stdio: 'inherit' });
}

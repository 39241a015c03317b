#!/usr/bin/env node
// Parse coverage of the committed WASM grammar over a directory of Verus files (a measuring aid for
// developers; the corpora are not part of the repository).
//
//   node grammars/verus/scripts/coverage.mjs <dir> [--ext .rs] [--show N]
//
// Prints the number of files parsed clean (no ERROR and no MISSING node), then each failing file
// with the line, column and text of its first error.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { firstError } from '../../first-error.mjs';
import { Language, Parser } from 'web-tree-sitter';

const require = createRequire(import.meta.url);

function parseArgs(argv) {
  const options = { dir: undefined, ext: '.rs', show: Infinity };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--ext') options.ext = argv[++i];
    else if (arg === '--show') options.show = Number(argv[++i]);
    else if (options.dir === undefined) options.dir = arg;
    else throw new Error(`unexpected argument ${arg}`);
  }
  if (options.dir === undefined) throw new Error('usage: coverage.mjs <dir> [--ext .rs] [--show N]');
  return options;
}

function* files(dir, ext) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path, ext);
    else if (name.endsWith(ext)) yield path;
  }
}

const options = parseArgs(process.argv.slice(2));
await Parser.init();
const parser = new Parser();
parser.setLanguage(await Language.load(require.resolve('../tree-sitter-verus.wasm')));

const failures = [];
let total = 0;
let seconds = 0;
for (const path of files(options.dir, options.ext)) {
  const text = readFileSync(path, 'utf8');
  const start = performance.now();
  const tree = parser.parse(text);
  seconds += (performance.now() - start) / 1000;
  total++;
  const error = tree && firstError(tree.rootNode);
  if (!tree || error) {
    const at = error?.startPosition ?? { row: 0, column: 0 };
    const line = text.split('\n')[at.row] ?? '';
    const kind = !tree ? 'no tree' : error.isMissing ? `MISSING ${error.type}` : 'ERROR';
    failures.push(`${path}:${at.row + 1}:${at.column + 1}: ${kind}: ${line.trim().slice(0, 120)}`);
  }
  tree?.delete();
}

const clean = total - failures.length;
const percent = total === 0 ? 0 : (100 * clean) / total;
console.log(`${clean}/${total} files parse clean (${percent.toFixed(2)} %), parse time ${seconds.toFixed(2)} s`);
for (const failure of failures.slice(0, options.show)) console.log(failure);
if (failures.length > options.show) console.log(`… and ${failures.length - options.show} more`);

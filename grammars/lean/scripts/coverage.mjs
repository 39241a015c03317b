#!/usr/bin/env node
// Parse coverage of the local WASM build over Lean corpora (a measuring aid for developers; the
// corpora are not part of the repository).
//
//   node grammars/lean/scripts/coverage.mjs [--verina <dir>] [--vericoding <dir> --csv <benchmark.csv>]
//                                           [--dir <dir>] [--show N]
//
// --verina      a VERINA checkout: every <dir>/<task>/task.lean
// --vericoding  the vericoding Lean files; with --csv, split by the benchmark's `qa-issue` flag
//               (0: unflagged, otherwise flagged, reported apart with their `qa-issue-type`)
// --dir         any directory of .lean files, counted as one group
// A file parses clean when its tree has no ERROR and no MISSING node. Each group prints its count,
// then each failing file with the line, column and text of its first error (at most --show of them).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstError } from '../../first-error.mjs';

// web-tree-sitter is a dependency of @specmut/tree-sitter, not of the grammar package.
const require = createRequire(import.meta.url);
const { Parser, Language } = require(
  require.resolve('web-tree-sitter', { paths: [fileURLToPath(new URL('../../../packages/tree-sitter/', import.meta.url))] }),
);
const wasm = fileURLToPath(new URL('../tree-sitter-lean.wasm', import.meta.url));

const USAGE = 'usage: coverage.mjs [--verina <dir>] [--vericoding <dir> --csv <file>] [--dir <dir>] [--show N]';

function parseArgs(argv) {
  const options = { verina: undefined, vericoding: undefined, csv: undefined, dirs: [], show: Infinity };
  const value = (i, flag) => {
    if (i >= argv.length) throw new Error(`${flag} needs a value\n${USAGE}`);
    return argv[i];
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--verina') options.verina = value(++i, arg);
    else if (arg === '--vericoding') options.vericoding = value(++i, arg);
    else if (arg === '--csv') options.csv = value(++i, arg);
    else if (arg === '--dir') options.dirs.push(value(++i, arg));
    else if (arg === '--show') options.show = Number(value(++i, arg));
    else throw new Error(`unexpected argument ${arg}\n${USAGE}`);
  }
  if (!options.verina && !options.vericoding && options.dirs.length === 0) throw new Error(USAGE);
  if (options.csv && !options.vericoding) throw new Error(`--csv needs --vericoding\n${USAGE}`);
  return options;
}

function* leanFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* leanFiles(path);
    else if (name.endsWith('.lean')) yield path;
  }
}

function* verinaTasks(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name, 'task.lean');
    try {
      if (statSync(path).isFile()) yield path;
    } catch {
      // not a task folder
    }
  }
}

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
function csvRows(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') field += text[++i];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** id → qa-issue-type ('' for unflagged), from the benchmark CSV. */
function qaFlags(path) {
  const [header, ...rows] = csvRows(readFileSync(path, 'utf8'));
  const column = (name) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${path}:1: expected a column named ${name}`);
    return i;
  };
  const id = column('id');
  const issue = column('qa-issue');
  const type = column('qa-issue-type');
  const flags = new Map();
  rows.forEach((row, n) => {
    if (row.length === 1 && row[0] === '') return;
    if (row.length !== header.length) throw new Error(`${path}:${n + 2}: expected ${header.length} fields, found ${row.length}`);
    flags.set(row[id], row[issue] === '0' ? '' : row[type] || `qa-issue ${row[issue]}`);
  });
  return flags;
}

function check(parser, path) {
  const text = readFileSync(path, 'utf8');
  const tree = parser.parse(text);
  const error = tree ? firstError(tree.rootNode) : undefined;
  tree?.delete();
  if (tree && !error) return undefined;
  const at = error?.startPosition ?? { row: 0, column: 0 };
  const line = text.split('\n')[at.row] ?? '';
  const kind = !tree ? 'no tree' : error.isMissing ? `MISSING ${error.type}` : 'ERROR';
  return `${path}:${at.row + 1}:${at.column + 1}: ${kind}: ${line.trim().slice(0, 120)}`;
}

function report(name, paths, parser, show) {
  const failures = paths.map((path) => check(parser, path)).filter((f) => f !== undefined);
  const clean = paths.length - failures.length;
  const percent = paths.length === 0 ? 0 : (100 * clean) / paths.length;
  console.log(`${name}: ${clean}/${paths.length} parse clean (${percent.toFixed(2)} %)`);
  for (const failure of failures.slice(0, show)) console.log(`  ${failure}`);
  if (failures.length > show) console.log(`  … and ${failures.length - show} more`);
}

const options = parseArgs(process.argv.slice(2));
await Parser.init();
const parser = new Parser();
parser.setLanguage(await Language.load(wasm));

if (options.verina) report('VERINA task.lean', [...verinaTasks(options.verina)], parser, options.show);
if (options.vericoding) {
  const paths = [...leanFiles(options.vericoding)];
  if (!options.csv) report('vericoding', paths, parser, options.show);
  else {
    const flags = qaFlags(options.csv);
    // file names are <id>_<part>.lean (LA0001_specs.lean)
    const flagOf = (path) => {
      const id = basename(path).split('_')[0].replace(/\.lean$/, '');
      if (!flags.has(id)) throw new Error(`${path}: no row with id ${id} in ${options.csv}`);
      return flags.get(id);
    };
    report('vericoding unflagged', paths.filter((p) => flagOf(p) === ''), parser, options.show);
    const flagged = paths.filter((p) => flagOf(p) !== '');
    const types = new Map();
    for (const p of flagged) types.set(flagOf(p), (types.get(flagOf(p)) ?? 0) + 1);
    const breakdown = [...types].sort().map(([t, n]) => `${t} ${n}`).join(', ');
    report(`vericoding flagged (${breakdown})`, flagged, parser, options.show);
  }
}
for (const dir of options.dirs) report(dir, [...leanFiles(dir)], parser, options.show);

import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { SpecmutError } from '@specmut/core';
import { BACKEND_MODULE_OPTION, backendsFor } from '../backends.js';
import type { Io } from '../io.js';

export const PARSE_USAGE = `specmut parse --lang <dafny | lean | verus> <file | directory>... [--json FILE] [--quiet]

Parses spec files with specmut's grammar and reports every file that has a syntax error (the first
error's line and column), then how many parsed clean and how long it took. --backend-module M loads a
third-party backend (see specmut score --help).`;

export interface ParseReport {
  files: number;
  clean: number;
  failing: { file: string; line: number; column: number; message: string }[];
  seconds: number;
}

async function collect(paths: string[], extensions: string[]): Promise<string[]> {
  const out: string[] = [];
  const walk = async (p: string): Promise<void> => {
    let info;
    try {
      info = await stat(p);
    } catch {
      throw new SpecmutError('io-error', 'no such file or directory', { file: p });
    }
    if (info.isFile()) return void out.push(p);
    const entries = (await readdir(p)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    for (const e of entries) {
      const q = join(p, e);
      if ((await stat(q)).isDirectory()) await walk(q);
      else if (extensions.includes(extname(e))) out.push(q);
    }
  };
  for (const p of paths) await walk(p);
  return out;
}

export async function parseCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { lang: { type: 'string' }, json: { type: 'string' }, quiet: { type: 'boolean' }, ...BACKEND_MODULE_OPTION, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(PARSE_USAGE);
    return 0;
  }
  const backends = await backendsFor(values['backend-module']);
  const backend = backends.find((b) => b.id === (values.lang ?? 'dafny'));
  if (!backend?.checkSyntax) {
    throw new SpecmutError('bad-option', `--lang expects one of ${backends.filter((b) => b.checkSyntax).map((b) => b.id).join(', ')}`, undefined, PARSE_USAGE);
  }
  if (positionals.length === 0) throw new SpecmutError('bad-option', 'parse needs a file or a directory', undefined, PARSE_USAGE);
  const files = await collect(positionals, backend.extensions);
  const texts = await Promise.all(files.map((f) => readFile(f, 'utf8')));
  const started = performance.now();
  const report: ParseReport = { files: files.length, clean: 0, failing: [], seconds: 0 };
  for (let i = 0; i < files.length; i++) {
    const [first] = await backend.checkSyntax(texts[i]!);
    if (!first) report.clean++;
    else report.failing.push({ file: files[i]!, ...first });
  }
  // Parse time only: reading the files is the disk's business, not the grammar's.
  report.seconds = (performance.now() - started) / 1000;
  if (!values.quiet) for (const f of report.failing) io.out(`${f.file}:${f.line}:${f.column}: ${f.message}`);
  const pct = report.files ? ((100 * report.clean) / report.files).toFixed(1) : '100.0';
  io.out(`${report.clean}/${report.files} files parsed clean (${pct} %) in ${report.seconds.toFixed(2)} s`);
  if (values.json) await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
  return report.failing.length ? 1 : 0;
}

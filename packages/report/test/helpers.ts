import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReportSchema, type Report } from '@specmut/core';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));

/** Runs the built CLI from the repository root, as a user would. */
export function cli(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * A real run with the evaluator: the paper's SharedElements (3 surviving mutants), Abs (two
 * postcondition clauses and a test whose expected output is wrong) and a suite naming a missing method.
 */
export const SUITES = ['examples/dafny/shared-elements/shared-elements.suite.json', 'packages/report/test/fixtures'];

export function scoreExamples(options: { html?: boolean } = {}): { dir: string; report: Report; json: string; html: string } {
  const dir = mkdtempSync(join(tmpdir(), 'specmut-report-'));
  const json = join(dir, 'report.json');
  const html = join(dir, 'report.html');
  const r = cli(['score', ...SUITES, '--backend', 'eval', '--no-cache', '--quiet', '--json', json, ...(options.html ? ['--html', html] : [])]);
  if (r.code !== 1) throw new Error(`expected exit 1 (one spec with an error), got ${r.code}: ${r.err}`);
  return { dir, json, html, report: ReportSchema.parse(JSON.parse(readFileSync(json, 'utf8'))) };
}

import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { SpecmutError, type Json } from '@specmut/core';
import { readTask, type TaskStatus } from './read-task.js';
import { buildSuite, checkSuiteRoundTrip, formatSuiteJson } from './suite.js';
import { parseTasksJsonl, taskStem, type TaskRow } from './tasks.js';

/**
 * Imports MBPP-DFY (a `tasks.jsonl`, `src/task_id_N.dfy` specs, `test/task_id_N.dfy` test methods)
 * as specmut suites: `out/task_id_N.dfy` (the spec, copied) and `out/task_id_N.suite.json` per task
 * with readable tests, and `out/import-report.json` saying, for every task, what was read and why
 * anything was not.
 */

export interface ImportMbppDfyOptions {
  /** The corpus directory. */
  dir: string;
  /** Where suites and the report go (created if missing). */
  out: string;
  /** A folder of test files shaped like `test/` to read the tests from instead (e.g. `test-a57ce24/`). */
  testsFrom?: string | undefined;
}

export interface TaskReport {
  task_id: string;
  status: TaskStatus;
  /** Tests written to the suite. */
  tests: number;
  /** The spec method the tests call, when one was found. */
  method?: string;
  /** Why tests are missing (empty for an imported task). */
  reasons: string[];
  /** Tests imported with a caveat (e.g. an expected value nobody compares). */
  notes?: string[];
}

export interface ImportTotals {
  tasks: number;
  /** Every call readable, and at least three of them. */
  imported: number;
  partial: number;
  skipped: number;
  tests: number;
}

export interface ImportReport {
  corpus: string;
  testsFrom: string;
  out: string;
  tasks: TaskReport[];
  totals: ImportTotals;
}

export const IMPORT_REPORT_FILE = 'import-report.json';

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

async function requireDirectory(dir: string, what: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new SpecmutError('io-error', `${what} ${dir} is not a directory`);
}

export function totalsOf(tasks: readonly TaskReport[]): ImportTotals {
  const count = (s: TaskStatus) => tasks.filter((t) => t.status === s).length;
  return {
    tasks: tasks.length,
    imported: count('imported'),
    partial: count('partial'),
    skipped: count('skipped'),
    tests: tasks.reduce((n, t) => n + t.tests, 0),
  };
}

async function importTask(task: TaskRow, corpus: string, testsDir: string, out: string): Promise<TaskReport> {
  const stem = taskStem(task.task_id);
  const specFile = join(corpus, task.spec_file ?? join('src', `${stem}.dfy`));
  const testFile = join(testsDir, basename(task.test_file ?? `${stem}.dfy`));
  // Messages name files as the corpus does (`test/task_id_2.dfy`), not by absolute path.
  const shown = (file: string) => relative(dirname(corpus), file);
  const specText = await readOptional(specFile);
  if (specText === undefined) return { task_id: task.task_id, status: 'skipped', tests: 0, reasons: [`there is no spec file ${shown(specFile)}`] };
  const reading = await readTask({ specFile: shown(specFile), specText, testFile: shown(testFile), testText: await readOptional(testFile) });
  const report: TaskReport = { task_id: task.task_id, status: reading.status, tests: reading.readable.length, reasons: reading.reasons };
  if (reading.method) report.method = reading.method.name;
  if (reading.notes.length) report.notes = reading.notes;
  if (reading.method && reading.readable.length > 0) {
    const suite = buildSuite(task, reading.method, reading.readable);
    checkSuiteRoundTrip(suite, reading.method, reading.readable);
    await copyFile(specFile, join(out, suite.spec));
    await writeFile(join(out, `${stem}.suite.json`), `${formatSuiteJson(suite as unknown as Json)}\n`);
  }
  return report;
}

export async function importMbppDfy(options: ImportMbppDfyOptions): Promise<ImportReport> {
  const corpus = resolve(options.dir);
  const testsDir = resolve(options.testsFrom ?? join(corpus, 'test'));
  const out = resolve(options.out);
  await requireDirectory(corpus, 'the corpus');
  await requireDirectory(testsDir, 'the tests folder');
  const index = join(corpus, 'tasks.jsonl');
  const text = await readOptional(index);
  if (text === undefined) throw new SpecmutError('io-error', `${corpus} has no tasks.jsonl: is it an MBPP-DFY directory?`);
  const tasks = parseTasksJsonl(text, index);
  await mkdir(out, { recursive: true });
  const reports: TaskReport[] = [];
  for (const task of tasks) reports.push(await importTask(task, corpus, testsDir, out));
  const report: ImportReport = { corpus, testsFrom: testsDir, out, tasks: reports, totals: totalsOf(reports) };
  await writeFile(join(out, IMPORT_REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

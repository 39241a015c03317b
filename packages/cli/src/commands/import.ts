import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SpecmutError } from '@specmut/core';
import { IMPORT_REPORT_FILE, importMbppDfy, type ImportReport, type TaskReport } from '@specmut/dafny';
import { PAIRING_REPORT_FILE, VERINA_REPORT_FILE } from '@specmut/lean';
import { BACKEND_MODULE_OPTION } from '../backends.js';
import type { Io } from '../io.js';
import { importVerinaCommand } from './import-verina.js';

export const IMPORT_USAGE = `specmut import mbpp-dfy <dir> --out <dir> [--tests-from <dir>]
specmut import verina <dir> --out <dir>
specmut import verina <dir> --lang <language> --specs <dir> [--csv <file>] --out <dir>

Turns the MBPP-DFY benchmark into specmut suites: for each task, the spec (copied) and a suite whose
tests are read from the task's test method (inputs from its calls, expected outputs from its checks
and its //assert and //expected comments). Prints every task imported only in part or skipped, with
the reasons; the full account is <out>/${IMPORT_REPORT_FILE}.

Options:
  --out DIR          where the suites and the report go (created if missing)
  --tests-from DIR   read the test files from DIR (shaped like <dir>/test) instead of <dir>/test

verina: each <dir>/<task>/ (task.lean, test.json, reject_inputs.json) becomes <task>.suite.json with the
spec next to it: test inputs and expected outputs read as Lean literals, the unexpected outputs as known
wrong outputs, the reject inputs as the suite's rejectInputs. Report: <out>/${VERINA_REPORT_FILE}.

verina --lang dafny|verus|lean --specs DIR: pairs the benchmark's translations of VERINA tasks (the
files of DIR whose row in the benchmark CSV has source verina; --csv FILE, by default the one CSV next
to DIR) with the tests of the task each translates. Parameters and results are matched by position;
every value is converted to the translation's type (Nat, Int, List, Array, String, Char, Option,
tuples), with range checks for machine integers and never clamped: a value that does not convert
leaves its test (or wrong output, or reject input) out, with the reason. Writes <id>.suite.json with
the translation next to it; each pair is paired, partial or skipped. Report: <out>/${PAIRING_REPORT_FILE}.`;

const FORMATS = ['mbpp-dfy', 'verina'];

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One line per task that lost tests, its reasons under it when there are several. */
export function formatTaskProblems(task: TaskReport): string {
  const head = `task_id_${task.task_id}: ${task.status}${task.status === 'partial' ? ` (${plural(task.tests, 'test')})` : ''}`;
  if (task.reasons.length === 1) return `${head}: ${task.reasons[0]}`;
  return [head, ...task.reasons.map((r) => `    ${r}`)].join('\n');
}

export function formatNotes(task: TaskReport): string {
  return [`task_id_${task.task_id}: imported, with notes`, ...(task.notes ?? []).map((n) => `    ${n}`)].join('\n');
}

export function formatTotals(report: ImportReport): string {
  const t = report.totals;
  return `${plural(t.tasks, 'task')}: ${t.imported} imported with all their tests (at least 3), ${t.partial} partial, ${t.skipped} skipped; ${plural(t.tests, 'test')} in ${plural(t.imported + t.partial, 'suite')}`;
}

export async function importCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'tests-from': { type: 'string' },
      lang: { type: 'string' },
      specs: { type: 'string' },
      csv: { type: 'string' },
      ...BACKEND_MODULE_OPTION,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(IMPORT_USAGE);
    return 0;
  }
  const [format, dir, ...extra] = positionals;
  if (!format || !FORMATS.includes(format)) {
    throw new SpecmutError('bad-option', format ? `unknown benchmark format ${JSON.stringify(format)} (known: ${FORMATS.join(', ')})` : 'import needs a benchmark format and a directory', undefined, IMPORT_USAGE);
  }
  if (!dir) throw new SpecmutError('bad-option', `import ${format} needs the benchmark directory`, undefined, IMPORT_USAGE);
  if (extra.length) throw new SpecmutError('bad-option', `unexpected argument ${JSON.stringify(extra[0])}`, undefined, IMPORT_USAGE);
  if (!values.out) throw new SpecmutError('bad-option', 'import needs --out <dir> for the suites', undefined, IMPORT_USAGE);

  if (format === 'verina') {
    return importVerinaCommand({ dir, out: values.out, lang: values.lang, specs: values.specs, csv: values.csv, backendModules: values['backend-module'] }, io);
  }
  if (values.lang || values.specs || values.csv) throw new SpecmutError('bad-option', '--lang, --specs and --csv belong to import verina', undefined, IMPORT_USAGE);
  const report = await importMbppDfy({ dir, out: values.out, testsFrom: values['tests-from'] });
  for (const task of report.tasks) {
    if (task.status !== 'imported') io.out(formatTaskProblems(task));
    else if (task.notes?.length) io.out(formatNotes(task));
  }
  io.out(formatTotals(report));
  io.out(`suites written to ${report.out}; report: ${join(report.out, IMPORT_REPORT_FILE)}`);
  return 0;
}

import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ReportSchema, SpecmutError, writeFileAtomic, type Report } from '@specmut/core';
import { readSources, toMutationTestingReport, writeHtmlReport } from '@specmut/report';
import type { Io } from '../io.js';
import { checkDestination } from '../report-writer.js';

export const REPORT_USAGE = `specmut report <report.json> [--html FILE] [--mutation-json FILE] [--root DIR]

Turns a --json report into a page people read: --html FILE writes a standalone HTML page (works
offline, from file://) showing each spec's source with its output mutants (mutation-testing-elements);
--mutation-json FILE writes the report in the mutation-testing-report-schema format. Paths in the report
are relative to the directory the run was started in: --root DIR (default: the working directory).`;

export async function readReport(file: string): Promise<Report> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new SpecmutError('io-error', `cannot read the report: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { file });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new SpecmutError('bad-suite', `not valid JSON: ${(e as Error).message}`, { file });
  }
  const parsed = ReportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SpecmutError('bad-suite', `not a specmut report: at ${issue.path.join('.') || '(top)'}: ${issue.message}`, { file });
  }
  // Checked, but kept as written (zod's output orders keys by the schema).
  return json as Report;
}

/** Writes the HTML page of `report`; says which of its files could not be read (their source is not shown). */
export async function writeHtml(report: Report, file: string, root: string, io: Io): Promise<void> {
  const { missing } = await writeHtmlReport(report, file, root);
  if (missing.length) io.err(`specmut: warning: the HTML report shows no source for files that could not be read under ${root}: ${missing.join(', ')}`);
  io.out(`HTML report written to ${file}`);
}

export async function reportCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { html: { type: 'string' }, 'mutation-json': { type: 'string' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(REPORT_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new SpecmutError('bad-option', 'report needs exactly one report file', undefined, REPORT_USAGE);
  if (!values.html && !values['mutation-json']) throw new SpecmutError('bad-option', 'report needs --html FILE or --mutation-json FILE', undefined, REPORT_USAGE);
  if (values.html) await checkDestination('--html', values.html);
  if (values['mutation-json']) await checkDestination('--mutation-json', values['mutation-json']);
  const report = await readReport(positionals[0]!);
  const root = values.root ?? process.cwd();
  if (values.html) await writeHtml(report, values.html, root, io);
  if (values['mutation-json']) {
    const { texts } = await readSources(report, root);
    await writeFileAtomic(values['mutation-json'], `${JSON.stringify(toMutationTestingReport(report, texts), null, 2)}\n`);
    io.out(`mutation-testing report written to ${values['mutation-json']}`);
  }
  return 0;
}

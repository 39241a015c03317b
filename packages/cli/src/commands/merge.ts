import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ReportSchema, SpecmutError, mergeShards, type Report } from '@specmut/core';
import type { Io } from '../io.js';
import { ReportWriter, checkDestination } from '../report-writer.js';
import { formatSummary } from '../table.js';

export const MERGE_USAGE = `specmut merge <shard-report.json>... [--json FILE]

Combines the --json reports of \`specmut score --shard I/N\` runs (every shard exactly once) into the
report one run over all the suites gives: the same specs in the same order and the same summary (its
time is the longest shard's). Prints the summary; --json writes the merged report.`;

async function readReport(file: string): Promise<Report> {
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
  // Checked, but kept as written (zod's output orders keys by the schema), so the merged file reads like a single run's.
  return json as Report;
}

export async function mergeCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    io.out(MERGE_USAGE);
    return 0;
  }
  if (positionals.length === 0) throw new SpecmutError('bad-option', 'merge needs the shard reports', undefined, MERGE_USAGE);
  if (values.json) await checkDestination('--json', values.json);
  const parts = await Promise.all(positionals.map(async (file) => ({ file, report: await readReport(file) })));
  const merged = mergeShards(parts);
  if (values.json) {
    const writer = new ReportWriter(values.json);
    await writer.close(`${JSON.stringify(merged, null, 2)}\n`);
    if (writer.failure) throw new SpecmutError('io-error', `cannot write the merged report: ${writer.failure.message}`, { file: values.json });
  }
  io.out(formatSummary(merged));
  if (values.json) io.out(`report written to ${values.json}`);
  return merged.summary.errors > 0 ? 1 : 0;
}

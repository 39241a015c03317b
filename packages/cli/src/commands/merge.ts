import { parseArgs } from 'node:util';
import { SpecmutError, mergeShards } from '@specmut/core';
import type { Io } from '../io.js';
import { readReport } from './report.js';
import { ReportWriter, checkDestination } from '../report-writer.js';
import { formatSummary } from '../table.js';

export const MERGE_USAGE = `specmut merge <shard-report.json>... [--json FILE]

Combines the --json reports of \`specmut score --shard I/N\` runs (every shard exactly once) into the
report one run over all the suites gives: the same specs in the same order and the same summary (its
time is the longest shard's). Prints the summary; --json writes the merged report.`;

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

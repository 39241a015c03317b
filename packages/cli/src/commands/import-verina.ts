import { join } from 'node:path';
import { SpecmutError, type Backend } from '@specmut/core';
import { importVerina, pairVerina, PAIRING_REPORT_FILE, VERINA_REPORT_FILE, type PairReport } from '@specmut/lean';
import { backendsFor } from '../backends.js';
import type { Io } from '../io.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface VerinaOptions {
  dir: string;
  out: string;
  lang?: string | undefined;
  specs?: string | undefined;
  csv?: string | undefined;
  backendModules?: string[] | undefined;
}

/** One block per pair that lost something: its status, then every reason. */
export function formatPair(p: PairReport): string {
  const head = `${p.translation} (${p.task}${p.method ? `, ${p.method}` : ''}): ${p.status}${p.status === 'partial' ? ` (${plural(p.tests, 'test')})` : ''}`;
  return [head, ...p.reasons.map((r) => `    ${r}`)].join('\n');
}

/** Without --lang: VERINA's own Lean tasks as suites. With --lang: the benchmark's translations paired with VERINA's tests. */
export async function importVerinaCommand(options: VerinaOptions, io: Io): Promise<number> {
  if (!options.lang) {
    if (options.specs || options.csv) throw new SpecmutError('bad-option', '--specs and --csv go with --lang (pairing translations with VERINA tests)');
    const report = await importVerina({ dir: options.dir, out: options.out });
    for (const t of report.tasks) if (t.status !== 'imported') io.out([`${t.task}: ${t.status}`, ...t.reasons.map((r) => `    ${r}`)].join('\n'));
    const n = report.totals;
    io.out(`${plural(n.tasks, 'task')}: ${n.imported} imported, ${n.partial} partial, ${n.skipped} skipped; ${plural(n.tests, 'test')}, ${n.wrong} wrong outputs, ${n.rejectInputs} reject inputs`);
    io.out(`suites written to ${report.out}; report: ${join(report.out, VERINA_REPORT_FILE)}`);
    return 0;
  }
  if (!options.specs) throw new SpecmutError('bad-option', `import verina --lang ${options.lang} needs --specs <dir> with the ${options.lang} translations`);
  const backends = await backendsFor(options.backendModules ?? []);
  const backend: Backend | undefined = backends.find((b) => b.id === options.lang);
  if (!backend) throw new SpecmutError('bad-option', `--lang ${JSON.stringify(options.lang)} is not a known language (known: ${backends.map((b) => b.id).join(', ')})`);
  const report = await pairVerina({ verina: options.dir, specs: options.specs, csv: options.csv, out: options.out, backend });
  for (const p of report.pairs) if (p.status !== 'paired') io.out(formatPair(p));
  const n = report.totals;
  io.out(
    `${plural(n.translations, `${backend.id} translation`)} of VERINA tasks: ${n.paired} paired with all their tests, ${n.partial} partial, ${n.skipped} skipped; ${plural(n.tests, 'test')}, ${n.wrong} wrong outputs, ${n.rejectInputs} reject inputs`,
  );
  io.out(`suites written to ${report.out}; report: ${join(report.out, PAIRING_REPORT_FILE)}`);
  return 0;
}

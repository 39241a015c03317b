import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { SPECMUT_VERSION, REPORT_SCHEMA_VERSION, SpecmutError, scoreSuites, summarize, type Report, type RunSettings, type SpecReport } from '@specmut/core';
import { BACKENDS, oracleChooser, parseOracleMode } from '../backends.js';
import { discoverSuites } from '../discover.js';
import { formatSpec, formatSummary } from '../table.js';
import { intOption, numberOption, type Io } from '../io.js';

export const SCORE_USAGE = `specmut score <suite.json | directory>... [options]

Scores each spec against its tests: correctness (tests accepted), completeness (mutated outputs rejected).

Options:
  --mutants N       output mutants per test (default 5)
  --seed S          seed of the mutant generator (default 1)
  --timeout SECONDS verifier time limit per triple (default 20)
  --json FILE       write the full report as JSON (updated as each spec finishes)
  --jobs N          verifier processes at the same time (default: the number of CPU cores)
  --backend B       who decides triples: a verifier backend (dafny), eval (specmut's evaluator, no
                    verifier needed) or auto (default: the verifier when installed, else eval)
  --cross-check B   also decide every triple with B (eval or a verifier) and list disagreements
  --cache DIR       keep verifier results in DIR and reuse them
  --exhaustive      also attempt the proof the evaluator's prediction rules out (by default a triple
                    whose verdict the evaluator computed gets only the attempt it predicts)
  --quiet           print only the summary`;

/** Specs kept in flight per verifier process, so that waiting ones can be merged into one run. */
const SPECS_PER_PROCESS = 8;

export async function scoreCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      mutants: { type: 'string' },
      seed: { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'string' },
      jobs: { type: 'string' },
      cache: { type: 'string' },
      backend: { type: 'string' },
      'cross-check': { type: 'string' },
      quiet: { type: 'boolean' },
      exhaustive: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(SCORE_USAGE);
    return 0;
  }
  if (positionals.length === 0) throw new SpecmutError('bad-option', 'score needs a suite file or a directory of suites', undefined, SCORE_USAGE);
  const overrides: Partial<RunSettings> = {};
  if (values.mutants !== undefined) overrides.mutants = intOption('--mutants', values.mutants, 0, 1000);
  if (values.seed !== undefined) overrides.seed = intOption('--seed', values.seed, -(2 ** 31), 2 ** 31 - 1);
  if (values.timeout !== undefined) overrides.timeout = numberOption('--timeout', values.timeout, 0.1, 3600);
  const jobs = values.jobs === undefined ? availableParallelism() : intOption('--jobs', values.jobs, 1, 64);
  const mode = parseOracleMode(values.backend, '--backend', true);
  const crossCheck = parseOracleMode(values['cross-check'], '--cross-check', false) as 'eval' | 'verifier' | undefined;
  const files = await discoverSuites(positionals);
  const done: SpecReport[] = [];
  const started = performance.now();
  const partial = (): Report => ({
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'specmut', version: SPECMUT_VERSION },
    options: { mutants: 5, seed: 1, timeout: 20, ...overrides },
    specs: [...done],
    summary: summarize(done, (performance.now() - started) / 1000),
  });
  let writing = Promise.resolve();
  const persist = (report: Report) => {
    if (!values.json) return;
    const file = values.json;
    writing = writing.then(() => writeFile(file, `${JSON.stringify(report, null, 2)}\n`));
  };
  const oracleFor = oracleChooser({ mode, crossCheck, cacheDir: values.cache, processes: jobs, exhaustive: values.exhaustive, notice: (m) => io.err(`specmut: ${m}`) });
  // Ctrl-C stops the verifiers (their private directories are removed) and still writes what is done.
  const stop = new AbortController();
  const onSignal = () => {
    io.err('specmut: stopping; specs not finished are reported as unknown');
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const report = await scoreSuites(files, { backends: BACKENDS, oracleFor }, {
    signal: stop.signal,
    overrides,
    // Many specs in flight, few verifier processes: specs that wait share a process (see RunQueue).
    jobs: jobs * SPECS_PER_PROCESS,
    onSpec: (spec) => {
      done.push(spec);
      if (!values.quiet) io.out(formatSpec(spec));
      persist(partial());
    },
  });
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  persist(report);
  await writing;
  io.out(formatSummary(report));
  if (values.json) io.out(`report written to ${values.json}`);
  return report.summary.errors > 0 ? 1 : 0;
}

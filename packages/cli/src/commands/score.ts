import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_SETTINGS, SPECMUT_VERSION, REPORT_SCHEMA_VERSION, SpecmutError, cleanUpNow, shardOf, scoreSuites, summarize, type Report, type RunSettings, type SpecReport } from '@specmut/core';
import { oracleChooser } from '@specmut/core';
import { BACKEND_MODULE_OPTION, backendsFor, parseOracleMode } from '../backends.js';
import { discoverSuites } from '../discover.js';
import { formatSpec, formatSummary } from '../table.js';
import { intOption, numberOption, type Io } from '../io.js';
import { ReportWriter, checkDestination } from '../report-writer.js';
import { JsonlWriter } from '../jsonl-writer.js';
import { writeHtml } from './report.js';
import { Progress } from '../progress.js';
import { parseThreshold, unmet } from '../thresholds.js';

export const SCORE_USAGE = `specmut score <suite.json | directory>... [options]

Scores each spec against its tests: correctness (tests accepted), completeness (mutated outputs rejected).

Options:
  --mutants N       output mutants per test (default 5)
  --seed S          seed of the mutant generator (default 1)
  --timeout SECONDS verifier time limit per triple (default 20)
  --json FILE       write the full report as JSON (kept up to date during the run, written
                    atomically: never a cut-off file)
  --html FILE       write a standalone HTML page of the report at the end (see specmut report)
  --jsonl FILE      write one JSON line per spec as it finishes (a spec report, schema: specs.items
                    of packages/core/schema/report.schema.json); whole lines even if interrupted
  --jobs N          verifier processes at the same time (default: the number of CPU cores)
  --backend B       who decides triples: a verifier backend (dafny), eval (specmut's evaluator, no
                    verifier needed) or auto (default: the verifier when installed, else eval)
  --cross-check B   also decide every triple with B (eval or a verifier) and list disagreements
  --cache DIR       where proof attempts are kept and reused (default: $SPECMUT_CACHE, else
                    .specmut-cache in the working directory); a rerun recomputes nothing it holds
  --no-cache        neither read nor write proof attempts on disk
  --max-values N    triples holding more values than N (default 5000) are decided by the evaluator,
                    not the verifier (a huge literal costs a verifier minutes and gigabytes)
  --exhaustive      also attempt the proof the evaluator's prediction rules out (by default a triple
                    whose verdict the evaluator computed gets only the attempt it predicts)
  --fail-under T    exit with 4 when a mean is under a threshold: correctness=0.95, completeness=60%,
                    lenientCompleteness=0.5, or a bare share for correctness (repeatable)
  --backend-module M  load a third-party backend from module M (a package name or a path; repeatable;
                    also read from "backends" in ./specmut.config.json)
  --shard I/N       score only shard I (1..N) of the suites: every N-th, from the I-th; combine the
                    shards' --json reports with \`specmut merge\`
  --spec-mutants    also mutate each spec and classify its mutants against the suite (specMutants in
                    the --json report; see specmut mutate-spec)
  --quiet           print only the summary (errors and warnings still go to stderr)

Output: a block per scored spec and the summary on stdout; specs that could not be scored, warnings
and, on a terminal, a progress line on stderr.

Exit codes: 0 every spec scored; 1 some specs had errors; 2 bad usage, an unwritable report or a
missing verifier; 3 internal error; 4 a --fail-under threshold not met (and no spec had errors);
130 interrupted (the report is complete, unfinished verdicts unknown).`;

/** `I/N` with 1 <= I <= N. */
function parseShard(raw: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new SpecmutError('bad-option', `--shard expects I/N with 1 <= I <= N (e.g. 2/8), got ${JSON.stringify(raw)}`);
  return { index, count };
}

/** The run settings given as --mutants, --seed and --timeout (they win over a suite's own options). */
export function settingsOverrides(values: { mutants?: string | undefined; seed?: string | undefined; timeout?: string | undefined }): Partial<RunSettings> {
  const overrides: Partial<RunSettings> = {};
  if (values.mutants !== undefined) overrides.mutants = intOption('--mutants', values.mutants, 0, 1000);
  if (values.seed !== undefined) overrides.seed = intOption('--seed', values.seed, -(2 ** 31), 2 ** 31 - 1);
  if (values.timeout !== undefined) overrides.timeout = numberOption('--timeout', values.timeout, 0.1, 3600);
  return overrides;
}

/** The project-local cache directory (see --cache). */
export const defaultCacheDir = (): string => process.env.SPECMUT_CACHE || '.specmut-cache';

export async function scoreCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      mutants: { type: 'string' },
      seed: { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'string' },
      jsonl: { type: 'string' },
      html: { type: 'string' },
      jobs: { type: 'string' },
      cache: { type: 'string' },
      'no-cache': { type: 'boolean' },
      'max-values': { type: 'string' },
      backend: { type: 'string' },
      'cross-check': { type: 'string' },
      quiet: { type: 'boolean' },
      'fail-under': { type: 'string', multiple: true },
      shard: { type: 'string' },
      exhaustive: { type: 'boolean' },
      'spec-mutants': { type: 'boolean' },
      ...BACKEND_MODULE_OPTION,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(SCORE_USAGE);
    return 0;
  }
  if (positionals.length === 0) throw new SpecmutError('bad-option', 'score needs a suite file or a directory of suites', undefined, SCORE_USAGE);
  const overrides = settingsOverrides(values);
  const jobs = values.jobs === undefined ? availableParallelism() : intOption('--jobs', values.jobs, 1, 64);
  const backends = await backendsFor(values['backend-module']);
  const mode = parseOracleMode(values.backend, '--backend', true, backends);
  const crossCheck = parseOracleMode(values['cross-check'], '--cross-check', false, backends) as 'eval' | 'verifier' | undefined;
  const thresholds = (values['fail-under'] ?? []).map(parseThreshold);
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  const all = await discoverSuites(positionals);
  const files = shard ? shardOf(all, shard.index, shard.count) : all;
  const shardField = shard ? { shard: { ...shard, suites: all.length } } : {};
  // A report that cannot be written is found now, not after hours of work.
  if (values.json) await checkDestination('--json', values.json);
  if (values.jsonl) await checkDestination('--jsonl', values.jsonl);
  if (values.html) await checkDestination('--html', values.html);
  const writer = values.json ? new ReportWriter(values.json) : undefined;
  const lines = values.jsonl ? new JsonlWriter(values.jsonl) : undefined;
  const done: SpecReport[] = [];
  const started = performance.now();
  const partial = (): Report => ({
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'specmut', version: SPECMUT_VERSION },
    options: { ...DEFAULT_SETTINGS, ...overrides },
    ...shardField,
    specs: [...done],
    summary: summarize(done, (performance.now() - started) / 1000),
  });
  const progress = new Progress(io.status ?? { write: () => true }, files.length);
  // Lines written while the progress line is up clear it first; the next update draws it again.
  const say = (write: (t: string) => void) => (t: string) => {
    progress.clear();
    write(t);
  };
  const out = say(io.out);
  const err = say(io.err);
  const oracleFor = oracleChooser({ mode, crossCheck, cacheDir: values['no-cache'] ? undefined : (values.cache ?? defaultCacheDir()), processes: jobs, exhaustive: values.exhaustive, maxValues: values['max-values'] === undefined ? undefined : intOption('--max-values', values['max-values'], 1, 100_000_000), notice: (m) => err(`specmut: warning: ${m}`) });
  const stop = new AbortController();
  const onSignal = () => {
    if (stop.signal.aborted) {
      // A second signal: leave at once, with no verifier, private directory or half-written file behind.
      cleanUpNow();
      process.exit(130);
    }
    err('specmut: stopping: verifiers are stopped, unfinished verdicts are reported as unknown (interrupted); press Ctrl-C again to quit at once');
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let report: Report;
  try {
    const scored = await scoreSuites(files, { backends, oracleFor }, {
      signal: stop.signal,
      overrides,
      processes: jobs,
      specMutation: values['spec-mutants'] ? {} : undefined,
      onPrepared: (id, triples) => progress.prepare(id, triples),
      onSpec: (spec) => {
        done.push(spec);
        // A spec that could not be scored is an error: on stderr, --quiet or not.
        if (spec.status === 'error') err(formatSpec(spec).trimEnd());
        else if (!values.quiet) out(formatSpec(spec));
        progress.finish(spec);
        writer?.update(() => `${JSON.stringify(partial(), null, 2)}\n`);
        lines?.write(spec);
      },
    });
    report = { ...scored, ...shardField };
    await writer?.close(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    lines?.close();
    progress.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  io.out(formatSummary(report));
  if (writer?.failure) {
    io.err(`specmut: the report could not be written to ${writer.file}: ${writer.failure.message}`);
    return 2;
  }
  if (lines?.failure) {
    io.err(`specmut: the JSON lines could not be written to ${lines.file}: ${lines.failure.message}`);
    return 2;
  }
  if (values.json) io.out(`report written to ${values.json}`);
  if (values.html) await writeHtml(report, values.html, process.cwd(), io);
  if (stop.signal.aborted) {
    io.err('specmut: the run was interrupted; rerun the same command to finish it (finished verdicts come from the cache, unless --no-cache)');
    return 130;
  }
  if (report.summary.errors > 0) io.err(`specmut: ${report.summary.errors} of ${report.summary.specs} specs could not be scored (listed above)`);
  const failed = unmet(report.summary, thresholds);
  for (const f of failed) io.err(`specmut: ${f}`);
  if (report.summary.errors > 0) return 1;
  return failed.length > 0 ? 4 : 0;
}

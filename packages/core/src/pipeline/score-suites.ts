import { readFile } from 'node:fs/promises';
import { basename, dirname, relative, resolve } from 'node:path';
import type { Backend, MethodSpec, SourceRange, SpecModule } from '../backend/contract.js';
import { SpecmutError, formatLocation } from '../errors.js';
import { readSuite, type LoadedSuite } from '../io/read-suite.js';
import { mapPool } from '../oracle/pool.js';
import { specsInFlight } from '../oracle/schedule.js';
import type { Oracle } from '../oracle/oracle.js';
import { REPORT_SCHEMA_VERSION, type Report, type SpecReport } from '../report/schema.js';
import { scoreSpec, summarize } from '../report/score.js';
import { SPECMUT_VERSION } from '../version.js';
import { buildTriples, type PlannedTriple } from './build-triples.js';
import { chooseLanguage } from './language.js';
import { resolveRejectInputs, resolveTests, type TypedTest } from './resolve-tests.js';
import { verdict, type Verdict } from '../model/verdict.js';
import { mutateSpec, type SpecMutationOptions } from '../spec-mutation/run.js';

export interface RunSettings {
  mutants: number;
  seed: number;
  /** Seconds per triple. */
  timeout: number;
}

export const DEFAULT_SETTINGS: RunSettings = { mutants: 5, seed: 1, timeout: 20 };

export interface ScoreContext {
  backends: readonly Backend[];
  /** Chooses the oracle for a backend (its verifier, the evaluator, ...). Throws SpecmutError when none is usable. */
  oracleFor(backend: Backend): Promise<Oracle>;
}

export interface ScoreOptions {
  /** Settings given explicitly (CLI flags); they win over a suite's own `options`. */
  overrides?: Partial<RunSettings>;
  /** Verifier processes the oracle runs at once; decides how many specs are in flight (see `specsInFlight`). */
  processes?: number;
  /** Specs in flight, overriding what `processes` implies. */
  jobs?: number;
  /** Paths in reports are written relative to this directory. */
  baseDir?: string;
  signal?: AbortSignal;
  /** Called when a spec's triples are built (before any is decided), for progress. */
  onPrepared?: (id: string, triples: number) => void;
  /** Also mutate each spec and classify its mutants against the suite (`specMutants` in the report). */
  specMutation?: SpecMutationOptions | undefined;
  /** Called as each spec finishes, so a long run can stream progress and keep what is done. */
  onSpec?: (report: SpecReport, index: number) => void;
}

export function settingsFor(loaded: LoadedSuite, overrides: Partial<RunSettings> = {}): RunSettings {
  const own = loaded.suite.options ?? {};
  return {
    mutants: overrides.mutants ?? own.mutants ?? DEFAULT_SETTINGS.mutants,
    seed: overrides.seed ?? own.seed ?? DEFAULT_SETTINGS.seed,
    timeout: overrides.timeout ?? own.timeout ?? DEFAULT_SETTINGS.timeout,
  };
}

export function findMethod(module: SpecModule, name: string, file: string): MethodSpec {
  const method = module.methods.find((m) => m.name === name);
  if (method) return method;
  const names = module.methods.map((m) => m.name);
  throw new SpecmutError(
    'unknown-method',
    `no method, function or predicate named ${JSON.stringify(name)} in the spec`,
    { file },
    names.length ? `The spec declares: ${names.join(', ')}.` : 'The spec declares no methods.',
  );
}

function errorReport(id: string, suite: string, e: unknown): SpecReport {
  const err =
    e instanceof SpecmutError
      ? { code: e.code, message: e.message + (e.hint ? ` (${e.hint})` : ''), ...(e.location ? { location: formatLocation(e.location) } : {}) }
      : { code: 'internal', message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  return {
    id,
    suite,
    status: 'error',
    error: err,
    correctness: null,
    completeness: null,
    lenientCompleteness: null,
    tests: [],
    mutants: { total: 0, rejected: 0, accepted: 0, unknown: 0, error: 0 },
    unknown: 0,
    oracles: [],
    seconds: 0,
  };
}

const specIdOf = (file: string): string => basename(file).replace(/\.suite\.json$|\.json$/, '');

/** A suite read and resolved, with its triples built: everything an oracle needs, nothing decided yet. */
export interface PreparedSuite {
  id: string;
  suite: string;
  specFile: string;
  loaded: LoadedSuite;
  backend: Backend;
  module: SpecModule;
  method: MethodSpec;
  tests: TypedTest[];
  triples: PlannedTriple[];
  settings: RunSettings;
  /** What the user should know about the suite (e.g. a deprecated field). */
  notes: string[];
}

/** Phase 1: read the suite, parse the spec, find the method, read the tests, build the triples. */
export async function prepareSuite(
  file: string,
  ctx: Pick<ScoreContext, 'backends'>,
  options: Pick<ScoreOptions, 'overrides' | 'baseDir'> = {},
  /** Told the spec's id as soon as the suite is read, so a later error is reported under it. */
  onId?: (id: string) => void,
): Promise<PreparedSuite> {
  const rel = (p: string) => relative(options.baseDir ?? process.cwd(), p) || p;
  const loaded = await readSuite(file);
  const id = loaded.suite.id ?? specIdOf(file);
  onId?.(id);
  const settings = settingsFor(loaded, options.overrides);
  const specFile = resolve(dirname(file), loaded.suite.spec);
  const { backend, notes } = chooseLanguage(loaded, specFile, ctx.backends);
  let text: string;
  try {
    text = await readFile(specFile, 'utf8');
  } catch (e) {
    throw new SpecmutError('io-error', `cannot read the spec file ${rel(specFile)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, loaded.locate('spec'));
  }
  const module = await backend.load(rel(specFile), text);
  const method = findMethod(module, loaded.suite.method, rel(specFile));
  if (method.unsupported) {
    throw new SpecmutError('unsupported', `${method.name} cannot be scored: ${method.unsupported}`, { file: rel(specFile), line: method.range.start.line, column: method.range.start.column });
  }
  const tests = resolveTests(loaded, method.signature);
  const rejects = resolveRejectInputs(loaded, method.signature, tests.map((t) => t.id));
  const triples = buildTriples(
    tests,
    method.signature,
    {
      mutants: settings.mutants,
      seed: settings.seed,
      specId: id,
      // Reject inputs are scored next to the test inputs' acceptance, so both are checked together.
      checkPrecondition: rejects.length > 0 || method.clauses.some((c) => c.role === 'precondition'),
    },
    rejects,
  );
  return { id, suite: rel(file), specFile: rel(specFile), loaded, backend, module, method, tests, triples, settings, notes };
}

/** The verdicts of a spec the run was stopped before: every triple unknown (interrupted). */
export function interruptedVerdicts(prepared: Pick<PreparedSuite, 'triples'>): Map<string, Verdict> {
  const reason = 'the run was stopped before this spec was verified';
  return new Map(prepared.triples.map((t) => [t.id, verdict('unknown', 'none', { cause: 'interrupted', reason })]));
}

/** Phase 2: let an oracle decide every triple. */
export function decideSuite(prepared: PreparedSuite, oracle: Oracle, signal?: AbortSignal): Promise<Map<string, Verdict>> {
  const { module, method, triples, settings, tests } = prepared;
  const knownResults = tests.map((t) => ({ inputs: t.inputs, outputs: t.outputs }));
  return oracle.decide({ module, method, triples, timeoutSeconds: settings.timeout, signal, knownResults });
}

const lineColumn = (r: SourceRange) => ({ start: { line: r.start.line, column: r.start.column }, end: { line: r.end.line, column: r.end.column } });

/** Phase 3: the spec's report from its verdicts. */
export function reportSuite(prepared: PreparedSuite, verdicts: Map<string, Verdict>, seconds: number): SpecReport {
  const { method } = prepared;
  const locations = { method: lineColumn(method.range), postconditions: method.clauses.filter((c) => c.role === 'postcondition').map((c) => lineColumn(c.range)) };
  const report = scoreSpec({
    id: prepared.id,
    suite: prepared.suite,
    spec: prepared.specFile,
    method: prepared.method.name,
    language: prepared.backend.id,
    notes: prepared.notes,
    meta: prepared.loaded.suite.meta,
    signature: prepared.method.signature,
    testIds: prepared.tests.map((t) => t.id),
    triples: prepared.triples,
    verdicts,
    render: prepared.backend.render,
    seconds,
  });
  return { ...report, locations };
}

/**
 * A spec with `error` verdicts is not scored: an error means the oracle itself broke (a harness that does
 * not compile, a verifier that crashed or printed what cannot be read), so the figures would describe the
 * tool, not the spec. The report keeps every verdict for inspection; the spec counts as an error.
 */
export function withoutErrorVerdicts(report: SpecReport, verdicts: ReadonlyMap<string, Verdict>): SpecReport {
  const errors = [...verdicts.values()].filter((v) => v.status === 'error');
  if (errors.length === 0) return report;
  const first = errors[0]!;
  const message = `${errors.length} of ${verdicts.size} triples could not be checked (${first.cause ?? 'error'}, ${first.oracle}): ${first.reason ?? 'no message'}`;
  return { ...report, status: 'error', error: { code: 'oracle-error', message }, correctness: null, completeness: null, lenientCompleteness: null };
}

/** Loads, runs and scores one suite file; any failure becomes an `error` report, never an exception. */
export async function scoreSuiteFile(file: string, ctx: ScoreContext, options: ScoreOptions = {}): Promise<SpecReport> {
  const started = performance.now();
  let id = specIdOf(file);
  try {
    const prepared = await prepareSuite(file, ctx, options, (known) => (id = known));
    const preparing = (performance.now() - started) / 1000;
    options.onPrepared?.(prepared.id, prepared.triples.length);
    // A stopped run still reports every spec (a complete report), without starting any verifier.
    const oracle = options.signal?.aborted ? undefined : await ctx.oracleFor(prepared.backend);
    const verdicts = oracle ? await decideSuite(prepared, oracle, options.signal) : interruptedVerdicts(prepared);
    // The spec's own cost, not the wall time it spent waiting for a process or sharing one with others.
    const deciding = [...verdicts.values()].reduce((sum, v) => sum + (v.seconds ?? 0), 0);
    const report = withoutErrorVerdicts(reportSuite(prepared, verdicts, preparing + deciding), verdicts);
    if (!options.specMutation || !oracle || report.status === 'error') return report;
    return { ...report, ...(await mutateSpec(prepared, oracle, verdicts, { ...options.specMutation, signal: options.signal })) };
  } catch (e) {
    if (e instanceof SpecmutError && e.code === 'missing-verifier') throw e;
    const rel = relative(options.baseDir ?? process.cwd(), file) || file;
    return errorReport(id, rel, e);
  }
}

/** Scores many suites, `jobs` at a time; a missing verifier stops the run (nothing can be scored without it). */
export async function scoreSuites(files: readonly string[], ctx: ScoreContext, options: ScoreOptions = {}): Promise<Report> {
  const started = performance.now();
  const specs = await mapPool(files, options.jobs ?? specsInFlight(options.processes ?? 1), async (file, i) => {
    const report = await scoreSuiteFile(file, ctx, options);
    options.onSpec?.(report, i);
    return report;
  });
  const settings = { ...DEFAULT_SETTINGS, ...options.overrides };
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'specmut', version: SPECMUT_VERSION },
    options: settings,
    specs,
    summary: summarize(specs, (performance.now() - started) / 1000),
  };
}

import { join } from 'node:path';
import { runHarness, type RunOutput, type RunRequest, type VerifierInfo } from '@specmut/core';
import { DafnyProgress } from './progress.js';

/** Every harness symbol starts with this; `--filter-symbol` then verifies nothing of the spec itself. */
export const HARNESS_PREFIX = 'specmut_';
export const RESULTS_CSV = 'results.csv';

/** Bit-vector types in a harness: `bv8`, `bv32`, ... */
const BITVECTOR = /\bbv\d+\b/;

export const usesBitvectors = (harness: RunRequest['harness']): boolean => harness.files.some((f) => BITVECTOR.test(f.text));

/**
 * The solver for a harness: the located one, except that harnesses with bit-vectors go to the newer Z3
 * when the located one is older than 4.12 (`details.bitvectorSolver`): Z3 4.8.12 times out on Dafny
 * 4's bit-vector encoding of concrete sequences, which Z3 4.16 proves in under a second (measured).
 */
export function solverFor(info: VerifierInfo, harness: RunRequest['harness']): string {
  const bitvector = info.details.bitvectorSolver;
  return bitvector && usesBitvectors(harness) ? bitvector : (info.details.solver ?? 'z3');
}

const coresOf = (info: VerifierInfo, request: RunRequest): number => Number(request.cores ?? info.details.cores ?? '1') || 1;

/** Dafny 4's command line for a harness: verification only, machine-readable diagnostics and per-symbol results. */
export function dafnyArguments(info: VerifierInfo, main: string, csv: string, request: RunRequest): string[] {
  return [
    ...info.command,
    'verify',
    main,
    '--solver-path',
    solverFor(info, request.harness),
    '--allow-warnings',
    '--json-output',
    // Each method's outcome as it finishes, so that a process stopped later keeps what it did.
    '--progress',
    'Batch',
    '--log-format',
    `csv;LogFileName=${csv}`,
    '--verification-time-limit',
    String(Math.max(1, Math.ceil(request.timeoutSeconds))),
    '--filter-symbol',
    HARNESS_PREFIX,
    '--cores',
    String(coresOf(info, request)),
    ...request.harness.args,
  ];
}

/**
 * Dafny is a .NET program: keep it from writing telemetry or first-run banners into our output, and keep
 * the files .NET makes in the temp directory (debug pipes, diagnostic sockets, which a killed process
 * leaves behind) inside the private directory `dir`, which is removed whatever happens.
 */
export function dafnyEnvironment(dir: string): Record<string, string | undefined> {
  return {
    ...process.env,
    DOTNET_CLI_TELEMETRY_OPTOUT: '1',
    DOTNET_NOLOGO: '1',
    DOTNET_SKIP_FIRST_TIME_EXPERIENCE: '1',
    DOTNET_EnableDiagnostics: '0',
    TMPDIR: dir,
  };
}

export function runDafny(info: VerifierInfo, request: RunRequest): Promise<RunOutput> {
  const onOutcome = request.onOutcome;
  const progress = onOutcome ? new DafnyProgress(request.harness, coresOf(info, request) === 1, onOutcome) : undefined;
  return runHarness('specmut-dafny', request, (dir) => ({
    argv: dafnyArguments(info, request.harness.main, join(dir, RESULTS_CSV), request),
    env: dafnyEnvironment(dir),
    ...(progress ? { onStdout: (chunk: string) => progress.push(chunk) } : {}),
    // No CSV means Dafny stopped before verifying (parse or resolution errors) or crashed; the diagnostics say which.
    artifacts: [RESULTS_CSV],
  }));
}

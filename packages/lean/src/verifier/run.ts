import { join } from 'node:path';
import { SpecmutError, runHarness, runProcess, type RunOutput, type RunRequest, type VerifierInfo } from '@specmut/core';

/** The Lean release the harnesses are written for (`decide`, `Nat`/`Int` as in Lean 4 core since v4.9). */
export const LEAN_TARGET = '4.9 or later';

/**
 * Lean is found at `$SPECMUT_LEAN`, else `lake` (run as `lake env lean`, so a project's Mathlib is on
 * the search path when specmut runs inside it), else `lean` on PATH.
 */
function candidates(): string[][] {
  const own = process.env.SPECMUT_LEAN;
  if (own) return [[own]];
  return [['lake', 'env', 'lean'], ['lean']];
}

export async function detectLean(): Promise<VerifierInfo> {
  for (const command of candidates()) {
    // From the working directory: `lake env` finds the project (and its Mathlib) there.
    const probe = await runProcess([...command, '--version'], { cwd: process.cwd(), deadlineSeconds: 60 });
    const m = /version (\d+\.\d+\.\d+[^\s,)]*)/.exec(`${probe.stdout}\n${probe.stderr}`);
    if (!probe.spawnError && probe.exitCode === 0 && m) return { name: 'lean', version: m[1]!, command, details: {} };
  }
  throw new SpecmutError(
    'missing-verifier',
    'Lean 4 is not installed (looked at $SPECMUT_LEAN, lake and lean on PATH)',
    undefined,
    `install Lean with elan (https://lean-lang.org/install), Lean ${LEAN_TARGET}, or set SPECMUT_LEAN; use --backend eval to score without a verifier.`,
  );
}

/** The argument vector: the Lean command, a per-declaration heartbeat limit from the time limit, the harness. */
export function leanArguments(info: VerifierInfo, file: string, timeoutSeconds: number): string[] {
  // Lean has no wall-clock option; maxHeartbeats (thousands of small allocations) bounds each check instead.
  const heartbeats = Math.max(1, Math.round(timeoutSeconds * 20)) * 1000;
  return [...info.command, '-D', `maxHeartbeats=${heartbeats}`, file];
}

/**
 * Runs Lean on the harness, written to a private directory; Lean runs in the working directory so
 * that `lake env` sees the user's project. A crash or the deadline is an output, never a throw.
 */
export function runLean(info: VerifierInfo, request: RunRequest): Promise<RunOutput> {
  return runHarness('specmut-lean', request, (dir) => ({
    argv: leanArguments(info, join(dir, request.harness.main), request.timeoutSeconds),
    cwd: process.cwd(),
  }));
}

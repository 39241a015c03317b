import { join } from 'node:path';
import { SpecmutError, runHarness, runProcess, type RunOutput, type RunRequest, type VerifierInfo } from '@specmut/core';
import { HARNESS_MODULE } from '../harness/emit.js';

/** Verus is found at `$SPECMUT_VERUS`, else `verus` on PATH. */
function candidates(): string[][] {
  const own = process.env.SPECMUT_VERUS;
  return own ? [[own]] : [['verus']];
}

/** `Verus\n  Version: 0.2025.07.15.62362b0\n  Profile: release …` (`verus --version`). */
export function readVerusVersion(output: string): { version: string; details: Record<string, string> } | undefined {
  const field = (name: string) => new RegExp(`^\\s*${name}:\\s*(\\S+)`, 'm').exec(output)?.[1];
  const version = field('Version');
  if (!version) return undefined;
  const details: Record<string, string> = {};
  for (const name of ['Profile', 'Platform', 'Toolchain']) {
    const v = field(name);
    if (v) details[name.toLowerCase()] = v;
  }
  return { version, details };
}

export async function detectVerus(): Promise<VerifierInfo> {
  for (const command of candidates()) {
    const probe = await runProcess([...command, '--version'], { cwd: process.cwd(), deadlineSeconds: 60 });
    const found = !probe.spawnError && probe.exitCode === 0 ? readVerusVersion(`${probe.stdout}\n${probe.stderr}`) : undefined;
    if (found) return { name: 'verus', version: found.version, command, details: found.details };
  }
  throw new SpecmutError(
    'missing-verifier',
    'Verus is not installed (looked at $SPECMUT_VERUS and verus on PATH)',
    undefined,
    'install a Verus release (https://github.com/verus-lang/verus/releases) and put `verus` on PATH, or set SPECMUT_VERUS; use --backend eval to score without a verifier.',
  );
}

/**
 * The argument vector: the harness as a library crate, only the harness module verified, the time
 * limit as Verus's resource limit (`--rlimit`, roughly seconds per function), results as JSON with
 * per-function timings (`--time`, which carries each function's success), no second pass that
 * re-checks `recommends` after a failure, and the cores the run may use.
 */
export function verusArguments(info: VerifierInfo, file: string, timeoutSeconds: number, cores = 1): string[] {
  return [
    ...info.command,
    file,
    '--crate-type=lib',
    '--verify-only-module',
    HARNESS_MODULE,
    '--rlimit',
    String(Math.max(1, Math.round(timeoutSeconds))),
    '--output-json',
    '--time',
    '--no-auto-recommends-check',
    '--num-threads',
    String(Math.max(1, Math.floor(cores))),
  ];
}

/** Runs Verus on the harness, written to a private directory. A crash or the deadline is an output, never a throw. */
export function runVerus(info: VerifierInfo, request: RunRequest): Promise<RunOutput> {
  return runHarness('specmut-verus', request, (dir) => ({
    argv: verusArguments(info, join(dir, request.harness.main), request.timeoutSeconds, request.cores),
  }));
}

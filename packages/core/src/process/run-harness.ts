import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunOutput, RunRequest } from '../backend/contract.js';
import { runProcess, withPrivateDir, type ProcessOptions } from './run-process.js';

/** How a backend runs its verifier on a harness written to `dir`. */
export interface HarnessRunPlan {
  argv: readonly string[];
  /** Default: the private directory (some tools must run in the user's project instead, e.g. `lake env`). */
  cwd?: string;
  env?: ProcessOptions['env'];
  onStdout?: ProcessOptions['onStdout'];
  /** Files the verifier writes into `dir` that the output parser needs, read before the directory goes. */
  artifacts?: readonly string[];
}

/**
 * Writes the harness files into a private directory, runs the verifier there with the request's deadline
 * and interrupt signal, and returns what it did. A crash, a missing binary or the deadline is an output,
 * never a throw: each costs the triples of this run their verdicts, not the run.
 */
export function runHarness(prefix: string, request: RunRequest, plan: (dir: string) => HarnessRunPlan): Promise<RunOutput> {
  return withPrivateDir(prefix, async (dir) => {
    for (const f of request.harness.files) await writeFile(join(dir, f.name), f.text);
    const { argv, cwd, env, onStdout, artifacts: wanted = [] } = plan(dir);
    const result = await runProcess(argv, {
      cwd: cwd ?? dir,
      deadlineSeconds: request.deadlineSeconds,
      signal: request.signal,
      ...(env ? { env } : {}),
      ...(onStdout ? { onStdout } : {}),
    });
    const artifacts: Record<string, string> = {};
    for (const name of wanted) {
      try {
        artifacts[name] = await readFile(join(dir, name), 'utf8');
      } catch {
        // Not written: the tool stopped before producing it or crashed; its messages say which.
      }
    }
    return {
      exitCode: result.exitCode,
      signal: result.signal,
      stdout: result.stdout,
      stderr: result.spawnError ? `${result.spawnError}\n${result.stderr}` : result.stderr,
      killed: result.killed,
      interrupted: result.interrupted,
      seconds: result.seconds,
      artifacts,
    };
  });
}

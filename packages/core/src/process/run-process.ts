import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProcessResult {
  exitCode: number | null;
  /** The signal that ended the process, when one did. */
  signal?: string;
  stdout: string;
  stderr: string;
  /** Stopped at the deadline or by the abort signal. */
  killed: boolean;
  /** Stopped (or never started) because the abort signal fired: the run was interrupted, not the tool. */
  interrupted?: boolean;
  /** Could not be started at all (e.g. ENOENT), with the system's message. */
  spawnError?: string;
  seconds: number;
}

export interface ProcessOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  deadlineSeconds?: number;
  signal?: AbortSignal | undefined;
  /** Output beyond this many characters per stream is dropped (a runaway verifier must not exhaust memory). */
  maxOutput?: number;
  /** Called with each piece of standard output as it arrives (for tools that report progress while they run). */
  onStdout?: (chunk: string) => void;
}

/** Process groups of the children still running, so that an exit at any point can kill them all. */
const liveGroups = new Set<number>();
/** Private directories not yet removed, for the same reason. */
const liveDirs = new Set<string>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Kills every verifier process group this process started and removes every private directory it
 * made, synchronously: for exit paths that cannot wait (a second Ctrl-C, an internal error).
 */
export function cleanUpNow(): void {
  for (const pid of liveGroups) killGroup(pid);
  liveGroups.clear();
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
  liveDirs.clear();
}

/**
 * Runs a program from an argument array (never a shell string). The child gets its own process group so
 * that, at the deadline or on an abort, the verifier and the solvers it started are killed together.
 * A signal that is already aborted starts nothing (an abort listener added then would never fire).
 */
export function runProcess(argv: readonly string[], options: ProcessOptions = {}): Promise<ProcessResult> {
  const [cmd, ...args] = argv;
  if (!cmd) throw new TypeError('runProcess needs a program');
  const started = performance.now();
  if (options.signal?.aborted) return Promise.resolve({ exitCode: null, stdout: '', stderr: '', killed: true, interrupted: true, seconds: 0 });
  const max = options.maxOutput ?? 50_000_000;
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let killed = false;
    let interrupted = false;
    let settled = false;
    const child = spawn(cmd, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = child.pid;
    if (pid !== undefined) liveGroups.add(pid);
    const kill = () => {
      killed = true;
      if (pid !== undefined) killGroup(pid);
      else child.kill('SIGKILL');
    };
    const timer = options.deadlineSeconds !== undefined ? setTimeout(kill, options.deadlineSeconds * 1000) : undefined;
    const onAbort = () => {
      interrupted = true;
      kill();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (result: Omit<ProcessResult, 'seconds' | 'stdout' | 'stderr' | 'killed'>) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // The group may outlive its leader (solvers Dafny started): make sure none is left behind.
      if (pid !== undefined) {
        killGroup(pid);
        liveGroups.delete(pid);
      }
      resolve({ ...result, stdout, stderr, killed, ...(interrupted ? { interrupted } : {}), seconds: (performance.now() - started) / 1000 });
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < max) stdout += d;
      options.onStdout?.(d);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < max) stderr += d;
    });
    child.on('error', (e) => finish({ exitCode: null, spawnError: e.message }));
    child.on('close', (code, signal) => finish({ exitCode: code, ...(signal ? { signal } : {}) }));
  });
}

/** Runs `fn` with a fresh private directory (mode 0700 under the system temp dir), removed afterwards. */
export async function withPrivateDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  liveDirs.add(dir);
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
    liveDirs.delete(dir);
  }
}

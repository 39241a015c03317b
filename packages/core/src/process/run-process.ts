import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProcessResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Stopped at the deadline or by the abort signal. */
  killed: boolean;
  /** Could not be started at all (e.g. ENOENT), with the system's message. */
  spawnError?: string;
  seconds: number;
}

export interface ProcessOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  deadlineSeconds?: number;
  signal?: AbortSignal | undefined;
  /** Output beyond this many characters per stream is dropped (a runaway verifier must not exhaust memory). */
  maxOutput?: number;
}

/**
 * Runs a program from an argument array (never a shell string). The child gets its own process group so
 * that, at the deadline, the verifier and the solvers it started are killed together.
 */
export function runProcess(argv: readonly string[], options: ProcessOptions = {}): Promise<ProcessResult> {
  const [cmd, ...args] = argv;
  if (!cmd) throw new TypeError('runProcess needs a program');
  const started = performance.now();
  const max = options.maxOutput ?? 50_000_000;
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let killed = false;
    let settled = false;
    const child = spawn(cmd, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const killGroup = () => {
      killed = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = options.deadlineSeconds !== undefined ? setTimeout(killGroup, options.deadlineSeconds * 1000) : undefined;
    const onAbort = () => killGroup();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (result: Omit<ProcessResult, 'seconds' | 'stdout' | 'stderr' | 'killed'>) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ ...result, stdout, stderr, killed, seconds: (performance.now() - started) / 1000 });
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < max) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < max) stderr += d;
    });
    child.on('error', (e) => finish({ exitCode: null, spawnError: e.message }));
    child.on('close', (code) => finish({ exitCode: code }));
  });
}

/** Runs `fn` with a fresh private directory (mode 0700 under the system temp dir), removed afterwards. */
export async function withPrivateDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface Run {
  pid: number;
  done: Promise<{ code: number | null; out: string; err: string }>;
}

/** Starts the CLI with a temp directory of its own, so that what it leaves behind can be seen. */
export function start(args: string[], tmp: string, env: NodeJS.ProcessEnv = {}, cwd = root): Run {
  const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, TMPDIR: tmp, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return { pid: child.pid!, done: new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err }))) };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(test: () => boolean, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!test()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await sleep(50);
  }
}

/** Processes whose command line or working directory is under `dir` (a verifier or solver left running). */
export function processesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cmd.includes(dir) || cwd.startsWith(dir)) found.push(`${pid}: ${cmd}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}


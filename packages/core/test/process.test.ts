import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess, writeFileAtomic } from '../src/index.js';

describe('running a process', () => {
  it('an already-aborted signal starts nothing (a listener added now would never fire)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specmut-proc-'));
    const stop = new AbortController();
    stop.abort();
    const r = await runProcess(['touch', join(dir, 'started')], { signal: stop.signal });
    expect(r).toMatchObject({ killed: true, interrupted: true });
    expect(existsSync(join(dir, 'started'))).toBe(false);
  });

  it('an abort kills the whole process group, children included', async () => {
    const stop = new AbortController();
    // The shell starts a child that outlives it unless its group is killed.
    const running = runProcess(['sh', '-c', 'sleep 30 & sleep 30; wait'], { signal: stop.signal });
    await new Promise((r) => setTimeout(r, 200));
    stop.abort();
    const r = await running;
    expect(r).toMatchObject({ killed: true, interrupted: true });
    expect(r.seconds).toBeLessThan(5);
  });

  it('a deadline kill is not an interruption', async () => {
    const r = await runProcess(['sleep', '30'], { deadlineSeconds: 0.2 });
    expect(r.killed).toBe(true);
    expect(r.interrupted).toBeUndefined();
  });
});

describe('atomic writes', () => {
  it('replace a file whole and leave no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specmut-atomic-'));
    const file = join(dir, 'r.json');
    await Promise.all(Array.from({ length: 20 }, (_, i) => writeFileAtomic(file, JSON.stringify({ i, pad: 'x'.repeat(100_000) }))));
    expect(JSON.parse(readFileSync(file, 'utf8')).pad).toHaveLength(100_000);
    expect(readdirSync(dir)).toEqual(['r.json']);
  });
});

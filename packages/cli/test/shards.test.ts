import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReportSchema, type Report } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { start } from './helpers.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** A report without its timings: what a sharded run must reproduce exactly. */
function untimed(file: string): Report {
  const report = ReportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  report.summary.seconds = 0;
  for (const s of report.specs) s.seconds = 0;
  return report;
}

describe('shards and merge', () => {
  it('shards merged in any order give the report of a single run (everything but timings)', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-shards-'));
    const score = (extra: string[], json: string) => start(['score', 'examples/dafny', '--backend', 'eval', '--quiet', '--json', join(tmp, json), ...extra], tmp).done;
    expect((await score([], 'single.json')).code).toBe(0);
    for (const i of [1, 2, 3]) expect((await score(['--shard', `${i}/3`], `s${i}.json`)).code).toBe(0);
    const shard = untimed(join(tmp, 's2.json'));
    expect(shard.shard).toEqual({ index: 2, count: 3, suites: 9 });
    expect(shard.specs.map((s) => s.id)).toEqual(['array-sum', 'isqrt-requires-true', 'shared-elements-iff']);
    const merged = await start(['merge', join(tmp, 's3.json'), join(tmp, 's1.json'), join(tmp, 's2.json'), '--json', join(tmp, 'merged.json')], tmp).done;
    expect(merged.code).toBe(0);
    expect(merged.out).toMatch(/^specs 9 {2}scored 9/m);
    expect(untimed(join(tmp, 'merged.json'))).toEqual(untimed(join(tmp, 'single.json')));
  }, 120_000);

  it('merge refuses an incomplete or mixed set of shards, naming the file', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-shards-'));
    const score = (extra: string[], json: string) => start(['score', 'examples/dafny', '--backend', 'eval', '--quiet', '--json', join(tmp, json), ...extra], tmp).done;
    await score(['--shard', '1/2'], 'a1.json');
    await score(['--shard', '2/2', '--mutants', '2'], 'a2.json');
    await score([], 'single.json');
    const merge = (...files: string[]) => start(['merge', ...files.map((f) => join(tmp, f))], tmp).done;
    expect((await merge('a1.json')).err).toMatch(/shard reports missing: 2\/2/);
    expect((await merge('a1.json', 'a1.json')).err).toMatch(/a1\.json: shard 1\/2 is also in/);
    expect((await merge('a1.json', 'a2.json')).err).toMatch(/a2\.json: its options .* differ from/);
    expect((await merge('a1.json', 'single.json')).err).toMatch(/single\.json: not a shard report/);
    writeFileSync(join(tmp, 'cut.json'), readFileSync(join(tmp, 'a1.json'), 'utf8').slice(0, 200));
    const cut = await merge('cut.json');
    expect(cut.code).toBe(2);
    expect(cut.err).toMatch(/cut\.json: not valid JSON/);
    expect((await start(['score', 'examples/dafny', '--shard', '3/2'], tmp).done).err).toMatch(/--shard expects I\/N with 1 <= I <= N/);
  }, 120_000);

  it('the Slurm recipe (examples/slurm), run as Slurm would: array tasks as separate processes, then the merge job', async () => {
    const out = mkdtempSync(join(tmpdir(), 'specmut-slurm-'));
    const tmp = mkdtempSync(join(tmpdir(), 'specmut-slurm-tmp-'));
    const env = { ...process.env, TMPDIR: tmp, SUITES: 'examples/dafny', OUT: join(out, 'shards'), SPECMUT: `${process.execPath} ${bin}`, SPECMUT_OPTIONS: '--backend dafny', REPORT: join(out, 'report.json') };
    const run = (script: string, extra: Record<string, string>) =>
      new Promise<number | null>((resolve) => {
        const p = spawn('bash', [join(root, 'examples/slurm', script)], { cwd: root, env: { ...env, ...extra }, stdio: ['ignore', 'ignore', 'inherit'] });
        p.on('close', resolve);
      });
    // --array=4-6 on a 2-CPU allocation: three tasks, two at a time (this machine has two cores).
    const task = (id: number) => run('score-array.sh', { SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: '4', SLURM_ARRAY_TASK_COUNT: '3', SLURM_CPUS_PER_TASK: '1' });
    expect(await Promise.all([task(4), task(5)])).toEqual([0, 0]);
    expect(await task(6)).toBe(0);
    expect(readdirSync(join(out, 'shards')).filter((f) => f.endsWith('.json')).sort()).toEqual(['shard-1-of-3.json', 'shard-2-of-3.json', 'shard-3-of-3.json']);
    expect(await run('merge.sh', {})).toBe(0);
    const single = await start(['score', 'examples/dafny', '--backend', 'dafny', '--quiet', '--no-cache', '--json', join(out, 'single.json')], tmp).done;
    expect(single.code).toBe(0);
    expect(untimed(join(out, 'report.json'))).toEqual(untimed(join(out, 'single.json')));
    expect(readdirSync(tmp)).toEqual([]);
  }, 600_000);
});

#!/usr/bin/env node
// Benchmark: a cold run (empty cache) against a warm rerun (every proof attempt in the cache) of the
// same suites with the specmut CLI, in one run. Prints both wall times, the ratio, and whether the
// verdicts are the same.
//   node scripts/bench/cache.mjs <suites-dir> [--jobs J] [--timeout S]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { jobs: { type: 'string' }, timeout: { type: 'string' } } });
const dir = positionals[0];
if (!dir) {
  console.error('usage: cache.mjs <suites-dir> [--jobs J] [--timeout S]');
  process.exit(2);
}
const bin = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'specmut-bench-cache-'));
const extra = [...(values.jobs ? ['--jobs', values.jobs] : []), ...(values.timeout ? ['--timeout', values.timeout] : [])];

function run(label) {
  const json = join(work, `${label}.json`);
  const started = performance.now();
  const r = spawnSync(process.execPath, [bin, 'score', dir, '--backend', 'dafny', '--quiet', '--cache', join(work, 'cache'), '--json', json, ...extra], { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${label} run failed (${r.status}): ${r.stderr}`);
  const report = JSON.parse(readFileSync(json, 'utf8'));
  const verdicts = report.specs.flatMap((s) => s.tests.flatMap((t) => [`${s.id}/${t.id}=${t.verdict}`, ...t.mutants.map((m) => `${s.id}/${m.id}=${m.verdict}`)]));
  console.log(`${label}: ${report.specs.length} specs, ${verdicts.length} triples, ${seconds.toFixed(1)} s wall`);
  return { seconds, verdicts };
}

const cold = run('cold');
const warm = run('warm');
const same = new Set(warm.verdicts);
const differ = cold.verdicts.filter((v) => !same.has(v));
console.log(`warm rerun ${(cold.seconds / warm.seconds).toFixed(1)}x faster; verdicts that differ: ${differ.length}${differ.length ? ` (${differ.slice(0, 10).join(', ')})` : ''}`);
rmSync(work, { recursive: true, force: true });

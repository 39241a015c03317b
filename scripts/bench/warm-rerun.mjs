#!/usr/bin/env node
// Benchmark of a warm rerun as a user gets it: the whole CLI (`specmut score`), Node start-up, verifier
// detection and all. One cold run with a fresh cache, then N warm runs on that cache; prints the cold
// time, each warm time, their median, the speed-up, and whether every warm run's verdicts equal the
// cold run's.
//   node scripts/bench/warm-rerun.mjs <suites-dir> [--warm-runs 5] [--jobs 2] [--timeout 20] [--backend dafny]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'warm-runs': { type: 'string' }, jobs: { type: 'string' }, timeout: { type: 'string' }, backend: { type: 'string' } } });
const dir = positionals[0];
if (!dir) {
  console.error('usage: warm-rerun.mjs <suites-dir> [--warm-runs 5] [--jobs 2] [--timeout 20] [--backend dafny]');
  process.exit(2);
}
const bin = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'specmut-bench-warm-'));
const cache = join(work, 'cache');
const warmRuns = Number(values['warm-runs'] ?? 5);
const args = ['score', dir, '--backend', values.backend ?? 'dafny', '--jobs', values.jobs ?? '2', '--timeout', values.timeout ?? '20', '--cache', cache, '--quiet'];

/** One CLI run: its wall time (spawn to exit) and its verdicts. */
function score(label) {
  const json = join(work, `${label}.json`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args, '--json', json], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      // 1: some specs had errors (reported like any verdict); anything else is a failed run.
      if (code !== 0 && code !== 1) return reject(new Error(`${label} run exited with ${code}: ${err.trim().slice(-500)}`));
      const report = JSON.parse(readFileSync(json, 'utf8'));
      const verdicts = report.specs.flatMap((s) => [`${s.id}:${s.status}`, ...s.tests.flatMap((t) => [`${s.id}/${t.id}=${t.verdict}`, ...t.mutants.map((m) => `${s.id}/${m.id}=${m.verdict}`)])]);
      resolve({ seconds, verdicts });
    });
  });
}

try {
  const cold = await score('cold');
  console.log(`cold (fresh cache): ${cold.seconds.toFixed(1)} s, ${cold.verdicts.length} verdict rows`);
  const warm = [];
  for (let i = 0; i < warmRuns; i++) {
    const w = await score(`warm${i}`);
    const differ = w.verdicts.filter((v, k) => v !== cold.verdicts[k]).length + Math.abs(w.verdicts.length - cold.verdicts.length);
    console.log(`warm run ${i + 1}: ${w.seconds.toFixed(2)} s, verdicts that differ from the cold run: ${differ}`);
    warm.push({ ...w, differ });
  }
  const sorted = warm.map((w) => w.seconds).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`median warm: ${median.toFixed(2)} s: ${(cold.seconds / median).toFixed(1)}x faster than cold; all verdicts equal: ${warm.every((w) => w.differ === 0)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

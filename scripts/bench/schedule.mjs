#!/usr/bin/env node
// Benchmark of the run engine on the same suites, in one run: one verifier process per triple (the
// reference tool's design), specmut's batched pool (cold cache), and a warm rerun (every attempt
// cached). For each: wall time, verifier processes, verifier core-seconds, and wall time against
// core-seconds / cores (the goal is at most 1.3: no core idle while work remains). Verdicts compared.
// One process per triple takes long on a whole set: `--naive-sample N` runs it (and, for comparison,
// the batched pool on a cache of its own) on an even sample of N suites only, in the same run.
//   node scripts/bench/schedule.mjs <suites-dir> [--sample N] [--naive-sample N] [--jobs J] [--timeout S] [--skip-naive]
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { evalOracle, obligationCache, scoreSuites, verifierOracle } from '@specmut/core';
import { dafnyBackend, dafnyVerifier, detectDafny } from '@specmut/dafny';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { sample: { type: 'string' }, jobs: { type: 'string' }, timeout: { type: 'string' }, 'skip-naive': { type: 'boolean' }, 'naive-sample': { type: 'string' }, timeline: { type: 'boolean' }, 'max-obligations': { type: 'string' }, chunk: { type: 'string' } } });
const dir = positionals[0];
if (!dir) {
  console.error('usage: schedule.mjs <suites-dir> [--sample N] [--jobs J] [--timeout S]');
  process.exit(2);
}
const all = readdirSync(dir).filter((f) => f.endsWith('.suite.json')).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).map((f) => join(dir, f));
// An even spread over the set, not its first files.
const spread = (xs, n) => xs.filter((_, i) => Math.floor((i * n) / xs.length) !== Math.floor(((i - 1) * n) / xs.length) || i === 0).slice(0, n);
const files = spread(all, values.sample ? Number(values.sample) : all.length);
const naiveFiles = values['naive-sample'] ? spread(files, Number(values['naive-sample'])) : files;
const jobs = Number(values.jobs ?? 2);
const timeout = Number(values.timeout ?? 20);
const info = await detectDafny();
// As the CLI does: the evaluator's prediction orders (and, where decided, limits) the proof attempts.
const predict = evalOracle(dafnyBackend.lower, { solver: false, name: 'eval (prediction)' });
const cacheDir = mkdtempSync(join(tmpdir(), 'specmut-bench-schedule-'));

async function run(label, { perTriple = false, cache, files } = {}) {
  let processes = 0;
  let coreSeconds = 0;
  const t0 = performance.now();
  const counted = {
    ...dafnyVerifier,
    ...(perTriple ? { combine: undefined, parallel: false } : {}),
    run: async (i, request) => {
      processes++;
      const at = (performance.now() - t0) / 1000;
      const out = await dafnyVerifier.run(i, request);
      coreSeconds += out.seconds * (request.cores ?? 1);
      if (values.timeline) console.log(`  ${at.toFixed(1)}-${(at + out.seconds).toFixed(1)} s: ${request.harness.obligations.length} obligations, ${request.cores ?? 1} core(s)${out.killed ? ', killed' : ''}`);
      return out;
    },
  };
  const oracle = verifierOracle(counted, info, { processes: jobs, predict, cache, ...(perTriple ? { batchSize: 1 } : {}), ...(values['max-obligations'] ? { maxObligations: Number(values['max-obligations']) } : {}), ...(values.chunk ? { chunkObligations: Number(values.chunk) } : {}) });
  const started = performance.now();
  const report = await scoreSuites(files, { backends: [dafnyBackend], oracleFor: async () => oracle }, { processes: jobs, overrides: { timeout } });
  const wall = (performance.now() - started) / 1000;
  const triples = report.specs.reduce((n, s) => n + s.tests.length + s.mutants.total, 0);
  const ideal = coreSeconds / jobs;
  console.log(
    `${label}: ${files.length} specs, ${triples} triples: wall ${wall.toFixed(1)} s, ${processes} verifier processes, ${coreSeconds.toFixed(1)} verifier core-seconds` +
      (processes ? `, wall / (core-seconds / ${jobs} cores) = ${(wall / ideal).toFixed(2)}` : ''),
  );
  const slowest = [...report.specs].sort((a, b) => b.seconds - a.seconds)[0];
  if (slowest) console.log(`  costliest spec: ${slowest.id} ${slowest.seconds.toFixed(1)} s of its own`);
  return { report, wall };
}

const cache = obligationCache(cacheDir);
const batched = await run('batched pool (cold cache)', { cache, files });
// A fresh cache object on the same directory: the warm rerun reads from disk, as a new CLI run would.
const warm = await run('warm rerun', { cache: obligationCache(cacheDir), files });
// One process per triple last: it takes longest, and the figures above stand without it.
let naive;
let naiveBatched;
if (!values['skip-naive']) {
  naive = await run(`one process per triple${naiveFiles !== files ? ` (sample of ${naiveFiles.length})` : ''}`, { perTriple: true, files: naiveFiles });
  if (naiveFiles !== files) {
    const sampleCache = mkdtempSync(join(tmpdir(), 'specmut-bench-schedule-'));
    naiveBatched = await run(`batched pool (cold cache, the same sample of ${naiveFiles.length})`, { cache: obligationCache(sampleCache), files: naiveFiles });
    rmSync(sampleCache, { recursive: true, force: true });
  }
}
const verdicts = (r) => r.specs.flatMap((s) => s.tests.flatMap((t) => [`${s.id}/${t.id}=${t.verdict}`, ...t.mutants.map((m) => `${s.id}/${m.id}=${m.verdict}`)]));
const differ = (a, b) => {
  const other = new Set(verdicts(b));
  return verdicts(a).filter((v) => !other.has(v));
};
if (naive) {
  const same = naiveBatched ?? batched;
  console.log(`batched vs one process per triple${naiveBatched ? ` (on the sample of ${naiveFiles.length})` : ''}: ${(naive.wall / same.wall).toFixed(1)}x faster; verdicts that differ: ${differ(same.report, naive.report).length}`);
}
console.log(`warm rerun vs batched: ${(batched.wall / warm.wall).toFixed(1)}x faster; verdicts that differ: ${differ(warm.report, batched.report).length}`);
rmSync(cacheDir, { recursive: true, force: true });

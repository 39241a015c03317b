#!/usr/bin/env node
// Benchmark: specmut's batched verifier runs (all undecided triples of a spec in one harness, and specs
// that wait for a process merged into one run) against one Dafny process per triple (how the reference
// tool ran), on the same suites, with the same number of processes, in one run. Prints both wall times,
// the ratio, and whether the verdicts agree.
//   node scripts/bench/batching.mjs <suites-dir> [--sample N] [--jobs J]
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { evalOracle, scoreSuites, verifierOracle } from '@specmut/core';
import { dafnyBackend, dafnyVerifier, detectDafny } from '@specmut/dafny';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { sample: { type: 'string' }, jobs: { type: 'string' } } });
const dir = positionals[0];
if (!dir) {
  console.error('usage: batching.mjs <suites-dir> [--sample N] [--jobs J]');
  process.exit(2);
}
const all = readdirSync(dir).filter((f) => f.endsWith('.suite.json')).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).map((f) => join(dir, f));
const sample = values.sample ? Number(values.sample) : all.length;
// An even spread over the set, not its first files.
const files = all.filter((_, i) => Math.floor((i * sample) / all.length) !== Math.floor(((i - 1) * sample) / all.length) || i === 0).slice(0, sample);
const jobs = Number(values.jobs ?? 2);
const info = await detectDafny();
// As the CLI does: the evaluator's prediction orders (and, where decided, limits) the proof attempts.
const predict = evalOracle(dafnyBackend.lower, { solver: false, name: 'eval (prediction)' });

async function run(label, perTriple) {
  const verifier = perTriple ? { ...dafnyVerifier, combine: undefined } : dafnyVerifier;
  const oracle = verifierOracle(verifier, info, { processes: jobs, predict, ...(perTriple ? { batchSize: 1 } : {}) });
  const started = performance.now();
  const report = await scoreSuites(files, { backends: [dafnyBackend], oracleFor: async () => oracle }, { jobs: jobs * 8, overrides: { timeout: 20 } });
  const seconds = (performance.now() - started) / 1000;
  const triples = report.specs.reduce((n, s) => n + s.tests.length + s.mutants.total, 0);
  console.log(`${label}: ${files.length} specs, ${triples} triples, ${seconds.toFixed(1)} s`);
  return { report, seconds };
}

const batched = await run('batched', false);
const single = await run('one process per triple', true);
const verdicts = (r) => r.specs.flatMap((s) => s.tests.flatMap((t) => [`${s.id}/${t.id}=${t.verdict}`, ...t.mutants.map((m) => `${s.id}/${m.id}=${m.verdict}`)]));
const a = verdicts(batched.report);
const b = new Set(verdicts(single.report));
const differ = a.filter((v) => !b.has(v));
console.log(`speed-up: ${(single.seconds / batched.seconds).toFixed(1)}x; verdicts that differ: ${differ.length}${differ.length ? ` (${differ.slice(0, 10).join(', ')})` : ''}`);

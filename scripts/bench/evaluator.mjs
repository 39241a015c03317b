#!/usr/bin/env node
// Benchmark: the embedded evaluator against the Dafny verifier as oracles, on the same triples, in one
// run. Suites are prepared once (parsed, triples built); then each oracle decides every spec, timed
// alone. Prints both times and their ratio, the share of triples each decides, and their agreement on
// the triples both decide (with every disagreement).
//   node scripts/bench/evaluator.mjs <suites-dir> [--jobs J]
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decideSuite, evalOracle, mapPool, prepareSuite, specsInFlight, verifierOracle } from '@specmut/core';
import { dafnyBackend, dafnyVerifier, detectDafny, lowerDafnySpec } from '@specmut/dafny';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { jobs: { type: 'string' } } });
const dir = positionals[0];
if (!dir) {
  console.error('usage: evaluator.mjs <suites-dir> [--jobs J]');
  process.exit(2);
}
const jobs = Number(values.jobs ?? availableParallelism());
const files = readdirSync(dir).filter((f) => f.endsWith('.suite.json')).map((f) => join(dir, f));
const prepared = [];
for (const f of files) {
  try {
    prepared.push(await prepareSuite(f, { backends: [dafnyBackend] }));
  } catch (e) {
    console.log(`skipped ${f}: ${e.message}`);
  }
}
const triples = prepared.reduce((n, p) => n + p.triples.length, 0);
console.log(`${prepared.length} specs, ${triples} triples (tests, preconditions, alternatives, mutants)`);

async function timed(label, oracle, concurrency) {
  const started = performance.now();
  const verdicts = await mapPool(prepared, concurrency, (p) => decideSuite(p, oracle));
  const seconds = (performance.now() - started) / 1000;
  const all = verdicts.flatMap((m) => [...m.values()]);
  const decided = all.filter((v) => v.status === 'holds' || v.status === 'fails').length;
  console.log(`${label}: ${seconds.toFixed(3)} s, decides ${decided}/${all.length} (${((100 * decided) / all.length).toFixed(1)} %)`);
  return { verdicts, seconds };
}

// The evaluator runs once untimed first: Z3's WASM start-up (about 150 ms) is a one-time cost.
await timed('evaluator (warm-up)', evalOracle(lowerDafnySpec), 1);
const evaluator = await timed('evaluator', evalOracle(lowerDafnySpec), 1);
const verifier = await timed('dafny verifier', verifierOracle(dafnyVerifier, await detectDafny(), { processes: jobs }), specsInFlight(jobs));
console.log(`evaluator is ${(verifier.seconds / evaluator.seconds).toFixed(0)}x faster`);

let both = 0;
const disagreements = [];
prepared.forEach((p, i) => {
  for (const t of p.triples) {
    const a = evaluator.verdicts[i].get(t.id);
    const b = verifier.verdicts[i].get(t.id);
    const decided = (v) => v && (v.status === 'holds' || v.status === 'fails');
    if (!decided(a) || !decided(b)) continue;
    both++;
    if (a.status !== b.status) disagreements.push(`${p.id}/${t.id}: eval ${a.status} (${a.reason ?? ''}), dafny ${b.status}`);
  }
});
console.log(`agreement on triples both decide: ${both - disagreements.length}/${both}`);
for (const d of disagreements) console.log(`  DISAGREE ${d}`);

#!/usr/bin/env node
// Where the verifier time goes: scores suites with the Dafny backend and prints, per verifier process,
// how many specs and obligations it carried and how long it took; optionally keeps every harness.
//   node scripts/bench/profile-runs.mjs <suites-dir> [--jobs J] [--keep DIR]
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { evalOracle, scoreSuites, verifierOracle } from '@specmut/core';
import { dafnyBackend, dafnyVerifier, detectDafny } from '@specmut/dafny';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { jobs: { type: 'string' }, keep: { type: 'string' }, only: { type: 'string' } } });
const dir = positionals[0];
let files = readdirSync(dir).filter((f) => f.endsWith('.suite.json')).map((f) => join(dir, f));
if (values.only) files = files.filter((f) => values.only.split(',').some((id) => f.endsWith(`task_id_${id}.suite.json`)));
const jobs = Number(values.jobs ?? 2);
const info = await detectDafny();
// As the CLI does: the evaluator's prediction orders (and, where decided, limits) the proof attempts.
const predict = evalOracle(dafnyBackend.lower, { solver: false, name: 'eval (prediction)' });
const runs = [];
let n = 0;
const verifier = {
  ...dafnyVerifier,
  async run(i, request) {
    const k = n++;
    if (values.keep) {
      const d = join(values.keep, `run${k}`);
      mkdirSync(d, { recursive: true });
      for (const f of request.harness.files) writeFileSync(join(d, f.name), f.text);
    }
    const out = await dafnyVerifier.run(i, request);
    const parsed = dafnyVerifier.parse(out, request.harness);
    const results = {};
    if (parsed.kind === 'results') for (const o of parsed.outcomes) results[o.result] = (results[o.result] ?? 0) + 1;
    runs.push({ k, obligations: request.harness.obligations.length, seconds: out.seconds, results, killed: out.killed });
    const slow = (out.artifacts['results.csv'] ?? '')
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .filter((f) => f.length >= 3)
      .map(([name, outcome, duration]) => {
        const [h, m, sec] = duration.split(':').map(Number);
        return { name: name.replace(/ \(correctness\)$/, ''), outcome, seconds: h * 3600 + m * 60 + sec };
      })
      .filter((r) => r.seconds >= 3)
      .map((r) => `${r.name} ${r.outcome} ${r.seconds.toFixed(1)} s`);
    console.error(`run${k}: ${request.harness.obligations.length} obligations, ${out.seconds.toFixed(1)} s ${JSON.stringify(results)}${out.killed ? ' KILLED' : ''}${slow.length ? `\n  slow: ${slow.join('; ')}` : ''}`);
    return out;
  },
};
const oracle = verifierOracle(verifier, info, { processes: jobs, predict });
const started = performance.now();
const report = await scoreSuites(files, { backends: [dafnyBackend], oracleFor: async () => oracle }, { processes: jobs, overrides: { timeout: 20 } });
const seconds = (performance.now() - started) / 1000;
const total = runs.reduce((s, r) => s + r.seconds, 0);
const obligations = runs.reduce((s, r) => s + r.obligations, 0);
console.log(`${report.specs.length} specs, ${runs.length} verifier processes, ${obligations} obligations, process time ${total.toFixed(1)} s, wall ${seconds.toFixed(1)} s`);

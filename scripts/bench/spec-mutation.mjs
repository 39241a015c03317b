#!/usr/bin/env node
// Spec mutation over a directory of suites with specmut's evaluator: the time to generate and classify
// every spec mutant (the suites' own scoring included), mutants per spec, the share killed, and the
// specs with survivors strictly weaker than the original on the tested inputs.
//   node scripts/bench/spec-mutation.mjs <suites-dir> [--probes N] [--json FILE]
// (MBPP-DFY dev suites: node packages/cli/dist/bin.js import mbpp-dfy <corpus> --out <suites-dir>)
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { oracleChooser, scoreSuites } from '@specmut/core';
import { dafnyBackend } from '@specmut/dafny';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { probes: { type: 'string' }, json: { type: 'string' } } });
const dir = positionals[0];
if (!dir) {
  console.error('usage: spec-mutation.mjs <suites-dir> [--probes N] [--json FILE]');
  process.exit(2);
}
const files = readdirSync(dir).filter((f) => f.endsWith('.suite.json')).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).map((f) => join(dir, f));
const started = performance.now();
const report = await scoreSuites(files, { backends: [dafnyBackend], oracleFor: oracleChooser({ mode: 'eval' }) }, { jobs: 1, specMutation: { probes: values.probes === undefined ? undefined : Number(values.probes) } });
const seconds = (performance.now() - started) / 1000;
if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);

const scored = report.specs.filter((s) => s.status === 'scored');
const mutants = scored.flatMap((s) => s.specMutants ?? []);
const count = (status) => mutants.filter((m) => m.status === status).length;
const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)} %` : 'n/a');
const weaker = scored.filter((s) => (s.specMutants ?? []).some((m) => m.status === 'survived' && m.relation === 'weaker'));
const byOperator = new Map();
for (const m of mutants) {
  const o = byOperator.get(m.operator) ?? { total: 0, killed: 0, survived: 0, unknown: 0 };
  o.total++;
  o[m.status]++;
  byOperator.set(m.operator, o);
}
console.log(`${files.length} suites, ${scored.length} scored (${report.specs.length - scored.length} errors)`);
console.log(`spec mutants: ${mutants.length} (${(mutants.length / Math.max(1, scored.length)).toFixed(1)} per spec; dropped: ${scored.reduce((n, s) => n + (s.specMutantsDropped?.illFormed ?? 0), 0)} ill-formed, ${scored.reduce((n, s) => n + (s.specMutantsDropped?.duplicates ?? 0), 0)} duplicates)`);
console.log(`killed ${count('killed')} (${pct(count('killed'), mutants.length)}), survived ${count('survived')} (${pct(count('survived'), mutants.length)}), unknown ${count('unknown')} (${pct(count('unknown'), mutants.length)})`);
console.log(`killed among decided (killed or survived): ${pct(count('killed'), count('killed') + count('survived'))}`);
console.log(`survivors by relation: ${['weaker', 'stronger', 'incomparable', 'equivalent'].map((r) => `${r} ${mutants.filter((m) => m.status === 'survived' && m.relation === r).length}`).join(', ')}, none ${mutants.filter((m) => m.status === 'survived' && !m.relation).length}`);
console.log('per operator (total / killed / survived / unknown):');
for (const [op, o] of [...byOperator].sort()) console.log(`  ${op.padEnd(20)} ${String(o.total).padStart(5)} ${String(o.killed).padStart(5)} ${String(o.survived).padStart(5)} ${String(o.unknown).padStart(5)}`);
console.log(`specs with strictly weaker survivors: ${weaker.length} of ${scored.length}`);
for (const s of weaker) {
  const w = s.specMutants.filter((m) => m.status === 'survived' && m.relation === 'weaker');
  console.log(`  ${s.id}: ${w.map((m) => `${m.operator} at ${m.location.start.line}:${m.location.start.column}`).join(', ')}`);
}
console.log(`time to score and classify all spec mutants with the evaluator: ${seconds.toFixed(1)} s (resident memory at the end: ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB)`);

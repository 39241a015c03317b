#!/usr/bin/env node
// Spec mutation over a directory of suites with specmut's evaluator: the time to generate and classify
// every spec mutant (the suites' own scoring included), mutants per spec, the share killed, and the
// specs with survivors strictly weaker than the original on the tested inputs.
// With --generate, it only generates: every mutant of every spec in the spec files under a directory
// (a whole corpus, any language specmut has operators for), each re-parsed; the ill-formed count must be 0.
//   node scripts/bench/spec-mutation.mjs <suites-dir> [--probes N] [--json FILE]
//   node scripts/bench/spec-mutation.mjs --generate <corpus-dir> [--every N]
// (MBPP-DFY dev suites: node packages/cli/dist/bin.js import mbpp-dfy <corpus> --out <suites-dir>;
//  VERINA: ... import verina <corpus> --out <suites-dir>; Verus: any directory of .rs suites, e.g. examples/verus/*)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateSpecMutants, oracleChooser, scoreSuites } from '@specmut/core';
import { dafnyBackend } from '@specmut/dafny';
import { leanBackend } from '@specmut/lean';
import { verusBackend } from '@specmut/verus';

const backends = [dafnyBackend, leanBackend, verusBackend];
const { values, positionals } = parseArgs({ allowPositionals: true, options: { probes: { type: 'string' }, json: { type: 'string' }, generate: { type: 'boolean' }, every: { type: 'string' } } });
const dir = positionals[0];
if (!dir) {
  console.error('usage: spec-mutation.mjs <suites-dir> [--probes N] [--json FILE] | --generate <corpus-dir> [--every N]');
  process.exit(2);
}
if (values.generate) {
  await generateOnly(dir, Number(values.every ?? 1));
  process.exit(0);
}
const files = readdirSync(dir).filter((f) => f.endsWith('.suite.json')).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).map((f) => join(dir, f));
const started = performance.now();
const report = await scoreSuites(files, { backends, oracleFor: oracleChooser({ mode: 'eval' }) }, { jobs: 1, specMutation: { probes: values.probes === undefined ? undefined : Number(values.probes) } });
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

/** Every spec file under `root` that one of the backends reads. */
function specFiles(root) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (backends.some((b) => b.extensions.includes(extname(name)))) out.push(p);
    }
  };
  walk(root);
  return out;
}

/** Generation alone over a corpus: mutants per operator, and every mutant re-parsed by its backend. */
async function generateOnly(root, every) {
  const started = performance.now();
  const files = specFiles(root).filter((_, i) => i % every === 0);
  const perOperator = new Map();
  let specs = 0, mutants = 0, illFormed = 0, unreadable = 0, duplicates = 0;
  const illExamples = [];
  const illByOperator = new Map();
  for (const file of files) {
    const backend = backends.find((b) => b.extensions.includes(extname(file)));
    const text = readFileSync(file, 'utf8');
    let module;
    try {
      module = await backend.load(file, text);
    } catch {
      unreadable++;
      continue;
    }
    for (const method of module.methods) {
      const clauses = method.clauses.filter((c) => c.role === 'precondition' || c.role === 'postcondition');
      if (!clauses.length) continue;
      specs++;
      const extent = { start: Math.min(method.range.start.offset, ...clauses.map((c) => c.range.start.offset)), end: Math.max(method.range.end.offset, ...clauses.map((c) => c.range.end.offset)) };
      const generated = await generateSpecMutants(text, { clauses, method: extent }, backend.specMutationOperators ?? [], backend.querySyntax.bind(backend));
      duplicates += generated.duplicates;
      for (const c of generated.candidates) {
        mutants++;
        perOperator.set(c.operator, (perOperator.get(c.operator) ?? 0) + 1);
        const problems = await backend.checkSyntax(c.text);
        if (problems.length) {
          illFormed++;
          illByOperator.set(c.operator, (illByOperator.get(c.operator) ?? 0) + 1);
          if (illExamples.length < 10) illExamples.push(`${file} ${method.name} ${c.operator}: ${JSON.stringify(c.edit)} -> ${problems[0].message} at ${problems[0].line}:${problems[0].column}`);
        }
      }
    }
  }
  console.log(`${files.length} files (${unreadable} not loadable), ${specs} specs with clauses, ${mutants} mutants (${duplicates} duplicates dropped), ${illFormed} ill-formed`);
  if (illFormed) console.log(`ill-formed per operator: ${[...illByOperator].map(([op, n]) => `${op} ${n}`).join(', ')}`);
  for (const e of illExamples) console.log(`  ill-formed: ${e}`);
  console.log('mutants per operator:');
  for (const [op, n] of [...perOperator].sort((a, b) => b[1] - a[1])) console.log(`  ${op.padEnd(20)} ${String(n).padStart(7)}`);
  console.log(`time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

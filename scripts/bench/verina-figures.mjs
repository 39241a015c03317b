#!/usr/bin/env node
// Figures of a VERINA run: share of checks the oracle decided and agreement with VERINA's expectations.
//   specmut import verina <corpus> --out <suites>
//   specmut score <suites> --backend eval --json <report>
//   node scripts/bench/verina-figures.mjs <report> [<corpus>]
// With <corpus>, checks of tasks that were not imported or not scored count as undecided.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [reportFile, corpus] = process.argv.slice(2);
if (!reportFile) {
  console.error('usage: verina-figures.mjs <report.json> [<verina corpus dir>]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(reportFile, 'utf8'));
const kinds = ['post on expected', 'post on unexpected', 'pre on test inputs', 'pre on reject inputs'];
const stats = Object.fromEntries(kinds.map((k) => [k, { total: 0, decided: 0, agree: 0, misses: [] }]));
const seen = new Set();

function count(kind, task, id, decided, agrees, reason) {
  const s = stats[kind];
  s.total++;
  if (!decided) return;
  s.decided++;
  if (agrees) s.agree++;
  else s.misses.push(`${task} ${id}: ${reason ?? ''}`.trim());
}

const perTask = [];
for (const spec of report.specs) {
  const task = spec.meta?.task ?? spec.id;
  seen.add(task);
  for (const t of spec.tests) {
    count(kinds[0], task, t.id, t.verdict === 'holds' || t.verdict === 'fails', t.verdict === 'holds', t.reason);
    for (const m of t.mutants.filter((x) => x.origin === 'wrong')) count(kinds[1], task, `${t.id}/${m.id}`, m.verdict !== 'unknown' && m.verdict !== 'error', m.verdict === 'rejected', m.reason);
    if (t.precondition) count(kinds[2], task, t.id, t.precondition.verdict === 'holds' || t.precondition.verdict === 'fails', t.precondition.verdict === 'holds', t.precondition.reason);
    else if (spec.status === 'scored') count(kinds[2], task, t.id, true, true);
  }
  for (const r of spec.rejectInputs ?? []) count(kinds[3], task, r.id, r.verdict === 'rejected' || r.verdict === 'accepted', r.verdict === 'rejected', r.reason);
  perTask.push({ task, status: spec.status, completeness: spec.completeness, correctness: spec.correctness, error: spec.error?.message });
}

if (corpus) {
  for (const task of readdirSync(corpus).sort()) {
    const testFile = join(corpus, task, 'test.json');
    if (seen.has(task) || !existsSync(testFile)) continue;
    const tests = JSON.parse(readFileSync(testFile, 'utf8'));
    const rejects = existsSync(join(corpus, task, 'reject_inputs.json')) ? JSON.parse(readFileSync(join(corpus, task, 'reject_inputs.json'), 'utf8')) : [];
    stats[kinds[0]].total += tests.length;
    stats[kinds[1]].total += tests.reduce((n, t) => n + (t.unexpected?.length ?? 0), 0);
    stats[kinds[2]].total += tests.length;
    stats[kinds[3]].total += rejects.length;
    perTask.push({ task, status: 'not imported' });
  }
}

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
let all = { total: 0, decided: 0, agree: 0 };
for (const k of kinds) {
  const s = stats[k];
  all = { total: all.total + s.total, decided: all.decided + s.decided, agree: all.agree + s.agree };
  console.log(`${k.padEnd(22)} decided ${String(s.decided).padStart(5)}/${String(s.total).padEnd(5)} (${pct(s.decided, s.total)}), agree ${s.agree}/${s.decided} (${pct(s.agree, s.decided)})`);
}
console.log(`${'all checks'.padEnd(22)} decided ${String(all.decided).padStart(5)}/${String(all.total).padEnd(5)} (${pct(all.decided, all.total)}), agree ${all.agree}/${all.decided} (${pct(all.agree, all.decided)})`);
for (const k of kinds) for (const m of stats[k].misses) console.log(`  disagreement (${k}): ${m.split('\n')[0].slice(0, 240)}`);
console.log('\ncompleteness (generated and wrong outputs) per task:');
for (const t of perTask) console.log(`  ${t.task.padEnd(22)} ${t.status === 'scored' ? `correctness ${t.correctness ?? 'n/a'}, completeness ${t.completeness === null || t.completeness === undefined ? 'n/a' : t.completeness.toFixed(3)}` : `${t.status}${t.error ? `: ${t.error.slice(0, 120)}` : ''}`}`);

#!/usr/bin/env node
// Soundness figures on a directory of suites, with the real Dafny, each run once, one after the other:
//   1. the default run vs --exhaustive: every verdict both decide must be equal (goal: 0 differences);
//   2. --cross-check eval (the verifier and the evaluator each on its own): triples both decided, disagreements;
//   3. optionally a baseline CLI (--baseline path/to/bin.js, e.g. an older checkout) for the extra time.
//   node scripts/bench/soundness.mjs <suites dir> [--baseline BIN] [--keep DIR]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const suites = args[0];
if (!suites) {
  process.stderr.write('usage: node scripts/bench/soundness.mjs <suites dir> [--baseline BIN] [--keep DIR]\n');
  process.exit(2);
}
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const bin = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));
const keep = option('--keep');
const out = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), 'specmut-soundness-'));

function score(label, cli, extra) {
  const json = join(out, `${label}.json`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [cli, 'score', suites, '--backend', 'dafny', '--no-cache', '--quiet', '--json', json, ...extra], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (Date.now() - started) / 1000;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${label}: exit ${r.status}\n${r.stderr}`);
  return { label, seconds, report: JSON.parse(readFileSync(json, 'utf8')) };
}

/** Every verdict row of a report: spec/test, spec/alternative, spec/mutant, spec/test/pre. */
function rows(report) {
  const m = new Map();
  for (const s of report.specs) {
    for (const t of s.tests) {
      m.set(`${s.id}/${t.id}`, { v: t.verdict, check: t.check });
      if (t.precondition) m.set(`${s.id}/${t.id}/pre`, { v: t.precondition.verdict, check: t.precondition.check });
      for (const a of t.alternatives) m.set(`${s.id}/${a.id}`, { v: a.verdict, check: a.check });
      for (const x of t.mutants) m.set(`${s.id}/${x.id}`, { v: x.verdict, check: x.check });
    }
  }
  return m;
}
const decided = (v) => v !== undefined && !['unknown', 'error'].includes(v);
const unknowns = (m) => [...m.values()].filter((r) => r.v === 'unknown').length;

try {
  const runs = [score('default', bin, []), score('exhaustive', bin, ['--exhaustive'])];
  const baseline = option('--baseline');
  if (baseline) runs.push(score('baseline', resolve(baseline), []));
  const [def, exh] = runs.map((r) => rows(r.report));
  let both = 0;
  const differ = [];
  for (const [id, a] of def) {
    const b = exh.get(id);
    if (decided(a.v) && decided(b?.v)) {
      both++;
      if (a.v !== b.v) differ.push(`${id}: default ${a.v}, exhaustive ${b.v}`);
    }
  }
  console.log(`suites: ${runs[0].report.specs.length}, verdict rows: ${def.size}`);
  for (const r of runs) console.log(`${r.label.padEnd(10)} ${r.seconds.toFixed(1)} s, ${r.report.summary.scored} scored, ${unknowns(rows(r.report))} unknown, causes ${JSON.stringify(r.report.summary.unknownCauses)}`);
  console.log(`default vs --exhaustive: ${both} rows decided by both, ${differ.length} differ${differ.length ? `:\n  ${differ.join('\n  ')}` : ''}`);
  console.log(`decided only by default: ${[...def].filter(([id, a]) => decided(a.v) && !decided(exh.get(id)?.v)).length}, only by --exhaustive: ${[...exh].filter(([id, b]) => decided(b.v) && !decided(def.get(id)?.v)).length}`);
  if (baseline) console.log(`extra time against the baseline: ${(runs[0].seconds / runs[2].seconds).toFixed(2)}x (${runs[0].seconds.toFixed(1)} s vs ${runs[2].seconds.toFixed(1)} s)`);

  const cc = score('cross-check', bin, ['--cross-check', 'eval']);
  const s = cc.report.summary.crossCheck;
  console.log(`--cross-check eval: ${cc.seconds.toFixed(1)} s; ${s.compared} triples decided by both, ${s.agree} agree, ${s.disagreements} disagree; decided by one side only: ${s.primaryOnly} Dafny, ${s.secondaryOnly} eval`);
  for (const spec of cc.report.specs) for (const d of spec.crossCheck?.disagreements ?? []) console.log(`  DISAGREE ${spec.id} ${d.id} ${d.value}: dafny ${d.primary} vs eval ${d.secondary}${d.secondaryReason ? ` (${d.secondaryReason})` : ''}`);
} finally {
  if (!keep) rmSync(out, { recursive: true, force: true });
}

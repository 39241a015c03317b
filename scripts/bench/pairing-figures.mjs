#!/usr/bin/env node
// Figures of a run over the benchmark's translations of VERINA tasks paired with VERINA's tests:
//   specmut import verina <verina> --lang dafny --specs <vericoding>/dafny --out <suites>
//   specmut score <suites> --backend dafny --mutants 0 --json <report>    (or --backend eval)
//   node scripts/bench/pairing-figures.mjs <suites> <report> [--compare <other report>] [--json <file>]
// Every check of the suites counts (a spec that was not scored leaves its checks undecided). Four kinds,
// each with VERINA's expectation: the postcondition holds of the expected output, fails for each
// unexpected one; the precondition holds of each test's inputs, fails for each reject input.
// --compare: on the checks both reports decide, how often the two oracles differ.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { compare: { type: 'string' }, json: { type: 'string' } } });
const [suitesDir, reportFile] = positionals;
if (!suitesDir || !reportFile) {
  console.error('usage: pairing-figures.mjs <suites dir> <report.json> [--compare <report.json>] [--json <out.json>]');
  process.exit(2);
}

const KINDS = ['post on expected', 'post on unexpected', 'pre on test inputs', 'pre on reject inputs'];
const pairing = JSON.parse(readFileSync(join(suitesDir, 'pairing-report.json'), 'utf8'));

/** Every check the suites ask for: key, translation, kind. */
function checksOfSuites() {
  const checks = [];
  for (const file of readdirSync(suitesDir).filter((f) => f.endsWith('.suite.json')).sort()) {
    const suite = JSON.parse(readFileSync(join(suitesDir, file), 'utf8'));
    const id = suite.meta?.translation ?? file.replace(/\.suite\.json$/, '');
    suite.tests.forEach((t, i) => {
      const tid = t.id ?? `test${i + 1}`;
      checks.push({ id, key: `${id}/${tid}`, kind: KINDS[0] });
      (t.wrong ?? []).forEach((_, j) => checks.push({ id, key: `${id}/${tid}/w${j + 1}`, kind: KINDS[1] }));
      checks.push({ id, key: `${id}/${tid}/pre`, kind: KINDS[2] });
    });
    (suite.rejectInputs ?? []).forEach((r, i) => checks.push({ id, key: `${id}/${r.id ?? `reject${i + 1}`}`, kind: KINDS[3] }));
  }
  return checks;
}

/**
 * Each check's outcome in a report: `agree`, `disagree` (decided against VERINA) or `undecided`, with
 * the verdict's reason. A spec without a precondition accepts every input: its test inputs count as
 * decided (and agreeing) only when the spec was scored.
 */
function outcomesOf(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const out = new Map();
  const put = (key, decided, agrees, reason, cause) => out.set(key, { outcome: decided ? (agrees ? 'agree' : 'disagree') : 'undecided', reason, cause });
  for (const spec of report.specs) {
    const id = spec.meta?.translation ?? spec.id;
    for (const t of spec.tests ?? []) {
      put(`${id}/${t.id}`, t.verdict === 'holds' || t.verdict === 'fails', t.verdict === 'holds', t.reason, t.cause);
      const wrong = (t.mutants ?? []).filter((m) => m.origin === 'wrong');
      // Mutant ids end in _w<j>, numbered as the suite's wrong outputs are.
      for (const m of wrong) {
        const j = /_w(\d+)$/.exec(m.id)?.[1];
        put(`${id}/${t.id}/w${j}`, m.verdict === 'rejected' || m.verdict === 'accepted', m.verdict === 'rejected', m.reason ?? `${m.verdict} ${m.value} for ${JSON.stringify(t.inputs)}`, m.cause);
      }
      if (t.precondition) put(`${id}/${t.id}/pre`, ['holds', 'fails'].includes(t.precondition.verdict), t.precondition.verdict === 'holds', t.precondition.reason, t.precondition.cause);
      else if (spec.status === 'scored') put(`${id}/${t.id}/pre`, true, true, 'no precondition');
    }
    for (const r of spec.rejectInputs ?? []) put(`${id}/${r.id}`, r.verdict === 'rejected' || r.verdict === 'accepted', r.verdict === 'rejected', r.reason ?? `${r.verdict} ${JSON.stringify(r.inputs)}`, r.cause);
    if (spec.status !== 'scored') out.set(`spec:${id}`, { status: spec.status, reason: spec.error?.message ?? spec.reason ?? spec.unsupported });
  }
  return out;
}

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : '-');
const checks = checksOfSuites();
const outcomes = outcomesOf(reportFile);

const t = pairing.totals;
console.log(`${pairing.language}: ${t.translations} translations, ${t.paired} paired with all their tests, ${t.partial} partial, ${t.skipped} skipped`);
for (const p of pairing.pairs.filter((x) => x.status !== 'paired')) {
  const reasons = [...new Set(p.reasons.map((r) => r.replace(/^(test|reject)\d+: /, '')))];
  console.log(`  ${p.translation} (${p.task}) ${p.status}: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? ` (+${reasons.length - 3} more)` : ''}`);
}

const byKind = Object.fromEntries(KINDS.map((k) => [k, { checks: 0, decided: 0, agree: 0 }]));
const undecidedCauses = new Map();
const disagreements = new Map();
for (const c of checks) {
  const o = outcomes.get(c.key) ?? { outcome: 'undecided', cause: outcomes.get(`spec:${c.id}`)?.status ?? 'missing' };
  const k = byKind[c.kind];
  k.checks++;
  if (o.outcome === 'undecided') {
    const cause = o.cause ?? 'unknown';
    undecidedCauses.set(cause, (undecidedCauses.get(cause) ?? 0) + 1);
    continue;
  }
  k.decided++;
  if (o.outcome === 'agree') k.agree++;
  else {
    const d = disagreements.get(c.id) ?? Object.fromEntries(KINDS.map((x) => [x, 0]));
    d[c.kind]++;
    d.example ??= `${c.key}: ${(o.reason ?? '').split('\n')[0].slice(0, 160)}`;
    disagreements.set(c.id, d);
  }
}
const sum = (f) => KINDS.reduce((n, k) => n + byKind[k][f], 0);
const [all, decided, agree] = [sum('checks'), sum('decided'), sum('agree')];
console.log(`checks ${all}; decided ${decided} (${pct(decided, all)}); agreement with VERINA on decided checks ${agree}/${decided} (${pct(agree, decided)})`);
for (const k of KINDS) console.log(`  ${k.padEnd(22)} ${String(byKind[k].checks).padStart(5)} checks, ${String(byKind[k].decided).padStart(5)} decided, ${String(byKind[k].agree).padStart(5)} agree`);
console.log(`undecided by cause: ${[...undecidedCauses].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`);
console.log(`disagreements: ${decided - agree} in ${disagreements.size} translations`);
for (const [id, d] of [...disagreements].sort()) {
  const parts = KINDS.filter((k) => d[k]).map((k) => `${k} ${d[k]}`);
  console.log(`  ${id}: ${parts.join(', ')}\n      e.g. ${d.example}`);
}

let comparison;
if (values.compare) {
  const other = outcomesOf(values.compare);
  let both = 0;
  const differ = [];
  for (const c of checks) {
    const a = outcomes.get(c.key);
    const b = other.get(c.key);
    if (!a || !b || a.outcome === 'undecided' || b.outcome === 'undecided') continue;
    both++;
    if (a.outcome !== b.outcome) differ.push(c.key);
  }
  const onlyHere = checks.filter((c) => outcomes.get(c.key)?.outcome && outcomes.get(c.key).outcome !== 'undecided' && (other.get(c.key)?.outcome ?? 'undecided') === 'undecided').length;
  const onlyThere = checks.filter((c) => other.get(c.key)?.outcome && other.get(c.key).outcome !== 'undecided' && (outcomes.get(c.key)?.outcome ?? 'undecided') === 'undecided').length;
  console.log(`compared with ${values.compare}: ${both} checks decided by both, ${differ.length} differ; ${onlyHere} decided only here, ${onlyThere} only there`);
  for (const key of differ.slice(0, 30)) console.log(`  differs: ${key}`);
  comparison = { both, differ, onlyHere, onlyThere };
}

if (values.json) {
  const result = { pairing: pairing.totals, checks: all, decided, agree, byKind, undecidedCauses: Object.fromEntries(undecidedCauses), disagreements: Object.fromEntries(disagreements), comparison };
  writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
}

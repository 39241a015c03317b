#!/usr/bin/env node
// How many Lean files yield a spec, and in which style (theorem-style FVAPPS specs, f_precond/f_postcond
// predicates), and how many of those specs lower to the IR without an unsupported construct.
//   node scripts/bench/lean-specs.mjs <dir of .lean files>
import { loadLeanModule, lowerLeanSpec } from '@specmut/lean';
import { countOnce, loadedModules, printTally } from './lib/corpus.mjs';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: lean-specs.mjs <dir>');
  process.exit(2);
}
const counts = { files: 0, loadErrors: 0, withSpec: 0, theoremStyle: 0, predicateStyle: 0, methods: 0, unsupportedSpecs: 0, fullyLowered: 0 };
const reasons = new Map();
const started = performance.now();
for await (const { file: f, module } of loadedModules(dir, '.lean', loadLeanModule, counts)) {
  if (!module.methods.length) continue;
  counts.withSpec++;
  if (module.methods.some((m) => m.kind === 'theorem')) counts.theoremStyle++;
  if (module.methods.some((m) => m.kind !== 'theorem')) counts.predicateStyle++;
  for (const m of module.methods) {
    counts.methods++;
    let ir;
    try {
      ir = await lowerLeanSpec(module, m);
    } catch (e) {
      // a crash of the lowering is a bug to report, not a reason to stop counting
      counts.crashes = (counts.crashes ?? 0) + 1;
      console.error(`${f} ${m.name}: lowering crashed: ${e instanceof Error ? e.message : e}`);
      continue;
    }
    if ('unsupported' in ir) {
      counts.unsupportedSpecs++;
      continue;
    }
    const found = [];
    JSON.stringify(ir, (k, v) => {
      if (v && v.kind === 'unsupported') found.push(v.construct.split(':')[0]);
      return typeof v === 'bigint' ? String(v) : v;
    });
    if (!found.length) counts.fullyLowered++;
    countOnce(reasons, found);
  }
}
console.log(JSON.stringify(counts, null, 2));
console.log(`seconds: ${((performance.now() - started) / 1000).toFixed(1)}`);
printTally('most frequent unsupported constructs (specs):', reasons, 25);

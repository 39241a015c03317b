#!/usr/bin/env node
// How many Verus specs (exec fns with requires/ensures inside verus!) lower to the evaluator's IR with no
// unsupported construct, how many the extraction itself marks unsupported, crashes, and the most frequent
// constructs that do not lower.
//   node scripts/bench/verus-lowering.mjs <dir of .rs files> [--list <construct prefix>]
import { loadVerusModule, lowerVerusSpec, unsupportedConstructs } from '@specmut/verus';
import { countOnce, loadedModules, printTally } from './lib/corpus.mjs';

const [dir, flag, prefix] = process.argv.slice(2);
if (!dir) {
  console.error('usage: verus-lowering.mjs <dir> [--list <construct prefix>]');
  process.exit(2);
}
const counts = { files: 0, loadErrors: 0, withSpec: 0, specs: 0, extractionUnsupported: 0, lowered: 0, fullyLowered: 0, crashes: 0 };
const constructs = new Map();
const examples = [];
const started = performance.now();
for await (const { file: f, module } of loadedModules(dir, '.rs', loadVerusModule, counts)) {
  if (module.methods.length) counts.withSpec++;
  for (const m of module.methods) {
    counts.specs++;
    let ir;
    try {
      ir = await lowerVerusSpec(module, m);
    } catch (e) {
      // a crash of the lowering is a bug to report, not a reason to stop counting
      counts.crashes++;
      console.error(`${f} ${m.name}: lowering crashed: ${e instanceof Error ? e.stack : e}`);
      continue;
    }
    if ('unsupported' in ir) {
      counts.extractionUnsupported++;
      continue;
    }
    counts.lowered++;
    const found = unsupportedConstructs(ir).map((u) => u.construct.split(': ')[0]);
    if (!found.length) counts.fullyLowered++;
    countOnce(constructs, found);
    if (flag === '--list') for (const u of unsupportedConstructs(ir)) if (u.construct.startsWith(prefix ?? '')) examples.push(`${f} ${m.name}: ${u.construct}`);
  }
}
console.log(JSON.stringify(counts, null, 2));
const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)} %` : '-');
console.log(`fully lowered: ${pct(counts.fullyLowered, counts.specs)} of all specs, ${pct(counts.fullyLowered, counts.lowered)} of those the extraction supports`);
console.log(`seconds: ${((performance.now() - started) / 1000).toFixed(1)}`);
printTally('most frequent constructs that do not lower (number of specs):', constructs, 30);
if (flag === '--list') for (const e of examples.slice(0, 60)) console.log(e);

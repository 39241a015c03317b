#!/usr/bin/env node
// How many Verus files yield a spec (exec fns with requires/ensures inside verus!), how many specs are
// testable (not marked unsupported, with the reasons counted), and whether the harness written for each
// testable spec parses clean with specmut's own grammar (a triple of simple values of each type).
//   node scripts/bench/verus-specs.mjs <dir of .rs files>
import { constructorFields } from '@specmut/core';
import { emitVerusHarness, loadVerusModule, parseVerus, verusSyntaxProblems } from '@specmut/verus';
import { loadedModules, printTally } from './lib/corpus.mjs';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: verus-specs.mjs <dir>');
  process.exit(2);
}

/** A simple value of a model type: 0, false, 'a', empty collections, a datatype's first constructor. */
function sample(type) {
  switch (type.kind) {
    case 'int': case 'nat': case 'machine': return { kind: 'int', value: 0n };
    case 'bool': return { kind: 'bool', value: false };
    case 'char': return { kind: 'char', value: 'a' };
    case 'string': return { kind: 'seq', elems: [{ kind: 'char', value: 'a' }] };
    case 'seq': case 'array': {
      const elem = type.kind === 'array' && type.dims > 1 ? { ...type, dims: type.dims - 1 } : type.elem;
      return { kind: 'seq', elems: [sample(elem)] };
    }
    case 'set': return { kind: 'set', elems: [] };
    case 'multiset': return { kind: 'multiset', elems: [] };
    case 'map': return { kind: 'map', entries: [] };
    case 'tuple': return { kind: 'tuple', elems: type.elems.map(sample) };
    case 'datatype': {
      const ctor = type.ctors.find((c) => !c.fields.length) ?? type.ctors.at(-1);
      return { kind: 'datatype', ctor: ctor.name, fields: constructorFields(type, ctor).map(sample) };
    }
    default: throw new Error(`no sample of ${type.kind}`);
  }
}

function triplesFor(method) {
  const inputs = Object.fromEntries(method.signature.params.map((p) => [p.name, sample(p.type)]));
  const outputs = Object.fromEntries(method.signature.results.map((p) => [p.name, sample(p.type)]));
  for (const name of method.signature.inOut ?? []) outputs[name] = inputs[name];
  return [
    { id: 't1_pre', testId: 't1', role: 'precondition', inputs, outputs: {} },
    { id: 't1', testId: 't1', role: 'test', inputs, outputs },
  ];
}

const counts = { files: 0, loadErrors: 0, withSpec: 0, specs: 0, testable: 0, unsupported: 0, harnessesClean: 0, harnessesWithErrors: 0, harnessCrashes: 0 };
const reasons = new Map();
const started = performance.now();
for await (const { file: f, module } of loadedModules(dir, '.rs', loadVerusModule, counts)) {
  if (!module.methods.length) continue;
  counts.withSpec++;
  for (const m of module.methods) {
    counts.specs++;
    if (m.unsupported) {
      counts.unsupported++;
      // the reason's kind, without the names it mentions
      const kind = m.unsupported.replace(/`[^`]*`/g, '`…`').replace(/the type of \w+/g, 'the type of …').split(';')[0];
      reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
      continue;
    }
    counts.testable++;
    let harness;
    try {
      harness = emitVerusHarness(module, m, triplesFor(m));
    } catch (e) {
      counts.harnessCrashes++;
      console.error(`${f} ${m.name}: harness crashed: ${e instanceof Error ? e.message : e}`);
      continue;
    }
    const tree = await parseVerus(harness.files[0].text);
    const problems = verusSyntaxProblems(tree.rootNode);
    tree.delete();
    if (problems.length) {
      counts.harnessesWithErrors++;
      console.error(`${f} ${m.name}: harness line ${problems[0].line}: ${problems[0].message}`);
    } else counts.harnessesClean++;
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(`files ${counts.files}  parse errors ${counts.loadErrors}  files yielding a spec ${counts.withSpec}`);
console.log(`specs ${counts.specs}  testable ${counts.testable}  unsupported ${counts.unsupported}`);
console.log(`harnesses of testable specs: ${counts.harnessesClean} parse clean, ${counts.harnessesWithErrors} with syntax errors, ${counts.harnessCrashes} could not be written`);
printTally('unsupported, by reason:', reasons, 12);
console.log(`${seconds.toFixed(1)} s`);

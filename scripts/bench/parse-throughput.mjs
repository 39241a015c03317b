#!/usr/bin/env node
// Benchmark: parse throughput of the two tree-sitter bindings behind @specmut/tree-sitter, the native Node
// binding (`tree-sitter` + the grammar's addon) and web-tree-sitter (the grammar's WASM), on the same files in
// one run. Per corpus and in total: files, MB, seconds, MB/s of each and the ratio native/wasm, for parsing
// alone and for parsing plus one walk over every node (reading each node's type and text span, as backends
// do). Also checks that both bindings give the same tree (S-expression) for every file.
//   node scripts/bench/parse-throughput.mjs [dir ...] [--rounds N]
// Default dirs: /work/shared/corpus/vericoding/dafny and /work/shared/corpus/mbpp-dfy (every *.dfy below them).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import dafnyGrammar from '@specmut/tree-sitter-dafny';
import { descendants, loadParser } from '@specmut/tree-sitter';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '3' } } });
const dirs = positionals.length > 0 ? positionals : ['/work/shared/corpus/vericoding/dafny', '/work/shared/corpus/mbpp-dfy'];
const rounds = Number(values.rounds);

function* dafnyFiles(dir) {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* dafnyFiles(path);
    else if (entry.endsWith('.dfy')) yield path;
  }
}

const corpora = dirs.map((dir) => {
  const texts = [...dafnyFiles(dir)].map((f) => readFileSync(f, 'utf8'));
  return { dir, texts, mb: texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1e6 };
});

const parsers = {};
for (const backend of ['native', 'wasm']) {
  const started = performance.now();
  try {
    parsers[backend] = await loadParser(dafnyGrammar, { backend });
    console.log(`${backend}: loaded in ${(performance.now() - started).toFixed(0)} ms`);
  } catch (e) {
    console.log(`${backend}: not available here (${e.message})`);
  }
}
if (!parsers.wasm) process.exit(1);

function parseAll(parser, texts) {
  for (const text of texts) parser.parse(text).delete();
}
function parseAndWalk(parser, texts) {
  let nodes = 0;
  for (const text of texts) {
    const tree = parser.parse(text);
    for (const node of descendants(tree.rootNode)) {
      if (node.type && node.endIndex >= node.startIndex) nodes++;
    }
    tree.delete();
  }
  return nodes;
}

/** Seconds over all rounds; the bindings alternate within each round so that both see the same machine load. */
function time(work, texts) {
  const seconds = Object.fromEntries(Object.keys(parsers).map((b) => [b, 0]));
  for (const b of Object.keys(parsers)) work(parsers[b], texts); // warm-up, not counted
  for (let r = 0; r < rounds; r++) {
    for (const b of Object.keys(parsers)) {
      const started = performance.now();
      work(parsers[b], texts);
      seconds[b] += (performance.now() - started) / 1000;
    }
  }
  return seconds;
}

const rate = (mb, s) => (s > 0 ? mb / s : 0);
function report(label, files, mb, seconds) {
  const parts = Object.entries(seconds).map(([b, s]) => `${b} ${s.toFixed(3)} s ${rate(mb * rounds, s).toFixed(2)} MB/s`);
  const ratio = seconds.native !== undefined ? `  native/wasm throughput ${(seconds.wasm / seconds.native).toFixed(2)}` : '';
  console.log(`  ${label.padEnd(10)} ${files} files, ${mb.toFixed(2)} MB, ${rounds} rounds: ${parts.join(', ')}${ratio}`);
}

console.log(`rounds: ${rounds} (after one warm-up round each)`);
const totals = { parse: {}, walk: {}, files: 0, mb: 0 };
for (const { dir, texts, mb } of corpora) {
  console.log(dir);
  const parse = time(parseAll, texts);
  const walk = time(parseAndWalk, texts);
  report('parse', texts.length, mb, parse);
  report('parse+walk', texts.length, mb, walk);
  if (parsers.native) {
    let differ = 0;
    for (const text of texts) {
      const [a, b] = [parsers.native.parse(text), parsers.wasm.parse(text)];
      if (a.rootNode.toString() !== b.rootNode.toString()) differ++;
      a.delete();
      b.delete();
    }
    console.log(`  same tree from both bindings: ${texts.length - differ}/${texts.length} files`);
  }
  totals.files += texts.length;
  totals.mb += mb;
  for (const b of Object.keys(parsers)) {
    totals.parse[b] = (totals.parse[b] ?? 0) + parse[b];
    totals.walk[b] = (totals.walk[b] ?? 0) + walk[b];
  }
}
console.log('total');
report('parse', totals.files, totals.mb, totals.parse);
report('parse+walk', totals.files, totals.mb, totals.walk);

#!/usr/bin/env node
// Benchmark: specmut's evaluator on huge inputs. A recursive Sum over s[1..] is checked at sequences of
// each size, each in a fresh Node process (so that its peak memory is its own); prints the wall time of
// the check, the process's peak resident memory and the verdict. `--root DIR` runs another checkout's
// built packages (e.g. main, for a before/after comparison).
//   node scripts/bench/evaluator-huge.mjs --sizes 1000,100000,1000000 [--root DIR]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { sizes: { type: 'string' }, root: { type: 'string' }, child: { type: 'string' } } });
const root = resolve(values.root ?? fileURLToPath(new URL('../../', import.meta.url)));

const SPEC = `function Sum(s: seq<int>): int {
  if |s| == 0 then 0 else s[0] + Sum(s[1..])
}

method SumOf(s: seq<int>) returns (r: int)
  ensures r == Sum(s)
`;

if (values.child !== undefined) {
  // One check, in this process: the suite at the given size, decided by the evaluator alone.
  const n = Number(values.child);
  const core = await import(pathToFileURL(join(root, 'packages/core/dist/index.js')).href);
  const dafny = await import(pathToFileURL(join(root, 'packages/dafny/dist/index.js')).href);
  const dir = mkdtempSync(join(tmpdir(), 'specmut-huge-'));
  try {
    const s = Array.from({ length: n }, (_, i) => i % 7);
    writeFileSync(join(dir, 'sum.dfy'), SPEC);
    writeFileSync(join(dir, 'sum.suite.json'), JSON.stringify({ spec: 'sum.dfy', method: 'SumOf', options: { mutants: 0 }, tests: [{ inputs: { s }, output: s.reduce((a, b) => a + b, 0) }] }));
    const prepared = await core.prepareSuite(join(dir, 'sum.suite.json'), { backends: [dafny.dafnyBackend] });
    const started = performance.now();
    const verdicts = await core.decideSuite(prepared, core.evalOracle(dafny.lowerDafnySpec));
    const seconds = (performance.now() - started) / 1000;
    const v = [...verdicts.values()].find((x) => x.status !== undefined);
    const peakMb = process.resourceUsage().maxRSS / 1024;
    console.log(JSON.stringify({ n, seconds, peakMb, verdict: v ? `${v.status}${v.cause ? ` (${v.cause})` : ''}` : 'none', reason: v?.reason ?? '' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

const sizes = (values.sizes ?? '1000,100000,1000000').split(',').map(Number);
console.log(`evaluator on Sum over s[1..] (${root})`);
console.log('size'.padStart(9), 'seconds'.padStart(9), 'peak MB'.padStart(9), ' verdict');
for (const n of sizes) {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', String(n), '--root', root], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  let result;
  try {
    result = JSON.parse(line);
  } catch {
    console.log(String(n).padStart(9), `failed (exit ${r.status}${r.signal ? `, ${r.signal}` : ''}): ${r.stderr.trim().split('\n').slice(-3).join(' ')}`);
    continue;
  }
  console.log(String(n).padStart(9), result.seconds.toFixed(2).padStart(9), result.peakMb.toFixed(0).padStart(9), ` ${result.verdict}${result.reason ? `: ${result.reason.slice(0, 120)}` : ''}`);
}

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CachedOutcomeSchema,
  V,
  obligationCache,
  verifierOracle,
  type Triple,
  type Verifier,
} from '../src/index.js';
import { method, module } from './method-fixture.js';

const info = { name: 'fake', version: '1', command: [], details: { solverVersion: '4.8.12' } };
/** Triples whose output is their number: the fake spec accepts 0 only. */
const triple = (n: number): Triple => ({ id: `t${n}`, testId: 'x', role: n === 0 ? 'test' : 'mutant', inputs: {}, outputs: { r: V.int(n) } });

/**
 * A verifier whose harness has one line per attempt, like a real one: a shared line (the spec), then
 * `<symbol> r=<value>` (the symbol carries the triple id; the value is what decides the outcome).
 */
function lined(behaviour: 'ok' | 'hang' = 'ok') {
  const runs: string[][] = [];
  const verifier: Verifier = {
    name: 'fake',
    detect: async () => info,
    emit: (_m, _s, triples, options) => {
      const lines = ['spec: r == 0'];
      const obligations = triples.flatMap((t) =>
        (options.attempts?.get(t.id) ?? (['positive', 'negative'] as const)).map((polarity) => {
          const symbol = `h_${t.id}_${polarity}`;
          lines.push(`${symbol} r=${t.outputs.r!.kind === 'int' ? t.outputs.r.value : '?'}`);
          return { symbol, tripleId: t.id, polarity, lines: [lines.length, lines.length] as [number, number] };
        }),
      );
      return { files: [{ name: 'h', text: lines.join('\n') }], main: 'h', args: [], obligations };
    },
    run: async (_i, req) => {
      runs.push(req.harness.obligations.map((o) => o.symbol));
      return { exitCode: 0, stdout: req.harness.files[0]!.text, stderr: '', killed: behaviour === 'hang', seconds: 2, artifacts: {} };
    },
    parse: (out, harness) => ({
      kind: 'results',
      outcomes: harness.obligations.map((o) => {
        const value = Number(/r=(-?\d+)/.exec(out.stdout.split('\n')[o.lines![0] - 1]!)![1]);
        const holds = value === 0;
        return { symbol: o.symbol, result: (o.polarity === 'positive') === holds ? 'verified' : 'failed' };
      }),
    }),
  };
  return { verifier, runs };
}

const decide = (v: Verifier, cache: ReturnType<typeof obligationCache>, ns: number[]) =>
  verifierOracle(v, info, { cache }).decide({ module, method, triples: ns.map(triple), timeoutSeconds: 1 });
const statuses = (m: Map<string, { status: string }>) => Object.fromEntries([...m].map(([k, v]) => [k, v.status]));

describe('the proof-attempt cache', () => {
  it('is per triple: a batch that shares triples with an earlier one runs only the new ones, whatever their ids', async () => {
    const { verifier, runs } = lined();
    const cache = obligationCache();
    await decide(verifier, cache, [0, 1, 2]);
    expect(runs).toEqual([['h_t0_positive', 'h_t1_negative', 'h_t2_negative']]);
    runs.length = 0;
    // More mutants: 1 and 2 come from the cache, 3 runs; a triple with another id but the same check is the same entry.
    const again = await decide(verifier, cache, [1, 2, 3]);
    expect(runs).toEqual([['h_t3_negative']]);
    expect(statuses(again)).toEqual({ t1: 'fails', t2: 'fails', t3: 'fails' });
  });

  it('treats an entry of the wrong shape ({}), a torn one or an older format as a miss, and overwrites it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specmut-cache-'));
    const { verifier, runs } = lined();
    const cold = await decide(verifier, obligationCache(dir), [0, 1]);
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    expect(files).toHaveLength(2);
    const bad = ['{}', '{"format":1,"result":"verified"', JSON.stringify({ format: 0, result: 'verified', seconds: 1 }), JSON.stringify({ format: 1, result: 'verified', seconds: -1 })];
    for (const text of bad) {
      for (const f of files) writeFileSync(f, text);
      runs.length = 0;
      // A fresh cache object: no memory of the good entries, only the damaged files.
      const warm = await decide(verifier, obligationCache(dir), [0, 1]);
      expect(statuses(warm)).toEqual(statuses(cold));
      expect(runs.flat()).toHaveLength(2);
      for (const f of files) expect(CachedOutcomeSchema.safeParse(JSON.parse(readFileSync(f, 'utf8'))).success).toBe(true);
    }
    runs.length = 0;
    await decide(verifier, obligationCache(dir), [0, 1]);
    expect(runs).toEqual([]);
  });

  it('never stores what a killed process did not finish', async () => {
    const hang = lined('hang');
    const cache = obligationCache();
    const first = await decide(hang.verifier, cache, [0]);
    expect(first.get('t0')).toMatchObject({ status: 'unknown', cause: 'timeout' });
    const ok = lined();
    const second = await decide(ok.verifier, cache, [0]);
    expect(ok.runs).toEqual([['h_t0_positive']]);
    expect(second.get('t0')?.status).toBe('holds');
  });

  it('keys on the solver version, not only its path', async () => {
    const { verifier, runs } = lined();
    const cache = obligationCache();
    await decide(verifier, cache, [0]);
    const newer = { ...info, details: { solverVersion: '4.16.0' } };
    await verifierOracle(verifier, newer, { cache }).decide({ module, method, triples: [triple(0)], timeoutSeconds: 1 });
    expect(runs).toHaveLength(2);
  });

  it('keeps what a process reported before it was killed at its deadline, stored at once; only the rest runs again', async () => {
    const { verifier: plain, runs } = lined();
    let first = true;
    // The first process reports its first attempt while it runs, then hangs until its deadline.
    const verifier: Verifier = {
      ...plain,
      run: async (i, req) => {
        if (!first) return plain.run(i, req);
        first = false;
        runs.push(req.harness.obligations.map((o) => o.symbol));
        const done = req.harness.obligations[0]!;
        req.onOutcome?.({ symbol: done.symbol, result: 'verified', seconds: 0.5 });
        return { exitCode: null, stdout: '', stderr: '', killed: true, seconds: req.deadlineSeconds, artifacts: {} };
      },
    };
    const cache = obligationCache();
    const verdicts = await decide(verifier, cache, [0, 1, 2]);
    expect(statuses(verdicts)).toEqual({ t0: 'holds', t1: 'fails', t2: 'fails' });
    // t0's attempt was not made again: the retries hold only the other triples' attempts.
    expect(runs[0]).toEqual(['h_t0_positive', 'h_t1_negative', 'h_t2_negative']);
    expect(runs.slice(1).flat()).not.toContain('h_t0_positive');
    expect(runs.slice(1).flat().sort()).toEqual(['h_t1_negative', 'h_t2_negative']);
    // And it was stored: a rerun costs no process.
    const again = lined();
    expect(statuses(await decide(again.verifier, cache, [0, 1, 2]))).toEqual({ t0: 'holds', t1: 'fails', t2: 'fails' });
    expect(again.runs).toEqual([]);
  });

  it('keys on the solver identity, not its path: a moved checkout finds its entries, another solver does not', async () => {
    const { verifier, runs } = lined();
    const cache = obligationCache();
    const at = (path: string, identity: Record<string, string>) => ({ ...info, details: { solver: path, solverVersion: '4.16.0' }, identity });
    const run = (i: typeof info) => verifierOracle(verifier, i, { cache }).decide({ module, method, triples: [triple(0)], timeoutSeconds: 1 });
    await run(at('/home/a/specmut/packages/dafny/bin/z3-wasm', { solver: 'z3-wasm 4.16.0' }));
    await run(at('/ci/work/specmut/packages/dafny/bin/z3-wasm', { solver: 'z3-wasm 4.16.0' }));
    expect(runs).toHaveLength(1);
    await run(at('/usr/bin/z3', { solver: 'z3 4.16.0' }));
    expect(runs).toHaveLength(2);
  });

  it('is safe under concurrent writers: two processes filling one directory leave only whole, valid entries', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specmut-cache-'));
    const core = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    // Both write the same 300 keys (different values) at the same time, then read every key back with a fresh cache.
    const script = `
      import { obligationCache } from ${JSON.stringify(core)};
      const cache = obligationCache(process.argv[1]);
      const tag = Number(process.argv[2]);
      const keys = Array.from({ length: 300 }, (_, i) => String(i).padStart(4, '0') + 'k'.repeat(60));
      // Each key twice at once within a process too (two specs finishing the same attempt).
      await Promise.all([...keys, ...keys].map((k, i) => cache.set(k, { format: 1, result: 'verified', message: 'x'.repeat(2000 + tag * 1000 + i), seconds: tag })));
      const fresh = obligationCache(process.argv[1]);
      let good = 0;
      for (const k of keys) if (await fresh.get(k)) good++;
      console.log(good);
    `;
    const child = (tag: number) =>
      new Promise<string>((resolve) => {
        const p = spawn(process.execPath, ['--input-type=module', '-e', script, dir, String(tag)], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        p.stdout.on('data', (d) => (out += d));
        p.on('close', () => resolve(out.trim()));
      });
    expect(await Promise.all([child(1), child(2)])).toEqual(['300', '300']);
    const left = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(left).toHaveLength(300);
    for (const e of left) expect(CachedOutcomeSchema.safeParse(JSON.parse(readFileSync(join(e.parentPath, e.name), 'utf8'))).success).toBe(true);
  });
});

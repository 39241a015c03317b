import { describe, expect, it } from 'vitest';
import {
  RunQueue,
  V,
  combineObligations,
  obligationCache,
  specBudget,
  verifierOracle,
  type Harness,
  type RunRequest,
  type Triple,
  type Verifier,
} from '../src/index.js';
import { method, module } from './method-fixture.js';

const triple = (id: string, role: Triple['role'] = 'mutant'): Triple => ({ id, testId: id, role, inputs: {}, outputs: { r: V.int(1) } });

/**
 * A scripted verifier: core's batching, bisection and mapping logic are tested here; the real Dafny
 * runs are tested in the dafny package.
 */
function scripted(behaviour: (ids: string[]) => 'hang' | 'broken' | Record<string, ['verified' | 'failed' | 'timeout' | 'error', 'verified' | 'failed' | 'timeout' | 'error']>) {
  const runs: string[][] = [];
  const verifier: Verifier = {
    name: 'fake',
    detect: async () => ({ name: 'fake', version: '1', command: [], details: {} }),
    emit: (_m, _s, triples, options) => ({
      files: [{ name: 'h', text: triples.map((t) => t.id).join(',') }],
      main: 'h',
      args: [],
      obligations: triples.flatMap((t) =>
        (options.attempts?.get(t.id) ?? (['positive', 'negative'] as const)).map((polarity) => ({ symbol: `${t.id}${polarity === 'positive' ? '+' : '-'}`, tripleId: t.id, polarity })),
      ),
    }),
    run: async (_info, req: RunRequest) => {
      const ids = req.harness.files[0]!.text.split(',');
      runs.push(req.harness.obligations.map((o) => o.symbol));
      const b = behaviour(ids);
      return { exitCode: 0, stdout: JSON.stringify({ b, emitted: req.harness.obligations.map((o) => o.symbol) }), stderr: '', killed: b === 'hang', seconds: 1, artifacts: {} };
    },
    parse: (out, harness: Harness) => {
      const { b } = JSON.parse(out.stdout);
      if (b === 'broken') return { kind: 'harness-error', message: 'syntax error in spec' };
      return {
        kind: 'results',
        outcomes: harness.obligations.map((o) => ({ symbol: o.symbol, result: b[o.tripleId]?.[o.polarity === 'positive' ? 0 : 1] ?? 'missing' })),
      };
    },
  };
  return { verifier, runs };
}

const info = { name: 'fake', version: '1', command: [], details: {} };

describe('combining the two proof attempts of a triple', () => {
  const o = (result: 'verified' | 'failed' | 'timeout' | 'error') => ({ symbol: 's', result, message: result === 'error' ? 'bad' : undefined });
  it('holds only when the clause is proved, fails only when its negation is', () => {
    expect(combineObligations(o('verified'), o('failed'), 'x').status).toBe('holds');
    expect(combineObligations(o('failed'), o('verified'), 'x').status).toBe('fails');
  });
  it('is unknown when neither is proved, with the cause', () => {
    expect(combineObligations(o('failed'), o('failed'), 'x')).toMatchObject({ status: 'unknown', cause: 'gave-up' });
    expect(combineObligations(o('timeout'), o('failed'), 'x')).toMatchObject({ status: 'unknown', cause: 'timeout' });
    expect(combineObligations(o('verified'), o('verified'), 'x')).toMatchObject({ status: 'unknown', cause: 'vacuous' });
    expect(combineObligations(undefined, undefined, 'x')).toMatchObject({ status: 'unknown', cause: 'missing' });
  });
  it('is an error when the harness did not compile', () => {
    expect(combineObligations(o('error'), o('failed'), 'x')).toMatchObject({ status: 'error', cause: 'harness-error', reason: 'bad' });
  });
});

describe('the verifier oracle', () => {
  const req = (ids: string[], role: Triple['role'] = 'mutant') => ({ module, method, triples: ids.map((id) => triple(id, role)), timeoutSeconds: 1 });

  it('tries the likely proof first (tests hold, mutants are rejected), the other only where needed', async () => {
    const { verifier, runs } = scripted(() => ({ a: ['failed', 'verified'], b: ['verified', 'failed'] }));
    const out = await verifierOracle(verifier, info).decide(req(['a', 'b']));
    expect(runs).toEqual([['a-', 'b-'], ['b+']]);
    expect(out.get('a')?.status).toBe('fails');
    expect(out.get('b')?.status).toBe('holds');
    expect(out.get('a')?.oracle).toBe('fake 1');
  });

  it('orders attempts by a prediction, which never decides a verdict', async () => {
    const { verifier, runs } = scripted(() => ({ a: ['failed', 'failed'] }));
    const predict = { name: 'guess', decide: async () => new Map([['a', { status: 'holds' as const, oracle: 'guess' }]]) };
    const out = await verifierOracle(verifier, info, { predict }).decide(req(['a']));
    // The predicted proof failed: the prediction may be wrong, so the opposite is attempted too.
    expect(runs).toEqual([['a+'], ['a-']]);
    expect(out.get('a')).toMatchObject({ status: 'unknown', cause: 'gave-up', oracle: 'fake 1' });
  });

  it('decides what a wrong prediction would have cost: the opposite proof after a failed predicted one', async () => {
    const { verifier, runs } = scripted(() => ({ a: ['failed', 'verified'] }));
    const predict = { name: 'guess', decide: async () => new Map([['a', { status: 'holds' as const, oracle: 'guess' }]]) };
    const out = await verifierOracle(verifier, info, { predict }).decide(req(['a'], 'test'));
    expect(runs).toEqual([['a+'], ['a-']]);
    expect(out.get('a')?.status).toBe('fails');
  });

  it('attempts the polarity a prediction rules out when asked to be exhaustive, and where the prediction is undecided', async () => {
    const { verifier, runs } = scripted(() => ({ a: ['failed', 'verified'], b: ['timeout', 'verified'] }));
    const guess = new Map([
      ['a', { status: 'holds' as const, oracle: 'guess' }],
      ['b', { status: 'unknown' as const, oracle: 'guess' }],
    ]);
    const predict = { name: 'guess', decide: async () => guess };
    const out = await verifierOracle(verifier, info, { predict, exhaustive: true }).decide(req(['a', 'b'], 'test'));
    expect(runs).toEqual([['a+', 'b+'], ['a-', 'b-']]);
    expect(out.get('a')?.status).toBe('fails');
    runs.length = 0;
    const pruned = await verifierOracle(verifier, info, { predict }).decide(req(['a', 'b'], 'test'));
    // a's predicted proof failed (so its negation is tried), b's prediction is undecided.
    expect(runs).toEqual([['a+', 'b+'], ['a-', 'b-']]);
    expect(pruned.get('a')?.status).toBe('fails');
    expect(pruned.get('b')?.status).toBe('fails');
    // After a predicted proof that ran out of time, the opposite is not attempted.
    runs.length = 0;
    const { verifier: slow, runs: slowRuns } = scripted(() => ({ a: ['timeout', 'verified'] }));
    const timedOut = await verifierOracle(slow, info, { predict }).decide(req(['a'], 'test'));
    expect(slowRuns).toEqual([['a+']]);
    expect(timedOut.get('a')).toMatchObject({ status: 'unknown', cause: 'timeout' });
  });

  it('runs the extra effort rounds with both polarities for what is still undecided', async () => {
    const { verifier, runs } = scripted(() => ({ a: ['failed', 'failed'], t: ['verified', 'failed'] }));
    const out = await verifierOracle({ ...verifier, efforts: [1] }, info).decide({ module, method, triples: [triple('a'), triple('t', 'test')], timeoutSeconds: 1 });
    expect(runs).toEqual([['a-', 't+'], ['a+'], ['a+', 'a-']]);
    expect(out.get('t')?.status).toBe('holds');
  });

  it('does not retry with hints what ran out of time in both polarities', async () => {
    const { verifier, runs } = scripted(() => ({ a: ['timeout', 'timeout'], b: ['failed', 'timeout'] }));
    const out = await verifierOracle({ ...verifier, efforts: [1] }, info).decide(req(['a', 'b']));
    expect(runs).toEqual([['a-', 'b-'], ['a+', 'b+'], ['b+', 'b-']]);
    expect(out.get('a')).toMatchObject({ status: 'unknown', cause: 'timeout' });
  });

  it('does not retry with hints a predicted attempt that ran out of time', async () => {
    const { verifier, runs } = scripted(() => ({ a: ['timeout', 'failed'], b: ['failed', 'failed'] }));
    const holds = { status: 'holds' as const, oracle: 'guess' };
    const predict = { name: 'guess', decide: async () => new Map([['a', holds], ['b', holds]]) };
    const out = await verifierOracle({ ...verifier, efforts: [1] }, info, { predict }).decide(req(['a', 'b'], 'test'));
    // The hint round only for the triple whose predicted proof failed in time (with both polarities,
    // since the prediction may be wrong); nothing more for the one that ran out of time.
    expect(runs).toEqual([['a+', 'b+'], ['b-'], ['b+', 'b-']]);
    expect(out.get('a')).toMatchObject({ status: 'unknown', cause: 'timeout' });
  });

  it('splits a batch whose process hangs, so only the hanging triple is lost', async () => {
    const { verifier, runs } = scripted((ids) => (ids.includes('c') ? 'hang' : Object.fromEntries(ids.map((i) => [i, ['failed', 'verified']]))));
    const out = await verifierOracle(verifier, info).decide(req(['a', 'b', 'c', 'd']));
    expect(out.get('c')).toMatchObject({ status: 'unknown', cause: 'timeout' });
    for (const id of ['a', 'b', 'd']) expect(out.get(id)?.status).toBe('fails');
    expect(runs[0]).toEqual(['a-', 'b-', 'c-', 'd-']);
  });

  it('gives every triple an error verdict when the harness does not compile', async () => {
    const { verifier } = scripted(() => 'broken');
    const out = await verifierOracle(verifier, info).decide(req(['a', 'b']));
    expect([...out.values()].map((v) => [v.status, v.reason])).toEqual([
      ['error', 'syntax error in spec'],
      ['error', 'syntax error in spec'],
    ]);
  });

  it('re-runs the triples a static error in another triple kept from being verified', async () => {
    const { verifier, runs } = scripted((ids) => (ids.includes('a') ? { a: ['error', 'error'] } : { b: ['failed', 'verified'] }));
    const out = await verifierOracle(verifier, info).decide(req(['a', 'b']));
    expect(out.get('a')?.status).toBe('error');
    expect(out.get('b')?.status).toBe('fails');
    expect(runs).toEqual([['a-', 'b-'], ['b-']]);
  });

  it('runs one process per triple when asked (the reference tool did)', async () => {
    const { verifier, runs } = scripted((ids) => Object.fromEntries(ids.map((i) => [i, ['failed', 'verified']])));
    await verifierOracle(verifier, info, { batchSize: 1 }).decide(req(['a', 'b']));
    expect(runs).toEqual([['a-'], ['b-']]);
  });

  it('reuses cached results for an identical harness', async () => {
    const { verifier, runs } = scripted(() => ({ a: ['failed', 'verified'] }));
    const oracle = verifierOracle(verifier, info, { cache: obligationCache() });
    await oracle.decide(req(['a']));
    const again = await oracle.decide(req(['a']));
    expect(runs).toHaveLength(1);
    expect(again.get('a')?.status).toBe('fails');
  });
});

describe('the run queue', () => {
  it('merges harnesses that wait for a process into one run, and maps results back per spec', async () => {
    const runs: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    let combined = 0;
    const harness = (tag: string): Harness => ({
      files: [{ name: 'h', text: tag }],
      main: 'h',
      args: [],
      obligations: [{ symbol: `${tag}+`, tripleId: tag, polarity: 'positive' }],
    });
    const verifier: Verifier = {
      name: 'fake',
      detect: async () => info,
      emit: () => harness('x'),
      run: async (_i, r) => {
        runs.push(r.harness.obligations.map((o) => o.symbol));
        // The first run lasts until the test has submitted the others (no timing race on a loaded machine).
        if (runs.length === 1) await gate;
        return { exitCode: 0, stdout: '', stderr: '', killed: false, seconds: 1, artifacts: {} };
      },
      parse: (_out, h) => ({ kind: 'results', outcomes: h.obligations.map((o) => ({ symbol: o.symbol, result: o.symbol.startsWith('m:b') ? 'failed' : 'verified' })) }),
      combine: (hs) => {
        combined++;
        return {
          harness: { files: [], main: 'm', args: [], obligations: hs.flatMap((h) => h.obligations.map((o) => ({ ...o, symbol: `m:${o.symbol}` }))) },
          symbols: hs.map((h) => new Map(h.obligations.map((o) => [o.symbol, `m:${o.symbol}`]))),
        };
      },
    };
    const queue = new RunQueue(verifier, info, { processes: 1, deadline: () => 60 });
    const first = queue.submit(harness('a'), 1);
    while (runs.length === 0) await new Promise((done) => setImmediate(done));
    // b and c arrive while a runs, and wait for the one process together.
    const rest = ['b', 'c'].map((t) => queue.submit(harness(t), 1));
    release();
    const results = await Promise.all([first, ...rest]);
    expect(runs).toEqual([['a+'], ['m:b+', 'm:c+']]);
    expect(combined).toBe(1);
    expect(results.map((r) => (r.kind === 'outcomes' ? r.outcomes.map((o) => `${o.symbol}=${o.result}`) : r.kind))).toEqual([['a+=verified'], ['b+=failed'], ['c+=verified']]);
  });

  it('never merges so much that a process slot stays idle', async () => {
    const runs: number[] = [];
    const verifier: Verifier = {
      name: 'fake',
      detect: async () => info,
      emit: () => ({ files: [], main: '', args: [], obligations: [] }),
      run: async (_i, r) => {
        runs.push(r.harness.obligations.length);
        await new Promise((done) => setTimeout(done, 5));
        return { exitCode: 0, stdout: '', stderr: '', killed: false, seconds: 1, artifacts: {} };
      },
      parse: (_o, h) => ({ kind: 'results', outcomes: h.obligations.map((o) => ({ symbol: o.symbol, result: 'verified' })) }),
      combine: (hs) => ({ harness: { files: [], main: '', args: [], obligations: hs.flatMap((h) => h.obligations) }, symbols: hs.map((h) => new Map(h.obligations.map((o) => [o.symbol, o.symbol]))) }),
    };
    const queue = new RunQueue(verifier, info, { processes: 2, deadline: () => 60 });
    const one = (i: number): Harness => ({ files: [], main: '', args: [], obligations: [{ symbol: `s${i}`, tripleId: `s${i}`, polarity: 'positive' }] });
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => queue.submit(one(i), 1)));
    // Six wait together for two processes: merged into an even share per slot, none left idle.
    expect(runs).toEqual([3, 3]);
  });
});

describe('an interrupted run', () => {
  it('starts no verifier once stopped and marks every undecided triple unknown (interrupted)', async () => {
    const { verifier, runs } = scripted(() => ({ a: ['failed', 'verified'] }));
    const stop = new AbortController();
    stop.abort();
    const out = await verifierOracle(verifier, info).decide({ module, method, triples: [triple('a')], timeoutSeconds: 1, signal: stop.signal });
    expect(runs).toEqual([]);
    expect(out.get('a')).toMatchObject({ status: 'unknown', cause: 'interrupted' });
  });

  it('keeps what was decided before the stop', async () => {
    const stop = new AbortController();
    const { verifier, runs } = scripted(() => ({ a: ['failed', 'verified'], b: ['verified', 'failed'] }));
    // The first round decides a; the stop comes before b's second attempt.
    const stopping: Verifier = { ...verifier, run: async (i, r) => { const o = await verifier.run(i, r); stop.abort(); return o; } };
    const out = await verifierOracle(stopping, info).decide({ module, method, triples: [triple('a'), triple('b')], timeoutSeconds: 1, signal: stop.signal });
    expect(runs).toEqual([['a-', 'b-']]);
    expect(out.get('a')?.status).toBe('fails');
    expect(out.get('b')).toMatchObject({ status: 'unknown', cause: 'interrupted' });
  });
});

describe('solver cores per process', () => {
  const parallelVerifier = (cores: (number | undefined)[]): Verifier => ({
    name: 'fake',
    parallel: true,
    detect: async () => info,
    emit: () => ({ files: [], main: '', args: [], obligations: [] }),
    run: async (_i, r) => {
      cores.push(r.cores);
      await new Promise((done) => setTimeout(done, 5));
      return { exitCode: 0, stdout: '', stderr: '', killed: false, seconds: 1, artifacts: {} };
    },
    parse: (_o, h) => ({ kind: 'results', outcomes: h.obligations.map((o) => ({ symbol: o.symbol, result: 'verified' })) }),
  });
  const harness = (n: number, tag: string): Harness => ({ files: [], main: '', args: [], obligations: Array.from({ length: n }, (_, i) => ({ symbol: `${tag}${i}`, tripleId: `${tag}${i}`, polarity: 'positive' as const })) });

  it('a batch alone takes the idle slots (the tail of a run), and its cost counts every core', async () => {
    const cores: (number | undefined)[] = [];
    const queue = new RunQueue(parallelVerifier(cores), info, { processes: 2, deadline: () => 60 });
    const r = await queue.submit(harness(8, 'a'), 20);
    expect(cores).toEqual([2]);
    expect(r).toMatchObject({ kind: 'outcomes', seconds: 2 });
  });

  it('batches that wait together get one core each, and a one-obligation batch never more than one', async () => {
    const cores: (number | undefined)[] = [];
    const queue = new RunQueue({ ...parallelVerifier(cores), combine: undefined }, info, { processes: 2, deadline: () => 60 });
    await Promise.all([queue.submit(harness(4, 'a'), 20), queue.submit(harness(4, 'b'), 20)]);
    await queue.submit(harness(1, 'c'), 20);
    expect(cores).toEqual([undefined, undefined, undefined]);
  });
});

describe("a spec's round in chunks", () => {
  it('runs the chunks of a slow spec side by side on free processes, never merged with each other', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const { verifier } = scripted((ids) => Object.fromEntries(ids.map((i) => [i, ['failed', 'verified']])));
    const slow: Verifier = {
      ...verifier,
      combine: (hs) => ({ harness: { files: [], main: '', args: [], obligations: hs.flatMap((h) => h.obligations) }, symbols: hs.map((h) => new Map(h.obligations.map((o) => [o.symbol, o.symbol]))) }),
      run: async (i, r) => {
        running++;
        most = Math.max(most, running);
        sizes.push(r.harness.obligations.length);
        await new Promise((done) => setTimeout(done, 20));
        running--;
        return verifier.run(i, r);
      },
    };
    const ids = Array.from({ length: 12 }, (_, i) => `m${i}`);
    const out = await verifierOracle(slow, info, { processes: 2, chunkObligations: 6 }).decide({ module, method, triples: ids.map((id) => triple(id)), timeoutSeconds: 1 });
    expect(sizes).toEqual([6, 6]);
    expect(most).toBe(2);
    for (const id of ids) expect(out.get(id)?.status).toBe('fails');
  });
});

describe('a verifier that hangs', () => {
  it("costs each spec at most its budget, counting merged runs that were killed, with several specs' chunks in flight", async () => {
    // Every run "hangs" until its deadline (simulated: it reports being killed at once, having used it).
    const used: number[] = [];
    const verifier: Verifier = {
      ...scripted(() => 'hang').verifier,
      run: async (_i, r) => {
        used.push(r.deadlineSeconds * (r.cores ?? 1));
        await new Promise((done) => setImmediate(done));
        return { exitCode: -1, stdout: '', stderr: '', killed: true, seconds: r.deadlineSeconds, artifacts: {} };
      },
      combine: (hs) => ({ harness: { files: hs.flatMap((h) => h.files), main: 'h', args: [], obligations: hs.flatMap((h) => h.obligations) }, symbols: hs.map((h) => new Map(h.obligations.map((o) => [o.symbol, o.symbol]))) }),
    };
    // The circuit breaker (which would stop this verifier after a few kills) is off: the budget is the subject here.
    const oracle = verifierOracle(verifier, info, { processes: 2, fruitlessRunsToStop: Infinity });
    const specs = ['p', 'q', 'r'].map((s) => Array.from({ length: 20 }, (_, i) => triple(`${s}${i}`)));
    const timeoutSeconds = 2;
    const results = await Promise.all(specs.map((triples) => oracle.decide({ module, method, triples, timeoutSeconds })));
    const budget = specBudget(20, timeoutSeconds);
    for (const verdicts of results) {
      expect([...verdicts.values()].every((v) => v.status === 'unknown' && v.cause === 'timeout')).toBe(true);
      const charged = [...verdicts.values()].reduce((n, v) => n + (v.seconds ?? 0), 0);
      expect(charged).toBeLessThanOrEqual(budget + 1e-6);
    }
    // Every verifier second is charged to some spec: none is spent beyond the specs' budgets.
    expect(used.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3 * budget + 1e-6);
  });
});

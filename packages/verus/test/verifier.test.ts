import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SpecmutError, V, type Harness, type RunOutput, type SpecModule, type Triple } from '@specmut/core';
import { detectVerus, emitVerusHarness, loadVerusModule, parseVerusOutput, readVerusVersion, runVerus, verusArguments, verusMessages } from '../src/index.js';

const SPEC = 'use vstd::prelude::*;\nverus! {\nfn abs(x: i32) -> (r: i32)\n    requires x > i32::MIN,\n    ensures r >= 0, r == x || r == -x,\n{ if x < 0 { -x } else { x } }\n}\nfn main() {}\n';

const TRIPLES: Triple[] = [
  { id: 't1_pre', testId: 't1', role: 'precondition', inputs: { x: V.int(-5) }, outputs: {} },
  { id: 't1', testId: 't1', role: 'test', inputs: { x: V.int(-5) }, outputs: { r: V.int(5) } },
  { id: 't1_m1', testId: 't1', role: 'mutant', inputs: { x: V.int(-5) }, outputs: { r: V.int(4) } },
];

async function harness(): Promise<{ module: SpecModule; harness: Harness }> {
  const module = await loadVerusModule('abs.rs', SPEC);
  return { module, harness: emitVerusHarness(module, module.methods[0]!, TRIPLES) };
}

/** The line of `text` inside an obligation's proof fn that asserts something (1-based). */
function assertLine(h: Harness, symbol: string, which: 'first' | 'last' = 'last'): number {
  const o = h.obligations.find((x) => x.symbol === symbol)!;
  const lines = h.files[0]!.text.split('\n');
  const found: number[] = [];
  for (let i = o.lines![0]; i <= o.lines![1]; i++) if (lines[i - 1]!.includes('assert(')) found.push(i);
  return which === 'first' ? found[0]! : found.at(-1)!;
}

/** `--output-json --time` as Verus prints it (main.rs): per-function success under times-ms.smt. */
function verusJson(functions: Record<string, boolean>, errors: number): string {
  return JSON.stringify(
    {
      'func-details': {},
      'verification-results': { 'encountered-error': errors > 0, 'encountered-vir-error': false, verified: Object.values(functions).filter(Boolean).length, errors, 'is-verifying-entire-crate': false },
      'times-ms': {
        'verus-build': { profile: 'release', version: '0.2025.07.15.62362b0' },
        smt: {
          total: 40,
          'smt-run-module-times': [
            {
              module: 'specmut_harness',
              time: 30,
              'function-breakdown': Object.entries(functions).map(([f, success]) => ({ function: `harness::specmut_harness::${f}`, 'mode:': 'proof', time: 3, 'time-micros': 3000, rlimit: 100, success })),
            },
          ],
        },
      },
      verus: { profile: 'release', version: '0.2025.07.15.62362b0' },
    },
    null,
    2,
  );
}

function run(stdout: string, stderr = '', exitCode = 0, killed = false): RunOutput {
  return { exitCode, stdout, stderr, killed, seconds: 1, artifacts: {} };
}

function failure(line: number, message = 'assertion failed'): string {
  return `error: ${message}\n  --> /tmp/specmut-verus-x/harness.rs:${line}:16\n   |\n${line} |         assert(specmut_ensures(x, r));\n   |                ^^^^^^^^^^^^^^^^^^^^^^ ${message}\n\n`;
}

describe('Verus output', () => {
  it('maps per-function results and located assertion failures back to obligations', async () => {
    const { harness: h } = await harness();
    const stderr = failure(assertLine(h, 'specmut_t1_pre_fails')) + failure(assertLine(h, 'specmut_t1_fails')) + failure(assertLine(h, 'specmut_t1_m1_holds')) + 'error: aborting due to 3 previous errors\n';
    const json = verusJson({ specmut_t1_pre_holds: true, specmut_t1_pre_fails: false, specmut_t1_holds: true, specmut_t1_fails: false, specmut_t1_m1_holds: false, specmut_t1_m1_fails: true }, 3);
    const parsed = parseVerusOutput(run(json, stderr, 1), h);
    expect(parsed).toEqual({
      kind: 'results',
      outcomes: [
        { symbol: 'specmut_t1_pre_holds', result: 'verified' },
        { symbol: 'specmut_t1_pre_fails', result: 'failed', message: expect.stringContaining('assertion failed') },
        { symbol: 'specmut_t1_holds', result: 'verified' },
        { symbol: 'specmut_t1_fails', result: 'failed', message: expect.stringContaining('assertion failed') },
        { symbol: 'specmut_t1_m1_holds', result: 'failed', message: expect.stringContaining('assertion failed') },
        { symbol: 'specmut_t1_m1_fails', result: 'verified' },
      ],
    });
  });

  it('reads the resource limit as a timeout, a function missing from the results as missing', async () => {
    const { harness: h } = await harness();
    const o = h.obligations.find((x) => x.symbol === 'specmut_t1_holds')!;
    const stderr = `error: function body check: Resource limit (rlimit) exceeded; consider rerunning with --profile for more details\n  --> harness.rs:${o.lines![0] + 1}:5\n`;
    const parsed = parseVerusOutput(run(verusJson({ specmut_t1_pre_holds: true, specmut_t1_holds: false }, 1), stderr, 1), h);
    if (parsed.kind !== 'results') throw new Error(parsed.message);
    const by = new Map(parsed.outcomes.map((x) => [x.symbol, x.result]));
    expect(by.get('specmut_t1_holds')).toBe('timeout');
    expect(by.get('specmut_t1_pre_holds')).toBe('verified');
    // not named in the results of a run with errors: nothing is known of it
    expect(by.get('specmut_t1_fails')).toBe('missing');
  });

  it('counts a function as proved on a clean run, never on a failed one without results', async () => {
    const { harness: h } = await harness();
    const clean = JSON.stringify({ 'verification-results': { 'encountered-error': false, 'encountered-vir-error': false, verified: 6, errors: 0 } });
    const parsed = parseVerusOutput(run(clean), h);
    expect(parsed.kind === 'results' && parsed.outcomes.every((x) => x.result === 'verified')).toBe(true);
    const crashed = parseVerusOutput(run('', 'thread main panicked', 101), h);
    expect(crashed.kind === 'results' && crashed.outcomes.every((x) => x.result === 'error')).toBe(true);
    const killed = parseVerusOutput(run('', '', null, true), h);
    expect(killed.kind === 'results' && killed.outcomes.every((x) => x.result === 'timeout')).toBe(true);
  });

  it('reports an error outside the checks (the spec does not type-check) as a harness error', async () => {
    const { harness: h } = await harness();
    const stderr = 'error[E0425]: cannot find function `helper` in this scope\n  --> /tmp/d/harness.rs:5:13\n   |\n';
    expect(parseVerusOutput(run(JSON.stringify({ 'verification-results': { 'encountered-error': true } }), stderr, 1), h)).toEqual({
      kind: 'harness-error',
      message: 'line 5: cannot find function `helper` in this scope\n   |',
    });
    const typeError = `error[E0308]: mismatched types\n  --> harness.rs:${assertLine(h, 'specmut_t1_holds')}:9\n`;
    const parsed = parseVerusOutput(run('{}', typeError, 1), h);
    expect(parsed.kind === 'results' && parsed.outcomes.find((x) => x.symbol === 'specmut_t1_holds')?.result).toBe('error');
  });

  it('reads rustc-style diagnostics with their first location', () => {
    expect(verusMessages('warning: unused\n --> a.rs:1:1\nerror: assertion failed\n  --> b.rs:7:3\n   |\nnote: see\n  --> c.rs:1:1\n')).toEqual([
      { severity: 'warning', code: undefined, text: 'unused', file: 'a.rs', line: 1, column: 1 },
      { severity: 'error', code: undefined, text: 'assertion failed\n   |\nnote: see\n  --> c.rs:1:1', file: 'b.rs', line: 7, column: 3 },
    ]);
  });

  it('reads the version Verus prints', () => {
    expect(readVerusVersion('Verus\n  Version: 0.2025.07.15.62362b0\n  Profile: release\n  Platform: linux_x86_64\n  Toolchain: 1.88.0-x86_64-unknown-linux-gnu\n')).toEqual({
      version: '0.2025.07.15.62362b0',
      details: { profile: 'release', platform: 'linux_x86_64', toolchain: '1.88.0-x86_64-unknown-linux-gnu' },
    });
    expect(readVerusVersion('verus: command not found')).toBeUndefined();
  });
});

describe('Verus runner', () => {
  const saved = process.env.SPECMUT_VERUS;
  afterEach(() => {
    if (saved === undefined) delete process.env.SPECMUT_VERUS;
    else process.env.SPECMUT_VERUS = saved;
  });

  /** A stand-in `verus`: prints a version, records its arguments and the harness, answers with JSON. */
  function standIn(): { script: string; record: string } {
    const dir = mkdtempSync(join(tmpdir(), 'specmut-verus-test-'));
    const record = join(dir, 'args.txt');
    const script = join(dir, 'verus');
    writeFileSync(
      script,
      [
        '#!/bin/sh',
        'if [ "$1" = "--version" ]; then printf "Verus\\n  Version: 0.2025.01.01.abcdef0\\n  Profile: release\\n"; exit 0; fi',
        `printf "%s\\n" "$@" > ${JSON.stringify(record)}`,
        `cp "$1" ${JSON.stringify(join(dir, 'harness-copy.rs'))}`,
        `printf '%s' '{"verification-results": {"encountered-error": false, "encountered-vir-error": false, "verified": 6, "errors": 0}}'`,
      ].join('\n'),
    );
    chmodSync(script, 0o755);
    return { script, record };
  }

  it('detects the verifier and its version', async () => {
    process.env.SPECMUT_VERUS = standIn().script;
    const info = await detectVerus();
    expect(info).toMatchObject({ name: 'verus', version: '0.2025.01.01.abcdef0', details: { profile: 'release' } });
  });

  it('reports a missing verifier cleanly', async () => {
    process.env.SPECMUT_VERUS = join(tmpdir(), 'no-such-dir-specmut', 'verus');
    const err = await detectVerus().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpecmutError);
    expect((err as SpecmutError).code).toBe('missing-verifier');
    expect((err as SpecmutError).hint).toMatch(/--backend eval/);
  });

  it('runs verus on the harness with the flags, in a private directory, and maps its answer', async () => {
    const { script, record } = standIn();
    process.env.SPECMUT_VERUS = script;
    const info = await detectVerus();
    const { harness: h } = await harness();
    const out = await runVerus(info, { harness: h, timeoutSeconds: 7, deadlineSeconds: 60, cores: 2 });
    expect(out.exitCode).toBe(0);
    const args = readFileSync(record, 'utf8').trim().split('\n');
    expect(args[0]).toMatch(/specmut-verus.*\/harness\.rs$/);
    expect(args.slice(1)).toEqual(['--crate-type=lib', '--verify-only-module', 'specmut_harness', '--rlimit', '7', '--output-json', '--time', '--no-auto-recommends-check', '--num-threads', '2']);
    expect(readFileSync(join(record, '..', 'harness-copy.rs'), 'utf8')).toBe(h.files[0]!.text);
    const parsed = parseVerusOutput(out, h);
    expect(parsed.kind === 'results' && parsed.outcomes.map((x) => x.result)).toEqual(Array(6).fill('verified'));
    expect(verusArguments(info, 'h.rs', 0.2)).toContain('1');
  });
});

import { describe, expect, it } from 'vitest';
import { V, type RunOutput, type Triple } from '@specmut/core';
import { emitLeanHarness } from '../src/harness/emit.js';
import { parseLeanOutput } from '../src/verifier/parse-output.js';
import { leanArguments } from '../src/verifier/run.js';
import { fixtureModule, methodOf } from './helpers.js';

const clampTriples: Triple[] = [
  { id: 't1_pre', testId: 't1', role: 'precondition', inputs: { a: V.int(3), b: V.int(5) }, outputs: {} },
  { id: 't1', testId: 't1', role: 'test', inputs: { a: V.int(3), b: V.int(5) }, outputs: { result: V.int(0) } },
  { id: 't1_m1', testId: 't1', role: 'mutant', inputs: { a: V.int(3), b: V.int(5) }, outputs: { result: V.int(2) } },
];

function output(stdout: string, exitCode = 1): RunOutput {
  return { exitCode, stdout, stderr: '', killed: false, seconds: 1, artifacts: {} };
}

/** The harness line of an obligation's check (the line Lean reports an error of `decide` on). */
function checkLine(text: string, symbol: string): number {
  return text.split('\n').findIndex((l) => l.startsWith(`theorem ${symbol} :`)) + 1;
}

describe('Lean harness', async () => {
  const module = await fixtureModule();

  it('writes one decide check per triple and polarity, the precondition proved before a postcondition', () => {
    const harness = emitLeanHarness(module, methodOf(module, 'clampSub'), clampTriples);
    const text = harness.files[0]!.text;
    expect(text.slice(text.indexOf('-- specmut:begin'))).toMatchSnapshot();
    expect(harness.obligations.map((o) => [o.symbol, o.tripleId, o.polarity])).toEqual([
      ['specmut_t1_pre_holds', 't1_pre', 'positive'],
      ['specmut_t1_pre_fails', 't1_pre', 'negative'],
      ['specmut_t1_holds', 't1', 'positive'],
      ['specmut_t1_fails', 't1', 'negative'],
      ['specmut_t1_m1_holds', 't1_m1', 'positive'],
      ['specmut_t1_m1_fails', 't1_m1', 'negative'],
    ]);
  });

  it('writes theorem-style specs as one predicate per theorem, f n replaced by the result', () => {
    const triples: Triple[] = [{ id: 't1', testId: 't1', role: 'test', inputs: { n: V.int(2) }, outputs: { result: V.int(4) } }];
    const text = emitLeanHarness(module, methodOf(module, 'double'), triples, { attempts: new Map([['t1', ['positive']]]) }).files[0]!.text;
    expect(text.indexOf('abbrev specmut_double')).toBeGreaterThan(0);
    expect(text.slice(text.indexOf('abbrev specmut_double'))).toMatchSnapshot();
  });

  it('decides specs that mention Float with native_decide (the kernel cannot evaluate Float operations)', async () => {
    const { loadLeanModule } = await import('../src/index.js');
    const text = 'def half_precond (x : Float) : Prop := True\ndef half_postcond (x : Float) (result : Float) (h_precond : half_precond (x)) : Prop := result * 2.0 == x\n';
    const m = await loadLeanModule('half.lean', text);
    const triples: Triple[] = [{ id: 't1', testId: 't1', role: 'test', inputs: { x: V.float(NaN) }, outputs: { result: V.float(1.5) } }];
    const harness = emitLeanHarness(m, m.methods[0]!, triples, { attempts: new Map([['t1', ['positive']]]) }).files[0]!.text;
    expect(harness).toContain('theorem specmut_t1_holds : half_postcond ((0.0 / 0.0) : Float) (1.5 : Float) specmut_t1_holds_pre := by unfold half_postcond; native_decide');
  });

  it('writes a Std.Do triple about an Id function as an implication decide can evaluate', async () => {
    const { loadLeanModule } = await import('../src/index.js');
    const m = await loadLeanModule('i.lean', 'def inc (x : Nat) : Id Nat := sorry\ntheorem inc_spec (x : Nat) : ⦃⌜x > 0⌝⦄ inc x ⦃⇓r => ⌜r = x + 1⌝⦄ := by sorry\n');
    const triples: Triple[] = [{ id: 't1', testId: 't1', role: 'test', inputs: { x: V.int(2) }, outputs: { result: V.int(3) } }];
    const text = emitLeanHarness(m, m.methods[0]!, triples).files[0]!.text;
    expect(text).toContain('abbrev specmut_inc_theorem_0 (x : Nat) (result : Nat) : Prop := ((x > 0) → (let r := result; r = x + 1))');
  });

  it('maps recorded Lean messages back to obligations', () => {
    const harness = emitLeanHarness(module, methodOf(module, 'clampSub'), clampTriples);
    const text = harness.files[0]!.text;
    // Lean 4 reports `file:line:col: severity: message`, lines 1-based, columns 0-based; messages continue on the next lines.
    const recorded = [
      `Harness.lean:${checkLine(text, 'specmut_t1_pre_fails')}:52: error: tactic 'decide' proved that the proposition`,
      '  ¬clampSub_precond 3 5',
      'is false',
      `Harness.lean:${checkLine(text, 'specmut_t1_fails')}:95: error: tactic 'decide' proved that the proposition`,
      '  ¬clampSub_postcond 3 5 0 specmut_t1_fails_pre',
      'is false',
      `Harness.lean:${checkLine(text, 'specmut_t1_m1_holds')}:95: error: tactic 'decide' proved that the proposition`,
      '  clampSub_postcond 3 5 2 specmut_t1_m1_holds_pre',
      'is false',
      `Harness.lean:${checkLine(text, 'specmut_t1_m1_fails')}:95: error: (deterministic) timeout at \`whnf\`, maximum number of heartbeats (200000) has been reached`,
      `Harness.lean:3:0: warning: declaration uses 'sorry'`,
    ].join('\n');
    const parsed = parseLeanOutput(output(recorded), harness);
    expect(parsed.kind).toBe('results');
    if (parsed.kind !== 'results') return;
    expect(parsed.outcomes.map((o) => [o.symbol, o.result])).toEqual([
      ['specmut_t1_pre_holds', 'verified'],
      ['specmut_t1_pre_fails', 'failed'],
      ['specmut_t1_holds', 'verified'],
      ['specmut_t1_fails', 'failed'],
      ['specmut_t1_m1_holds', 'failed'],
      ['specmut_t1_m1_fails', 'timeout'],
    ]);
  });

  it('tells a missing Decidable instance (Lean gave up) from a broken harness', () => {
    const harness = emitLeanHarness(module, methodOf(module, 'clampSub'), clampTriples.slice(1, 2));
    const text = harness.files[0]!.text;
    const line = checkLine(text, 'specmut_t1_holds');
    const gaveUp = parseLeanOutput(output(`Harness.lean:${line}:30: error: failed to synthesize\n  Decidable (clampSub_postcond 3 5 0 h)`), harness);
    expect(gaveUp.kind === 'results' && gaveUp.outcomes[0]!.result).toBe('gave-up');
    const broken = parseLeanOutput(output(`Harness.lean:${line}:30: error: unknown identifier 'clampSub_postcond'`), harness);
    expect(broken.kind === 'results' && broken.outcomes[0]!.result).toBe('error');
    const spec = parseLeanOutput(output("Harness.lean:4:2: error: unknown constant 'List.foo'"), harness);
    expect(spec).toEqual({ kind: 'harness-error', message: "line 4: unknown constant 'List.foo'" });
  });

  it('ignores messages about other files', () => {
    const harness = emitLeanHarness(module, methodOf(module, 'clampSub'), clampTriples.slice(1, 2));
    const parsed = parseLeanOutput(output('/home/u/proj/Other.lean:1:0: error: something else\n', 0), harness);
    expect(parsed.kind === 'results' && parsed.outcomes.map((o) => o.result)).toEqual(['verified', 'verified']);
  });

  it('a killed run is a timeout for every obligation; a silent crash an error', () => {
    const harness = emitLeanHarness(module, methodOf(module, 'clampSub'), clampTriples.slice(1, 2));
    const killed = parseLeanOutput({ ...output(''), exitCode: null, killed: true }, harness);
    expect(killed.kind === 'results' && killed.outcomes.map((o) => o.result)).toEqual(['timeout', 'timeout']);
    const crashed = parseLeanOutput(output('', 134), harness);
    expect(crashed.kind === 'results' && crashed.outcomes.map((o) => o.result)).toEqual(['error', 'error']);
    const clean = parseLeanOutput(output('', 0), harness);
    expect(clean.kind === 'results' && clean.outcomes.map((o) => o.result)).toEqual(['verified', 'verified']);
  });

  it('runs lean with a heartbeat limit from the time limit', () => {
    expect(leanArguments({ name: 'lean', version: '4.15.0', command: ['lake', 'env', 'lean'], details: {} }, 'Harness.lean', 10)).toEqual(['lake', 'env', 'lean', '-D', 'maxHeartbeats=200000', 'Harness.lean']);
  });
});

describe('Lean runner', () => {
  it('finds Lean through SPECMUT_LEAN, runs it on the harness in a private directory and maps its messages back', async () => {
    const { chmodSync, mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { detectLean, runLean } = await import('../src/verifier/run.js');
    const dir = mkdtempSync(join(tmpdir(), 'specmut-fake-lean-'));
    // A stand-in that answers like Lean 4 does (recorded message format): the version, or one error on line 2 of the harness.
    const fake = join(dir, 'lean');
    writeFileSync(fake, '#!/bin/sh\nif [ "$1" = "--version" ]; then echo "Lean (version 4.15.0, x86_64-unknown-linux-gnu, commit abc, Release)"; exit 0; fi\nfor a; do f=$a; done\necho "$f:2:0: error: unknown identifier \'nope\'"\nexit 1\n');
    chmodSync(fake, 0o755);
    const saved = process.env.SPECMUT_LEAN;
    process.env.SPECMUT_LEAN = fake;
    try {
      const info = await detectLean();
      expect(info).toMatchObject({ name: 'lean', version: '4.15.0', command: [fake] });
      const module = await fixtureModule();
      const harness = emitLeanHarness(module, methodOf(module, 'clampSub'), clampTriples.slice(1, 2));
      const run = await runLean(info, { harness, timeoutSeconds: 5, deadlineSeconds: 30 });
      expect(run.exitCode).toBe(1);
      // Lean ran in the working directory, on the harness written to a private one
      expect(run.stdout).toMatch(/^\/.*\/Harness\.lean:2:0: error: unknown identifier 'nope'\n$/);
      expect(parseLeanOutput(run, harness)).toEqual({ kind: 'harness-error', message: "line 2: unknown identifier 'nope'" });
    } finally {
      if (saved === undefined) delete process.env.SPECMUT_LEAN;
      else process.env.SPECMUT_LEAN = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without Lean, says how to install it', async () => {
    const { detectLean } = await import('../src/verifier/run.js');
    const saved = process.env.SPECMUT_LEAN;
    process.env.SPECMUT_LEAN = '/nonexistent/lean';
    try {
      await expect(detectLean()).rejects.toMatchObject({ code: 'missing-verifier', hint: expect.stringMatching(/elan/) });
    } finally {
      if (saved === undefined) delete process.env.SPECMUT_LEAN;
      else process.env.SPECMUT_LEAN = saved;
    }
  });

  it('renames theorem variables on the syntax tree: not in literals, comments or field names', async () => {
    const { loadLeanModule } = await import('../src/index.js');
    const text = [
      'structure Box where',
      '  n : Nat',
      'def f (x : Nat) : String := sorry',
      'theorem f_spec (n : Nat) (h : n > 0 /- n is positive -/) : f n = "n" ++ toString ({ n := n } : Box).n := sorry',
      'theorem f_len (n : Nat) (h : n > 0 /- n is positive -/) : (f n).length ≥ 1 := sorry',
    ].join('\n');
    const m = await loadLeanModule('f.lean', text);
    const triples: Triple[] = [{ id: 't1', testId: 't1', role: 'test', inputs: { x: V.int(2) }, outputs: { result: V.string('n2') } }];
    const harness = emitLeanHarness(m, m.methods[0]!, triples, { attempts: new Map([['t1', ['positive']]]) }).files[0]!.text;
    expect(harness.slice(harness.indexOf('abbrev specmut_f'), harness.indexOf('-- specmut:begin'))).toMatchSnapshot();
    expect(harness).toContain('(result = "n" ++ toString ({ n := x } : Box).n)');
    expect(harness).toContain('abbrev specmut_f_hypotheses (x : Nat) : Prop := (x > 0)');
  });

  it('chooses native_decide from the spec\'s identifiers, literals and types, not from comments or strings', async () => {
    const { loadLeanModule } = await import('../src/index.js');
    const triples: Triple[] = [{ id: 't1', testId: 't1', role: 'test', inputs: { x: V.int(1) }, outputs: { result: V.int(1) } }];
    const first = (text: string) => loadLeanModule('g.lean', text).then((m) => emitLeanHarness(m, m.methods[0]!, triples, { attempts: new Map([['t1', ['positive']]]) }).files[0]!.text);
    const plain = await first('-- no Float here\ndef g (x : Nat) : Nat := sorry\ntheorem g_spec (x : Nat) : g x = x ∧ "Float" ≠ "" := sorry\n');
    expect(plain).toMatch(/theorem specmut_t1_holds : .* := by decide/);
    const float = await first('def g (x : Nat) : Nat := sorry\ntheorem g_spec (x : Nat) : g x = x ∧ x.toFloat ≥ 0.5 := sorry\n');
    expect(float).toMatch(/theorem specmut_t1_holds : .* := by native_decide/);
    const typed = await first('def w (y : Float) : Bool := y > 0\ndef g (x : Nat) : Nat := sorry\ntheorem g_spec (x : Nat) : g x = x ∧ w 1 := sorry\n');
    expect(typed).toContain('by native_decide');
  });

  it('marks a check it cannot state (f at other arguments) untrusted; Lean failing it is gave-up, never a proof', async () => {
    const { loadLeanModule } = await import('../src/index.js');
    const m = await loadLeanModule('t.lean', 'def tri (n : Nat) : Nat := sorry\ntheorem tri_succ (n : Nat) : tri (n + 1) = tri n + (n + 1) := sorry\n');
    const triples: Triple[] = [{ id: 't1', testId: 't1', role: 'test', inputs: { n: V.int(3) }, outputs: { result: V.int(6) } }];
    const harness = emitLeanHarness(m, m.methods[0]!, triples);
    const text = harness.files[0]!.text;
    expect(text.slice(text.indexOf('-- specmut:begin'))).toMatchSnapshot();
    expect(text).toContain('-- specmut:untrusted tri at other arguments than the test\'s');
    const lines = text.split('\n');
    const at = (symbol: string) => lines.findIndex((l) => l.startsWith(`theorem ${symbol} :`)) + 1;
    const out = output(['holds', 'fails'].map((p) => `Harness.lean:${at(`specmut_t1_${p}`)}:0: error: specmut: not checked: tri at other arguments than the test's`).join('\n'));
    const parsed = parseLeanOutput(out, harness);
    expect(parsed.kind === 'results' && parsed.outcomes.map((o) => [o.symbol, o.result])).toEqual([
      ['specmut_t1_holds', 'gave-up'],
      ['specmut_t1_fails', 'gave-up'],
    ]);
  });

  it('writes Vector values as #v[…] at their size and the predicates over the declared binders', async () => {
    const { loadLeanModule } = await import('../src/index.js');
    const m = await loadLeanModule('v.lean', 'def vabs {n : Nat} (a : Vector Int n) : Vector Int n := sorry\ntheorem vabs_spec {n : Nat} (a : Vector Int n) : ∀ i : Fin n, (vabs a)[i] = Int.natAbs (a[i]) := sorry\n');
    const ints = (...xs: number[]) => V.seq(xs.map((x) => V.int(x)));
    const triples: Triple[] = [{ id: 't1', testId: 't1', role: 'test', inputs: { a: ints(-1, 2) }, outputs: { result: ints(1, 2) } }];
    const text = emitLeanHarness(m, m.methods[0]!, triples, { attempts: new Map([['t1', ['positive']]]) }).files[0]!.text;
    expect(text.slice(text.indexOf('abbrev specmut_vabs'))).toMatchSnapshot();
    expect(text).toContain('abbrev specmut_vabs_theorem_0 {n : Nat} (a : Vector Int n) (result : Vector Int n) : Prop :=');
    expect(text).toContain('specmut_vabs_theorem_0 (#v[(-1), 2] : Vector Int 2) (#v[1, 2] : Vector Int 2)');
    expect(text).not.toContain('∀ (n : Nat)');
  });
});

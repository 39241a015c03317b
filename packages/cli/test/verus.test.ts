import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const examples = fileURLToPath(new URL('../../../examples/verus/', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'specmut-cli-verus-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function specmut(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 300_000, env: { ...process.env, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface SpecRow {
  spec: string;
  language: string;
  status: string;
  correctness: number;
  completeness: number;
  preconditionCorrectness: number;
  preconditionCompleteness: number;
}

describe('specmut with Verus specs', () => {
  it('scores the Verus examples with the evaluator: each weak ensures lets wrong answers through', () => {
    const json = join(out, 'examples.json');
    const r = specmut(['score', examples, '--backend', 'eval', '--json', json, '--no-cache']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { specs: SpecRow[] };
    const bySpec = Object.fromEntries(report.specs.map((s) => [s.spec.replace(/.*\//, ''), s]));
    expect(Object.keys(bySpec).sort()).toEqual(['abs-weak.rs', 'abs.rs', 'increment-weak.rs', 'increment.rs', 'max-weak.rs', 'max.rs']);
    for (const name of ['abs', 'max', 'increment']) {
      expect(bySpec[`${name}.rs`]).toMatchObject({ language: 'verus', status: 'scored', correctness: 1, completeness: 1 });
      expect(bySpec[`${name}-weak.rs`]).toMatchObject({ status: 'scored', correctness: 1 });
      expect(bySpec[`${name}-weak.rs`]!.completeness).toBeLessThan(1);
    }
    // i32::MIN and u32::MAX are refused by the requires clauses
    expect(bySpec['abs.rs']).toMatchObject({ preconditionCorrectness: 1, preconditionCompleteness: 1 });
    expect(bySpec['increment.rs']).toMatchObject({ preconditionCorrectness: 1, preconditionCompleteness: 1 });
  });

  it('mutate-spec scores the mutant that drops the only ensures (it then accepts every output), and makes no ill-typed chains', () => {
    const json = join(out, 'mutants.json');
    const r = specmut(['mutate-spec', join(examples, 'max'), '--json', json, '--no-cache']);
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { specs: { spec: string; specMutants: { operator: string; status: string; reason: string; original: string }[] }[] };
    const weak = report.specs.find((s) => s.spec.endsWith('max-weak.rs'))!;
    const dropped = weak.specMutants.filter((m) => m.operator === 'drop-clause');
    expect(dropped).toHaveLength(1);
    // `ensures true` accepts the output mutants the original rejects
    expect(dropped[0]).toMatchObject({ status: 'killed' });
    for (const m of report.specs.flatMap((s) => s.specMutants)) expect(m.reason).not.toMatch(/declares no|comparison of Bool/);
  });

  it('parse --lang verus checks Verus files', () => {
    const r = specmut(['parse', '--lang', 'verus', examples]);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^6\/6 files parsed clean \(100\.0 %\)/m);
    expect(r.code).toBe(0);
  });

  it('score --backend verus without Verus installed says so and exits 2', () => {
    const r = specmut(['score', join(examples, 'abs'), '--backend', 'verus', '--no-cache'], { SPECMUT_VERUS: join(out, 'no-verus-here') });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Verus is not installed/);
    expect(r.err).toMatch(/--backend eval/);
  });

  it('score --backend verus runs verus on each harness and maps its answers back (a stand-in verus)', () => {
    // The stand-in answers as a Verus that agrees with the suite: a test's or precondition's check
    // holds, a wrong output's or reject input's check fails. It reports the proved functions as
    // successes in --output-json --time and each failed one as an assertion failure at its line.
    const script = join(out, 'verus');
    writeFileSync(
      script,
      `#!${process.execPath}
const fs = require('node:fs');
const args = process.argv.slice(2);
if (args[0] === '--version') { console.log('Verus\\n  Version: 0.2025.01.01.standin\\n  Profile: release'); process.exit(0); }
fs.writeFileSync(${JSON.stringify(join(out, 'args.json'))}, JSON.stringify(args));
const lines = fs.readFileSync(args[0], 'utf8').split('\\n');
const functions = [];
let stderr = '';
lines.forEach((line, i) => {
  const m = /proof fn (specmut_(\\w+)_(holds|fails))\\(/.exec(line);
  if (!m) return;
  const refused = /_(m|w)\\d+$|_reject$/.test(m[2]);
  const success = (m[3] === 'holds') !== refused;
  functions.push({ function: 'harness::specmut_harness::' + m[1], time: 1, success });
  if (!success) stderr += 'error: assertion failed\\n  --> ' + args[0] + ':' + (i + 3) + ':9\\n';
});
const errors = functions.filter((f) => !f.success).length;
console.log(JSON.stringify({ 'verification-results': { 'encountered-error': errors > 0, 'encountered-vir-error': false, verified: functions.length - errors, errors }, 'times-ms': { smt: { 'smt-run-module-times': [{ module: 'specmut_harness', 'function-breakdown': functions }] } } }));
process.stderr.write(stderr);
process.exit(errors ? 1 : 0);
`,
    );
    chmodSync(script, 0o755);
    const json = join(out, 'standin.json');
    const r = specmut(['score', join(examples, 'abs', 'abs.suite.json'), '--backend', 'verus', '--json', json, '--no-cache'], { SPECMUT_VERUS: script });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { specs: (SpecRow & { verifier?: { version?: string } })[] };
    expect(report.specs[0]).toMatchObject({ status: 'scored', correctness: 1, completeness: 1, preconditionCorrectness: 1, preconditionCompleteness: 1 });
    const args = JSON.parse(readFileSync(join(out, 'args.json'), 'utf8')) as string[];
    expect(args.slice(1, 4)).toEqual(['--crate-type=lib', '--verify-only-module', 'specmut_harness']);
  });

  it('a test value outside its machine type is refused by the type, naming the range', () => {
    copyFileSync(join(examples, 'abs', 'abs.rs'), join(out, 'abs.rs'));
    const suite = { spec: 'abs.rs', method: 'abs', tests: [{ id: 'big', inputs: { x: 2147483648 }, output: 0 }] };
    writeFileSync(join(out, 'big.suite.json'), JSON.stringify(suite));
    const r = specmut(['score', join(out, 'big.suite.json'), '--backend', 'eval', '--no-cache']);
    expect(r.code).toBe(1);
    expect(r.out + r.err).toMatch(/tests\[0\]\.inputs\.x: expected an i32 value in -2147483648\.\.2147483647, got 2147483648/);
  });
});

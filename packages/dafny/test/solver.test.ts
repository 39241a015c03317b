import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SmtCommandReader } from '../src/solver/smt-commands.js';
import { bundledZ3Version } from '../src/verifier/locate.js';

const shim = fileURLToPath(new URL('../bin/z3-wasm', import.meta.url));

/** Runs the shim with the given stdin pieces, written one after another with a pause between them. */
function solve(pieces: string[], args: string[] = ['-smt2', '-in']): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(shim, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', () => resolve(out));
    const feed = (k: number) => {
      if (k === pieces.length) return void child.stdin.end();
      child.stdin.write(pieces[k]!);
      setTimeout(() => feed(k + 1), 5);
    };
    feed(0);
  });
}

describe('reading SMT-LIB commands from a stream', () => {
  const script = [
    '(set-option :print-success false)',
    '; a comment with ) and ( in it',
    '(declare-fun |odd (name)| () Int)',
    // SMT-LIB doubles a quote inside a string.
    '(assert (= |odd (name)| 3)) (echo "a ""quoted"" ) string")',
    '(check-sat)',
  ].join('\n');

  it('yields each complete command once, wherever the chunks break', () => {
    const whole = new SmtCommandReader().push(script);
    expect(whole).toHaveLength(5);
    expect(whole[1]).toBe('(declare-fun |odd (name)| () Int)');
    for (let size = 1; size < 12; size++) {
      const reader = new SmtCommandReader();
      const got: string[] = [];
      for (let i = 0; i < script.length; i += size) got.push(...reader.push(script.slice(i, i + size)));
      expect(got).toEqual(whole);
    }
  });
});

describe("specmut's WebAssembly Z3 for Dafny", () => {
  it('says its version the way Dafny reads it', async () => {
    expect(await solve([], ['--version'])).toMatch(/^Z3 version 4\.\d+\.\d+ - 64 bit/);
  });

  it('has the version detection reads without starting it (part of every cache key)', async () => {
    expect(await solve([], ['--version'])).toBe(`Z3 version ${bundledZ3Version()} - 64 bit\n`);
  });

  it('answers commands as they arrive, in one context', async () => {
    const out = await solve(['(declare-const x Int)\n(assert (> x 2))\n', '(check-sat)\n(push 1)(assert (< x 0))(check-sat)(pop 1)\n', '(check-sat)\n']);
    expect(out.trim().split('\n')).toEqual(['sat', 'unsat', 'sat']);
  });

  it('keeps a long command intact when it arrives in pieces', async () => {
    // z3-solver's own string passing corrupted commands of this size (measured: "unknown constant").
    const names = Array.from({ length: 400 }, (_, i) => `v${i}`);
    const command = `(assert (and ${names.map((n, i) => `(= ${n} ${i})`).join(' ')}))\n`;
    const pieces = [names.map((n) => `(declare-const ${n} Int)`).join('\n'), ...command.match(/[^]{1,700}/g)!, '(check-sat)\n(get-value (v399))\n'];
    const out = await solve(pieces);
    expect(out).not.toContain('error');
    expect(out.trim().split('\n')).toEqual(['sat', '((v399 399))']);
  });

  it("stops a check at the script's time limit with unknown", async () => {
    const hard = ['(set-option :timeout 500)', '(declare-const x Int)(declare-const y Int)(declare-const z Int)', '(assert (and (> x 1000) (> y 1000) (> z 1000)))', '(assert (= (+ (* x x x) (* y y y)) (* z z z)))', '(check-sat)', '(echo "next")'];
    const started = performance.now();
    const out = await solve([hard.join('\n') + '\n']);
    expect(out.trim().split('\n')).toEqual(['unknown', 'next']);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

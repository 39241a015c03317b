import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { T, type MethodSpec } from '@specmut/core';
import { chooseMethod, parseCsv, readLeanType } from '@specmut/lean';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/pairing/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'specmut-pairing-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function specmut(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 300_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

interface Pair {
  translation: string;
  status: string;
  method?: string;
  tests: number;
  wrong: number;
  rejectInputs: number;
  reasons: string[];
  notes: string[];
}

describe('import verina --lang: translations paired with VERINA tests', () => {
  const dafnyOut = join(tmp, 'dafny');
  const imported = specmut(['import', 'verina', join(fixtures, 'verina'), '--lang', 'dafny', '--specs', join(fixtures, 'dafny'), '--out', dafnyOut]);

  it('pairs each Dafny translation of the CSV, and says which were paired in part or skipped, and why', () => {
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.out).toContain('XD0001 (clip, FirstAbove): partial (3 tests)\n    test3: input xs → xs[0]: -3 does not fit nat (it is >= 0)');
    expect(imported.out).toContain('XD0003 (mean, Mean): skipped\n    parameter xs → xs: Float has no counterpart of type int');
    expect(imported.out).toContain('3 dafny translations of VERINA tasks: 1 paired with all their tests, 1 partial, 1 skipped; 5 tests, 7 wrong outputs, 2 reject inputs');
    const report = readJson(join(dafnyOut, 'pairing-report.json'));
    const byId: Record<string, Pair> = Object.fromEntries(report.pairs.map((p: Pair) => [p.translation, p]));
    // The row of another source is not a translation of VERINA.
    expect(Object.keys(byId)).toEqual(['XD0001', 'XD0002', 'XD0003']);
    expect(byId.XD0002).toMatchObject({ status: 'paired', method: 'MinMax', tests: 2, wrong: 3, rejectInputs: 1, reasons: [] });
    expect(byId.XD0002!.notes.join('\n')).toMatch(/task\.lean does not load .*types read from task\.json\nno method named span: chose MinMax, the last one with a postcondition and 1 parameter$/);
    expect(existsSync(join(dafnyOut, 'XD0003.suite.json'))).toBe(false);
  });

  it('writes suites in the translation’s names and types: positional inputs, a tuple over two results, its own Option', () => {
    const span = readJson(join(dafnyOut, 'XD0002.suite.json'));
    expect(span).toMatchObject({ spec: 'XD0002_specs.dfy', language: 'dafny', method: 'MinMax', meta: { source: 'verina', task: 'span', translation: 'XD0002' } });
    expect(span.tests[0]).toEqual({ id: 'test1', inputs: { s: [3, -1, 4] }, output: { lo: -1, hi: 4 }, wrong: [{ lo: 3, hi: 4 }, { lo: -1, hi: 3 }] });
    expect(span.rejectInputs).toEqual([{ id: 'reject1', inputs: { s: [] } }]);
    const clip = readJson(join(dafnyOut, 'XD0001.suite.json'));
    expect(clip.tests.map((t: { id: string }) => t.id)).toEqual(['test1', 'test2', 'test4']);
    expect(clip.tests[0]).toEqual({ id: 'test1', inputs: { xs: [1, 5, 9], k: 4 }, output: { ctor: 'Some', args: [1] }, wrong: [{ ctor: 'Some', args: [2] }, 'None'] });
    expect(existsSync(join(dafnyOut, 'XD0001_specs.dfy'))).toBe(true);
  });

  it('the suites score: every expected output holds and every VERINA wrong output and reject input is refused', () => {
    const json = join(tmp, 'eval.json');
    const r = specmut(['score', dafnyOut, '--backend', 'eval', '--mutants', '0', '--no-cache', '--json', json]);
    expect(r.code).toBe(0);
    const specs = readJson(json).specs;
    expect(specs.map((s: { id: string }) => s.id).sort()).toEqual(['XD0001', 'XD0002']);
    for (const s of specs) expect(s).toMatchObject({ status: 'scored', correctness: 1, completeness: 1, preconditionCorrectness: 1, preconditionCompleteness: 1 });
  });

  it('the real Dafny accepts the suites and agrees', () => {
    const json = join(tmp, 'dafny.json');
    const r = specmut(['score', dafnyOut, '--backend', 'dafny', '--mutants', '0', '--no-cache', '--timeout', '30', '--json', json]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    for (const s of readJson(json).specs) expect(s).toMatchObject({ status: 'scored', correctness: 1, completeness: 1, preconditionCompleteness: 1 });
  }, 300_000);

  it('pairs Lean translations too, with the CSV named', () => {
    const out = join(tmp, 'lean');
    const r = specmut(['import', 'verina', join(fixtures, 'verina'), '--lang', 'lean', '--specs', join(fixtures, 'lean'), '--csv', join(fixtures, 'benchmark.csv'), '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 lean translation of VERINA tasks: 1 paired with all their tests, 0 partial, 0 skipped; 4 tests, 5 wrong outputs, 1 reject inputs');
    const suite = readJson(join(out, 'XL0001.suite.json'));
    expect(suite.tests[2]).toEqual({ id: 'test3', inputs: { xs: [-3, 8], k: 0 }, output: { ctor: 'some', args: [1] }, wrong: [{ ctor: 'some', args: [0] }] });
    const json = join(tmp, 'lean.json');
    expect(specmut(['score', out, '--backend', 'eval', '--mutants', '0', '--no-cache', '--json', json]).code).toBe(0);
    expect(readJson(json).specs[0]).toMatchObject({ correctness: 1, completeness: 1, preconditionCompleteness: 1 });
  });

  it('pairs into any backend, here one loaded with --backend-module: machine integers are range-checked, never clamped', () => {
    const out = join(tmp, 'sig');
    const r = specmut(['import', 'verina', join(fixtures, 'verina'), '--lang', 'sig', '--specs', join(fixtures, 'sig'), '--csv', join(fixtures, 'benchmark.csv'), '--backend-module', join(fixtures, 'sig-backend.mjs'), '--out', out]);
    expect(r.err).toBe('');
    expect(r.out).toContain('XS0001 (clip, first_above): partial (2 tests)\n    test3: input xs → xs[0]: -3 does not fit u8 (its range is 0..=255)\n    test4: input k → k: 300 does not fit u8 (its range is 0..=255)');
    const suite = readJson(join(out, 'XS0001.suite.json'));
    expect(suite).toMatchObject({ language: 'sig', method: 'first_above' });
    expect(suite.tests[1]).toEqual({ id: 'test2', inputs: { xs: [1, 2], k: 7 }, output: 'None', wrong: [{ ctor: 'Some', args: [0] }] });
  });

  it('refuses an unknown language, and --specs without --lang', () => {
    const unknown = specmut(['import', 'verina', join(fixtures, 'verina'), '--lang', 'cobol', '--specs', fixtures, '--out', join(tmp, 'x')]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/--lang "cobol" is not a known language \(known: dafny, lean/);
    const noLang = specmut(['import', 'verina', join(fixtures, 'verina'), '--specs', fixtures, '--out', join(tmp, 'y')]);
    expect(noLang.code).toBe(2);
    expect(noLang.err).toMatch(/--specs and --csv go with --lang/);
  });
});

describe('pairing helpers', () => {
  it('reads CSV fields with quotes, commas and newlines inside them', () => {
    expect(parseCsv('id,note\r\nA1,"x, ""y""\nz"\nB2,\n')).toEqual([['id', 'note'], ['A1', 'x, "y"\nz'], ['B2', '']]);
  });

  it("reads task.json's Lean types", async () => {
    expect(await readLeanType('List (Nat × Int)')).toEqual(T.seq(T.tuple(T.nat, T.int)));
    expect(await readLeanType('Array (Array Char)')).toEqual(T.array(T.char, 2));
    expect((await readLeanType('Option String')).kind).toBe('datatype');
    expect(await readLeanType('Std.HashMap Int Int')).toMatchObject({ kind: 'opaque' });
  });

  it('chooses the method of the same name (without case or _), else the last one with a postcondition and as many parameters', () => {
    const m = (name: string, params: number, post: boolean): MethodSpec => ({
      name,
      kind: 'method',
      signature: { name, params: Array.from({ length: params }, (_, i) => ({ name: `p${i}`, type: T.int })), results: [{ name: 'r', type: T.int }] },
      clauses: post ? [{ role: 'postcondition', keyword: 'ensures', text: 'true', range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } } }] : [],
      range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
      dependencies: [],
    });
    const task = { name: 'double_array', params: [{ name: 'a', type: T.int }], results: [] };
    const notes: string[] = [];
    expect(chooseMethod([m('Helper', 1, true), m('DoubleArray', 1, false)], task, notes)?.name).toBe('DoubleArray');
    expect(notes).toEqual([]);
    expect(chooseMethod([m('Helper', 1, true), m('Main', 1, true), m('Other', 2, true), m('Last', 1, false)], task, notes)?.name).toBe('Main');
    expect(notes).toEqual(['no method named double_array: chose Main, the last one with a postcondition and 1 parameter']);
    expect(chooseMethod([m('Other', 2, true)], task, [])).toBeUndefined();
  });
});

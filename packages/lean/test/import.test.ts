import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { oracleChooser, scoreSuites } from '@specmut/core';
import { importVerina, leanBackend, quoteLongIntegers } from '../src/index.js';
import { FIXTURES } from './helpers.js';

const out = mkdtempSync(join(tmpdir(), 'specmut-verina-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('specmut import verina', () => {
  it('keeps every digit of integers beyond 2^53', () => {
    const text = '{"n": 6285195213566005335561053533150026217291776, "s": "12345678901234567890", "x": [1, -12345678901234567890], "f": 1.5}';
    expect(JSON.parse(quoteLongIntegers(text))).toEqual({ n: '6285195213566005335561053533150026217291776', s: '12345678901234567890', x: [1, '-12345678901234567890'], f: 1.5 });
  });

  it('writes a suite per task: Lean literals read, unexpected outputs as wrong, reject inputs', async () => {
    const report = await importVerina({ dir: join(FIXTURES, 'verina'), out });
    expect(report.totals).toMatchObject({ tasks: 2, imported: 1, partial: 1, skipped: 0, tests: 3, wrong: 4, rejectInputs: 1 });
    const pairs = JSON.parse(readFileSync(join(out, 'pairs_task.suite.json'), 'utf8'));
    expect(pairs).toMatchObject({ spec: 'pairs_task.lean', language: 'lean', method: 'tally', rejectInputs: [{ id: 'reject1', inputs: { xs: [] } }] });
    expect(pairs.tests[0]).toEqual({ id: 'test1', inputs: { xs: [1, 2, 1] }, output: [[1, 2], [2, 1]], wrong: [[[1, 1], [2, 1]], [[1, 2]]] });
    // A bare String and Char as VERINA writes them; a number where a Char is expected is reported.
    const words = report.tasks.find((t) => t.task === 'words_task')!;
    expect(words.status).toBe('partial');
    expect(words.reasons).toEqual([expect.stringMatching(/^test 2: expected a character literal, got "5"/)]);
    const shout = JSON.parse(readFileSync(join(out, 'words_task.suite.json'), 'utf8'));
    expect(shout.tests[0]).toMatchObject({ inputs: { s: 'hi, there', c: '!' }, output: 'hi, there!', wrong: ['hi, there'] });
  });

  it('scores the imported suites with the evaluator: known wrong outputs rejected, reject inputs refused', async () => {
    const report = await scoreSuites([join(out, 'pairs_task.suite.json'), join(out, 'words_task.suite.json')], { backends: [leanBackend], oracleFor: oracleChooser({ mode: 'eval' }) }, { mutants: 4, seed: 1 });
    const tally = report.specs.find((s) => s.method === 'tally')!;
    expect(tally.status).toBe('scored');
    expect(tally.correctness).toBe(1);
    expect(tally.tests.flatMap((t) => t.mutants.filter((m) => m.origin === 'wrong').map((m) => m.verdict))).toEqual(['rejected', 'rejected', 'rejected']);
    expect(tally.rejectInputs?.map((r) => r.verdict)).toEqual(['rejected']);
    // The spec does not fix the order of the pairs: only reorderings survive.
    const survivors = tally.tests.flatMap((t) => t.mutants.filter((m) => m.verdict === 'accepted'));
    expect(survivors.map((m) => m.operator)).toEqual(survivors.map(() => 'seq.swap'));
    const shout = report.specs.find((s) => s.method === 'shout')!;
    expect([shout.correctness, shout.completeness]).toEqual([1, 1]);
  });
});

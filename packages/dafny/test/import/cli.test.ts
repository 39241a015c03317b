import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpecmutError } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { importCommand } from '../../../cli/src/commands/import.js';

const corpus = fileURLToPath(new URL('./fixtures/corpus', import.meta.url));

function capture() {
  const lines: string[] = [];
  return { io: { out: (t: string) => lines.push(t), err: (t: string) => lines.push(`ERR ${t}`) }, lines };
}

describe('specmut import mbpp-dfy', () => {
  it('prints each partial or skipped task with its reasons, tasks with notes, then the totals', async () => {
    const out = await mkdtemp(join(tmpdir(), 'specmut-import-cli-'));
    try {
      const { io, lines } = capture();
      expect(await importCommand(['mbpp-dfy', corpus, '--out', out], io)).toBe(0);
      const text = lines.join('\n');
      expect(text).toContain('task_id_13: skipped: no test method in corpus/test/task_id_13.dfy (it declares Main)');
      expect(text).toContain('task_id_22: partial (1 test): the test method has only 1 call of CountA; 2 more calls are commented out (lines 6, 10)');
      expect(text).toContain('task_id_19: partial (1 test)\n    test 1 (line 2, `Area(2, 3, 4)`): Area takes 2 arguments (w, h), the call passes 3\n');
      expect(text).toContain('task_id_12: imported, with notes\n    test 1: the expected value of r is `e1`');
      expect(text).not.toMatch(/task_id_1:/);
      expect(lines.at(-2)).toBe('32 tasks: 17 imported with all their tests (at least 3), 9 partial, 6 skipped; 68 tests in 26 suites');
      expect(lines.at(-1)).toBe(`suites written to ${out}; report: ${join(out, 'import-report.json')}`);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('rejects bad usage with a SpecmutError carrying the usage', async () => {
    const { io } = capture();
    await expect(importCommand([], io)).rejects.toThrow(/needs a benchmark format/);
    await expect(importCommand(['humaneval', corpus, '--out', 'x'], io)).rejects.toThrow(/unknown benchmark format "humaneval"/);
    await expect(importCommand(['mbpp-dfy', corpus], io)).rejects.toThrow(SpecmutError);
    await expect(importCommand(['mbpp-dfy'], io)).rejects.toThrow(/needs the benchmark directory/);
    await expect(importCommand(['mbpp-dfy', corpus, 'extra', '--out', 'x'], io)).rejects.toThrow(/unexpected argument "extra"/);
  });

  it('prints its usage with --help', async () => {
    const { io, lines } = capture();
    expect(await importCommand(['--help'], io)).toBe(0);
    expect(lines[0]).toMatch(/^specmut import mbpp-dfy <dir> --out <dir> \[--tests-from <dir>\]/);
  });
});

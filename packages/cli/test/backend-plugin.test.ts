import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReportSchema, loadBackendModule } from '@specmut/core';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const toy = join(root, 'examples', 'backend-toy');
const work = mkdtempSync(join(tmpdir(), 'specmut-plugin-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function specmut(args: string[], cwd = root) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function hasZ3(): boolean {
  return spawnSync('z3', ['--version'], { encoding: 'utf8' }).status === 0;
}

describe('a third-party backend loaded by module', () => {
  it('type-checks against core\'s declarations (the worked example of docs/writing-a-backend.md)', () => {
    const r = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', toy], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('scores with the evaluator and with its own verifier (the real Z3), with the same verdicts', () => {
    const reports = ['eval', 'toy'].map((oracle) => {
      const out = join(work, `${oracle}.json`);
      const r = specmut(['score', 'examples/backend-toy/specs', '--backend-module', './examples/backend-toy', '--backend', oracle, '--no-cache', '--json', out, '--quiet']);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      return ReportSchema.parse(JSON.parse(spawnSync('cat', [out], { encoding: 'utf8' }).stdout));
    });
    if (!hasZ3()) throw new Error('z3 is not installed: ./scripts/setup.sh installs it');
    const [byEval, byZ3] = reports as [ReturnType<typeof ReportSchema.parse>, ReturnType<typeof ReportSchema.parse>];
    for (const spec of byZ3.specs) for (const test of spec.tests) expect(test.oracle).toMatch(/^z3 \d/);
    for (const spec of byEval.specs) for (const test of spec.tests) expect(test.oracle).toBe('eval');
    const figures = (r: typeof byEval) => Object.fromEntries(r.specs.map((s) => [s.id, [s.correctness, s.completeness]]));
    // Max pins the result down; MaxWeak (no `m == a || m == b`) lets larger answers through.
    expect(figures(byEval)).toEqual({ half: [1, 1], max: [1, 1], maxweak: [1, expect.any(Number)] });
    expect(figures(byEval).maxweak![1]).toBeLessThan(0.7);
    expect(figures(byZ3)).toEqual(figures(byEval));
  });

  it('is also read from specmut.config.json, paths relative to the config file', () => {
    const dir = join(work, 'config');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'specmut.config.json'), JSON.stringify({ backends: [toy] }));
    const r = specmut(['score', join(toy, 'specs', 'max.suite.json'), '--backend', 'eval', '--no-cache', '--quiet'], dir);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/correct 1\/1/);
  });

  it('without it, a toy suite is an unknown language naming the known ones', () => {
    const r = specmut(['score', 'examples/backend-toy/specs/max.suite.json', '--backend', 'eval', '--no-cache']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/unknown language "toy".*Known languages: dafny \(\.dfy\)/s);
  });
});

describe('a backend module that is wrong is refused at load with what is wrong', () => {
  const write = (name: string, text: string) => {
    const file = join(work, name);
    writeFileSync(file, text);
    return file;
  };

  it('names a missing member of the contract', async () => {
    const file = write('no-render.mjs', "export default { id: 'bad', extensions: ['.bad'], load: async () => ({}) };");
    await expect(loadBackendModule(file)).rejects.toThrow(/no-render\.mjs: render: expected a function/);
  });

  it('says when nothing is exported, and when a package is not installed', async () => {
    await expect(loadBackendModule(write('nothing.mjs', 'export const x = 1;'))).rejects.toThrow(/exports no backend/);
    await expect(loadBackendModule('specmut-backend-nonexistent', work)).rejects.toThrow(/is not installed \(no node_modules\/specmut-backend-nonexistent/);
  });

  it('refuses two backends with one id, through the CLI with exit 2', () => {
    const file = write('dafny-again.mjs', "export default { id: 'dafny', extensions: ['.dfy2'], load: async () => ({}), render: () => '' };");
    const r = specmut(['parse', '--lang', 'dafny', '--backend-module', file, 'examples/dafny']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/two backends are named "dafny"/);
  });

  it('reports a config file of the wrong shape with its path', () => {
    const dir = join(work, 'bad-config');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'specmut.config.json'), JSON.stringify({ backend: 'x' }));
    const r = specmut(['score', join(toy, 'specs', 'max.suite.json')], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/specmut\.config\.json: .*backend/);
  });
});

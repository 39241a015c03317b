import { mkdtempSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledZ3, detectDafny } from '../src/index.js';
import { findOnPath } from '../src/verifier/locate.js';
import { identityOf } from '../src/verifier/detect.js';

// The cache key holds the verifier's identity: what the solvers are, never where they are.
describe("Dafny's identity for the cache", () => {
  it('is the same for one Z3 found at two places, and names no path', async () => {
    const z3 = findOnPath('z3');
    if (!z3) return expect.fail('this test needs a native z3 on PATH');
    const dir = mkdtempSync(join(tmpdir(), 'specmut-z3-'));
    const places = ['one', 'two'].map((d) => {
      mkdirSync(join(dir, d));
      symlinkSync(z3, join(dir, d, 'z3'));
      return join(dir, d, 'z3');
    });
    const identities = [];
    for (const place of places) {
      process.env.SPECMUT_Z3 = place;
      try {
        const info = await detectDafny();
        expect(info.details.solver).toBe(place);
        identities.push(info.identity);
      } finally {
        delete process.env.SPECMUT_Z3;
      }
    }
    expect(identities[0]).toEqual(identities[1]);
    expect(JSON.stringify(identities[0])).not.toContain(dir);
    expect(identities[0]!.solver).toMatch(/^z3 \d+\.\d+\.\d+$/);
  }, 60_000);

  it("tells specmut's WebAssembly Z3 from a native one of the same version, and keeps the path of a Z3 of unknown version", () => {
    const wasm = bundledZ3()!;
    expect(identityOf({ solver: wasm, solverVersion: '4.16.0', cores: '1' }, wasm)).toEqual({ solver: 'z3-wasm 4.16.0', cores: '1' });
    expect(identityOf({ solver: '/usr/bin/z3', solverVersion: '4.16.0', cores: '1' }, wasm)).toEqual({ solver: 'z3 4.16.0', cores: '1' });
    expect(identityOf({ solver: '/opt/z3', solverVersion: 'unknown', cores: '2', bitvectorSolver: wasm, bitvectorSolverVersion: '4.16.0' }, wasm)).toEqual({
      solver: 'z3 of unknown version at /opt/z3',
      bitvectorSolver: 'z3-wasm 4.16.0',
      cores: '2',
    });
  });
});

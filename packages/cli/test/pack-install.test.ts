import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

// The published shape of the packages: packed, installed into a project outside the repository, used there.
describe('packages as npm users get them', () => {
  it('install from their tarballs and run the README library example, the CLI and a strict type-check', () => {
    const r = spawnSync(process.execPath, ['scripts/pack-install.mjs'], { cwd: root, encoding: 'utf8', timeout: 280_000 });
    expect(r.stderr).not.toMatch(/pack-install: /);
    expect(r.status).toBe(0);
    for (const step of ['npm install (tarballs + registry)', 'parser binding (auto)', 'README library example (node)', 'npx specmut score (evaluator)', 'npm install specmut-backend-toy', 'npx specmut score --backend-module specmut-backend-toy (Z3)', 'npx specmut score with specmut.config.json (evaluator)', 'missing Dafny outside the repository', 'consumer tsc with skipLibCheck: false']) {
      expect(r.stdout).toContain(`ok  ${step}`);
    }
    // The README example prints the first spec's correctness and completeness (SharedElements: 1 and 0.8).
    expect(r.stdout).toMatch(/prints: 1 0\.8/);
  }, 300_000);
});

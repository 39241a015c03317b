import { defineConfig } from 'vitest/config';

// Tests import workspace packages through their "source" export condition, so they run against
// the TypeScript sources; the CLI tests spawn the built binary, which `pnpm test` builds first.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'grammars/*/test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    globalSetup: ['./vitest.global-setup.ts'],
  },
});

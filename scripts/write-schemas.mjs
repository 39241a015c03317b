// Writes the published JSON Schemas (suite and report) from the zod schemas of the built core package.
// Run after a schema change: `pnpm build && pnpm schemas`; a test fails while a committed file is stale.
import { writeFileSync } from 'node:fs';
import { reportJsonSchema, suiteJsonSchema } from '../packages/core/dist/index.js';

const dir = new URL('../packages/core/schema/', import.meta.url);
for (const [name, schema] of [['suite.schema.json', suiteJsonSchema()], ['report.schema.json', reportJsonSchema()]]) {
  writeFileSync(new URL(name, dir), `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote packages/core/schema/${name}`);
}

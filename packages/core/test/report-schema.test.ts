import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPORT_SCHEMA_VERSION, reportJsonSchema } from '../src/index.js';

const committed = (name: string) => JSON.parse(readFileSync(new URL(`../schema/${name}`, import.meta.url), 'utf8'));
const STALE = 'a committed schema is stale: run `pnpm build && pnpm schemas` and commit packages/core/schema/';

describe('published JSON Schemas', () => {
  it('the report schema matches the committed file and names its version', () => {
    const schema = committed('report.schema.json');
    expect(schema, STALE).toEqual(reportJsonSchema());
    expect(schema.$id).toBe(`https://specmut.dev/schema/report-v${REPORT_SCHEMA_VERSION}.schema.json`);
    expect(schema.properties.schemaVersion.const).toBe(REPORT_SCHEMA_VERSION);
    expect(schema.required).toEqual(expect.arrayContaining(['schemaVersion', 'tool', 'options', 'specs', 'summary']));
    // A --jsonl line is one spec report: the schema's specs.items.
    expect(schema.properties.specs.items.required).toEqual(expect.arrayContaining(['id', 'suite', 'status', 'tests', 'mutants']));
  });
});

import { z } from 'zod';
import { REPORT_SCHEMA_VERSION, ReportSchema } from './schema.js';

/**
 * The published JSON Schema of `--json` reports, derived from the zod schema so the two cannot drift.
 * Read as input: objects stay open, so a report that gains an optional field within the same
 * `schemaVersion` still validates against the schema a tool pinned; removing or changing a field
 * bumps `REPORT_SCHEMA_VERSION`. A `--jsonl` line is one `#/properties/specs/items`.
 */
export function reportJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ReportSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return {
    ...schema,
    $id: `https://specmut.dev/schema/report-v${REPORT_SCHEMA_VERSION}.schema.json`,
    title: `specmut report, schema version ${REPORT_SCHEMA_VERSION}`,
    description: 'What `specmut score --json` writes: run options, a report per spec (tests, mutants, verdicts with their oracle and reason) and the summary.',
  };
}

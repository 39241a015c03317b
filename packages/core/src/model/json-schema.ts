import { z } from 'zod';
import { SuiteSchema } from './suite.js';

/** The published JSON Schema of suite files, derived from the zod schema so the two cannot drift. */
export function suiteJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(SuiteSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return {
    ...schema,
    $id: 'https://specmut.dev/schema/suite.schema.json',
    title: 'specmut test suite',
    description: 'A specification, the method it specifies, and input/output tests to score it with.',
  };
}

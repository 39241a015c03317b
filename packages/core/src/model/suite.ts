import { z } from 'zod';

const JsonSchema: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(JsonSchema), z.record(z.string(), JsonSchema)]),
);

/**
 * One input/output example as a user writes it. Values are plain JSON read against the method's
 * signature (see decodeValue): `inputs` by parameter name (or positionally), `output` the expected
 * result (an object by result name, or an array, when the method has several results).
 */
export const SuiteTestSchema = z
  .object({
    id: z.string().min(1).optional().describe('Name of the test in reports; defaults to test<N>.'),
    inputs: z
      .union([z.record(z.string(), JsonSchema), z.array(JsonSchema)])
      .describe('Input values by parameter name, or positionally.'),
    output: JsonSchema.describe('The expected output: by result name or positionally when there are several results.'),
    alternatives: z
      .array(JsonSchema)
      .optional()
      .describe('Other outputs that are also correct (e.g. [5,4] when [4,5] is expected and order does not matter); never used as mutants.'),
    wrong: z
      .array(JsonSchema)
      .optional()
      .describe('Known wrong outputs; scored like generated mutants, in addition to them.'),
  })
  .strict();
export type SuiteTest = z.infer<typeof SuiteTestSchema>;

export const SuiteOptionsSchema = z
  .object({
    mutants: z.number().int().min(0).max(1000).optional().describe('Output mutants per test (default 5).'),
    seed: z.number().int().optional().describe('Seed of the mutant generator (default 1).'),
    timeout: z.number().positive().optional().describe('Verifier time limit in seconds per triple (default 20).'),
  })
  .strict();
export type SuiteOptions = z.infer<typeof SuiteOptionsSchema>;

/** The test-suite file a user writes: which spec, which method, which backend, and the tests. */
export const SuiteSchema = z
  .object({
    $schema: z.string().optional(),
    id: z.string().min(1).optional().describe('Name of the spec in reports; defaults to the file name.'),
    spec: z.string().min(1).describe('Path of the specification file, relative to the suite file.'),
    method: z.string().min(1).describe('The method (or function) whose specification is tested.'),
    backend: z.string().min(1).default('dafny').describe('Language/verifier backend: dafny, eval, ...'),
    description: z.string().optional(),
    meta: z.record(z.string(), JsonSchema).optional().describe('Free-form metadata kept in reports (e.g. a benchmark label).'),
    options: SuiteOptionsSchema.optional(),
    tests: z.array(SuiteTestSchema).min(1),
  })
  .strict();
export type Suite = z.infer<typeof SuiteSchema>;
export type SuiteInput = z.input<typeof SuiteSchema>;

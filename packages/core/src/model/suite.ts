import { z } from 'zod';

const JsonSchema: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(JsonSchema), z.record(z.string(), JsonSchema)]),
);

const InputsSchema = z.union([z.record(z.string(), JsonSchema), z.array(JsonSchema)]).describe('Input values by parameter name, or positionally.');

/**
 * One input/output example as a user writes it. Values are plain JSON read against the method's
 * signature (see decodeValue): `inputs` by parameter name (or positionally), `output` the expected
 * result (an object by result name, or an array, when the method has several results).
 */
export const SuiteTestSchema = z
  .object({
    id: z.string().min(1).optional().describe('Name of the test in reports; defaults to test<N>.'),
    inputs: InputsSchema,
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

/** Inputs outside what the spec should allow: its precondition must refuse them (VERINA's reject_inputs). */
export const RejectInputSchema = z
  .object({
    id: z.string().min(1).optional().describe('Name of the input in reports; defaults to reject<N>.'),
    inputs: InputsSchema,
  })
  .strict();
export type RejectInput = z.infer<typeof RejectInputSchema>;

export const SuiteOptionsSchema = z
  .object({
    mutants: z.number().int().min(0).max(1000).optional().describe('Output mutants per test (default 5).'),
    seed: z.number().int().optional().describe('Seed of the mutant generator (default 1).'),
    timeout: z.number().positive().optional().describe('Verifier time limit in seconds per triple (default 20).'),
  })
  .strict();
export type SuiteOptions = z.infer<typeof SuiteOptionsSchema>;

/**
 * The test-suite file a user writes: which spec (and its language), which method, and the tests. Which
 * oracle decides the triples (a verifier, the evaluator) is a choice of the run, not of the suite.
 */
export const SuiteSchema = z
  .object({
    $schema: z.string().optional(),
    id: z.string().min(1).optional().describe('Name of the spec in reports; defaults to the file name.'),
    spec: z.string().min(1).describe('Path of the specification file, relative to the suite file.'),
    method: z.string().min(1).describe('The method (or function) whose specification is tested.'),
    language: z.string().min(1).optional().describe("Language of the spec (dafny, ...); by default the one that reads the spec file's extension."),
    backend: z.string().min(1).optional().describe('Deprecated: the former name of "language".'),
    description: z.string().optional(),
    meta: z.record(z.string(), JsonSchema).optional().describe('Free-form metadata kept in reports (e.g. a benchmark label).'),
    options: SuiteOptionsSchema.optional(),
    tests: z.array(SuiteTestSchema).min(1),
    rejectInputs: z
      .array(RejectInputSchema)
      .optional()
      .describe("Inputs the spec's precondition must refuse; scored as precondition completeness (tests' inputs it must accept give precondition correctness)."),
  })
  .strict();
export type Suite = z.infer<typeof SuiteSchema>;
export type SuiteInput = z.input<typeof SuiteSchema>;

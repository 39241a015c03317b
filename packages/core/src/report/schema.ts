import { z } from 'zod';
import { VerdictCauseSchema, VerdictStatusSchema } from '../model/verdict.js';

const JsonSchema: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(JsonSchema), z.record(z.string(), JsonSchema)]),
);

/** What a mutant's verdict means for the spec: the spec rejected it, accepted it, or we cannot tell. */
export const MutantOutcomeSchema = z.enum(['rejected', 'accepted', 'unknown', 'error']);
export type MutantOutcome = z.infer<typeof MutantOutcomeSchema>;

const CheckSchema = z.object({ oracle: z.string(), status: VerdictStatusSchema, cause: VerdictCauseSchema.optional(), reason: z.string().optional() });

const VerdictFields = {
  reason: z.string().optional(),
  cause: VerdictCauseSchema.optional(),
  oracle: z.string(),
  /** On a rejection: the 0-based index of the clause the oracle found false, when it names one. */
  clause: z.number().int().nonnegative().optional(),
  /** Cross-check mode: the second oracle's verdict on the same triple. */
  check: CheckSchema.optional(),
};

export const MutantReportSchema = z.object({
  id: z.string(),
  /** The mutated output as the spec's language writes it. */
  value: z.string(),
  /** The mutated output in the suite's JSON form, to reproduce the triple. */
  json: JsonSchema,
  /** `generated` mutants come from an operator; `wrong` ones from the suite's known-wrong outputs. */
  origin: z.enum(['generated', 'wrong']),
  operator: z.string().optional(),
  verdict: MutantOutcomeSchema,
  ...VerdictFields,
});
export type MutantReport = z.infer<typeof MutantReportSchema>;

export const AlternativeReportSchema = z.object({
  id: z.string(),
  value: z.string(),
  verdict: VerdictStatusSchema,
  ...VerdictFields,
});

export const TestReportSchema = z.object({
  id: z.string(),
  /** Inputs and expected output as the language writes them. */
  inputs: z.record(z.string(), z.string()),
  output: z.string(),
  verdict: VerdictStatusSchema,
  ...VerdictFields,
  precondition: z.object({ verdict: VerdictStatusSchema, ...VerdictFields }).optional(),
  alternatives: z.array(AlternativeReportSchema),
  mutants: z.array(MutantReportSchema),
});
export type TestReport = z.infer<typeof TestReportSchema>;

/** An input the precondition should refuse: `rejected` when it is proved false there, `accepted` when proved true. */
export const RejectInputReportSchema = z.object({
  id: z.string(),
  inputs: z.record(z.string(), z.string()),
  verdict: MutantOutcomeSchema,
  ...VerdictFields,
});
export type RejectInputReport = z.infer<typeof RejectInputReportSchema>;

export const MutantCountsSchema = z.object({
  total: z.number().int(),
  rejected: z.number().int(),
  accepted: z.number().int(),
  unknown: z.number().int(),
  error: z.number().int(),
});
export type MutantCounts = z.infer<typeof MutantCountsSchema>;

/** Cross-check mode: how two oracles compared on a spec's triples (decided = holds or fails). */
export const CrossCheckSchema = z.object({
  oracle: z.string(),
  /** Triples both oracles decided. */
  compared: z.number().int(),
  agree: z.number().int(),
  /** Decided by the primary oracle only / by the second oracle only. */
  primaryOnly: z.number().int(),
  secondaryOnly: z.number().int(),
  disagreements: z.array(
    z.object({ id: z.string(), test: z.string(), value: z.string(), primary: VerdictStatusSchema, secondary: VerdictStatusSchema, primaryReason: z.string().optional(), secondaryReason: z.string().optional() }),
  ),
});
export type CrossCheck = z.infer<typeof CrossCheckSchema>;

/** 1-based line and column; a range's end is exclusive. */
const PositionSchema = z.object({ line: z.number().int().min(1), column: z.number().int().min(1) });
export const SourceRangeSchema = z.object({ start: PositionSchema, end: PositionSchema });

/**
 * A mutant of the spec itself (see `mutateSpec`): `killed` when some triple of the suite gets a decided
 * verdict from it that differs from the original's, `survived` when every triple is decided the same,
 * `unknown` otherwise. `relation` (survivors): how it compares with the original on the tested inputs,
 * from both specs' verdicts on the suite's triples and on extra probe outputs; absent when undecided.
 */
export const SpecMutantSchema = z.object({
  operator: z.string(),
  /** The edited characters of the original spec file, and what the mutant has in their place. */
  location: SourceRangeSchema,
  replacement: z.string(),
  /** The clause's keyword, as the language writes it (`ensures`, `requires`, ...). */
  clause: z.string(),
  /** The clause as it was, and as the mutant has it (empty when the mutant drops it). */
  original: z.string(),
  text: z.string(),
  status: z.enum(['killed', 'survived', 'unknown']),
  relation: z.enum(['weaker', 'stronger', 'equivalent', 'incomparable']).optional(),
  reason: z.string(),
});
export type SpecMutant = z.infer<typeof SpecMutantSchema>;

export const SpecReportSchema = z.object({
  id: z.string(),
  suite: z.string(),
  spec: z.string().optional(),
  method: z.string().optional(),
  /** The spec's language; which oracles decided its triples is `oracles`. */
  language: z.string().optional(),
  meta: z.record(z.string(), JsonSchema).optional(),
  /** What the user should know about the suite (e.g. a deprecated field). */
  notes: z.array(z.string()).optional(),
  status: z.enum(['scored', 'error']),
  error: z.object({ code: z.string(), message: z.string(), location: z.string().optional() }).optional(),
  /** Share of tests whose expected output the spec provably accepts. */
  correctness: z.number().nullable(),
  /** Share of mutants the spec provably rejects (unknown verdicts are not rejections). */
  completeness: z.number().nullable(),
  /** The reference paper's count: every mutant that is not provably accepted counts as rejected. */
  lenientCompleteness: z.number().nullable(),
  /** Share of tests whose inputs the precondition provably accepts (null: no precondition checked). */
  preconditionCorrectness: z.number().nullable().optional(),
  /** Share of the suite's reject inputs the precondition provably refuses (null: none given). */
  preconditionCompleteness: z.number().nullable().optional(),
  tests: z.array(TestReportSchema),
  rejectInputs: z.array(RejectInputReportSchema).optional(),
  mutants: MutantCountsSchema,
  /** Triples whose verdict is unknown: tests, mutants, precondition checks and reject inputs together. */
  unknown: z.number().int(),
  oracles: z.array(z.string()),
  crossCheck: CrossCheckSchema.optional(),
  /**
   * The spec's own cost in this run: reading and preparing it, plus the verifier (or evaluator) seconds
   * its triples took (its share of processes it shared, every solver core counted; nothing for attempts
   * taken from the cache), not the wall time it waited for a process.
   */
  seconds: z.number(),
  /** Where the method and its postcondition clauses (in order) are in the spec file, for views that show the source. */
  locations: z.object({ method: SourceRangeSchema, postconditions: z.array(SourceRangeSchema) }).optional(),
  /** Mutants of the spec (when asked for), most informative first: survivors strictly weaker than the original lead. */
  specMutants: z.array(SpecMutantSchema).optional(),
  /** Operator edits left out: ones that do not parse, and ones that repeat a mutant already listed. */
  specMutantsDropped: z.object({ illFormed: z.number().int(), duplicates: z.number().int() }).optional(),
});
export type SpecReport = z.infer<typeof SpecReportSchema>;

export const SummarySchema = z.object({
  specs: z.number().int(),
  scored: z.number().int(),
  errors: z.number().int(),
  /** Specs with correctness 1. */
  correct: z.number().int(),
  /** Means over scored specs. */
  correctness: z.number().nullable(),
  completeness: z.number().nullable(),
  lenientCompleteness: z.number().nullable(),
  preconditionCorrectness: z.number().nullable().optional(),
  preconditionCompleteness: z.number().nullable().optional(),
  mutants: MutantCountsSchema,
  unknown: z.number().int(),
  unknownCauses: z.record(z.string(), z.number().int()),
  crossCheck: CrossCheckSchema.omit({ disagreements: true }).extend({ disagreements: z.number().int() }).optional(),
  seconds: z.number(),
});
export type Summary = z.infer<typeof SummarySchema>;

export const REPORT_SCHEMA_VERSION = 1;

/** A run of one shard (`--shard index/count`) of a list of `suites` suite files; see `mergeShards`. */
export const ShardSchema = z.object({ index: z.number().int().min(1), count: z.number().int().min(1), suites: z.number().int().min(0) });
export type Shard = z.infer<typeof ShardSchema>;

export const ReportSchema = z.object({
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION),
  tool: z.object({ name: z.literal('specmut'), version: z.string() }),
  options: z.object({ mutants: z.number().int(), seed: z.number().int(), timeout: z.number() }),
  /** Present in a shard's report only; a merged report, like a single run's, has none. */
  shard: ShardSchema.optional(),
  specs: z.array(SpecReportSchema),
  summary: SummarySchema,
});
export type Report = z.infer<typeof ReportSchema>;

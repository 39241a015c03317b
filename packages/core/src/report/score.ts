import { settleVerdicts } from '../oracle/settle.js';
import type { Type } from '../model/types.js';
import { outputParams, type Signature } from '../model/signature.js';
import { encodeValue, type Json } from '../model/json-values.js';
import type { Value } from '../model/values.js';
import type { Verdict, VerdictStatus } from '../model/verdict.js';
import type { PlannedTriple } from '../pipeline/build-triples.js';
import type { CrossCheck, MutantCounts, MutantOutcome, MutantReport, RejectInputReport, SpecReport, Summary, TestReport } from './schema.js';

export const MUTANT_OUTCOME: Record<VerdictStatus, MutantOutcome> = {
  fails: 'rejected',
  holds: 'accepted',
  unknown: 'unknown',
  error: 'error',
};

export type Render = (value: Value, type: Type) => string;

const ratio = (num: number, den: number): number | null => (den === 0 ? null : num / den);

type VerdictFields = Pick<Verdict, 'reason' | 'cause' | 'oracle' | 'clause' | 'check'>;

function verdictFields(v: Verdict): VerdictFields {
  const out: VerdictFields = { oracle: v.oracle };
  if (v.reason !== undefined) out.reason = v.reason;
  if (v.cause !== undefined) out.cause = v.cause;
  // A clause index is only meaningful for a rejection (settling may have turned it into an unknown).
  if (v.clause !== undefined && v.status === 'fails') out.clause = v.clause;
  if (v.check !== undefined) out.check = v.check;
  return out;
}

/** Compares the primary verdicts with the cross-check ones carried in `check`. */
function crossCheckOf(triples: PlannedTriple[], verdictOf: (t: PlannedTriple) => Verdict, valueOf: (t: PlannedTriple) => string): CrossCheck | undefined {
  const checked = triples.filter((t) => verdictOf(t).check);
  if (checked.length === 0) return undefined;
  const decided = (s: string) => s === 'holds' || s === 'fails';
  const cc: CrossCheck = { oracle: verdictOf(checked[0]!).check!.oracle, compared: 0, agree: 0, primaryOnly: 0, secondaryOnly: 0, disagreements: [] };
  for (const t of checked) {
    const v = verdictOf(t);
    const c = v.check!;
    if (decided(v.status) && decided(c.status)) {
      cc.compared++;
      if (v.status === c.status) cc.agree++;
      else {
        const d: CrossCheck['disagreements'][number] = { id: t.id, test: t.testId, value: valueOf(t), primary: v.status, secondary: c.status };
        if (v.reason) d.primaryReason = v.reason;
        if (c.reason) d.secondaryReason = c.reason;
        cc.disagreements.push(d);
      }
    } else if (decided(v.status)) cc.primaryOnly++;
    else if (decided(c.status)) cc.secondaryOnly++;
  }
  return cc;
}

export function renderOutputs(outputs: Record<string, Value>, signature: Signature, render: Render): string {
  const out = outputParams(signature);
  if (out.length === 1) return render(outputs[out[0]!.name]!, out[0]!.type);
  return `(${out.map((r) => `${r.name} := ${render(outputs[r.name]!, r.type)}`).join(', ')})`;
}

function outputsJson(outputs: Record<string, Value>, signature: Signature): Json {
  const out = outputParams(signature);
  if (out.length === 1) return encodeValue(outputs[out[0]!.name]!, out[0]!.type);
  return Object.fromEntries(out.map((r) => [r.name, encodeValue(outputs[r.name]!, r.type)]));
}

export interface ScoreInput {
  id: string;
  suite: string;
  spec: string;
  method: string;
  language: string;
  notes?: readonly string[] | undefined;
  meta?: Record<string, unknown> | undefined;
  signature: Signature;
  testIds: string[];
  triples: PlannedTriple[];
  verdicts: Map<string, Verdict>;
  render: Render;
  seconds: number;
}

const missing = (oracle = 'none'): Verdict => ({ status: 'unknown', cause: 'missing', reason: 'no verdict was produced for this triple', oracle });

/** Turns per-triple verdicts into the spec's report: per-test rows, counts and the three scores. */
export function scoreSpec(input: ScoreInput): SpecReport {
  const { signature, render } = input;
  // Verdicts that rest on an unproved precondition do not stand (see settleVerdicts).
  const settled = settleVerdicts(input.triples, input.verdicts);
  const verdictOf = (t: PlannedTriple): Verdict => settled.get(t.id) ?? missing();
  const renderInputs = (t: PlannedTriple) => Object.fromEntries(signature.params.map((p) => [p.name, render(t.inputs[p.name]!, p.type)]));
  const tests: TestReport[] = input.testIds.map((testId) => {
    const own = input.triples.filter((t) => t.testId === testId);
    const main = own.find((t) => t.role === 'test')!;
    const v = verdictOf(main);
    const pre = own.find((t) => t.role === 'precondition');
    const report: TestReport = {
      id: testId,
      inputs: renderInputs(main),
      output: renderOutputs(main.outputs, signature, render),
      verdict: v.status,
      ...verdictFields(v),
      alternatives: own
        .filter((t) => t.role === 'alternative')
        .map((t) => ({ id: t.id, value: renderOutputs(t.outputs, signature, render), verdict: verdictOf(t).status, ...verdictFields(verdictOf(t)) })),
      mutants: own
        .filter((t) => t.role === 'mutant' || t.role === 'wrong')
        .map((t): MutantReport => {
          const mv = verdictOf(t);
          const m: MutantReport = {
            id: t.id,
            value: renderOutputs(t.outputs, signature, render),
            json: outputsJson(t.outputs, signature),
            origin: t.role === 'wrong' ? 'wrong' : 'generated',
            verdict: MUTANT_OUTCOME[mv.status],
            ...verdictFields(mv),
          };
          if (t.operator) m.operator = t.operator;
          return m;
        }),
    };
    if (pre) report.precondition = { verdict: verdictOf(pre).status, ...verdictFields(verdictOf(pre)) };
    return report;
  });
  const rejectInputs = input.triples
    .filter((t) => t.role === 'reject')
    .map((t): RejectInputReport => ({ id: t.testId, inputs: renderInputs(t), verdict: MUTANT_OUTCOME[verdictOf(t).status], ...verdictFields(verdictOf(t)) }));
  const counts = countMutants(tests.flatMap((t) => t.mutants));
  const refused = countMutants(rejectInputs);
  const holds = tests.filter((t) => t.verdict === 'holds').length;
  const checkedPre = tests.filter((t) => t.precondition);
  const unknown =
    tests.filter((t) => t.verdict === 'unknown').length + counts.unknown + checkedPre.filter((t) => t.precondition!.verdict === 'unknown').length + refused.unknown;
  const report: SpecReport = {
    id: input.id,
    suite: input.suite,
    spec: input.spec,
    method: input.method,
    language: input.language,
    status: 'scored',
    correctness: ratio(holds, tests.length),
    completeness: ratio(counts.rejected, counts.total),
    lenientCompleteness: ratio(counts.total - counts.accepted, counts.total),
    preconditionCorrectness: ratio(checkedPre.filter((t) => t.precondition!.verdict === 'holds').length, checkedPre.length),
    preconditionCompleteness: ratio(refused.rejected, refused.total),
    tests,
    rejectInputs,
    mutants: counts,
    unknown,
    oracles: [...new Set([...input.verdicts.values()].map((v) => v.oracle))].sort(),
    seconds: input.seconds,
  };
  if (input.meta) report.meta = input.meta as Record<string, unknown>;
  if (input.notes?.length) report.notes = [...input.notes];
  const cc = crossCheckOf(input.triples, verdictOf, (t) => (t.role === 'precondition' || t.role === 'reject' ? '(precondition)' : renderOutputs(t.outputs, signature, render)));
  if (cc) report.crossCheck = cc;
  return report;
}

export function countMutants(mutants: { verdict: MutantOutcome }[]): MutantCounts {
  const c: MutantCounts = { total: mutants.length, rejected: 0, accepted: 0, unknown: 0, error: 0 };
  for (const m of mutants) c[m.verdict]++;
  return c;
}

const mean = (xs: (number | null)[]): number | null => {
  const ys = xs.filter((x): x is number => x !== null);
  return ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : null;
};

export function summarize(specs: SpecReport[], seconds: number): Summary {
  const scored = specs.filter((s) => s.status === 'scored');
  const causes: Record<string, number> = {};
  for (const s of scored) {
    for (const r of s.rejectInputs ?? []) if ((r.verdict === 'unknown' || r.verdict === 'error') && r.cause) causes[r.cause] = (causes[r.cause] ?? 0) + 1;
    for (const t of s.tests) {
      const rows = [t, ...t.mutants, ...(t.precondition ? [t.precondition] : [])];
      for (const r of rows) {
        if ((r.verdict === 'unknown' || r.verdict === 'error') && r.cause) causes[r.cause] = (causes[r.cause] ?? 0) + 1;
      }
    }
  }
  const checks = scored.map((s) => s.crossCheck).filter((c): c is CrossCheck => c !== undefined);
  const summary: Summary = {
    specs: specs.length,
    scored: scored.length,
    errors: specs.length - scored.length,
    correct: scored.filter((s) => s.correctness === 1).length,
    correctness: mean(scored.map((s) => s.correctness)),
    completeness: mean(scored.map((s) => s.completeness)),
    lenientCompleteness: mean(scored.map((s) => s.lenientCompleteness)),
    preconditionCorrectness: mean(scored.map((s) => s.preconditionCorrectness ?? null)),
    preconditionCompleteness: mean(scored.map((s) => s.preconditionCompleteness ?? null)),
    mutants: countMutants(scored.flatMap((s) => s.tests.flatMap((t) => t.mutants))),
    unknown: scored.reduce((a, s) => a + s.unknown, 0),
    unknownCauses: causes,
    seconds,
  };
  if (checks.length) {
    const sum = (k: 'compared' | 'agree' | 'primaryOnly' | 'secondaryOnly') => checks.reduce((a, c) => a + c[k], 0);
    summary.crossCheck = {
      oracle: checks[0]!.oracle,
      compared: sum('compared'),
      agree: sum('agree'),
      primaryOnly: sum('primaryOnly'),
      secondaryOnly: sum('secondaryOnly'),
      disagreements: checks.reduce((a, c) => a + c.disagreements.length, 0),
    };
  }
  return summary;
}

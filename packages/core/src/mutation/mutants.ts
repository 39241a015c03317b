import type { Parameter } from '../model/signature.js';
import { valueKey, type Value } from '../model/values.js';
import { applicableOperators } from './operators.js';
import { createRng } from './rng.js';

export interface OutputMutant {
  outputs: Record<string, Value>;
  /** The operator that made it, e.g. `seq.drop` (with the result name when there are several). */
  operator: string;
}

export interface MutantRequest {
  results: Parameter[];
  expected: Record<string, Value>;
  /** Outputs that are also correct; a mutant must differ from each of them. */
  alternatives: Record<string, Value>[];
  count: number;
  /** Stable per test, e.g. `${seed}/${specId}/${testId}`. */
  seed: string;
}

export const outputsKey = (results: Parameter[], outputs: Record<string, Value>): string =>
  results.map((r) => valueKey(outputs[r.name]!)).join(' | ');

/**
 * Up to `count` distinct mutants of the expected outputs, deterministic for the seed. Each mutant edits
 * one result with one operator; fewer are returned when the type has fewer distinct neighbours (a bool).
 */
export function generateMutants(req: MutantRequest): OutputMutant[] {
  const rng = createRng(req.seed);
  const seen = new Set<string>([outputsKey(req.results, req.expected), ...req.alternatives.map((a) => outputsKey(req.results, a))]);
  const mutants: OutputMutant[] = [];
  const targets = req.results.filter((r) => applicableOperators(req.expected[r.name]!, r.type).length > 0);
  if (targets.length === 0) return mutants;
  const maxAttempts = Math.max(50, req.count * 40);
  for (let attempt = 0; attempt < maxAttempts && mutants.length < req.count; attempt++) {
    const target = rng.pick(targets);
    const current = req.expected[target.name]!;
    const op = rng.pick(applicableOperators(current, target.type));
    const outputs = { ...req.expected, [target.name]: op.apply(current, target.type, rng) };
    const key = outputsKey(req.results, outputs);
    if (seen.has(key)) continue;
    seen.add(key);
    mutants.push({ outputs, operator: req.results.length > 1 ? `${target.name}:${op.name}` : op.name });
  }
  return mutants;
}

import { generateMutants } from '../mutation/mutants.js';
import { outputParams, type Signature } from '../model/signature.js';
import type { Triple } from '../model/triple.js';
import type { TypedRejectInput, TypedTest } from './resolve-tests.js';

export interface TripleOptions {
  mutants: number;
  seed: number;
  specId: string;
  /** Add a `precondition` triple per test (when the method has a precondition, or reject inputs are given). */
  checkPrecondition: boolean;
}

export interface PlannedTriple extends Triple {
  /** For mutants: the operator that made the output. */
  operator?: string;
}

/**
 * The triples of a spec: per test, optionally its precondition check, the expected output, the
 * acceptable alternatives, the known-wrong outputs, and generated mutants that differ from all of those;
 * then a `reject` triple per input the precondition should refuse.
 */
export function buildTriples(tests: TypedTest[], signature: Signature, options: TripleOptions, rejects: readonly TypedRejectInput[] = []): PlannedTriple[] {
  const triples: PlannedTriple[] = [];
  tests.forEach((test, ti) => {
    const base = `t${ti + 1}`;
    const make = (suffix: string, role: Triple['role'], outputs: Triple['outputs'], operator?: string): PlannedTriple => {
      const t: PlannedTriple = { id: `${base}${suffix}`, testId: test.id, role, inputs: test.inputs, outputs };
      if (operator) t.operator = operator;
      return t;
    };
    if (options.checkPrecondition) triples.push(make('_pre', 'precondition', {}));
    triples.push(make('', 'test', test.outputs));
    test.alternatives.forEach((a, j) => triples.push(make(`_alt${j + 1}`, 'alternative', a)));
    test.wrong.forEach((w, j) => triples.push(make(`_w${j + 1}`, 'wrong', w)));
    const mutants = generateMutants({
      results: outputParams(signature),
      expected: test.outputs,
      // Known-wrong outputs are already scored; generated mutants should add new ones.
      alternatives: [...test.alternatives, ...test.wrong],
      count: options.mutants,
      seed: `${options.seed}/${options.specId}/${test.id}`,
    });
    mutants.forEach((m, j) => triples.push(make(`_m${j + 1}`, 'mutant', m.outputs, m.operator)));
  });
  rejects.forEach((r, i) => triples.push({ id: `r${i + 1}_reject`, testId: r.id, role: 'reject', inputs: r.inputs, outputs: {} }));
  return triples;
}

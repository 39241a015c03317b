import { comprehensionValues, quantifierInstances, tripleBindings, type IrSpec, type MethodSpec, type SpecModule, type Triple, type Value } from '@specmut/core';
import { lowerDafnySpec } from '../lower/index.js';
import type { EvaluatorHints } from './emit.js';

const lowered = new WeakMap<MethodSpec, Promise<IrSpec | undefined>>();

function lowerOnce(module: SpecModule, method: MethodSpec): Promise<IrSpec | undefined> {
  let spec = lowered.get(method);
  if (!spec) {
    spec = Promise.resolve()
      .then(() => lowerDafnySpec(module, method))
      .then((s) => ('unsupported' in s ? undefined : s))
      .catch(() => undefined);
    lowered.set(method, spec);
  }
  return spec;
}

/**
 * What the evaluator finds on each triple's values, to write into the harness as hints: the witnesses
 * and counterexamples of quantifiers, and the values of comprehensions. Only hints: Dafny still proves
 * everything, so an evaluator mistake can cost a proof, never produce a wrong verdict. Z3 is not
 * consulted here; quantifiers it would be needed for get the harness's generic candidates instead.
 */
export async function evaluatorHints(module: SpecModule, method: MethodSpec, triples: readonly Triple[]): Promise<EvaluatorHints> {
  const instances = new Map<string, TripleHints['instances']>();
  const comprehensions = new Map<string, TripleHints['comprehensions']>();
  for (const t of triples) {
    const found = await hintsOnce(module, method, t);
    if (!found) continue;
    instances.set(t.id, found.instances);
    comprehensions.set(t.id, found.comprehensions);
  }
  return { instances, comprehensions };
}

interface TripleHints {
  instances: { line: number; column: number; values: Record<string, Value> }[];
  comprehensions: { line: number; column: number; value: Value }[];
}

// A triple goes through several rounds (and bisections) with the same values: evaluate it once.
const perTriple = new WeakMap<Triple, Promise<TripleHints | undefined>>();

function hintsOnce(module: SpecModule, method: MethodSpec, t: Triple): Promise<TripleHints | undefined> {
  let hints = perTriple.get(t);
  if (!hints) {
    hints = lowerOnce(module, method).then(async (spec) => {
      if (!spec) return undefined;
      const bindings = tripleBindings(t, method.signature.inOut);
      try {
        const found = await quantifierInstances(spec, bindings, { solver: false });
        return {
          instances: found.filter((f) => f.loc).map((f) => ({ line: f.loc!.line, column: f.loc!.column, values: f.values })),
          comprehensions: comprehensionValues(spec, bindings).map((c) => ({ line: c.loc.line, column: c.loc.column, value: c.value })),
        };
      } catch {
        // No hints for this triple: the generic candidates remain.
        return undefined;
      }
    });
    perTriple.set(t, hints);
  }
  return hints;
}

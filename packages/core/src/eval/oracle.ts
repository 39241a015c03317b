import type { Lowering, Unsupported } from '../backend/contract.js';
import type { IrSpec } from '../ir/nodes.js';
import type { Oracle } from '../oracle/oracle.js';
import { tripleBindings, tripleChecks } from '../model/triple.js';
import { verdict, type Verdict, type VerdictCause } from '../model/verdict.js';
import { showLoc } from './outcome.js';
import { checkPrecondition, evaluate, type EvalCause, type EvalOptions, type EvalResult } from './spec.js';
import { z3Solver } from './z3.js';

export interface EvalOracleOptions extends EvalOptions {
  /** Shown as the verdicts' oracle; default `eval`. */
  name?: string;
}

const CAUSE: Record<EvalCause, VerdictCause> = {
  unsupported: 'unsupported',
  budget: 'budget',
  timeout: 'timeout',
  'gave-up': 'gave-up',
  vacuous: 'vacuous',
  // A verifier can prove neither the clause nor its negation when the clause is not well-formed or
  // its value is unspecified: the same verdict as a verifier that gave up.
  'not-well-formed': 'gave-up',
  unspecified: 'gave-up',
};

export function toVerdict(r: EvalResult, oracle: string, seconds?: number): Verdict {
  const extra: Partial<Verdict> = {};
  if (seconds !== undefined) extra.seconds = seconds;
  if (r.reason !== undefined) extra.reason = r.reason;
  if (r.status === 'fails' && r.clause !== undefined) extra.clause = r.clause;
  if (r.status === 'unknown') extra.cause = CAUSE[r.cause ?? 'gave-up'];
  return verdict(r.status, oracle, extra);
}

function isUnsupported(x: IrSpec | Unsupported): x is Unsupported {
  return 'unsupported' in x;
}

/**
 * The evaluator as an oracle: lowers the method's spec once per request, then decides each triple by
 * evaluation (precondition triples check `requires` on the inputs; the others assume it and check
 * `ensures` on inputs and outputs). Z3 is used for quantifiers the evaluator cannot enumerate unless
 * `solver: false` is given.
 */
export function evalOracle(lower: Lowering, options: EvalOracleOptions = {}): Oracle {
  const name = options.name ?? 'eval';
  return {
    name,
    async decide(req) {
      const out = new Map<string, Verdict>();
      let spec: IrSpec | Unsupported;
      try {
        spec = await lower(req.module, req.method);
      } catch (err) {
        spec = { unsupported: err instanceof Error ? err.message : String(err) };
      }
      if (isUnsupported(spec)) {
        const reason = `cannot evaluate this spec: ${spec.unsupported}${showLoc(spec.loc)}`;
        for (const t of req.triples) out.set(t.id, verdict('unknown', name, { cause: 'unsupported', reason }));
        return out;
      }
      const evalOptions: EvalOptions = {
        ...options,
        solver: options.solver === undefined ? z3Solver : options.solver,
        timeoutMs: options.timeoutMs ?? req.timeoutSeconds * 1000,
        knownResults: options.knownResults ?? req.knownResults,
      };
      for (const t of req.triples) {
        if (req.signal?.aborted) {
          out.set(t.id, verdict('unknown', name, { cause: 'interrupted', reason: 'the run was stopped before this triple was evaluated' }));
          continue;
        }
        const started = performance.now();
        let result: EvalResult;
        try {
          const bindings = tripleBindings(t, req.method.signature.inOut);
          // The spec's own function at the triple's inputs is the output under check (a mutant's, not the expected one).
          result = tripleChecks(t) === 'pre' ? await checkPrecondition(spec, bindings, evalOptions) : await evaluate(spec, bindings, { ...evalOptions, ownResult: { inputs: t.inputs, outputs: t.outputs } });
        } catch (err) {
          result = { status: 'unknown', cause: 'unsupported', reason: `evaluator failure: ${err instanceof Error ? err.message : String(err)}` };
        }
        out.set(t.id, toVerdict(result, name, (performance.now() - started) / 1000));
      }
      return out;
    },
  };
}

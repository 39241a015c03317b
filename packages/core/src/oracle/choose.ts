import { SpecmutError } from '../errors.js';
import type { Backend } from '../backend/contract.js';
import type { Oracle } from './oracle.js';
import { evalOracle } from '../eval/oracle.js';
import { verifierOracle } from './verifier-oracle.js';
import { routeBySize } from './size-route.js';
import { crossCheckOracle } from './cross-check.js';
import { obligationCache } from '../cache/obligation-cache.js';

/**
 * Who decides triples: `verifier` (the backend's verifier, which must be installed), `eval` (specmut's
 * embedded evaluator), or `auto` (the verifier when it is installed, else the evaluator).
 */
export type OracleMode = 'auto' | 'verifier' | 'eval';

export interface OracleChoice {
  mode?: OracleMode;
  /** A second oracle whose verdicts are attached to the first's, to list disagreements; the two then run independently. */
  crossCheck?: Exclude<OracleMode, 'auto'> | undefined;
  cacheDir?: string | undefined;
  /** Verifier processes at the same time (specs waiting meanwhile are merged into shared runs). */
  processes?: number;
  /** Attempt both polarities even where the evaluator's prediction is decided. */
  exhaustive?: boolean | undefined;
  /** Triples with more scalar values than this are not given to a verifier (see `routeBySize`). */
  maxValues?: number | undefined;
  /** Told once per backend when `auto` falls back to the evaluator, and of triples too large for the verifier. */
  notice?: (message: string) => void;
}

export const DEFAULT_MAX_VALUES = 5000;

/** Picks each backend's oracle once per run. */
export function oracleChooser(choice: OracleChoice = {}): (backend: Backend) => Promise<Oracle> {
  const chosen = new Map<string, Promise<Oracle>>();
  const cache = obligationCache(choice.cacheDir);

  const evaluator = (backend: Backend): Oracle => {
    if (!backend.lower) throw new SpecmutError('missing-verifier', `the ${backend.id} backend has no evaluator lowering`);
    return evalOracle(backend.lower, { printer: backend.printer });
  };
  /**
   * `independent`: when the verifier is cross-checked against the evaluator, it gets neither the
   * evaluator's predictions nor its hints, so that each oracle derives its verdicts on its own and a
   * disagreement can show.
   */
  const verifier = async (backend: Backend, independent: boolean): Promise<Oracle> => {
    if (!backend.verifier) throw new SpecmutError('missing-verifier', `the ${backend.id} backend has no verifier`);
    // The evaluator's opinion orders the proof attempts (the likely one first); verdicts stay the verifier's.
    const predict = backend.lower && !independent ? evalOracle(backend.lower, { solver: false, name: 'eval (prediction)', printer: backend.printer }) : undefined;
    const oracle = verifierOracle(backend.verifier, await backend.verifier.detect(), { cache, predict, processes: choice.processes, exhaustive: choice.exhaustive, independent, notice: choice.notice });
    // Huge inputs go to the evaluator (linear in their size), not into a verifier harness.
    return routeBySize(oracle, backend.lower ? evaluator(backend) : undefined, { maxValues: choice.maxValues ?? DEFAULT_MAX_VALUES, notice: choice.notice });
  };
  const independent = choice.crossCheck !== undefined;
  const make = async (backend: Backend, mode: OracleMode): Promise<Oracle> => {
    if (mode === 'eval') return evaluator(backend);
    if (mode === 'verifier' || !backend.lower) return verifier(backend, independent);
    try {
      return await verifier(backend, independent);
    } catch (e) {
      if (!(e instanceof SpecmutError && e.code === 'missing-verifier')) throw e;
      choice.notice?.(`${e.message}; verdicts come from specmut's evaluator (eval). ${e.hint ?? ''}`.trim());
      return evaluator(backend);
    }
  };

  return (backend) => {
    let oracle = chosen.get(backend.id);
    if (!oracle) {
      oracle = (async () => {
        const primary = await make(backend, choice.mode ?? 'auto');
        if (!choice.crossCheck) return primary;
        return crossCheckOracle(primary, await make(backend, choice.crossCheck));
      })();
      chosen.set(backend.id, oracle);
    }
    return oracle;
  };
}

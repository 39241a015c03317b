import type { MethodSpec, SpecModule } from '../backend/contract.js';
import type { Triple } from '../model/triple.js';
import type { Value } from '../model/values.js';
import type { Verdict } from '../model/verdict.js';

export interface OracleRequest {
  module: SpecModule;
  method: MethodSpec;
  triples: Triple[];
  /** Per-triple time limit. */
  timeoutSeconds: number;
  /**
   * The suite's tests (inputs and expected outputs): what the spec's own function gives at other
   * arguments than a triple's, for specs that mention it (`f (n + 1)`).
   */
  knownResults?: readonly { inputs: Readonly<Record<string, Value>>; outputs: Readonly<Record<string, Value>> }[] | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Decides triples: a verifier run through a backend, or core's own evaluator. Every triple of the request
 * gets exactly one verdict, including when the oracle crashes (then `unknown` or `error` with the reason).
 */
export interface Oracle {
  /** Shown in reports as the source of each verdict, e.g. `dafny 4.11.0`. */
  name: string;
  decide(request: OracleRequest): Promise<Map<string, Verdict>>;
}

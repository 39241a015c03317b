import type { MethodSpec, SpecModule } from '../backend/contract.js';
import type { Triple } from '../model/triple.js';
import type { Verdict } from '../model/verdict.js';

export interface OracleRequest {
  module: SpecModule;
  method: MethodSpec;
  triples: Triple[];
  /** Per-triple time limit. */
  timeoutSeconds: number;
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

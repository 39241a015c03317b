import { evalOracle, type EvalOracleOptions, type Lowering, type Oracle } from '@specmut/core';
import { dafnyPrinter } from '../print.js';
import { lowerDafny } from './spec.js';

export { lowerDafny, lowerDafnyReport, unsupportedNodes, type LoweringReport } from './spec.js';

/** The Dafny lowering in the shape `evalOracle` takes. */
export const lowerDafnySpec: Lowering = lowerDafny;

/** The evaluator oracle for Dafny specs: decides triples without running Dafny. */
export function dafnyEvalOracle(options?: EvalOracleOptions): Oracle {
  return evalOracle(lowerDafnySpec, { printer: dafnyPrinter, ...options });
}

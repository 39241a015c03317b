export { evaluate, checkPrecondition, quantifierInstances, comprehensionValues } from './spec.js';
export type { ComprehensionValue, DecidingInstance, EvalResult, EvalStatus, EvalCause, EvalOptions, QuantifierSolver } from './spec.js';
export { evalOracle, toVerdict } from './oracle.js';
export type { Lowering, Unsupported, EvalOracleOptions } from './oracle.js';
export { z3Solver, runSmt } from './z3.js';
export { DEFAULT_BUDGET } from './interp.js';
export type { Budget, Z3Query, Z3Answer } from './interp.js';
export { divMod, intoDomain, wrap, machineRange } from './arith.js';

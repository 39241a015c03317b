import type { DatatypeDecl, Expr, FunctionDef, OnFailure, PrimExpr, QuantExpr } from '../ir/nodes.js';
import type { Printer } from '../ir/print.js';
import type { Value } from '../model/values.js';
import type { Env, RVal } from './env.js';
import type { Unknown } from './outcome.js';

/*
 * What the evaluator's modules (logic, numbers, sequences, datatypes, functions, quantifiers,
 * primitives) see of the evaluator, so that they depend on this interface rather than on each other.
 */

export interface Budget {
  /** Nodes evaluated per clause check before giving up (`budget`). */
  maxSteps: number;
  /** Nested function calls. */
  maxDepth: number;
  /** Candidate tuples one quantifier or comprehension may enumerate; past it the quantifier goes to Z3. */
  maxEnumeration: number;
  /** Collection elements one clause check may build (copies included), so that memory stays bounded. */
  maxElements: number;
}

export const DEFAULT_BUDGET: Budget = { maxSteps: 2_000_000, maxDepth: 500, maxEnumeration: 1_000_000, maxElements: 20_000_000 };

/** A quantifier the enumerator could not bound, with the concrete values of its free variables. */
export interface Z3Query {
  key: string;
  expr: QuantExpr;
  bindings: Map<string, Value>;
}

/** What Z3 said about a query: the quantifier's truth value, or why it could not tell. */
export type Z3Answer = boolean | Unknown;

export interface InterpContext {
  functions: ReadonlyMap<string, FunctionDef>;
  datatypes: readonly DatatypeDecl[];
  budget: Budget;
  /** When false, unboundable quantifiers are unknown (`gave-up`) instead of becoming Z3 queries. */
  useZ3: boolean;
  answers: Map<string, Z3Answer>;
  /** Told of every quantifier instance that decided its quantifier (a witness or a counterexample). */
  onInstance?: ((q: QuantExpr, values: Record<string, Value>) => void) | undefined;
  /** The library operations; a language extends `CORE_PRIMITIVES` (see `extendPrimitives`). */
  primitives?: PrimTable | undefined;
  /** How messages print expressions and values (the spec language's printer; default the IR's debug form). */
  printer?: Printer | undefined;
  /** The suite's expected outputs by inputs, for `specCall` (see `knownResultTable`). */
  knownResults?: ReadonlyMap<string, Value | 'conflict'> | undefined;
  /**
   * The checked triple's own inputs (as a `knownResults` key) and outputs: `specCall` at exactly these
   * arguments is the output under check, not a test's expected output (a mutant is checked against itself).
   */
  ownResult?: { key: string; value: Value } | undefined;
}

/**
 * A library operation's implementation: it receives its evaluated arguments and the node (for the
 * operation, locations and `onFail`); "no definite value" is thrown as everywhere in the evaluator.
 */
export type PrimImpl = (ip: Evaluator, args: RVal[], e: PrimExpr) => RVal;
export type PrimTable = ReadonlyMap<string, PrimImpl>;

/** One clause check's evaluator state and entry points (implemented by `Interp`). */
export interface Evaluator {
  readonly ctx: InterpContext;
  steps: number;
  depth: number;
  /** Counts `n` more collection elements built; past `Budget.maxElements` the check is unknown (`budget`). */
  chargeElements(n: number): void;
  readonly pending: Map<string, Z3Query>;
  /** Constructor name -> field name -> position. */
  readonly fieldIndex: Map<string, Map<string, number>>;
  readonly primitives: PrimTable;
  readonly printer: Printer;
  eval(e: Expr, env: Env | undefined): RVal;
  value(e: Expr, env: Env | undefined): Value;
  bool(e: Expr, env: Env | undefined): boolean;
  int(e: Expr, env: Env | undefined): bigint;
  /** A partial operation failed: its `onFail` mode decides between a default, unknown and ill-formed. */
  fail(onFail: OnFailure | undefined, reason: string, e: Expr): Value;
}

import type { DatatypeDecl, Expr, FunctionDef, IrClause, IrLoc, IrSpec } from '../ir/nodes.js';
import { children, freeVars } from '../ir/vars.js';
import { DEBUG_PRINTER, type Printer } from '../ir/print.js';
import { showLoc } from './outcome.js';
import { V, valueKey, type Value } from '../model/values.js';
import { argumentsKey, type KnownResultTable } from './functions.js';
import { Env } from './env.js';
import { explainFalse } from './explain.js';
import { DEFAULT_BUDGET, type Budget, type InterpContext, type Z3Answer, type Z3Query } from './context.js';
import { Interp } from './interp.js';
import { IllFormed, Unknown } from './outcome.js';

export type EvalStatus = 'holds' | 'fails' | 'unknown';

/**
 * Why a result is unknown: `not-well-formed` (an `error`-mode partial operation failed: a verifier
 * would reject the harness), `unspecified` (a language leaves the value open), `vacuous` (the
 * precondition is false for these inputs), or the evaluator's own limits.
 */
export type EvalCause = 'unsupported' | 'budget' | 'timeout' | 'gave-up' | 'vacuous' | 'not-well-formed' | 'unspecified';

export interface EvalResult {
  status: EvalStatus;
  cause?: EvalCause;
  /** Why the result is unknown, or which clause failed and why (same text as `explanation` then). */
  reason?: string;
  explanation?: string;
  /** On `fails`: the 0-based index of the first false clause, so reports can point at it. */
  clause?: number;
}

/** Decides closed quantifiers the enumerator could not bound (see z3.ts). */
export type QuantifierSolver = (queries: Z3Query[], ctx: InterpContext, timeoutMs: number) => Promise<Map<string, Z3Answer>>;

export interface EvalOptions {
  budget?: Partial<Budget>;
  /** Z3 fallback for unbounded quantifiers; absent or false: such quantifiers are unknown (`gave-up`). */
  solver?: QuantifierSolver | false;
  /** Time limit per Z3 query. */
  timeoutMs?: number;
  /** Told of each quantifier instance that decided a quantifier (see `quantifierInstances`). */
  onInstance?: InterpContext['onInstance'];
  /** The library operations, when a language extends or replaces core's (`extendPrimitives`). */
  primitives?: InterpContext['primitives'];
  /** How explanations print expressions, values and clause names (the spec language's printer). */
  printer?: InterpContext['printer'];
  /** The suite's tests (inputs and expected outputs), where `specCall` looks up the spec's own function. */
  knownResults?: readonly KnownResult[] | undefined;
  /** The checked triple's inputs and outputs: `specCall` at these inputs is this output (see `InterpContext.ownResult`). */
  ownResult?: KnownResult | undefined;
}

/** A test's inputs and expected outputs, by parameter name. */
export interface KnownResult {
  inputs: Readonly<Record<string, Value>>;
  outputs: Readonly<Record<string, Value>>;
}

const tables = new WeakMap<IrSpec, WeakMap<readonly KnownResult[], KnownResultTable>>();

/**
 * The known results keyed by the spec's parameters in order; a test that lacks one of the spec's
 * parameters or results is left out, and inputs with different expected outputs are a conflict.
 */
export function knownResultTable(spec: IrSpec, known: readonly KnownResult[]): KnownResultTable {
  let bySpec = tables.get(spec);
  if (!bySpec) tables.set(spec, (bySpec = new WeakMap()));
  const hit = bySpec.get(known);
  if (hit) return hit;
  const table = new Map<string, Value | 'conflict'>();
  for (const k of known) {
    const entry = resultEntry(spec, k);
    if (!entry) continue;
    const { key, value: out } = entry;
    const before = table.get(key);
    table.set(key, before === undefined || (before !== 'conflict' && valueKey(before) === valueKey(out)) ? out : 'conflict');
  }
  bySpec.set(known, table);
  return table;
}

/** A test's inputs as a key in the spec's parameter order, and its output (the tuple of several); undefined when one is missing. */
function resultEntry(spec: IrSpec, k: KnownResult): { key: string; value: Value } | undefined {
  const args = spec.params.map((p) => k.inputs[p.name]);
  const outs = spec.results.map((r) => k.outputs[r.name]);
  if (args.some((a) => a === undefined) || outs.length === 0 || outs.some((o) => o === undefined)) return undefined;
  return { key: argumentsKey(args as Value[]), value: outs.length === 1 ? outs[0]! : V.tuple(outs as Value[]) };
}

interface Prepared {
  functions: Map<string, FunctionDef>;
  datatypes: DatatypeDecl[];
  answers: Map<string, Z3Answer>;
}

const prepared = new WeakMap<IrSpec, Prepared>();

function prepare(spec: IrSpec): Prepared {
  let p = prepared.get(spec);
  if (!p) {
    p = { functions: new Map(spec.functions.map((f) => [f.name, f])), datatypes: spec.datatypes ?? [], answers: new Map() };
    prepared.set(spec, p);
  }
  return p;
}

type Role = 'precondition' | 'postcondition';

function clauseName(role: Role, c: IrClause, i: number, printer: Printer): string {
  const label = c.label ? ` "${c.label}"` : '';
  const line = c.loc ? ` (line ${c.loc.line})` : '';
  return `${printer.clause(role)} #${i + 1}${label}${line}`;
}

type ClauseOutcome =
  | { kind: 'true' }
  | { kind: 'false'; explanation: string }
  | { kind: 'unknown'; cause: EvalCause; reason: string }
  | { kind: 'ill-formed'; reason: string };

/** One clause, evaluated synchronously; Z3 queries it needs are left in `pending`. */
function clauseOnce(spec: IrSpec, role: Role, c: IrClause, i: number, env: Env | undefined, ctx: InterpContext, pending: Map<string, Z3Query>): ClauseOutcome {
  const ip = new Interp(ctx);
  const name = clauseName(role, c, i, ctx.printer ?? DEBUG_PRINTER);
  try {
    if (ip.bool(c.expr, env)) return { kind: 'true' };
    let why: string;
    try {
      why = explainFalse(new Interp(ctx), c.expr, env);
    } catch (err) {
      why = err instanceof RangeError ? 'too deep to explain' : `${showLoc(c.loc)}`;
    }
    return { kind: 'false', explanation: `${name} is false: ${why}` };
  } catch (err) {
    for (const [k, q] of ip.pending) pending.set(k, q);
    if (err instanceof Unknown) {
      const cause: EvalCause = err.cause === 'pending' ? 'gave-up' : err.cause;
      return { kind: 'unknown', cause, reason: `${name}: ${err.reason}` };
    }
    if (err instanceof IllFormed) return { kind: 'ill-formed', reason: `${name}: not well-formed: ${err.reason}` };
    // The evaluator recurses on the expression tree: a pathological depth must not crash the run.
    if (err instanceof RangeError && /call stack/i.test(err.message)) {
      return { kind: 'unknown', cause: 'budget', reason: `${name}: evaluation too deep (stack exhausted)` };
    }
    throw err;
  }
}

/**
 * The conjunction of clauses, three-valued and in order: the first false clause decides (`fails` with
 * its explanation) unless an ill-formed clause comes before any unknown one; otherwise unknown if any
 * clause is unknown.
 */
async function conjunction(spec: IrSpec, role: Role, clauses: IrClause[], bindings: Record<string, Value>, options: EvalOptions): Promise<EvalResult> {
  const p = prepare(spec);
  const ctx: InterpContext = {
    functions: p.functions,
    datatypes: p.datatypes,
    budget: { ...DEFAULT_BUDGET, ...options.budget },
    useZ3: !!options.solver,
    answers: p.answers,
    onInstance: options.onInstance,
    primitives: options.primitives,
    printer: options.printer,
    knownResults: options.knownResults && knownResultTable(spec, options.knownResults),
    ownResult: options.ownResult && resultEntry(spec, options.ownResult),
  };
  const env = Env.of(bindings);
  const run = (pending: Map<string, Z3Query>): EvalResult => {
    let firstUnknown: EvalResult | undefined;
    for (let i = 0; i < clauses.length; i++) {
      const o = clauseOnce(spec, role, clauses[i]!, i, env, ctx, pending);
      if (o.kind === 'true') continue;
      if (o.kind === 'false') return { status: 'fails', reason: o.explanation, explanation: o.explanation, clause: i };
      if (o.kind === 'ill-formed') {
        if (!firstUnknown) return { status: 'unknown', cause: 'not-well-formed', reason: o.reason };
        continue;
      }
      firstUnknown ??= { status: 'unknown', cause: o.cause, reason: o.reason };
    }
    return firstUnknown ?? { status: 'holds' };
  };
  // Z3 is asynchronous, the evaluator is not: evaluate, solve what it asked for, evaluate again with
  // the answers, a few rounds at most (a second round may reach quantifiers the first did not).
  for (let round = 0; ; round++) {
    const pending = new Map<string, Z3Query>();
    const result = run(pending);
    if (result.status !== 'unknown' || pending.size === 0 || !options.solver || round >= 3) return result;
    const answers = await options.solver([...pending.values()], ctx, options.timeoutMs ?? 5_000);
    for (const [k, a] of answers) p.answers.set(k, a);
    for (const k of pending.keys()) if (!p.answers.has(k)) p.answers.set(k, new Unknown('gave-up', 'Z3 gave no answer'));
  }
}

/**
 * Checks the postcondition for concrete inputs and outputs, assuming the precondition: `holds`,
 * `fails` (with the failing clause explained) or `unknown` (with the cause). A precondition that is
 * false for the inputs makes the check vacuous.
 */
export async function evaluate(spec: IrSpec, bindings: Record<string, Value>, options: EvalOptions = {}): Promise<EvalResult> {
  const pre = await conjunction(spec, 'precondition', spec.requires, bindings, options);
  if (pre.status === 'fails') {
    return { status: 'unknown', cause: 'vacuous', reason: `the precondition is false for these inputs: ${pre.reason}` };
  }
  const post = await conjunction(spec, 'postcondition', spec.ensures, bindings, options);
  if (post.status === 'fails' && pre.status === 'unknown') {
    return { status: 'unknown', cause: pre.cause ?? 'gave-up', reason: `the postcondition is false, but the precondition could not be decided: ${pre.reason}` };
  }
  return post;
}

/** Checks the precondition on the inputs alone. */
export async function checkPrecondition(spec: IrSpec, inputs: Record<string, Value>, options: EvalOptions = {}): Promise<EvalResult> {
  return conjunction(spec, 'precondition', spec.requires, inputs, options);
}

/** A quantifier instance that decided its quantifier: a witness of an `exists`, a counterexample of a `forall`. */
export interface DecidingInstance {
  loc?: IrLoc | undefined;
  quant: 'forall' | 'exists';
  values: Record<string, Value>;
}

/**
 * The instances that decided the spec's quantifiers on these values. A verifier cannot invent such
 * values; a backend can write them into its harness as hints (the verifier still checks everything).
 */
export async function quantifierInstances(spec: IrSpec, bindings: Record<string, Value>, options: EvalOptions = {}): Promise<DecidingInstance[]> {
  const found: DecidingInstance[] = [];
  const seen = new Set<string>();
  await evaluate(spec, bindings, {
    ...options,
    onInstance: (q, values) => {
      const key = `${q.loc?.line}:${q.loc?.column}:${Object.entries(values).map(([k, v]) => `${k}=${valueKey(v)}`).join(',')}`;
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ loc: q.loc, quant: q.quant, values });
    },
  });
  return found;
}

/** The value of a comprehension of the spec (a set or map built by `set x | ...`), at its location. */
export interface ComprehensionValue {
  loc: IrLoc;
  value: Value;
}

/**
 * The values of the clauses' comprehensions that do not depend on any bound variable, on these
 * bindings. A verifier must prove such a set equal to a literal element by element, which it does
 * easily, while it rarely finds the cardinality of a comprehension by itself: a backend can assert the
 * equality as a hint (the verifier still checks it).
 */
export function comprehensionValues(spec: IrSpec, bindings: Record<string, Value>, options: EvalOptions = {}): ComprehensionValue[] {
  const p = prepare(spec);
  const ctx: InterpContext = {
    functions: p.functions,
    datatypes: p.datatypes,
    budget: { ...DEFAULT_BUDGET, ...options.budget },
    useZ3: false,
    answers: p.answers,
  };
  const env = Env.of(bindings);
  const bound = new Set(Object.keys(bindings));
  const found: ComprehensionValue[] = [];
  const visit = (e: Expr): void => {
    if ((e.kind === 'setComp' || e.kind === 'mapComp') && e.loc && [...freeVars(e)].every((v) => bound.has(v) || p.functions.has(v))) {
      try {
        found.push({ loc: e.loc, value: new Interp(ctx).value(e, env) });
      } catch {
        // Not decidable here: no hint for it.
      }
    }
    for (const c of children(e)) visit(c);
  };
  for (const c of [...spec.requires, ...spec.ensures]) visit(c.expr);
  return found;
}

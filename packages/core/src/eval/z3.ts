import type { InterpContext, Z3Answer, Z3Query } from './context.js';
import { Interp } from './interp.js';
import { Unknown } from './outcome.js';
import { NotTranslatable, translateQuantifier } from './smt.js';
import type { QuantifierSolver } from './spec.js';

/**
 * The Z3 fallback: one WASM instance for the whole process, started on first use (~150 ms) and only
 * if some quantifier needs it; queries run one at a time on it.
 */

interface Z3Session {
  run(script: string): Promise<string>;
}

let session: Promise<Z3Session> | undefined;
let queue: Promise<unknown> = Promise.resolve();

async function start(): Promise<Z3Session> {
  const { init } = await import('z3-solver');
  const { Z3 } = await init();
  const ctx = Z3.mk_context_rc(Z3.mk_config());
  return { run: (script) => Z3.eval_smtlib2_string(ctx, script) };
}

function getSession(): Promise<Z3Session> {
  session ??= start();
  return session;
}

/** Runs an SMT-LIB script and returns Z3's output; calls are serialized. */
export function runSmt(script: string): Promise<string> {
  const next = queue.then(async () => (await getSession()).run(script));
  queue = next.catch(() => undefined);
  return next;
}

async function checkSat(declarations: string[], assertion: string, timeoutMs: number): Promise<{ result: 'sat' | 'unsat' | 'unknown'; detail: string }> {
  const script = [
    '(reset)',
    `(set-option :timeout ${Math.max(1, Math.round(timeoutMs))})`,
    ...declarations,
    `(assert ${assertion})`,
    '(check-sat)',
    '(get-info :reason-unknown)',
  ].join('\n');
  let out: string;
  try {
    out = await withDeadline(runSmt(script), timeoutMs + 5_000);
  } catch (err) {
    return { result: 'unknown', detail: err instanceof Error ? err.message : String(err) };
  }
  const first = out.trim().split('\n')[0]?.trim() ?? '';
  if (first === 'sat' || first === 'unsat') return { result: first, detail: '' };
  const reason = /:reason-unknown "([^"]*)"/.exec(out)?.[1] ?? out.trim().slice(0, 200);
  return { result: 'unknown', detail: reason };
}

function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from Z3 within ${ms} ms`)), ms);
    timer.unref?.();
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * Decides one closed quantifier: true when its negation is unsatisfiable, false when the negation is
 * satisfiable or the formula itself is unsatisfiable, otherwise unknown (timeout or gave-up).
 */
export async function decideQuery(q: Z3Query, ctx: InterpContext, timeoutMs: number): Promise<Z3Answer> {
  let problem;
  try {
    // Closed sub-expressions are evaluated without Z3, so the translation never waits on itself.
    problem = translateQuantifier(q.expr, q.bindings, new Interp({ ...ctx, useZ3: false }));
  } catch (err) {
    if (err instanceof NotTranslatable) return new Unknown('unsupported', `cannot give ${q.expr.quant} ${q.expr.binders.map((b) => b.name).join(', ')} to Z3: ${err.reason}`);
    throw err;
  }
  const neg = await checkSat(problem.declarations, `(not ${problem.formula})`, timeoutMs);
  if (neg.result === 'unsat') return true;
  if (neg.result === 'sat') return false;
  const pos = await checkSat(problem.declarations, problem.formula, timeoutMs);
  if (pos.result === 'unsat') return false;
  const why = neg.detail || pos.detail;
  const vars = q.expr.binders.map((b) => b.name).join(', ');
  if (/timeout|canceled/i.test(why)) return new Unknown('timeout', `Z3 ran out of time (${timeoutMs} ms) on ${q.expr.quant} ${vars}`);
  if (/error/i.test(why)) return new Unknown('unsupported', `Z3 rejected the translation of ${q.expr.quant} ${vars}: ${why}`);
  return new Unknown('gave-up', `Z3 could not decide ${q.expr.quant} ${vars}${why ? ` (${why})` : ''}`);
}

/** The `QuantifierSolver` to pass in `EvalOptions.solver`. */
export const z3Solver: QuantifierSolver = async (queries, ctx, timeoutMs) => {
  const out = new Map<string, Z3Answer>();
  for (const q of queries) out.set(q.key, await decideQuery(q, ctx, timeoutMs));
  return out;
};

import { z } from 'zod';
import { ValueSchema, type Value } from './values.js';
import { preStateName } from './signature.js';

/**
 * `{true} x := inputs; y := outputs; {post(x, y)}` for one test, as data. `role` says what a verdict
 * means: a `test` or `alternative` should hold, a `mutant` or `wrong` output should be rejected, a
 * `precondition` triple checks that the test's inputs satisfy the spec's precondition, and a `reject`
 * triple checks the precondition on inputs it should refuse (it should be proved false).
 */
export const TripleRoleSchema = z.enum(['test', 'alternative', 'mutant', 'wrong', 'precondition', 'reject']);
export type TripleRole = z.infer<typeof TripleRoleSchema>;

export const TripleSchema = z.object({
  /** Unique within a spec run; also a safe identifier fragment (letters, digits, underscores). */
  id: z.string().regex(/^\w+$/),
  testId: z.string(),
  role: TripleRoleSchema,
  inputs: z.record(z.string(), ValueSchema),
  outputs: z.record(z.string(), ValueSchema),
});
export type Triple = z.infer<typeof TripleSchema>;

/** What a triple's harness checks: the postcondition (`post`) or the precondition on the inputs (`pre`). */
export function tripleChecks(t: Triple): 'pre' | 'post' {
  return t.role === 'precondition' || t.role === 'reject' ? 'pre' : 'post';
}

/**
 * The variables a triple's clauses are evaluated in: inputs, outputs (a modified parameter's name means
 * its final state), and each modified parameter's initial state under `preStateName` (for `old(..)` and
 * for the precondition, which speaks of the state before the call).
 */
export function tripleBindings(t: Triple, inOut: readonly string[] = []): Record<string, Value> {
  const pre: Record<string, Value> = {};
  for (const name of inOut) if (t.inputs[name]) pre[preStateName(name)] = t.inputs[name]!;
  return tripleChecks(t) === 'pre' ? { ...t.inputs, ...pre } : { ...t.inputs, ...t.outputs, ...pre };
}

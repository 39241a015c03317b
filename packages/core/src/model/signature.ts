import { z } from 'zod';
import { TypeSchema } from './types.js';

export const ParameterSchema = z.object({
  name: z.string(),
  type: TypeSchema,
});
export type Parameter = z.infer<typeof ParameterSchema>;

/**
 * A method's interface as the test model sees it: named, typed inputs and results, and the in/out
 * parameters, whose final state is an output too (how a language says so is its backend's business:
 * Dafny's `modifies a` on an array, a `&mut` parameter in Verus).
 */
export const SignatureSchema = z.object({
  name: z.string(),
  params: z.array(ParameterSchema),
  results: z.array(ParameterSchema),
  inOut: z.array(z.string()).optional(),
});
export type Signature = z.infer<typeof SignatureSchema>;

/**
 * Everything a test states the expected value of: the results, then each in/out parameter's final
 * state. An in/out array keeps its length (the callee changes the caller's array, it cannot replace
 * it), so its type says so and no mutant changes the length.
 */
export function outputParams(signature: Signature): Parameter[] {
  const modified = (signature.inOut ?? [])
    .map((name) => signature.params.find((p) => p.name === name))
    .filter((p): p is Parameter => p !== undefined)
    .map((p) => (p.type.kind === 'array' ? { name: p.name, type: { ...p.type, fixedLength: true } } : p));
  return [...signature.results, ...modified];
}

/** The name under which an in/out parameter's state before the call is bound, e.g. for `old(a[..])`. */
export function preStateName(name: string): string {
  return `old:${name}`;
}

import { z } from 'zod';
import { TypeSchema } from './types.js';

export const ParameterSchema = z.object({
  name: z.string(),
  type: TypeSchema,
});
export type Parameter = z.infer<typeof ParameterSchema>;

/**
 * A method's interface as the test model sees it: named, typed inputs and results, and the parameters
 * whose final state is an output too (arrays a method changes in place: `modifies a`).
 */
export const SignatureSchema = z.object({
  name: z.string(),
  params: z.array(ParameterSchema),
  results: z.array(ParameterSchema),
  modifies: z.array(z.string()).optional(),
});
export type Signature = z.infer<typeof SignatureSchema>;

/**
 * Everything a test states the expected value of: the results, then each modified parameter's final
 * state. A modified array keeps its length (the method cannot reallocate the caller's array), so its
 * type says so and no mutant changes the length.
 */
export function outputParams(signature: Signature): Parameter[] {
  const modified = (signature.modifies ?? [])
    .map((name) => signature.params.find((p) => p.name === name))
    .filter((p): p is Parameter => p !== undefined)
    .map((p) => (p.type.kind === 'array' ? { name: p.name, type: { ...p.type, fixedLength: true } } : p));
  return [...signature.results, ...modified];
}

/** The name under which a modified parameter's state before the call is bound, e.g. for `old(a[..])`. */
export function preStateName(name: string): string {
  return `old:${name}`;
}

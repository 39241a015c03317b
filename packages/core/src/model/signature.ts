import { z } from 'zod';
import { TypeSchema } from './types.js';

export const ParameterSchema = z.object({
  name: z.string(),
  type: TypeSchema,
});
export type Parameter = z.infer<typeof ParameterSchema>;

/** A method's interface as the test model sees it: named, typed inputs and results. */
export const SignatureSchema = z.object({
  name: z.string(),
  params: z.array(ParameterSchema),
  results: z.array(ParameterSchema),
});
export type Signature = z.infer<typeof SignatureSchema>;

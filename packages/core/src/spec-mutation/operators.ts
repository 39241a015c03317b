import { z } from 'zod';

/**
 * What an operator does to each match of its query, as data (a backend states its operators this way,
 * core applies them without knowing the language):
 * - `replace`: the capture `target` becomes each of the `with` templates in turn; `{name}` in a template
 *   stands for the text of the match's capture `name` (`'!({e})'` negates, `'{right}'` drops the left
 *   operand, `'==>'` swaps an operator token). A template that gives back the original text is skipped.
 * - `delete`: the capture `target` is removed, with the indentation and line break before it when it
 *   stands on lines of its own (dropping a whole clause).
 * - `shift-integer`: the capture `target`, a decimal integer literal, plus each of `by` (other
 *   spellings, e.g. hexadecimal, are left alone).
 */
export const SpecEditSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('replace'), target: z.string(), with: z.array(z.string()).min(1) }),
  z.object({ kind: z.literal('delete'), target: z.string() }),
  z.object({ kind: z.literal('shift-integer'), target: z.string(), by: z.array(z.number().int()).min(1) }),
]);
export type SpecEdit = z.infer<typeof SpecEditSchema>;

/** One spec mutation operator of a language: a tree-sitter query over its grammar plus the edit. */
export const SpecMutationOperatorSchema = z.object({
  /** Shown in reports, e.g. `iff-to-implies`. */
  name: z.string().regex(/^[a-z][\w.-]*$/),
  description: z.string(),
  /** A tree-sitter query (S-expression patterns with captures and predicates such as `#eq?`). */
  query: z.string(),
  edit: SpecEditSchema,
});
export type SpecMutationOperator = z.infer<typeof SpecMutationOperatorSchema>;

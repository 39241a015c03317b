import { z } from 'zod';

/**
 * What an operator does to each match of its query, as data (a backend states its operators this way,
 * core applies them without knowing the language):
 * - `replace`: the capture `target` becomes each of the `with` templates in turn; `{name}` in a template
 *   stands for the text of the match's capture `name` (`'!({e})'` negates, `'{right}'` drops the left
 *   operand, `'==>'` swaps an operator token). A template that gives back the original text is skipped.
 * - `delete`: the capture `target` is removed, with the indentation and line break before it when it
 *   stands on lines of its own (dropping a whole clause). With `separator`, the match's capture of that
 *   name (a comma, a connective) goes too, with the space between: one item of a list is dropped and the
 *   list stays well-formed. A match without that capture deletes the target alone.
 * - `shift-integer`: the capture `target`, a decimal integer literal, plus each of `by` (other
 *   spellings, e.g. hexadecimal, are left alone). A literal may end in one of `suffixes` (a type suffix
 *   such as `u8` or `int`), kept as it is; a result below `min` is not made (literals of a type with no
 *   negative values, or a language whose literals have no sign).
 */
export const SpecEditSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('replace'), target: z.string(), with: z.array(z.string()).min(1) }),
  z.object({ kind: z.literal('delete'), target: z.string(), separator: z.string().optional() }),
  z.object({
    kind: z.literal('shift-integer'),
    target: z.string(),
    by: z.array(z.number().int()).min(1),
    suffixes: z.array(z.string().regex(/^[A-Za-z_]\w*$/)).optional(),
    min: z.number().int().optional(),
  }),
]);
export type SpecEdit = z.infer<typeof SpecEditSchema>;

/** One spec mutation operator of a language: a tree-sitter query over its grammar plus the edit. */
export const SpecMutationOperatorSchema = z.object({
  /** Shown in reports, e.g. `iff-to-implies`. */
  name: z.string().regex(/^[a-z][\w.-]*$/),
  description: z.string(),
  /** A tree-sitter query (S-expression patterns with captures and predicates such as `#eq?`). */
  query: z.string(),
  /**
   * A query whose captures name nodes the operator leaves alone: a match whose target is one of them
   * (the same source range) makes no mutant, e.g. a node whose mutants would not type-check.
   */
  except: z.string().optional(),
  edit: SpecEditSchema,
});
export type SpecMutationOperator = z.infer<typeof SpecMutationOperatorSchema>;

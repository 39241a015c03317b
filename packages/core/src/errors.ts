/**
 * Errors that reach a user carry where (file, line, column or JSON path) and what was expected, so a bad
 * input can be fixed without reading a stack trace.
 */
export interface SourceLocation {
  file: string;
  line?: number | undefined;
  column?: number | undefined;
  /** JSON path inside a data file, e.g. `tests[2].output[1]`. */
  path?: string | undefined;
}

export type SpecmutErrorCode =
  | 'bad-suite'
  | 'bad-value'
  | 'parse-error'
  | 'unknown-method'
  | 'unsupported'
  | 'missing-verifier'
  | 'io-error'
  | 'bad-option';

export class SpecmutError extends Error {
  override readonly name = 'SpecmutError';
  constructor(
    readonly code: SpecmutErrorCode,
    message: string,
    readonly location?: SourceLocation,
    readonly hint?: string,
  ) {
    super(message);
  }

  /** `file:line:col: message` (or `file: path: message`), followed by the hint when there is one. */
  format(): string {
    const where = this.location ? formatLocation(this.location) + ': ' : '';
    return `${where}${this.message}${this.hint ? `\n  ${this.hint}` : ''}`;
  }
}

export function formatLocation(loc: SourceLocation): string {
  let s = loc.file;
  if (loc.line !== undefined) s += `:${loc.line}${loc.column !== undefined ? `:${loc.column}` : ''}`;
  if (loc.path) s += `: at ${loc.path}`;
  return s;
}

/** Line and column (1-based) of a character offset in a text, for data files parsed without positions. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}

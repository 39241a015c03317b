import { readFile } from 'node:fs/promises';
import { SpecmutError, lineColumnAt } from '../errors.js';
import { SuiteSchema, type Suite } from '../model/suite.js';
import { formatJsonPath, locateJsonPaths, offsetOfPath } from './json-locate.js';
import { findJsonSyntaxError } from './json-syntax.js';

/** A suite file, parsed and validated, with what is needed to point back into it. */
export interface LoadedSuite {
  file: string;
  text: string;
  suite: Suite;
  /** file:line:col location of a JSON path inside the suite, for later errors (bad values). */
  locate(path: string): { file: string; line: number; column: number; path: string };
}

export function parseSuiteText(file: string, text: string): LoadedSuite {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const found = findJsonSyntaxError(text) ?? { offset: text.length, message: (e as Error).message };
    throw new SpecmutError('bad-suite', `not valid JSON: ${found.message}`, { file, ...lineColumnAt(text, found.offset) });
  }
  let offsets: Map<string, number> | undefined;
  const locate = (path: string) => {
    offsets ??= locateJsonPaths(text);
    return { file, ...lineColumnAt(text, offsetOfPath(offsets, path)), path: path || '$' };
  };
  const parsed = SuiteSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = formatJsonPath(issue.path);
    throw new SpecmutError('bad-suite', describeIssue(issue), locate(path));
  }
  return { file, text, suite: parsed.data, locate };
}

function describeIssue(issue: { code: string; message: string; path: PropertyKey[]; keys?: string[] }): string {
  if (issue.code === 'unrecognized_keys' && issue.keys) {
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')} (expected one of the suite format's fields)`;
  }
  if (issue.path.length === 0) return `expected a suite object: ${issue.message}`;
  return issue.message.replace(/^Invalid input: /, '');
}

export async function readSuite(file: string): Promise<LoadedSuite> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new SpecmutError('io-error', `cannot read the suite file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { file });
  }
  return parseSuiteText(file, text);
}

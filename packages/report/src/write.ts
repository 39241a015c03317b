import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { writeFileAtomic, type Report } from '@specmut/core';
import { renderHtml } from './html.js';
import { toMutationTestingReport } from './mutation-testing.js';

/** The elements' self-contained browser bundle, shipped with the mutation-testing-elements package. */
export function readElementsBundle(): Promise<string> {
  const file = createRequire(import.meta.url).resolve('mutation-testing-elements/dist/mutation-test-elements.js');
  return readFile(file, 'utf8');
}

/**
 * Reads the spec and suite files a report names, resolved against `root` (the directory the run was
 * started in: report paths are relative to it). Files that cannot be read are left out and listed.
 */
export async function readSources(report: Report, root: string): Promise<{ texts: Map<string, string>; missing: string[] }> {
  const paths = new Set(report.specs.flatMap((s) => [s.spec, s.suite].filter((p): p is string => p !== undefined)));
  const texts = new Map<string, string>();
  const missing: string[] = [];
  await Promise.all(
    [...paths].map(async (p) => {
      try {
        texts.set(p, await readFile(resolve(root, p), 'utf8'));
      } catch {
        missing.push(p);
      }
    }),
  );
  return { texts, missing: missing.sort() };
}

/** Writes the standalone HTML page of a report (atomically); returns the files that could not be read. */
export async function writeHtmlReport(report: Report, file: string, root: string): Promise<{ missing: string[] }> {
  const { texts, missing } = await readSources(report, root);
  await writeFileAtomic(file, renderHtml(report, toMutationTestingReport(report, texts), await readElementsBundle()));
  return { missing };
}

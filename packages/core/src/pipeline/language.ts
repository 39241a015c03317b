import { extname } from 'node:path';
import type { Backend } from '../backend/contract.js';
import { SpecmutError } from '../errors.js';
import type { LoadedSuite } from '../io/read-suite.js';

/** The backend that reads a suite's spec, and notes for the user (a deprecated field, ...). */
export interface ChosenLanguage {
  backend: Backend;
  notes: string[];
}

/**
 * The spec's language: the suite's `language`, else the deprecated `backend` field (the same thing
 * under its old name, with a note), else the one backend that reads the spec file's extension. The
 * oracle that decides triples is chosen elsewhere (when scoring), never here.
 */
export function chooseLanguage(loaded: LoadedSuite, specFile: string, backends: readonly Backend[]): ChosenLanguage {
  const { language, backend: legacy } = loaded.suite;
  const notes: string[] = [];
  if (language !== undefined && legacy !== undefined && language !== legacy) {
    throw new SpecmutError('bad-suite', `"language" is ${JSON.stringify(language)} but the deprecated "backend" says ${JSON.stringify(legacy)}`, loaded.locate('backend'), 'Remove "backend".');
  }
  if (legacy !== undefined && language === undefined) {
    notes.push(`${loaded.file}: the suite field "backend" is deprecated; write "language": ${JSON.stringify(legacy)} (or leave it out: the spec file's extension tells)`);
  }
  const known = () => `Known languages: ${backends.map((b) => `${b.id} (${b.extensions.join(', ')})`).join(', ')}.`;
  const named = language ?? legacy;
  if (named !== undefined) {
    const backend = backends.find((b) => b.id === named);
    if (!backend) throw new SpecmutError('bad-suite', `unknown language ${JSON.stringify(named)}`, loaded.locate(language !== undefined ? 'language' : 'backend'), known());
    return { backend, notes };
  }
  const ext = extname(specFile);
  const readers = backends.filter((b) => b.extensions.includes(ext));
  if (readers.length === 1) return { backend: readers[0]!, notes };
  const why = readers.length === 0 ? `no language reads ${ext ? `${ext} files` : 'files without an extension'}` : `${ext} files are read by ${readers.map((b) => b.id).join(' and ')}`;
  throw new SpecmutError('bad-suite', `cannot tell the spec's language: ${why}; give "language"`, loaded.locate('spec'), known());
}

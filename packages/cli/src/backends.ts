import { SpecmutError, type Backend, type OracleMode } from '@specmut/core';
import { dafnyBackend } from '@specmut/dafny';

/** The backends the CLI knows; a new language is one more entry here, core is untouched. */
export const BACKENDS: readonly Backend[] = [dafnyBackend];

export function parseOracleMode(raw: string | undefined, flag: string, allowAuto: boolean): OracleMode | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'eval') return 'eval';
  if (raw === 'auto' && allowAuto) return 'auto';
  if (raw === 'verifier' || BACKENDS.some((b) => b.id === raw)) return 'verifier';
  throw new SpecmutError('bad-option', `${flag} expects eval${allowAuto ? ', auto' : ''} or a verifier backend (${BACKENDS.map((b) => b.id).join(', ')}), got ${JSON.stringify(raw)}`);
}

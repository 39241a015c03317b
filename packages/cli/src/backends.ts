import { SpecmutError, diskCache, memoryCache, verifierOracle, type Backend, type Oracle, type ResultCache } from '@specmut/core';
import { dafnyBackend } from '@specmut/dafny';

/** The backends the CLI knows; a new language is one more entry here, core is untouched. */
export const BACKENDS: readonly Backend[] = [dafnyBackend];

export interface OracleChoice {
  cacheDir?: string | undefined;
}

/** Picks each backend's oracle once per run: its verifier, detected on first use. */
export function oracleChooser(choice: OracleChoice): (backend: Backend) => Promise<Oracle> {
  const chosen = new Map<string, Promise<Oracle>>();
  const cache: ResultCache<never> = (choice.cacheDir ? diskCache(choice.cacheDir) : memoryCache()) as ResultCache<never>;
  return (backend) => {
    let oracle = chosen.get(backend.id);
    if (!oracle) {
      oracle = (async () => {
        const verifier = backend.verifier;
        if (!verifier) throw new SpecmutError('missing-verifier', `the ${backend.id} backend has no verifier`);
        const info = await verifier.detect();
        return verifierOracle(verifier, info, { cache });
      })();
      chosen.set(backend.id, oracle);
    }
    return oracle;
  };
}

import type { Triple } from '../model/triple.js';
import type { Value } from '../model/values.js';
import { verdict, type Verdict } from '../model/verdict.js';
import type { Oracle } from './oracle.js';

/** Scalar values in a value (a sequence of n integers is n; a 1,000-digit integer counts as 50). */
export function valueCount(v: Value): number {
  switch (v.kind) {
    case 'int':
      return Math.max(1, Math.ceil(v.value.toString().length / 20));
    case 'seq':
    case 'set':
    case 'multiset':
    case 'tuple':
      return v.elems.reduce((n, e) => n + valueCount(e), 1);
    case 'map':
      return v.entries.reduce((n, [k, x]) => n + valueCount(k) + valueCount(x), 1);
    case 'datatype':
      return v.fields.reduce((n, f) => n + valueCount(f), 1);
    default:
      return 1;
  }
}

export const tripleSize = (t: Triple): number => [...Object.values(t.inputs), ...Object.values(t.outputs)].reduce((n, v) => n + valueCount(v), 0);

export interface SizeRouteOptions {
  /** Triples with more scalar values than this do not go to the verifier. */
  maxValues: number;
  /** Told once per spec that has such triples. */
  notice?: (message: string) => void;
}

/**
 * Keeps huge inputs away from a verifier: a literal of a million elements costs Dafny minutes and
 * gigabytes and ends unknown anyway (observed: 287 s, 2.6 GB). Triples over the limit go to `fallback`
 * (the evaluator, whose verdicts name it as their oracle), or, without one, are `unknown` (budget)
 * with the reason; the others go to `primary`.
 */
export function routeBySize(primary: Oracle, fallback: Oracle | undefined, options: SizeRouteOptions): Oracle {
  return {
    name: primary.name,
    async decide(req) {
      const huge = req.triples.filter((t) => tripleSize(t) > options.maxValues);
      if (huge.length === 0) return primary.decide(req);
      const largest = Math.max(...huge.map(tripleSize));
      const where = `${req.module.file}: ${req.method.name}`;
      const who = fallback ? `decided by ${fallback.name} instead` : 'left unknown';
      options.notice?.(`${where}: ${huge.length} triple(s) hold more than ${options.maxValues} values (the largest ${largest}): not given to ${primary.name}, ${who} (--max-values raises the limit)`);
      const small = req.triples.filter((t) => !huge.includes(t));
      const [main, other] = await Promise.all([
        small.length ? primary.decide({ ...req, triples: small }) : new Map<string, Verdict>(),
        fallback
          ? fallback.decide({ ...req, triples: huge })
          : new Map(huge.map((t) => [t.id, verdict('unknown', primary.name, { cause: 'budget', reason: `its values (${tripleSize(t)}) exceed the verifier's limit of ${options.maxValues}` })])),
      ]);
      return new Map([...main, ...other]);
    },
  };
}

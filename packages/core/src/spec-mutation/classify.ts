import type { Triple } from '../model/triple.js';
import type { Verdict } from '../model/verdict.js';
import type { SpecMutant } from '../report/schema.js';

const decided = (v: Verdict | undefined): v is Verdict => v?.status === 'holds' || v?.status === 'fails';

/** How a triple is named in reasons, e.g. `mutant t1_m2 of test t1, output [4]`. */
export type DescribeTriple = (t: Triple) => string;

const acceptance = (v: Verdict) => (v.status === 'holds' ? 'accepts' : 'rejects');

function undecidedReason(v: Verdict | undefined): string {
  if (!v) return 'no verdict';
  return `${v.status}${v.cause ? ` (${v.cause})` : ''}${v.reason ? `: ${v.reason}` : ''}`;
}

/**
 * The mutant's status against the suite: killed by the first triple whose decided verdicts differ;
 * survived when every triple is decided, and decided the same, under both specs; unknown otherwise.
 */
export function classifySpecMutant(
  triples: readonly Triple[],
  original: ReadonlyMap<string, Verdict>,
  mutant: ReadonlyMap<string, Verdict>,
  describe: DescribeTriple,
): Pick<SpecMutant, 'status' | 'reason'> {
  let undecided: { t: Triple; which: string; v: Verdict | undefined } | undefined;
  for (const t of triples) {
    const o = original.get(t.id);
    const m = mutant.get(t.id);
    if (decided(o) && decided(m)) {
      if (o.status !== m.status) return { status: 'killed', reason: `the original ${acceptance(o)} ${describe(t)}, the mutant ${acceptance(m)} it` };
      continue;
    }
    undecided ??= { t, which: decided(o) ? 'the mutant' : 'the original', v: decided(o) ? m : o };
  }
  if (undecided) {
    return { status: 'unknown', reason: `no decided verdict tells them apart, and ${undecided.which} leaves ${describe(undecided.t)} undecided (${undecidedReason(undecided.v)})` };
  }
  return { status: 'survived', reason: `all ${triples.length} triples of the suite get the same decided verdict from the original and the mutant` };
}

/**
 * How a surviving mutant compares with the original on the tested inputs, from both specs' decided
 * verdicts on `triples` (the suite's and extra probe outputs): it accepts an output the original rejects
 * and never the reverse, weaker; the reverse, stronger; both, incomparable; neither while every triple is
 * decided by both, equivalent on these triples. With no difference and some triple undecided, nothing is
 * claimed. The claim is about the triples checked, never about outputs nobody tried.
 */
export function relationOfSpecMutant(
  triples: readonly Triple[],
  original: ReadonlyMap<string, Verdict>,
  mutant: ReadonlyMap<string, Verdict>,
  describe: DescribeTriple,
): Pick<SpecMutant, 'relation'> & { reason: string } {
  let weaker: Triple | undefined;
  let stronger: Triple | undefined;
  let undecided = 0;
  for (const t of triples) {
    const o = original.get(t.id);
    const m = mutant.get(t.id);
    if (!decided(o) || !decided(m)) {
      undecided++;
      continue;
    }
    if (o.status === 'fails' && m.status === 'holds') weaker ??= t;
    if (o.status === 'holds' && m.status === 'fails') stronger ??= t;
  }
  const n = triples.length;
  if (weaker && stronger) {
    return { relation: 'incomparable', reason: `it accepts ${describe(weaker)}, which the original rejects, and rejects ${describe(stronger)}, which the original accepts` };
  }
  if (weaker) {
    return { relation: 'weaker', reason: `strictly weaker on the tested inputs: it accepts ${describe(weaker)}, which the original rejects, and rejects nothing the original accepts among ${n - undecided} decided triples; a test or wrong output like this one would kill it` };
  }
  if (stronger) {
    return { relation: 'stronger', reason: `strictly stronger on the tested inputs: it rejects ${describe(stronger)}, which the original accepts, and accepts nothing the original rejects among ${n - undecided} decided triples` };
  }
  if (undecided === 0) return { reason: `equivalent on the ${n} triples checked (the suite's and probe outputs): no output tried tells them apart`, relation: 'equivalent' };
  return { reason: `no difference on ${n - undecided} decided triples; ${undecided} left undecided, so no relation is claimed` };
}

const RELATION_RANK: Record<string, number> = { weaker: 0, incomparable: 1, stronger: 2, equivalent: 3 };
const rank = (m: SpecMutant): number => {
  if (m.status === 'survived') return RELATION_RANK[m.relation ?? ''] ?? 4;
  return m.status === 'unknown' ? 5 : 6;
};

/**
 * Most informative first: survivors strictly weaker than the original (clauses no test pins down), then
 * incomparable and stronger ones, equivalent ones, survivors of unknown relation, unknown mutants, and
 * killed ones last; source order within each group.
 */
export function orderSpecMutants<T extends SpecMutant & { offset: number }>(mutants: readonly T[]): T[] {
  return [...mutants].sort((a, b) => rank(a) - rank(b) || a.offset - b.offset);
}

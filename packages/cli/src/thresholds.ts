import { SpecmutError, type Summary } from '@specmut/core';

/** The summary figures a run can be held to (means over scored specs). */
const MEASURES = ['correctness', 'completeness', 'lenientCompleteness'] as const;
type Measure = (typeof MEASURES)[number];

export interface Threshold {
  measure: Measure;
  /** A share, 0..1. */
  min: number;
}

/** `correctness=0.95`, `completeness=60%`, or a bare share (correctness). */
export function parseThreshold(raw: string): Threshold {
  const m = /^(?:([A-Za-z]+)=)?(\d+(?:\.\d+)?)(%?)$/.exec(raw.trim());
  const measure = (m?.[1] ?? 'correctness') as Measure;
  if (!m || !MEASURES.includes(measure)) {
    throw new SpecmutError('bad-option', `--fail-under expects [${MEASURES.join('|')}=]SHARE (e.g. correctness=0.95 or completeness=60%), got ${JSON.stringify(raw)}`);
  }
  const min = Number(m[2]) / (m[3] ? 100 : 1);
  if (min > 1) throw new SpecmutError('bad-option', `--fail-under ${raw}: a share is at most 1 (or 100%)`);
  return { measure, min };
}

/** Each threshold the summary does not meet, as a sentence (a measure with no scored spec fails). */
export function unmet(summary: Summary, thresholds: readonly Threshold[]): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return thresholds.flatMap(({ measure, min }) => {
    const got = summary[measure];
    if (got !== null && got >= min) return [];
    return [`mean ${measure} ${got === null ? 'n/a (no spec scored)' : pct(got)} is under --fail-under ${pct(min)}`];
  });
}

import { SpecmutError } from '../errors.js';
import type { Report, SpecReport } from './schema.js';
import { summarize } from './score.js';

/**
 * The suites of shard `index` (1-based) of `count`: every count-th one, starting at the index-th.
 * Deterministic for a given list (discovery sorts it), and even: shards differ by one suite at most.
 */
export function shardOf<T>(items: readonly T[], index: number, count: number): T[] {
  return items.filter((_, k) => k % count === index - 1);
}

/**
 * Puts shard reports back together into the report one run over all the suites gives: the specs in
 * the same order, the summary recomputed from them (its time is the longest shard's, as when the
 * shards run side by side). Every shard must be there exactly once, from the same tool version and
 * options; anything else is an error naming the file.
 */
export function mergeShards(parts: readonly { file: string; report: Report }[]): Report {
  if (parts.length === 0) throw new SpecmutError('bad-option', 'merge needs at least one shard report');
  const first = parts[0]!;
  const count = first.report.shard?.count;
  const problem = (file: string, why: string) => new SpecmutError('bad-suite', why, { file });
  const byIndex = new Map<number, { file: string; report: Report }>();
  for (const part of parts) {
    const { shard } = part.report;
    if (!shard) throw problem(part.file, 'not a shard report (it was not written by `specmut score --shard i/n`)');
    if (shard.count !== count || shard.suites !== first.report.shard!.suites) {
      throw problem(part.file, `shard ${shard.index}/${shard.count} of ${shard.suites} suites does not belong with ${first.file} (shard of ${count}, ${first.report.shard!.suites} suites)`);
    }
    for (const key of ['tool', 'options'] as const) {
      if (JSON.stringify(part.report[key]) !== JSON.stringify(first.report[key])) {
        throw problem(part.file, `its ${key} (${JSON.stringify(part.report[key])}) differ from ${first.file}'s (${JSON.stringify(first.report[key])})`);
      }
    }
    const twin = byIndex.get(shard.index);
    if (twin) throw problem(part.file, `shard ${shard.index}/${count} is also in ${twin.file}`);
    const expected = shardOf(Array.from({ length: shard.suites }), shard.index, shard.count).length;
    if (part.report.specs.length !== expected) throw problem(part.file, `shard ${shard.index}/${count} should hold ${expected} specs, it holds ${part.report.specs.length} (a run cut short?)`);
    byIndex.set(shard.index, part);
  }
  const absent = Array.from({ length: count! }, (_, k) => k + 1).filter((i) => !byIndex.has(i));
  if (absent.length) throw new SpecmutError('bad-option', `shard reports missing: ${absent.map((i) => `${i}/${count}`).join(', ')}`);
  // Suite k of the full list is spec floor(k / count) of shard (k mod count) + 1.
  const specs: SpecReport[] = Array.from({ length: first.report.shard!.suites }, (_, k) => byIndex.get((k % count!) + 1)!.report.specs[Math.floor(k / count!)]!);
  const seconds = Math.max(...parts.map((p) => p.report.summary.seconds));
  const { shard: _, ...rest } = first.report;
  return { ...rest, specs, summary: summarize(specs, seconds) };
}

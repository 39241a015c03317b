import type { Report, SpecReport } from '@specmut/core';

const pct = (x: number | null): string => (x === null ? '  n/a' : `${(x * 100).toFixed(1).padStart(5)}%`);

function pad(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => pad(r, widths));
}

const SURVIVOR_LIMIT = 4;

/** The per-spec block: scores, then a row per test with its verdict, mutant counts and surviving mutants. */
export function formatSpec(spec: SpecReport): string {
  if (spec.status === 'error') {
    return `${spec.id}: ERROR ${spec.error?.location ? `${spec.error.location}: ` : ''}${spec.error?.message ?? ''}\n`;
  }
  const label = typeof spec.meta?.label === 'string' ? ` [${spec.meta.label}]` : '';
  const lines = [
    `${spec.id}${label}  ${spec.method}  correctness ${pct(spec.correctness)}  completeness ${pct(spec.completeness)}  (lenient ${pct(spec.lenientCompleteness)})  ${spec.seconds.toFixed(1)} s  [${spec.oracles.join(', ')}]`,
  ];
  if (spec.preconditionCorrectness != null || spec.preconditionCompleteness != null) {
    lines.push(`  precondition: correctness ${pct(spec.preconditionCorrectness ?? null)} (test inputs accepted)  completeness ${pct(spec.preconditionCompleteness ?? null)} (reject inputs refused)`);
  }
  const rows = [['  test', 'verdict', 'rejected', 'accepted', 'unknown', 'surviving mutants']];
  for (const t of spec.tests) {
    const count = (v: string) => String(t.mutants.filter((m) => m.verdict === v).length);
    const survivors = t.mutants.filter((m) => m.verdict === 'accepted').map((m) => m.value);
    const shown = survivors.slice(0, SURVIVOR_LIMIT).join('  ') + (survivors.length > SURVIVOR_LIMIT ? `  (+${survivors.length - SURVIVOR_LIMIT})` : '');
    const pre = t.precondition && t.precondition.verdict !== 'holds' ? ` (pre ${t.precondition.verdict})` : '';
    rows.push([`  ${t.id}`, `${t.verdict}${pre}`, count('rejected'), count('accepted'), String(Number(count('unknown')) + Number(count('error'))), shown || '-']);
  }
  lines.push(...table(rows));
  const notes: string[] = (spec.notes ?? []).map((n) => `  note: ${n}`);
  for (const r of spec.rejectInputs ?? []) {
    if (r.verdict === 'rejected') continue;
    const inputs = Object.entries(r.inputs).map(([k, v]) => `${k} = ${v}`).join(', ');
    notes.push(`  reject input ${r.id} (${inputs}): ${r.verdict === 'accepted' ? 'accepted by the precondition' : `${r.verdict}${r.cause ? ` (${r.cause})` : ''}${r.reason ? `: ${r.reason}` : ''}`}`);
  }
  notes.push(...spec.tests.flatMap((t) => [
    ...(t.verdict !== 'holds' && t.reason ? [`  ${t.id}: ${t.verdict}: ${t.reason}`] : []),
    ...t.mutants.filter((m) => m.verdict === 'unknown' || m.verdict === 'error').slice(0, 2).map((m) => `  ${m.id} ${m.value}: ${m.verdict}${m.cause ? ` (${m.cause})` : ''}${m.reason ? `: ${m.reason}` : ''}`),
  ]));
  const cc = spec.crossCheck;
  if (cc) {
    notes.push(`  cross-check with ${cc.oracle}: ${cc.agree}/${cc.compared} decided by both agree` + (cc.secondaryOnly ? `, ${cc.secondaryOnly} decided by ${cc.oracle} only` : '') + (cc.primaryOnly ? `, ${cc.primaryOnly} by ${spec.oracles.join(', ')} only` : ''));
    for (const d of cc.disagreements) notes.push(`  DISAGREE ${d.id} ${d.value}: ${d.primary} vs ${cc.oracle} ${d.secondary}${d.secondaryReason ? ` (${d.secondaryReason})` : ''}`);
  }
  lines.push(...notes.map((n) => (n.length > 240 ? `${n.slice(0, 237)}...` : n)));
  return `${lines.join('\n')}\n`;
}

export function formatSummary(report: Report): string {
  const s = report.summary;
  const causes = Object.entries(s.unknownCauses).map(([k, n]) => `${k} ${n}`).join(', ');
  return [
    `specs ${s.specs}  scored ${s.scored}  errors ${s.errors}  correct ${s.correct}/${s.scored}`,
    `mean correctness ${pct(s.correctness)}  mean completeness ${pct(s.completeness)}  (lenient ${pct(s.lenientCompleteness)})`,
    ...(s.preconditionCorrectness != null || s.preconditionCompleteness != null
      ? [`mean precondition correctness ${pct(s.preconditionCorrectness ?? null)}  mean precondition completeness ${pct(s.preconditionCompleteness ?? null)}`]
      : []),
    `mutants ${s.mutants.total}: rejected ${s.mutants.rejected}, accepted ${s.mutants.accepted}, unknown ${s.mutants.unknown}, error ${s.mutants.error}`,
    `unknown verdicts ${s.unknown}${causes ? ` (${causes})` : ''}  time ${s.seconds.toFixed(1)} s`,
    ...(s.crossCheck
      ? [`cross-check with ${s.crossCheck.oracle}: ${s.crossCheck.agree}/${s.crossCheck.compared} agree, ${s.crossCheck.disagreements} disagree; decided by one side only: ${s.crossCheck.primaryOnly} primary, ${s.crossCheck.secondaryOnly} ${s.crossCheck.oracle}`]
      : []),
  ].join('\n');
}

import type { Report, SpecReport } from '@specmut/core';
import type { MutationTestResult } from 'mutation-testing-report-schema';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside a <script> element: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

const percent = (share: number | null): string => (share === null ? '-' : `${(share * 100).toFixed(1)}%`);

function specRow(spec: SpecReport): string {
  const cells =
    spec.status === 'error'
      ? [spec.id, spec.method ?? '', `<td colspan="6" class="error">could not be scored: ${escapeHtml(spec.error?.message ?? 'unknown error')}${spec.error?.location ? ` (${escapeHtml(spec.error.location)})` : ''}</td>`]
      : [
          spec.id,
          spec.method ?? '',
          percent(spec.correctness),
          percent(spec.completeness),
          percent(spec.lenientCompleteness),
          percent(spec.preconditionCorrectness ?? null),
          percent(spec.preconditionCompleteness ?? null),
          `${spec.mutants.rejected} / ${spec.mutants.accepted} / ${spec.mutants.unknown} / ${spec.mutants.error}`,
        ];
  const failed = spec.tests.filter((t) => t.verdict !== 'holds');
  const tests = failed.length
    ? `<tr><td></td><td colspan="7">${failed.map((t) => `<div class="${t.verdict === 'fails' ? 'error' : ''}">test ${escapeHtml(t.id)}: ${t.verdict === 'fails' ? 'the spec rejects the expected output' : t.verdict}${t.reason ? ` (${escapeHtml(t.oracle)}: ${escapeHtml(t.reason)})` : ''}</div>`).join('')}</td></tr>`
    : '';
  return `<tr>${cells.map((c) => (c.startsWith('<td') ? c : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>${tests}`;
}

/** specmut's own figures, which the page's mutation score does not reproduce (see the README). */
function summary(report: Report): string {
  const s = report.summary;
  return `<header>
<h1>specmut report</h1>
<p>${s.specs} specs, ${s.scored} scored, ${s.errors} with errors; mean correctness ${percent(s.correctness)}, mean completeness ${percent(s.completeness)} (lenient ${percent(s.lenientCompleteness)}); precondition: mean correctness ${percent(s.preconditionCorrectness ?? null)} (test inputs accepted), mean completeness ${percent(s.preconditionCompleteness ?? null)} (reject inputs refused).
Mutants are mutated <em>outputs</em>, not mutated specs: Killed = the spec provably rejects the output, Survived = it provably accepts it,
Timeout / NoCoverage / Pending = undecided (a timeout / not proved either way / the run was stopped), RuntimeError = the check broke.
The mutation score below counts Timeout as detected; specmut's completeness never counts an undecided mutant.</p>
<table><thead><tr><th>spec</th><th>method</th><th>correctness</th><th>completeness</th><th>lenient</th><th>precondition correctness</th><th>precondition completeness</th><th>mutants rejected / accepted / unknown / error</th></tr></thead>
<tbody>${report.specs.map(specRow).join('\n')}</tbody></table>
</header>`;
}

const STYLE = `body{margin:0;font-family:system-ui,sans-serif}header{padding:1rem 2rem;border-bottom:1px solid #ccc}
h1{font-size:1.4rem;margin:0 0 .5rem}table{border-collapse:collapse;font-size:.9rem}td,th{padding:.15rem .6rem;text-align:left}
tbody tr:nth-child(odd){background:#f4f4f5}.error{color:#b91c1c}p{max-width:70rem;font-size:.9rem}`;

/**
 * A standalone page: specmut's figures, then mutation-testing-elements showing `result`. `elements` is
 * the elements' bundled script, inlined, so the page works offline and from file://.
 */
export function renderHtml(report: Report, result: MutationTestResult, elements: string): string {
  if (/<\/script/i.test(elements)) throw new Error('the mutation-testing-elements bundle cannot be inlined: it contains "</script"');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>specmut report</title>
<style>${STYLE}</style>
<script>${elements}</script>
</head>
<body>
${summary(report)}
<mutation-test-report-app title-postfix="specmut"></mutation-test-report-app>
<script type="application/json" id="specmut-mutation-report">${scriptJson(result)}</script>
<script>
  document.querySelector('mutation-test-report-app').report = JSON.parse(document.getElementById('specmut-mutation-report').textContent);
</script>
</body>
</html>
`;
}

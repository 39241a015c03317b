import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreExamples } from './helpers.js';

/** A Chromium to drive: $SPECMUT_CHROMIUM, else Debian's `chromium` (installed by scripts/setup.sh) on PATH. */
function findChromium(): string | undefined {
  const candidates = process.env.SPECMUT_CHROMIUM
    ? [process.env.SPECMUT_CHROMIUM]
    : (process.env.PATH ?? '').split(delimiter).flatMap((dir) => ['chromium', 'chromium-browser'].map((name) => join(dir, name)));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const executable = findChromium();
const SKIPPED = 'SKIPPED: no Chromium found (run scripts/setup.sh, which installs Debian\'s chromium, or set SPECMUT_CHROMIUM)';
if (!executable) console.warn(`specmut: the HTML report's browser test is ${SKIPPED}`);

describe.skipIf(!executable)(`the HTML report in headless Chromium${executable ? '' : ` (${SKIPPED})`}`, () => {
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const errors: string[] = [];
  let url: string;

  beforeAll(async () => {
    url = pathToFileURL(scoreExamples({ html: true }).html).href;
    browser = await chromium.launch({ executablePath: executable, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1400, height: 1300 } });
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => browser?.close());

  /** How many elements show `text` (shadow DOM included), polled while the page renders. */
  const seen = (text: string | RegExp, options: { exact?: boolean } = {}) => expect.poll(() => page.getByText(text, options).count(), { timeout: 15_000 });
  const open = async (hash: string) => {
    await page.goto(`${url}${hash}`);
    await page.reload();
  };

  it('lists every spec file with its mutation figures, offline, with no script error', async () => {
    await open('');
    await seen('shared-elements.dfy', { exact: true }).toBeGreaterThan(0);
    await seen('abs.dfy', { exact: true }).toBeGreaterThan(0);
    // specmut's own figures above the elements, with the spec that could not be scored.
    await seen(/could not be scored: no method, function or predicate named "Absolute"/).toBe(1);
    // The precondition's own figures sit next to the postcondition's.
    await seen('precondition completeness', { exact: true }).toBe(1);
    await seen(/precondition: mean correctness/).toBe(1);
    expect(errors).toEqual([]);
    // Everything the page needs is inside it: nothing fetched, not even from the file system.
    expect(requests.filter((r) => r !== url)).toEqual([]);
  });

  it('shows a spec\'s source with its mutants, and a mutant\'s status and reason', async () => {
    await open('#mutant/examples/dafny/shared-elements/shared-elements.dfy');
    await seen('ensures forall i, j :: 0 <= i < j < |result| ==> result[i] != result[j]').toBeGreaterThan(0);
    await seen('Survived (3)').toBe(1);
    await seen('Killed (12)').toBe(1);
    await page.locator('svg.mutant-dot').first().click();
    await seen('eval: the spec provably accepts this output').toBeGreaterThan(0);
    await seen(/Covered by\s+1\s+test/).toBeGreaterThan(0);
    await seen(/yet still survived/).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('shows the tests, a failing one with its verdict', async () => {
    await open('#test/packages/report/test/fixtures/abs.suite.json');
    await seen(/typo: Abs\(x = 2\) == 3 \(FAILS: the spec rejects this expected output/).toBeGreaterThan(0);
    await seen('negative: Abs(x = -3) == 3 (the spec accepts it)').toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

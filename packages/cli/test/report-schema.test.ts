import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { start } from './helpers.js';

// Real reports, written by the CLI, checked against the published JSON Schema by an independent validator.
const schema = JSON.parse(readFileSync(new URL('../../core/schema/report.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validReport = ajv.compile(schema);
// What a --jsonl line is: one of the report's specs.
const validSpec = ajv.compile({ $ref: `${schema.$id}#/properties/specs/items` });

const errorsOf = (validate: typeof validReport) => ajv.errorsText(validate.errors);

async function score(args: string[]): Promise<{ report: unknown; lines: unknown[] }> {
  const out = mkdtempSync(join(tmpdir(), 'specmut-schema-'));
  const r = await start(['score', ...args, '--json', join(out, 'report.json'), '--jsonl', join(out, 'specs.jsonl'), '--quiet', '--no-cache'], out).done;
  expect(r.code, r.err).not.toBe(3);
  const lines = readFileSync(join(out, 'specs.jsonl'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
  return { report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')), lines };
}

describe('real reports against packages/core/schema/report.schema.json', () => {
  it('the evaluator on every example, specs with errors, a shard', async () => {
    const { report, lines } = await score(['examples/dafny', 'packages/cli/test/fixtures', '--backend', 'eval', '--shard', '1/1']);
    expect(validReport(report), errorsOf(validReport)).toBe(true);
    expect((report as { summary: { errors: number } }).summary.errors).toBeGreaterThan(0);
    for (const line of lines) expect(validSpec(line), errorsOf(validSpec)).toBe(true);
  });

  it('the real Dafny on an example', async () => {
    const { report, lines } = await score(['examples/dafny/array-sum', '--backend', 'dafny', '--mutants', '2']);
    expect(validReport(report), errorsOf(validReport)).toBe(true);
    expect(validSpec(lines[0]), errorsOf(validSpec)).toBe(true);
    expect((report as { specs: { oracles: string[] }[] }).specs[0]!.oracles.join()).toMatch(/dafny/);
  });

  it('specmut mutate-spec (evaluator): the report with specMutants, and the list on stdout, most informative first', async () => {
    const out = mkdtempSync(join(tmpdir(), 'specmut-schema-'));
    const json = join(out, 'report.json');
    const r = await start(['mutate-spec', 'examples/dafny/shared-elements/shared-elements.suite.json', '--json', json, '--no-cache'], out).done;
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(validReport(report), errorsOf(validReport)).toBe(true);
    const mutants = report.specs[0].specMutants as { operator: string; status: string; relation?: string; text: string; original: string }[];
    expect(mutants.length).toBeGreaterThan(20);
    // The paper's spec: nothing in its tests pins down distinctness, so dropping that clause survives as strictly weaker.
    expect(mutants[0]).toMatchObject({ status: 'survived', relation: 'weaker' });
    expect(mutants).toContainEqual(expect.objectContaining({ operator: 'drop-clause', status: 'survived', relation: 'weaker', text: '', original: 'ensures forall i, j :: 0 <= i < j < |result| ==> result[i] != result[j]' }));
    expect(r.out).toMatch(/^shared-elements \(SharedElements, .*shared-elements\.dfy\): \d+ spec mutants, \d+ killed, \d+ survived \(\d+ strictly weaker\), \d+ unknown\n  survived \(weaker\) /);
    expect(r.out).toMatch(/1 of 1 specs mutated: \d+ spec mutants/);
  });

  it('the schema rejects what is not a report', async () => {
    const { report } = await score(['examples/dafny/array-sum', '--backend', 'eval']);
    const { summary: _dropped, ...noSummary } = report as Record<string, unknown>;
    expect(validReport(noSummary)).toBe(false);
    expect(validReport({ ...(report as object), schemaVersion: 2 })).toBe(false);
  });
});

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpecmutError, T, V, buildTriples, parseSuiteText, readSuite, resolveTests, suiteJsonSchema, type Signature } from '../src/index.js';
import { readFileSync } from 'node:fs';

const signature: Signature = {
  name: 'SharedElements',
  params: [
    { name: 'a', type: T.array(T.int) },
    { name: 'b', type: T.array(T.int) },
  ],
  results: [{ name: 'result', type: T.seq(T.int) }],
};

const good = `{
  "spec": "s.dfy",
  "method": "SharedElements",
  "tests": [
    { "inputs": { "a": [3, 4], "b": [4] }, "output": [4], "alternatives": [[4]] },
    { "id": "second", "inputs": [[1], [1]], "output": [1], "wrong": [[2]] }
  ]
}`;

function errorOf(f: () => unknown): SpecmutError {
  try {
    f();
  } catch (e) {
    if (e instanceof SpecmutError) return e;
    throw e;
  }
  throw new Error('expected an error');
}

describe('suite files', () => {
  it('parse, default the backend and read values against the signature', () => {
    const loaded = parseSuiteText('s.suite.json', good);
    expect(loaded.suite.backend).toBe('dafny');
    const tests = resolveTests(loaded, signature);
    expect(tests.map((t) => t.id)).toEqual(['test1', 'second']);
    expect(tests[0]!.inputs.a).toEqual(V.seq([V.int(3), V.int(4)]));
    expect(tests[1]!.wrong).toEqual([{ result: V.seq([V.int(2)]) }]);
  });

  it('report a JSON syntax error with line and column', () => {
    const e = errorOf(() => parseSuiteText('bad.json', '{\n  "spec": "x",\n  "method": \n}'));
    expect(e.code).toBe('bad-suite');
    expect(e.location).toMatchObject({ file: 'bad.json', line: 4 });
    expect(e.format()).toMatch(/^bad\.json:4:\d+: not valid JSON/);
  });

  it('say what JSON expected where it stopped', () => {
    const cases: [string, number, number, RegExp][] = [
      ['{"a": [1, 2,]}', 1, 13, /no trailing comma/],
      ['{\n  "a": 1\n  "b": 2\n}', 3, 3, /expected ',' or '}', found "\\""/],
      ["{'a': 1}", 1, 2, /quoted field name/],
      ['{"a": tru}', 1, 7, /expected a value/],
      ['{"a": "x', 1, 9, /unterminated string/],
      ['{} x', 1, 4, /end of the file/],
    ];
    for (const [text, line, column, message] of cases) {
      const e = errorOf(() => parseSuiteText('j.json', text));
      expect([e.location?.line, e.location?.column]).toEqual([line, column]);
      expect(e.message).toMatch(message);
    }
  });

  it('report a schema error with the JSON path and its line', () => {
    const e = errorOf(() => parseSuiteText('s.json', '{\n  "spec": "x.dfy",\n  "method": "M",\n  "tests": [\n    { "inputs": {}, "output": 1, "expectd": 2 }\n  ]\n}'));
    expect(e.location).toMatchObject({ line: 5, path: 'tests[0]' });
    expect(e.message).toMatch(/unknown field "expectd"/);
    const missing = errorOf(() => parseSuiteText('s.json', '{ "spec": "x.dfy", "tests": [] }'));
    expect(missing.location?.path).toBe('method');
  });

  it('report a bad value with its path, line and the signature', () => {
    const text = good.replace('"output": [1]', '"output": [1, "two"]');
    const e = errorOf(() => resolveTests(parseSuiteText('s.json', text), signature));
    expect(e.code).toBe('bad-value');
    expect(e.location).toMatchObject({ path: 'tests[1].output[1]', line: 6 });
    expect(e.message).toMatch(/expected an integer, got "two".*SharedElements\(a, b\) returns \(result\)/);
  });

  it('report unknown and missing inputs', () => {
    const text = good.replace('"b": [4]', '"c": [4]');
    expect(errorOf(() => resolveTests(parseSuiteText('s.json', text), signature)).message).toMatch(/unknown: c/);
  });

  it('read from disk, and name the file when it is missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specmut-test-'));
    await writeFile(join(dir, 'x.suite.json'), good);
    expect((await readSuite(join(dir, 'x.suite.json'))).suite.method).toBe('SharedElements');
    await expect(readSuite(join(dir, 'nope.json'))).rejects.toThrow(/cannot read the suite file: ENOENT/);
  });

  it('publish a JSON Schema that matches the committed file', () => {
    const committed = JSON.parse(readFileSync(new URL('../schema/suite.schema.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(suiteJsonSchema());
    expect(committed.required).toEqual(expect.arrayContaining(['spec', 'method', 'tests']));
  });
});

describe('triples', () => {
  it('per test: precondition, expected output, alternatives, wrong outputs, then mutants', () => {
    const tests = resolveTests(parseSuiteText('s.json', good), signature);
    const triples = buildTriples(tests, signature, { mutants: 3, seed: 1, specId: 's', checkPrecondition: true });
    expect(triples.filter((t) => t.testId === 'test1').map((t) => t.role)).toEqual(['precondition', 'test', 'alternative', 'mutant', 'mutant', 'mutant']);
    expect(triples.filter((t) => t.testId === 'second').map((t) => t.id)).toEqual(['t2_pre', 't2', 't2_w1', 't2_m1', 't2_m2', 't2_m3']);
    expect(new Set(triples.map((t) => t.id)).size).toBe(triples.length);
  });
});

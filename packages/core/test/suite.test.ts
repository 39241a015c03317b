import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpecmutError, T, V, buildTriples, chooseLanguage, parseSuiteText, readSuite, resolveRejectInputs, resolveTests, suiteJsonSchema, type Backend, type Signature } from '../src/index.js';
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
  it('parse and read values against the signature', () => {
    const loaded = parseSuiteText('s.suite.json', good);
    expect(loaded.suite.language).toBeUndefined();
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

describe('the spec language', () => {
  const backend = (id: string, extensions: string[]): Backend => ({ id, extensions, load: async () => ({ file: '', text: '', methods: [], native: null }), render: () => '' });
  const dafny = backend('dafny', ['.dfy']);
  const other = backend('other', ['.oth', '.dfy2']);
  const suite = (extra: Record<string, string>) => parseSuiteText('x.suite.json', JSON.stringify({ spec: 's.dfy', method: 'M', tests: [{ inputs: {}, output: 1 }], ...extra }));

  it("comes from the spec file's extension when the suite does not name it", () => {
    expect(chooseLanguage(suite({}), '/d/s.dfy', [other, dafny])).toEqual({ backend: dafny, notes: [] });
    expect(chooseLanguage(suite({}), '/d/s.oth', [other, dafny]).backend).toBe(other);
  });

  it('is the named one when given, whatever the extension', () => {
    expect(chooseLanguage(suite({ language: 'other' }), '/d/s.dfy', [other, dafny]).backend).toBe(other);
  });

  it('still reads the deprecated "backend" field, with a note', () => {
    const chosen = chooseLanguage(suite({ backend: 'dafny' }), '/d/s.dfy', [other, dafny]);
    expect(chosen.backend).toBe(dafny);
    expect(chosen.notes).toEqual([expect.stringMatching(/x\.suite\.json: the suite field "backend" is deprecated; write "language": "dafny"/)]);
  });

  it('is an error naming the field when unknown, ambiguous or contradicting', () => {
    expect(errorOf(() => chooseLanguage(suite({}), '/d/s.txt', [other, dafny])).format()).toMatch(/x\.suite\.json:\d+:\d+.*cannot tell the spec's language: no language reads \.txt files; give "language"/);
    expect(errorOf(() => chooseLanguage(suite({}), '/d/s.dfy', [dafny, backend('twin', ['.dfy'])])).message).toMatch(/\.dfy files are read by dafny and twin/);
    expect(errorOf(() => chooseLanguage(suite({ language: 'lean' }), '/d/s.dfy', [dafny])).message).toBe('unknown language "lean"');
    expect(errorOf(() => chooseLanguage(suite({ language: 'dafny', backend: 'other' }), '/d/s.dfy', [dafny, other])).message).toMatch(/"language" is "dafny" but the deprecated "backend" says "other"/);
  });
});

describe('reject inputs', () => {
  const withRejects = (rejects: unknown) => parseSuiteText('r.suite.json', JSON.stringify({ ...JSON.parse(good), rejectInputs: rejects }));

  it('are read against the parameters and become one reject triple each, after the tests', () => {
    const loaded = withRejects([{ inputs: { a: [], b: [1] } }, { id: 'empty-both', inputs: [[], []] }]);
    const tests = resolveTests(loaded, signature);
    const rejects = resolveRejectInputs(loaded, signature, tests.map((t) => t.id));
    expect(rejects).toEqual([
      { id: 'reject1', inputs: { a: V.seq([]), b: V.seq([V.int(1)]) } },
      { id: 'empty-both', inputs: { a: V.seq([]), b: V.seq([]) } },
    ]);
    const triples = buildTriples(tests, signature, { mutants: 0, seed: 1, specId: 's', checkPrecondition: true }, rejects);
    expect(triples.filter((t) => t.role === 'reject').map((t) => [t.id, t.testId])).toEqual([
      ['r1_reject', 'reject1'],
      ['r2_reject', 'empty-both'],
    ]);
    expect(triples.at(-1)!.outputs).toEqual({});
  });

  it('report a bad value or a clashing id at its place in the file', () => {
    const bad = withRejects([{ inputs: { a: [1], b: 'x' } }]);
    expect(errorOf(() => resolveRejectInputs(bad, signature, [])).format()).toMatch(/r\.suite\.json:\d+:\d+.*rejectInputs\[0\]\.inputs\.b/);
    const clash = withRejects([{ id: 'second', inputs: [[], []] }]);
    expect(errorOf(() => resolveRejectInputs(clash, signature, ['test1', 'second'])).message).toMatch(/duplicate id "second"/);
  });
});

import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpecmutError, V, outputParams, parseSuiteText, resolveTests } from '@specmut/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMbppDfy, loadDafnyModule, type ImportReport, type ImportedSuite, type TaskReport } from '../../src/index.js';

const corpus = fileURLToPath(new URL('./fixtures/corpus', import.meta.url));

let out: string;
let report: ImportReport;

const task = (id: string): TaskReport => report.tasks.find((t) => t.task_id === id)!;
const suite = async (id: string): Promise<ImportedSuite> => JSON.parse(await readFile(join(out, `task_id_${id}.suite.json`), 'utf8'));
const tests = async (id: string) => (await suite(id)).tests.map((t) => [t.inputs, t.output]);

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'specmut-import-'));
  report = await importMbppDfy({ dir: corpus, out });
});

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('importing an MBPP-DFY directory', () => {
  it('writes a suite and a copy of the spec per task with tests, and a report with totals', async () => {
    expect(report.totals).toEqual({ tasks: 32, imported: 17, partial: 9, skipped: 6, tests: 68 });
    const files = await readdir(out);
    expect(files).toContain('import-report.json');
    expect(files.filter((f) => f.endsWith('.suite.json'))).toHaveLength(26);
    expect(await readFile(join(out, 'task_id_2.dfy'), 'utf8')).toBe(await readFile(join(corpus, 'src/task_id_2.dfy'), 'utf8'));
    const written = JSON.parse(await readFile(join(out, 'import-report.json'), 'utf8'));
    expect(written.totals).toEqual(report.totals);
    expect(written.tasks).toHaveLength(32);
  });

  it('names the suite after the task, with the method, language and the task as meta (no label for human specs)', async () => {
    const s = await suite('1');
    expect(s).toMatchObject({ id: 'task_id_1', spec: 'task_id_1.dfy', method: 'AbsDiff', language: 'dafny' });
    expect(s.meta).toEqual({ task_id: '1', spec_source: 'human (fixture)', description: 'Distance between two integers, with a comma, and "quotes".' });
    expect((await suite('4')).meta.label).toBe('WEAK_SPEC');
    expect(s.tests.map((t) => t.id)).toEqual(['test1', 'test2', 'test3']);
  });

  it('reads assert, expect with the literal on the left, and //assert comments; hex and separators', async () => {
    expect(task('1')).toMatchObject({ status: 'imported', tests: 3, reasons: [] });
    expect(await tests('1')).toEqual([
      [{ a: -3, b: 4 }, 7],
      [{ a: 10, b: 2 }, 8],
      [{ a: 16, b: 1000 }, 984],
    ]);
  });

  it('reads new int[] allocations, //expected comments on their own line or after code, and expect r == []', async () => {
    expect(task('2').status).toBe('imported');
    expect(await tests('2')).toEqual([
      [{ a: [1, 2, -4] }, [2, -4]],
      [{ a: [6, 7, 8] }, [6, 8]],
      [{ a: [5] }, []],
    ]);
  });

  it('reads several results: && in one assert, separate asserts, and a //assert comment', async () => {
    expect(await tests('3')).toEqual([
      [{ a: 7, b: 2 }, { q: 3, r: 1 }],
      [{ a: -7, b: 2 }, { q: -4, r: 1 }],
      [{ a: 9, b: 3 }, { q: 3, r: 0 }],
    ]);
  });

  it('keeps decimals exact, negative ones too', async () => {
    expect(await tests('4')).toEqual([
      [{ x: '1.5', k: '-2.0' }, '-3.0'],
      [{ x: '0.1', k: '3.0' }, '0.30000000000000004'],
      [{ x: '2.5', k: '2.0' }, '5.0'],
    ]);
  });

  it('reads strings with commas and escaped quotes, chars with escapes, and sequences of strings', async () => {
    expect(await tests('5')).toEqual([
      [{ words: ['a, b', 'c'], sep: ',' }, 'a, b,c'],
      [{ words: ['x"y'], sep: "'" }, 'x"y'],
      [{ words: [], sep: ';' }, ''],
    ]);
  });

  it('reads char sequences whose chars are commas and brackets, and the "expeced" typo', async () => {
    expect(await tests('6')).toEqual([
      [{ s: 'a,]' }, 'a,]'],
      [{ s: '' }, ''],
      [{ s: "\n'" }, "\n'"],
    ]);
  });

  it('reads nested sequences and sets (duplicates collapse)', async () => {
    expect(await tests('7')).toEqual([
      [{ xss: [[1, 2], [], [2, -3]] }, [-3, 1, 2]],
      [{ xss: [[7]] }, [7]],
      [{ xss: [] }, []],
    ]);
  });

  it('reads r[..] == v for arrays and equality helpers, whatever they are called with', async () => {
    expect(task('8').status).toBe('imported');
    expect(await tests('8')).toEqual([
      [{ a: [1, 2, 3] }, [3, 2, 1]],
      [{ a: [-5, 5] }, [5, -5]],
      [{ a: [] }, []],
    ]);
  });

  it('reads test methods in unusual shapes: {:test}, a method named Test, nested blocks, reassigned results', async () => {
    expect(task('9')).toMatchObject({ status: 'imported', tests: 4, method: 'Max' });
    expect(await tests('9')).toEqual([
      [{ a: 1, b: 2 }, 2],
      [{ a: 3, b: -1 }, 3],
      [{ a: -8, b: -9 }, -8],
      [{ a: 5, b: 5 }, 5],
    ]);
  });

  it('tests a function spec through calls compared in asserts, and picks it over a predicate of the same file', async () => {
    expect(task('10')).toMatchObject({ status: 'imported', method: 'Square' });
    expect(await tests('10')).toEqual([
      [{ x: 3 }, 9],
      [{ x: -4 }, 16],
      [{ x: 0 }, 0],
    ]);
  });

  it('reads tuples and datatype constructors, bare, qualified and with named fields', async () => {
    expect(await tests('11')).toEqual([
      [{ s: [[1, 7], [2, 8]], k: 1 }, { ctor: 'Some', args: [7] }],
      [{ s: [], k: 3 }, 'None'],
      [{ s: [[4, -1]], k: 4 }, { ctor: 'Some', args: [-1] }],
    ]);
  });

  it('takes an expected value from an e<N> variable nobody compares, and says so; notes when one disagrees', async () => {
    expect(task('12').status).toBe('imported');
    expect(task('12').notes).toEqual([
      'test 1: the expected value of r is `e1` (line 2), which the test declares but never compares with the result',
      'test 3: `e3` (line 10) is [0, 0], but the check on line 12 expects [6, 5]',
    ]);
    expect((await tests('12')).map(([, o]) => o)).toEqual([[2, 1], [4, 3], [6, 5]]);
  });

  it('reads 2-D arrays, arrays of sequences, names of arrays in sequences, tuples of results', async () => {
    expect(await tests('27')).toEqual([
      [{ g: [[9, 8], [7, 6]], rows: [[1, 3], [5]] }, { c: 9, firsts: [1, 5] }],
      [{ g: [[-1]], rows: [[0]] }, { c: -1, firsts: [0] }],
      [{ g: [[2, 2, 2]], rows: [] }, { c: 2, firsts: [] }],
    ]);
  });
});

describe('methods that change an array in place', () => {
  it('reads the final state of the array passed: a[..] == v, v == a[..] in expect, //assert comments', async () => {
    expect(task('18')).toMatchObject({ status: 'imported', tests: 3, method: 'ZeroFirst', reasons: [] });
    expect(await tests('18')).toEqual([
      [{ a: [5, 6] }, [0, 6]],
      [{ a: [-1] }, [0]],
      [{ a: [0, 0, 7] }, [0, 0, 7]],
    ]);
  });

  it('reads equality helpers (a method assigned to a variable, a predicate in expect), //expected, e[..], seq variables', async () => {
    expect(task('28')).toMatchObject({ status: 'imported', tests: 6, reasons: [] });
    expect(await tests('28')).toEqual([
      [{ a: [1, 2, 3] }, [2, 3, 1]],
      [{ a: [4, 5] }, [5, 4]],
      [{ a: [7, 8, 9, 10] }, [8, 9, 10, 7]],
      [{ a: [] }, []],
      [{ a: [6, 0] }, [0, 6]],
      [{ a: [-3, 3] }, [3, -3]],
    ]);
    expect(task('28').notes).toEqual(['test 6: the expected value of a is `e6` (line 45), which the test declares but never compares with the final state of a6']);
  });

  it('reads several results written as one list (`//expected [[2, 4], [1, 3]]`) in order, and says so', async () => {
    expect(task('32').status).toBe('imported');
    expect(await tests('32')).toEqual([
      [{ a: [1, 2, 3, 4] }, { evens: [2, 4], odds: [1, 3] }],
      [{ a: [7] }, { evens: [], odds: [7] }],
      [{ a: [] }, { evens: [], odds: [] }],
    ]);
    expect(task('32').notes?.[0] ?? '').toMatch(/gives the 2 results as one list; read in order as evens, odds/);
  });

  it('gives results and final states as one object by name when a method has both', async () => {
    expect(task('29')).toMatchObject({ status: 'imported', tests: 3 });
    expect(await tests('29')).toEqual([
      [{ a: [3, -1, 2, -5] }, { count: 2, a: [-1, -5, 3, 2] }],
      [{ a: [4, -2] }, { count: 1, a: [-2, 4] }],
      [{ a: [0] }, { count: 0, a: [0] }],
    ]);
  });

  it('reports final states it cannot read: no variable, no value, a changed length, a change after the call, a reused array', async () => {
    expect(task('30')).toMatchObject({ status: 'partial', tests: 1 });
    expect(task('30').reasons).toEqual([
      'test 2 (line 8, `Negate(bs2[0])`): input a = `bs2[0]` (line 8): expected an array<int>: `new int[] [a, b]` or a sequence display, got the expression `bs2[0]`; Negate changes a in place, but the call passes `bs2[0]`, not a variable a check could look at afterwards',
      "test 3 (line 12, `Negate(a3)`): no expected value for a: line 13: `assert a3[0] == -4` does not give a3's value",
      'test 4 (line 16, `Negate(a4)`): the expected final state of a4 (line 17) is [-6, 0], of 2 elements, but a4 had 1 element before the call: an array changed in place keeps its length',
      'test 5 (line 20, `Negate(a5)`): no expected value for a: line 21: `a5[0] := 0` changes a5 after the call, so later checks of a5 do not give its value',
      'test 6 (line 24, `Negate(a1)`): input a = `a1` (line 24): expected an array<int>: `new int[] [a, b]` or a sequence display; a1 was changed in place by test 1 (line 3), got the name `a1`',
    ]);
    expect(await tests('30')).toEqual([[{ a: [1, -2] }, [-1, 2]]]);
  });

  it('gives only the changed parameter a final state; named arguments; the same array passed twice is reported', async () => {
    expect(task('31').reasons).toEqual(['test 2 (line 8, `Fill(d2, d2)`): d2 is passed for dst and src: the suite would give each parameter an array of its own']);
    expect(await tests('31')).toEqual([
      [{ src: 'ab', dst: 'xy' }, 'ab'],
      [{ src: '', dst: '' }, ''],
    ]);
  });

  it('writes suites that load the way specmut score reads them, final states typed as fixed-length arrays', async () => {
    for (const id of ['18', '28', '29', '30', '31']) {
      const file = join(out, `task_id_${id}.suite.json`);
      const loaded = parseSuiteText(file, await readFile(file, 'utf8'));
      const module = await loadDafnyModule(loaded.suite.spec, await readFile(join(out, loaded.suite.spec), 'utf8'));
      const method = module.methods.find((m) => m.name === loaded.suite.method)!;
      expect(method.signature.inOut?.length).toBe(1);
      const typed = resolveTests(loaded, method.signature);
      expect(typed.map((t) => t.id)).toEqual((await suite(id)).tests.map((t) => t.id));
      const changed = method.signature.inOut![0]!;
      expect(outputParams(method.signature).find((p) => p.name === changed)?.type).toMatchObject({ kind: 'array', fixedLength: true });
      for (const t of typed) expect(t.outputs[changed]).toBeDefined();
    }
    const [first] = resolveTests(parseSuiteText('t.json', await readFile(join(out, 'task_id_29.suite.json'), 'utf8')), (await loadDafnyModule('s.dfy', await readFile(join(out, 'task_id_29.dfy'), 'utf8'))).methods[0]!.signature);
    expect(first!.outputs).toEqual({ count: V.int(2), a: V.seq([V.int(-1), V.int(-5), V.int(3), V.int(2)]) });
  });
});

describe('tasks whose tests cannot be read', () => {
  it('skips a task without a test method, naming what the file declares', () => {
    expect(task('13')).toMatchObject({ status: 'skipped', tests: 0, reasons: ['no test method in corpus/test/task_id_13.dfy (it declares Main)'] });
  });

  it('skips a task whose tests call a method the spec does not declare', () => {
    expect(task('14').reasons).toEqual(["the test method calls none of the spec's methods: it calls OldName, the spec declares NewName"]);
  });

  it('keeps what it can when expected values are missing, saying which check gave nothing', async () => {
    expect(task('15')).toMatchObject({ status: 'partial', tests: 1 });
    expect(task('15').reasons).toEqual([
      'test 2 (line 5, `Pairs(3)`): no expected value for r (nothing checks the result)',
      'test 3 (line 8, `Pairs(2)`): no expected value for r: line 9: `assert |r3| == 2` does not give r3\'s value',
    ]);
    expect((await suite('15')).tests.map((t) => t.id)).toEqual(['test1']);
  });

  it('explains values that are not literals: expressions, calls, variables without or with changed values', () => {
    expect(task('16').status).toBe('skipped');
    const [t1, t2, t3, t4] = task('16').reasons;
    expect(t1).toMatch(/^test 1 .*no expected value for y: line 5: `assert y1 == 2 \+ 2` does not give a value of y: expected an int, got the expression `2 \+ 2`$/);
    expect(t2).toMatch(/^test 2 .*input x = `x` \(line 7\): expected an int, got the call `Seven\(\)`$/);
    expect(t3).toMatch(/z is declared without a value \(line 11\)/);
    expect(t4).toMatch(/input x = `w` \(line 16\): expected an int, got the expression `w \+ 1`/);
  });

  it('explains values that do not fit the signature', () => {
    expect(task('17').reasons).toEqual([
      'test 1 (line 2, `Half(-1)`): input n = `-1` (line 2): expected a nat (an integer >= 0), got the integer `-1`',
      'test 2 (line 5, `Half(3)`): no expected value for h: line 6: `assert h2 == 1.5` does not give a value of h: expected an int; Dafny does not convert reals to integers, got the real `1.5`',
    ]);
  });

  it('reports calls with the wrong number of arguments and conflicting expected values; reads named arguments', async () => {
    expect(task('19').reasons).toEqual([
      'test 1 (line 2, `Area(2, 3, 4)`): Area takes 2 arguments (w, h), the call passes 3',
      'test 2 (line 5, `Area(2, 3)`): conflicting expected values for a: 6 (line 6) and 7 (line 7)',
    ]);
    expect(await tests('19')).toEqual([[{ w: 2, h: 5 }, 10]]);
  });

  it('reports a missing test file and a spec that does not parse, with its location', () => {
    expect(task('20').reasons).toEqual(['there is no test file corpus/test/task_id_20.dfy']);
    expect(task('21').reasons[0]).toMatch(/^the spec does not parse: corpus\/src\/task_id_21\.dfy:4:5: /);
  });

  it('counts the calls that were commented out when there are fewer than three', () => {
    expect(task('22')).toMatchObject({ status: 'partial', tests: 1 });
    expect(task('22').reasons).toEqual(['the test method has only 1 call of CountA; 2 more calls are commented out (lines 6, 10)']);
  });

  it('needs every result: a test that checks only some of them is reported; bool results checked bare', async () => {
    expect(task('23').reasons).toEqual([
      'test 1 (line 2, `FirstNeg([1, -2])`): no expected value for found (the test checks only i)',
      'test 2 (line 5, `FirstNeg([3])`): no expected value for i (the test checks only found)',
    ]);
    expect(await tests('23')).toEqual([[{ a: [-1] }, { found: true, i: 0 }]]);
  });

  it('reports an empty test method and a call whose result is not kept', () => {
    expect(task('24').reasons).toEqual(['the test method IdTest is empty']);
    expect(task('25')).toMatchObject({ status: 'partial', tests: 3, reasons: ['test 1 (line 2, `Dec(3)`): the call\'s result is not kept in a variable'] });
  });

  it('points at a check that names the previous test\'s result when a test has none', async () => {
    expect(task('26').reasons).toEqual(['test 3 (line 12, `Len([])`): no expected value for n: line 13: `//assert n2==1;` checks n2, the result of test 2']);
    expect(await tests('26')).toEqual([
      [{ s: [[1, 2], [3]] }, 2],
      [{ s: [[1, 2]] }, 1],
    ]);
  });
});

describe('options', () => {
  it('reads the tests from another folder of the same shape', async () => {
    const alt = await mkdtemp(join(tmpdir(), 'specmut-import-alt-'));
    try {
      const r = await importMbppDfy({ dir: corpus, out: alt, testsFrom: join(corpus, 'test-alt') });
      expect(r.tasks[0]).toMatchObject({ task_id: '1', status: 'partial', tests: 2, reasons: ['test 3 (line 8, `AbsDiff(1, 1)`): no expected value for d (nothing checks the result)'] });
      expect(r.tasks[1]!.reasons).toEqual(['there is no test file corpus/test-alt/task_id_2.dfy']);
      // Its test file carries an older copy of the spec: the spec file's is scored, and the report says so.
      expect(r.tasks[0]!.notes).toEqual([expect.stringMatching(/^warning: corpus\/test-alt\/task_id_1\.dfy declares its own AbsDiff \(line 1\d\), whose specification differs from the one in corpus\/src\/task_id_1\.dfy; the tests are scored against corpus\/src\/task_id_1\.dfy$/)]);
      expect(r.testsFrom).toBe(join(corpus, 'test-alt'));
    } finally {
      await rm(alt, { recursive: true, force: true });
    }
  });

  it('fails clearly on a directory that is not MBPP-DFY', async () => {
    await expect(importMbppDfy({ dir: join(corpus, 'src'), out: join(tmpdir(), 'unused'), testsFrom: join(corpus, 'test') })).rejects.toThrow(/has no tasks\.jsonl/);
    await expect(importMbppDfy({ dir: join(corpus, 'nowhere'), out: join(tmpdir(), 'unused') })).rejects.toThrow(SpecmutError);
  });
});

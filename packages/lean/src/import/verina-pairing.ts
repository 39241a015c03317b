import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import {
  pairRejectInput,
  pairSignatures,
  pairTest,
  showType,
  SpecmutError,
  type Backend,
  type MethodSpec,
  type RejectInput,
  type Signature,
  type SourceTest,
  type SuiteTest,
  type Type,
  type TypeNames,
  type Value,
} from '@specmut/core';
import { leanPrinter } from '../print.js';
import { loadLeanModule } from '../spec-module.js';
import { field, named, parseLean } from '../syntax/parser.js';
import { LeanTypes } from '../syntax/types.js';
import { readVerinaJson, readVerinaValue, VerinaRejectSchema, VerinaTestSchema } from './verina.js';

/**
 * Pairs the benchmark's translations of VERINA tasks (Dafny, Verus, Lean files whose source is
 * `verina`) with the tests of the task each translates: the translation is the spec, VERINA's tests,
 * unexpected outputs and reject inputs are converted to its types (see core's pairing).
 */

export interface PairReport {
  translation: string;
  task: string;
  spec?: string | undefined;
  method?: string | undefined;
  status: 'paired' | 'partial' | 'skipped';
  tests: number;
  wrong: number;
  rejectInputs: number;
  /** Why the pair, a test, a wrong output or a reject input was left out. */
  reasons: string[];
  /** How the pair was made where it was not obvious (method chosen by position, types from task.json). */
  notes: string[];
}

export interface PairingReport {
  language: string;
  out: string;
  pairs: PairReport[];
  totals: { translations: number; paired: number; partial: number; skipped: number; tests: number; wrong: number; rejectInputs: number };
}

export const PAIRING_REPORT_FILE = 'pairing-report.json';

export interface PairingOptions {
  /** The VERINA directory: one folder per task. */
  verina: string;
  /** The translations of one language (vericoding's `dafny`, `verus` or `lean` folder). */
  specs: string;
  /** The benchmark CSV (id, language, source, source-id); by default the one CSV file next to `specs`. */
  csv?: string | undefined;
  out: string;
  /** The backend of the translations' language: it loads them and names their types. */
  backend: Backend;
}

const CsvRowSchema = z.object({ id: z.string().min(1), language: z.string(), source: z.string(), 'source-id': z.string() });

/** RFC 4180 fields: commas and newlines inside double quotes, `""` for a quote. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

/** The CSV's rows of one language whose source is VERINA: translation id and task folder name. */
export async function verinaTranslations(csvFile: string, language: string): Promise<{ id: string; task: string }[]> {
  const [header, ...rows] = parseCsv(await readFile(csvFile, 'utf8'));
  if (!header) throw new SpecmutError('bad-suite', 'the benchmark CSV is empty', { file: csvFile });
  for (const col of ['id', 'language', 'source', 'source-id']) {
    if (!header.includes(col)) throw new SpecmutError('bad-suite', `the benchmark CSV has no ${col} column (expected id, language, source, source-id)`, { file: csvFile, line: 1 });
  }
  return rows
    .map((r, i) => {
      const parsed = CsvRowSchema.safeParse(Object.fromEntries(header.map((h, j) => [h, r[j] ?? ''])));
      if (!parsed.success) throw new SpecmutError('bad-suite', `row ${i + 2}: ${parsed.error.issues[0]!.message}`, { file: csvFile, line: i + 2 });
      return parsed.data;
    })
    .filter((r) => r.language === language && r.source === 'verina')
    // `verina_basic_1_task` names the task folder `verina_basic_1`
    .map((r) => ({ id: r.id, task: r['source-id'].replace(/_task$/, '') }));
}

async function defaultCsv(specs: string): Promise<string> {
  const parent = dirname(resolve(specs));
  const csvs = (await readdir(parent)).filter((f) => f.endsWith('.csv'));
  if (csvs.length !== 1) {
    throw new SpecmutError('bad-option', `${csvs.length ? 'several' : 'no'} CSV files next to ${specs}: name the benchmark CSV with --csv`, { file: parent });
  }
  return join(parent, csvs[0]!);
}

/** A Lean type written as text (task.json's `Array Int`, `List (Nat × Nat)`), read by the Lean grammar. */
export async function readLeanType(text: string): Promise<Type> {
  const tree = await parseLean(`def specmut_type : ${text} := default\n`);
  try {
    const def = named(tree.rootNode)[0];
    const body = def && named(def).find((n) => n.type === 'definition');
    return new LeanTypes([]).resolve(body ? field(body, 'type') : undefined);
  } finally {
    tree.delete();
  }
}

const TaskSignatureSchema = z.object({
  signature: z.object({
    name: z.string(),
    parameters: z.array(z.object({ param_name: z.string(), param_type: z.string() })),
    return_type: z.string(),
  }),
});

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The task's signature: task.lean's when it loads, else task.json's (types read as Lean types). */
async function taskSignature(dir: string, notes: string[]): Promise<Signature> {
  const declared = TaskSignatureSchema.parse(await readVerinaJson(join(dir, 'task.json'))).signature;
  const file = join(dir, 'task.lean');
  try {
    const module = await loadLeanModule(file, await readFile(file, 'utf8'));
    const method = module.methods.find((m) => m.name === declared.name);
    if (method) return method.signature;
    notes.push(`task.lean has no ${declared.name}_postcond: types read from task.json`);
  } catch (e) {
    notes.push(`task.lean does not load (${message(e).split('\n')[0]}): types read from task.json`);
  }
  return {
    name: declared.name,
    params: await Promise.all(declared.parameters.map(async (p) => ({ name: p.param_name, type: await readLeanType(p.param_type) }))),
    results: [{ name: 'result', type: await readLeanType(declared.return_type) }],
  };
}

const nameKey = (name: string): string => name.replace(/^.*\./, '').replace(/_/g, '').toLowerCase();

/**
 * The translation's method for the task: the one of the same name (compared without case and `_`),
 * else the last one with a postcondition and as many parameters (helpers come first in the files).
 */
export function chooseMethod(methods: readonly MethodSpec[], task: Signature, notes: string[]): MethodSpec | undefined {
  const byName = methods.filter((m) => nameKey(m.name) === nameKey(task.name));
  if (byName.length) return byName.at(-1);
  const candidates = methods.filter((m) => m.signature.params.length === task.params.length && m.clauses.some((c) => c.role === 'postcondition'));
  const chosen = candidates.at(-1);
  if (chosen) notes.push(`no method named ${task.name}: chose ${chosen.name}, the last one with a postcondition and ${task.params.length} parameter${task.params.length === 1 ? '' : 's'}`);
  return chosen;
}

async function specFileOf(specs: string, id: string, extensions: readonly string[]): Promise<string | undefined> {
  const files = (await readdir(specs)).filter((f) => (f.startsWith(`${id}_`) || f.startsWith(`${id}.`)) && extensions.some((x) => f.endsWith(x)));
  return files.length === 1 ? join(specs, files[0]!) : undefined;
}

async function readTests(dir: string, source: Signature, reasons: string[]): Promise<SourceTest[]> {
  const raw = z.array(VerinaTestSchema).parse(await readVerinaJson(join(dir, 'test.json')));
  const result = source.results[0]!.type;
  const tests: SourceTest[] = [];
  for (const [i, t] of raw.entries()) {
    const id = `test${i + 1}`;
    try {
      const inputs = await readInputs(t.input, source);
      const expected = await readVerinaValue(t.expected, result);
      const unexpected: Value[] = [];
      for (const [j, u] of t.unexpected.entries()) {
        try {
          unexpected.push(await readVerinaValue(u, result));
        } catch (e) {
          reasons.push(`${id}: unexpected[${j}] left out: ${message(e)}`);
        }
      }
      tests.push({ id, inputs, expected, unexpected });
    } catch (e) {
      reasons.push(`${id}: ${message(e)}`);
    }
  }
  return tests;
}

async function readInputs(raw: Record<string, unknown>, source: Signature): Promise<Record<string, Value>> {
  const out: Record<string, Value> = {};
  for (const p of source.params) {
    if (!(p.name in raw)) throw new SpecmutError('bad-value', `no value for parameter ${p.name}`);
    out[p.name] = await readVerinaValue(raw[p.name], p.type);
  }
  return out;
}

async function pairOne(options: PairingOptions, id: string, task: string, out: string): Promise<PairReport> {
  const report: PairReport = { translation: id, task, status: 'skipped', tests: 0, wrong: 0, rejectInputs: 0, reasons: [], notes: [] };
  const dir = join(options.verina, task);
  if (!(await stat(join(dir, 'test.json')).then(() => true, () => false))) {
    report.reasons.push(`no VERINA task ${task} (no ${join(dir, 'test.json')})`);
    return report;
  }
  const specFile = await specFileOf(options.specs, id, options.backend.extensions);
  if (!specFile) {
    report.reasons.push(`no single ${options.backend.extensions.join('/')} file for ${id} in ${options.specs}`);
    return report;
  }
  report.spec = basename(specFile);
  const names: TypeNames = { source: leanPrinter.type, target: options.backend.printer?.type ?? showType };
  const source = await taskSignature(dir, report.notes);
  let method: MethodSpec | undefined;
  try {
    const module = await options.backend.load(specFile, await readFile(specFile, 'utf8'));
    method = chooseMethod(module.methods, source, report.notes);
  } catch (e) {
    report.reasons.push(`spec: ${message(e).split('\n')[0]}`);
    return report;
  }
  if (!method) {
    report.reasons.push(`no method for ${source.name} in ${basename(specFile)}`);
    return report;
  }
  report.method = method.name;
  let pairing;
  try {
    pairing = pairSignatures(source, method.signature, names);
  } catch (e) {
    report.reasons.push(message(e));
    return report;
  }
  const tests: SuiteTest[] = [];
  for (const t of await readTests(dir, source, report.reasons)) {
    const paired = pairTest(pairing, t, names);
    report.reasons.push(...paired.problems);
    if (!paired.test) continue;
    tests.push(paired.test);
    report.wrong += paired.test.wrong?.length ?? 0;
  }
  const rejectInputs: RejectInput[] = [];
  const rejectFile = join(dir, 'reject_inputs.json');
  const rawRejects = await stat(rejectFile).then(() => readVerinaJson(rejectFile), () => []);
  for (const [i, r] of z.array(VerinaRejectSchema).parse(rawRejects).entries()) {
    const rid = `reject${i + 1}`;
    try {
      const paired = pairRejectInput(pairing, rid, await readInputs(r.input, source), names);
      if (paired.input) rejectInputs.push(paired.input);
      else report.reasons.push(paired.problem!);
    } catch (e) {
      report.reasons.push(`${rid}: ${message(e)}`);
    }
  }
  report.tests = tests.length;
  report.rejectInputs = rejectInputs.length;
  if (!tests.length) {
    report.reasons.unshift('no test could be carried over');
    return report;
  }
  report.status = report.reasons.length ? 'partial' : 'paired';
  const suite = {
    spec: basename(specFile),
    language: options.backend.id,
    method: method.name,
    meta: { source: 'verina', task, translation: id },
    tests,
    ...(rejectInputs.length ? { rejectInputs } : {}),
  };
  await copyFile(specFile, join(out, basename(specFile)));
  await writeFile(join(out, `${id}.suite.json`), `${JSON.stringify(suite, null, 2)}\n`);
  return report;
}

/** Every translation of `options.backend`'s language whose source is VERINA, paired with its task's tests. */
export async function pairVerina(options: PairingOptions): Promise<PairingReport> {
  const out = resolve(options.out);
  await mkdir(out, { recursive: true });
  const csv = options.csv ?? (await defaultCsv(options.specs));
  const pairs: PairReport[] = [];
  for (const { id, task } of await verinaTranslations(csv, options.backend.id)) {
    try {
      pairs.push(await pairOne(options, id, task, out));
    } catch (e) {
      pairs.push({ translation: id, task, status: 'skipped', tests: 0, wrong: 0, rejectInputs: 0, reasons: [message(e)], notes: [] });
    }
  }
  const sum = (k: 'tests' | 'wrong' | 'rejectInputs') => pairs.reduce((n, p) => n + p[k], 0);
  const count = (s: PairReport['status']) => pairs.filter((p) => p.status === s).length;
  const report: PairingReport = {
    language: options.backend.id,
    out,
    pairs,
    totals: { translations: pairs.length, paired: count('paired'), partial: count('partial'), skipped: count('skipped'), tests: sum('tests'), wrong: sum('wrong'), rejectInputs: sum('rejectInputs') },
  };
  await writeFile(join(out, PAIRING_REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

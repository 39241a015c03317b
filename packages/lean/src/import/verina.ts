import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { encodeValue, SpecmutError, V, type Json, type MethodSpec, type Type, type Value } from '@specmut/core';
import { loadLeanModule } from '../spec-module.js';
import { readLeanValue } from '../values.js';

/** `test.json`: inputs by parameter name (Lean literals as strings, or JSON numbers and booleans), the expected output and known wrong ones. */
export const VerinaTestSchema = z.object({
  input: z.record(z.string(), z.unknown()),
  expected: z.unknown(),
  unexpected: z.array(z.unknown()).default([]),
});
export const VerinaRejectSchema = z.object({ input: z.record(z.string(), z.unknown()) });
const SignatureSchema = z.object({ name: z.string() });
const TaskSchema = z.object({ signature: SignatureSchema });

export interface VerinaTaskReport {
  task: string;
  status: 'imported' | 'partial' | 'skipped';
  tests: number;
  wrong: number;
  rejectInputs: number;
  reasons: string[];
}

export interface VerinaImportReport {
  out: string;
  tasks: VerinaTaskReport[];
  totals: { tasks: number; imported: number; partial: number; skipped: number; tests: number; wrong: number; rejectInputs: number };
}

export const VERINA_REPORT_FILE = 'import-report.json';

/**
 * Integers beyond 2^53 lose digits as JSON numbers: outside strings, a run of 16 or more digits is
 * quoted first, and then read as the Lean numeral it is.
 */
export function quoteLongIntegers(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    const m = /^-?\d{16,}(?![.eE\d])/.exec(text.slice(i, i + 400));
    if (m && !/[\w.]/.test(text[i - 1] ?? '')) {
      out += `"${m[0]}"`;
      i += m[0].length - 1;
      continue;
    }
    out += c;
  }
  return out;
}

export async function readVerinaJson(file: string): Promise<unknown> {
  const text = quoteLongIntegers(await readFile(file, 'utf8'));
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new SpecmutError('bad-suite', `not JSON: ${(e as Error).message}`, { file });
  }
}

/**
 * A value given as a Lean literal string, or as plain JSON for numbers and booleans. VERINA writes a
 * top-level String or Char value as its bare text (`"abca"`, `","`), a nested one as a Lean literal.
 */
export async function readVerinaValue(raw: unknown, type: Type): Promise<Value> {
  if (typeof raw === 'string' && type.kind === 'string') return V.string(raw);
  if (typeof raw === 'string' && type.kind === 'char' && [...raw].length === 1) return V.char(raw);
  if (typeof raw === 'string') return readLeanValue(raw, type);
  if (Array.isArray(raw) && (type.kind === 'seq' || type.kind === 'array')) {
    const elem: Type = type.kind === 'array' && type.dims > 1 ? { ...type, dims: type.dims - 1 } : type.elem;
    return V.seq(await Promise.all(raw.map((x) => readVerinaValue(x, elem))));
  }
  if (typeof raw === 'number' || typeof raw === 'boolean') return readLeanValue(String(raw), type);
  throw new SpecmutError('bad-value', `expected a Lean literal string, a number or a boolean, got ${JSON.stringify(raw)}`);
}

async function readInputs(raw: Record<string, unknown>, method: MethodSpec): Promise<Record<string, Json>> {
  const out: Record<string, Json> = {};
  for (const p of method.signature.params) {
    if (!(p.name in raw)) throw new SpecmutError('bad-value', `no value for parameter ${p.name}`);
    out[p.name] = encodeValue(await readVerinaValue(raw[p.name], p.type), p.type);
  }
  const extra = Object.keys(raw).filter((k) => !method.signature.params.some((p) => p.name === k));
  if (extra.length) throw new SpecmutError('bad-value', `values for unknown parameters ${extra.join(', ')}`);
  return out;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** One VERINA task folder as a suite: the spec, tests with their unexpected outputs as `wrong`, reject inputs. */
async function importTask(dir: string, task: string, out: string): Promise<VerinaTaskReport> {
  const report: VerinaTaskReport = { task, status: 'skipped', tests: 0, wrong: 0, rejectInputs: 0, reasons: [] };
  const specFile = join(dir, 'task.lean');
  const text = await readFile(specFile, 'utf8');
  const sigRaw = await readVerinaJson(join(dir, 'task.json')).then((j) => TaskSchema.parse(j).signature).catch(async () => SignatureSchema.parse(await readVerinaJson(join(dir, 'signature.json'))));
  let module;
  try {
    module = await loadLeanModule(specFile, text);
  } catch (e) {
    report.reasons.push(`spec: ${message(e)}`);
    return report;
  }
  const method = module.methods.find((m) => m.name === sigRaw.name);
  if (!method) {
    report.reasons.push(`no ${sigRaw.name}_postcond in task.lean`);
    return report;
  }
  const result = method.signature.results[0]!;
  const tests = [];
  const rawTests = z.array(VerinaTestSchema).parse(await readVerinaJson(join(dir, 'test.json')));
  for (const [i, t] of rawTests.entries()) {
    try {
      const inputs = await readInputs(t.input, method);
      const output = encodeValue(await readVerinaValue(t.expected, result.type), result.type);
      const wrong: Json[] = [];
      for (const u of t.unexpected) wrong.push(encodeValue(await readVerinaValue(u, result.type), result.type));
      tests.push({ id: `test${i + 1}`, inputs, output, ...(wrong.length ? { wrong } : {}) });
      report.wrong += wrong.length;
    } catch (e) {
      report.reasons.push(`test ${i + 1}: ${message(e)}`);
    }
  }
  const rejectInputs = [];
  const rejectFile = join(dir, 'reject_inputs.json');
  const rawRejects = await stat(rejectFile).then(() => readVerinaJson(rejectFile), () => []);
  for (const [i, r] of z.array(VerinaRejectSchema).parse(rawRejects).entries()) {
    try {
      rejectInputs.push({ id: `reject${i + 1}`, inputs: await readInputs(r.input, method) });
    } catch (e) {
      report.reasons.push(`reject input ${i + 1}: ${message(e)}`);
    }
  }
  report.tests = tests.length;
  report.rejectInputs = rejectInputs.length;
  if (!tests.length) return report;
  report.status = report.reasons.length ? 'partial' : 'imported';
  const suite = { spec: `${task}.lean`, language: 'lean', method: method.name, meta: { task }, tests, ...(rejectInputs.length ? { rejectInputs } : {}) };
  await copyFile(specFile, join(out, `${task}.lean`));
  await writeFile(join(out, `${task}.suite.json`), `${JSON.stringify(suite, null, 2)}\n`);
  return report;
}

/** Every `<dir>/<task>/` with a `task.lean` and a `test.json`, as suites in `out`, with a report of what was left out. */
export async function importVerina(options: { dir: string; out: string }): Promise<VerinaImportReport> {
  const out = resolve(options.out);
  await mkdir(out, { recursive: true });
  const entries = (await readdir(options.dir)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const tasks: VerinaTaskReport[] = [];
  for (const task of entries) {
    const dir = join(options.dir, task);
    const isTask = await stat(join(dir, 'task.lean')).then(() => stat(join(dir, 'test.json'))).then(() => true, () => false);
    if (!isTask) continue;
    try {
      tasks.push(await importTask(dir, task, out));
    } catch (e) {
      tasks.push({ task, status: 'skipped', tests: 0, wrong: 0, rejectInputs: 0, reasons: [message(e)] });
    }
  }
  const sum = (k: 'tests' | 'wrong' | 'rejectInputs') => tasks.reduce((n, t) => n + t[k], 0);
  const count = (s: VerinaTaskReport['status']) => tasks.filter((t) => t.status === s).length;
  const report: VerinaImportReport = {
    out,
    tasks,
    totals: { tasks: tasks.length, imported: count('imported'), partial: count('partial'), skipped: count('skipped'), tests: sum('tests'), wrong: sum('wrong'), rejectInputs: sum('rejectInputs') },
  };
  await writeFile(join(out, VERINA_REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

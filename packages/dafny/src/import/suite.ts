import { encodeValue, equalValues, outputParams, parseSuiteText, resolveTests, type Json, type MethodSpec } from '@specmut/core';
import type { TestCall } from './read-tests.js';
import { taskStem, type TaskRow } from './tasks.js';

/** The suite file written for a task: the spec next to it, the method, the readable tests. */
export interface ImportedSuite {
  id: string;
  spec: string;
  method: string;
  language: 'dafny';
  meta: Record<string, Json>;
  tests: { id: string; inputs: Record<string, Json>; output: Json }[];
}

export function suiteMeta(task: TaskRow): Record<string, Json> {
  const meta: Record<string, Json> = { task_id: task.task_id };
  if (task.label !== undefined) meta.label = task.label;
  if (task.spec_source !== undefined) meta.spec_source = task.spec_source;
  if (task.description !== undefined) meta.description = task.description;
  return meta;
}

/**
 * Tests that can be used: inputs read and a value for every output (each result, and the final state
 * of each array the method changes in place), with nothing contradicting them.
 */
export function isReadable(test: TestCall, method: MethodSpec): boolean {
  return test.problems.length === 0 && test.inputs !== undefined && outputParams(method.signature).every((r) => test.outputs.has(r.name));
}

export function buildSuite(task: TaskRow, method: MethodSpec, tests: readonly TestCall[]): ImportedSuite {
  const params = method.signature.params;
  const outputs = outputParams(method.signature);
  const stem = taskStem(task.task_id);
  return {
    id: stem,
    spec: `${stem}.dfy`,
    method: method.name,
    language: 'dafny',
    meta: suiteMeta(task),
    tests: tests.map((t) => {
      const inputs = Object.fromEntries(params.map((p) => [p.name, encodeValue(t.inputs![p.name]!, p.type)]));
      const encoded = outputs.map((r) => [r.name, encodeValue(t.outputs.get(r.name)!.value, r.type)] as const);
      const output: Json = encoded.length === 1 ? encoded[0]![1] : Object.fromEntries(encoded);
      return { id: `test${t.ordinal}`, inputs, output };
    }),
  };
}

/**
 * Reads the suite back the way `specmut score` will (schema, then values against the signature) and
 * checks it gives the values that were read from Dafny: the JSON form must lose nothing.
 */
export function checkSuiteRoundTrip(suite: ImportedSuite, method: MethodSpec, tests: readonly TestCall[]): void {
  const loaded = parseSuiteText(`${suite.id}.suite.json`, JSON.stringify(suite));
  const typed = resolveTests(loaded, method.signature);
  typed.forEach((back, i) => {
    const original = tests[i]!;
    for (const p of method.signature.params) {
      if (!equalValues(back.inputs[p.name]!, original.inputs![p.name]!)) throw new Error(`${back.id}: input ${p.name} changed in JSON`);
    }
    for (const r of outputParams(method.signature)) {
      if (!equalValues(back.outputs[r.name]!, original.outputs.get(r.name)!.value)) throw new Error(`${back.id}: output ${r.name} changed in JSON`);
    }
  });
}

/** JSON with a value per line only where it does not fit on one: suites stay readable by eye and in diffs. */
export function formatSuiteJson(value: Json, indent = '', width = 100): string {
  const flat = JSON.stringify(value);
  if (flat.length + indent.length <= width || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + formatSuiteJson(v, inner, width)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatSuiteJson(v, inner, width)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPrecondition, evaluate, type IrSpec, type MethodSpec, type SpecModule, type Value } from '@specmut/core';
import { loadLeanModule, lowerLeanSpec } from '../src/index.js';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

export async function fixtureModule(name = 'specs.lean'): Promise<SpecModule> {
  const file = join(FIXTURES, name);
  return loadLeanModule(file, readFileSync(file, 'utf8'));
}

/** A module from Lean text written in the test. */
export function moduleOf(text: string, file = 'test.lean'): Promise<SpecModule> {
  return loadLeanModule(file, text);
}

export function methodOf(module: SpecModule, name: string): MethodSpec {
  const m = module.methods.find((x) => x.name === name);
  if (!m) throw new Error(`no method ${name} in ${module.methods.map((x) => x.name).join(', ')}`);
  return m;
}

export async function irOf(module: SpecModule, name: string): Promise<IrSpec> {
  const ir = await lowerLeanSpec(module, methodOf(module, name));
  if ('unsupported' in ir) throw new Error(ir.unsupported);
  return ir;
}

/** The postcondition's verdict on inputs and result. */
export async function post(module: SpecModule, name: string, bindings: Record<string, Value>): Promise<string> {
  return (await evaluate(await irOf(module, name), bindings, { solver: false })).status;
}

export async function pre(module: SpecModule, name: string, inputs: Record<string, Value>): Promise<string> {
  return (await checkPrecondition(await irOf(module, name), inputs, { solver: false })).status;
}

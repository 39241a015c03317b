import { SpecmutError } from '../errors.js';
import type { LoadedSuite } from '../io/read-suite.js';
import { ValueDecodeError, decodeValue, type Json } from '../model/json-values.js';
import { outputParams, type Parameter, type Signature } from '../model/signature.js';
import type { RejectInput, SuiteTest } from '../model/suite.js';
import type { Value } from '../model/values.js';

/** A test whose JSON values have been read against the method's signature. */
export interface TypedTest {
  id: string;
  inputs: Record<string, Value>;
  outputs: Record<string, Value>;
  alternatives: Record<string, Value>[];
  wrong: Record<string, Value>[];
}

/** Inputs the precondition should refuse, read against the method's parameters. */
export interface TypedRejectInput {
  id: string;
  inputs: Record<string, Value>;
}

function decodeNamed(json: unknown, params: Parameter[], path: string, what: string): Record<string, Value> {
  const out: Record<string, Value> = {};
  if (Array.isArray(json)) {
    if (json.length !== params.length) {
      throw new ValueDecodeError(path, `${params.length} ${what} (${params.map((p) => p.name).join(', ')})`, json);
    }
    params.forEach((p, i) => (out[p.name] = decodeValue(json[i] as Json, p.type, `${path}[${i}]`)));
    return out;
  }
  if (json === null || typeof json !== 'object') {
    throw new ValueDecodeError(path, `an object of ${what} by name (${params.map((p) => p.name).join(', ')}) or an array`, json);
  }
  const record = json as Record<string, Json>;
  const extra = Object.keys(record).filter((k) => !params.some((p) => p.name === k));
  if (extra.length) throw new ValueDecodeError(path, `only the ${what} ${params.map((p) => p.name).join(', ')} (unknown: ${extra.join(', ')})`, json);
  for (const p of params) {
    if (!(p.name in record)) throw new ValueDecodeError(path, `a value for ${p.name}`, json);
    out[p.name] = decodeValue(record[p.name]!, p.type, `${path}.${p.name}`);
  }
  return out;
}

/** One result: the value itself. Several: an object by result name or an array in declaration order. */
function decodeOutputs(json: unknown, results: Parameter[], path: string): Record<string, Value> {
  if (results.length === 1) return { [results[0]!.name]: decodeValue(json as Json, results[0]!.type, path) };
  return decodeNamed(json, results, path, 'results');
}

export function resolveTests(loaded: LoadedSuite, signature: Signature): TypedTest[] {
  const outputs = outputParams(signature);
  if (outputs.length === 0) {
    throw new SpecmutError('unsupported', `${signature.name} has no results and changes no parameter: there is no output to test`, { file: loaded.file });
  }
  const seen = new Set<string>();
  const tests = loaded.suite.tests.map((t: SuiteTest, i) => {
    const id = t.id ?? `test${i + 1}`;
    if (seen.has(id)) throw new SpecmutError('bad-suite', `duplicate test id ${JSON.stringify(id)}`, loaded.locate(`tests[${i}].id`));
    seen.add(id);
    try {
      return {
        id,
        inputs: decodeNamed(t.inputs, signature.params, `tests[${i}].inputs`, 'inputs'),
        outputs: decodeOutputs(t.output, outputs, `tests[${i}].output`),
        alternatives: (t.alternatives ?? []).map((a, j) => decodeOutputs(a, outputs, `tests[${i}].alternatives[${j}]`)),
        wrong: (t.wrong ?? []).map((a, j) => decodeOutputs(a, outputs, `tests[${i}].wrong[${j}]`)),
      };
    } catch (e) {
      if (e instanceof ValueDecodeError) {
        throw new SpecmutError('bad-value', `${e.message} (for ${signature.name}${showSig(signature)})`, loaded.locate(e.jsonPath));
      }
      throw e;
    }
  });
  tests.forEach((t, i) => checkFixedLengths(t, signature, (path) => loaded.locate(`tests[${i}].${path}`)));
  return tests;
}

export function resolveRejectInputs(loaded: LoadedSuite, signature: Signature, testIds: readonly string[]): TypedRejectInput[] {
  const seen = new Set<string>(testIds);
  return (loaded.suite.rejectInputs ?? []).map((r: RejectInput, i) => {
    const id = r.id ?? `reject${i + 1}`;
    if (seen.has(id)) throw new SpecmutError('bad-suite', `duplicate id ${JSON.stringify(id)} (test and reject-input ids share one name space)`, loaded.locate(`rejectInputs[${i}].id`));
    seen.add(id);
    try {
      return { id, inputs: decodeNamed(r.inputs, signature.params, `rejectInputs[${i}].inputs`, 'inputs') };
    } catch (e) {
      if (e instanceof ValueDecodeError) throw new SpecmutError('bad-value', `${e.message} (for ${signature.name}${showSig(signature)})`, loaded.locate(e.jsonPath));
      throw e;
    }
  });
}

/** A method cannot change the length of an array it was given: its final state has the same length. */
function checkFixedLengths(t: TypedTest, signature: Signature, locate: (path: string) => ReturnType<LoadedSuite['locate']>): void {
  for (const name of signature.inOut ?? []) {
    const before = t.inputs[name];
    const candidates = [['output', t.outputs], ...t.alternatives.map((a, j) => [`alternatives[${j}]`, a] as const), ...t.wrong.map((w, j) => [`wrong[${j}]`, w] as const)] as const;
    for (const [where, outputs] of candidates) {
      const after = (outputs as Record<string, Value>)[name];
      if (before?.kind === 'seq' && after?.kind === 'seq' && before.elems.length !== after.elems.length) {
        throw new SpecmutError('bad-value', `the final state of ${name} has ${after.elems.length} elements, but ${name} had ${before.elems.length}: an array changed in place keeps its length`, locate(where));
      }
    }
  }
}

function showSig(s: Signature): string {
  const inOut = s.inOut?.length ? `, changing ${s.inOut.join(', ')}` : '';
  return `(${s.params.map((p) => p.name).join(', ')}) returns (${s.results.map((p) => p.name).join(', ')})${inOut}`;
}

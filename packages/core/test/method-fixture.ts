import { T, type MethodSpec, type SpecModule } from '../src/index.js';

/** A method `M() returns (r: int)` with no clauses, for oracle tests whose verifier is scripted. */
export const method: MethodSpec = {
  name: 'M',
  kind: 'method',
  signature: { name: 'M', params: [], results: [{ name: 'r', type: T.int }] },
  clauses: [],
  range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
  dependencies: [],
};
export const module: SpecModule = { file: 'm', text: '', methods: [method], native: null };

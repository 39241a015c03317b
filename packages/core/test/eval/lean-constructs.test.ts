import { describe, expect, it } from 'vitest';
import type { MethodSpec, SpecModule } from '../../src/backend/contract.js';
import { LEAN, builders, type DatatypeDecl, type IrSpec } from '../../src/ir/index.js';
import { defaultValue } from '../../src/ir/defaults.js';
import { decodeValue, encodeValue } from '../../src/model/json-values.js';
import { T, constructorFields, type Type } from '../../src/model/types.js';
import { V, type Value } from '../../src/model/values.js';
import { createRng, generateMutants, mutateOnce } from '../../src/index.js';
import { evalOracle, evaluate } from '../../src/eval/index.js';
import { outcome } from './helpers.js';

const L = builders(LEAN);
const p = L.v('p');

const point: DatatypeDecl = { name: 'Point', ctors: [{ name: 'Point.mk', fields: [{ name: 'x', type: T.int }, { name: 'y', type: T.int }] }] };
const pt = (x: number, y: number): Value => V.datatype('Point.mk', [V.int(x), V.int(y)]);

describe('structure update', () => {
  it('replaces named and positional fields, left to right', async () => {
    const env = { p: pt(1, 2) };
    const withX = L.withFields(p, [['x', L.int(5)]]);
    expect(await outcome(L.eq(withX, L.lit(pt(5, 2))), env, { datatypes: [point] })).toBe('holds');
    expect(await outcome(L.eq(L.withFields(p, [[1, L.int(7)], ['y', L.add(L.field(p, 'y'), L.int(1))]]), L.lit(pt(1, 3))), env, { datatypes: [point] })).toBe('holds');
    // The update reads the original value, not the half-updated one.
    expect(await outcome(L.eq(L.withFields(p, [['x', L.field(p, 'y')], ['y', L.field(p, 'x')]]), L.lit(pt(2, 1))), env, { datatypes: [point] })).toBe('holds');
    expect(await outcome(L.eq(L.field(withX, 'x'), L.int(5)), env, { datatypes: [point] })).toBe('holds');
  });

  it('treats a field the constructor lacks as the node says', async () => {
    expect(await outcome(L.eq(L.withFields(p, [['z', L.int(0)]]), p), { p: pt(1, 2) }, { datatypes: [point] })).toMatch(/^unknown: .*Point.mk has no field z/);
    expect(await outcome(L.eq(L.withFields(p, [['x', L.int(0)]]), p), { p: pt(1, 2) })).toMatch(/^unknown: .*no datatype declarations/);
  });
});

describe('datatypes with type parameters', () => {
  // inductive Tree (α) | leaf | node (l : Tree α) (v : α) (r : Tree α): the recursive fields share the constructors.
  const ctors: { name: string; fields: { name: string; type: Type }[] }[] = [];
  const treeOf = (arg: Type): Type => T.datatype('Tree', ctors, [arg], ['α']);
  ctors.push({ name: 'leaf', fields: [] }, { name: 'node', fields: [{ name: 'l', type: treeOf(T.param('α')) }, { name: 'v', type: T.param('α') }, { name: 'r', type: treeOf(T.param('α')) }] });
  const treeInt = treeOf(T.int) as Extract<Type, { kind: 'datatype' }>;
  const leaf = V.datatype('leaf');
  const node = (l: Value, v: Value, r: Value) => V.datatype('node', [l, v, r]);

  it('instantiates field types from the arguments', () => {
    expect(constructorFields(treeInt, ctors[1]!).map((t) => t.kind === 'datatype' ? t.args : t)).toEqual([[T.int], T.int, [T.int]]);
    const pairOf = T.datatype('Pair', [{ name: 'mk', fields: [{ type: T.param('a') }, { type: T.seq(T.param('b')) }] }], [T.string, T.bool], ['a', 'b']) as Extract<Type, { kind: 'datatype' }>;
    expect(constructorFields(pairOf, pairOf.ctors[0]!)).toEqual([T.string, T.seq(T.bool)]);
  });

  it('reads, writes, defaults and mutates values of an instance, at any depth', () => {
    const json = { ctor: 'node', args: [{ ctor: 'node', args: ['leaf', 1, 'leaf'] }, 2, 'leaf'] };
    const v = decodeValue(json, treeInt);
    expect(v).toEqual(node(node(leaf, V.int(1), leaf), V.int(2), leaf));
    expect(encodeValue(v, treeInt)).toEqual(json);
    expect(() => decodeValue({ ctor: 'node', args: ['leaf', 'x', 'leaf'] }, treeInt)).toThrow(expect.objectContaining({ jsonPath: '$.args[1]', expected: 'an integer' }));
    expect(defaultValue(treeInt)).toEqual(leaf);
    const rng = createRng('s');
    for (let i = 0; i < 30; i++) {
      const m = mutateOnce(v, treeInt, rng)!;
      expect(() => encodeValue(m, treeInt)).not.toThrow();
      expect(decodeValue(encodeValue(m, treeInt), treeInt)).toEqual(m);
    }
    const ms = generateMutants({ results: [{ name: 'r', type: treeInt }], expected: { r: v }, alternatives: [], count: 10, seed: 's' });
    expect(ms.length).toBe(10);
  });

  it('gives no default when the first constructor recurses forever', () => {
    const loop: { name: string; fields: { type: Type }[] }[] = [];
    const stream = T.datatype('Stream', loop, [T.int], ['a']);
    loop.push({ name: 'cons', fields: [{ type: T.param('a') }, { type: stream }] });
    expect(defaultValue(stream)).toBeUndefined();
  });
});

describe("the spec's own function at other arguments", () => {
  // def f (n : Nat) : Nat; ensures r = if n = 0 then 0 else f (n - 1) + n
  const spec: IrSpec = {
    name: 'f',
    params: [{ name: 'n', type: T.nat }],
    results: [{ name: 'r', type: T.nat }],
    requires: [],
    ensures: [{ expr: L.eq(L.v('r'), L.ite(L.eq(L.v('n'), L.int(0)), L.int(0), L.add(L.specCall('f', L.sub(L.v('n'), L.int(1))), L.v('n')))), loc: { line: 3, column: 1 } }],
    functions: [],
  };
  const test = (n: number, r: number) => ({ inputs: { n: V.int(n) }, outputs: { r: V.int(r) } });
  const known = [test(2, 3), test(3, 6), test(5, 15)];

  it('looks the value up in the test with exactly those inputs', async () => {
    expect((await evaluate(spec, { n: V.int(3), r: V.int(6) }, { knownResults: known })).status).toBe('holds');
    const wrong = await evaluate(spec, { n: V.int(3), r: V.int(7) }, { knownResults: known });
    expect(wrong.status).toBe('fails');
  });

  it('is unknown, with the reason, where no test has those inputs or tests disagree', async () => {
    const missing = await evaluate(spec, { n: V.int(5), r: V.int(15) }, { knownResults: known });
    expect(missing).toMatchObject({ status: 'unknown', cause: 'unsupported' });
    expect(missing.reason).toMatch(/f\(4\) is not the input of any test of the suite/);
    const conflict = await evaluate(spec, { n: V.int(3), r: V.int(6) }, { knownResults: [...known, test(2, 4)] });
    expect(conflict.reason).toMatch(/tests expect different outputs of f\(2\)/);
    expect((await evaluate(spec, { n: V.int(3), r: V.int(6) })).status).toBe('unknown');
  });

  it("gets the suite's tests from the oracle request", async () => {
    const range = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };
    const method: MethodSpec = { name: 'f', kind: 'function', signature: { name: 'f', params: [{ name: 'n', type: T.nat }], results: [{ name: 'r', type: T.nat }] }, clauses: [], range, dependencies: [] };
    const module: SpecModule = { file: 'f.lean', text: '', methods: [method], native: undefined };
    const triples = [
      { id: 't2', testId: 't2', role: 'test' as const, inputs: { n: V.int(3) }, outputs: { r: V.int(6) } },
      { id: 't2_m1', testId: 't2', role: 'mutant' as const, inputs: { n: V.int(3) }, outputs: { r: V.int(5) } },
    ];
    const out = await evalOracle(() => spec, { solver: false }).decide({ module, method, triples, timeoutSeconds: 5, knownResults: known });
    expect(out.get('t2')?.status).toBe('holds');
    expect(out.get('t2_m1')?.status).toBe('fails');
  });

  it("is the checked triple's own output at the triple's own inputs, not the expected one", async () => {
    // `f (n + 0) = r`: the arguments are computed, yet they are the triple's inputs
    const own: IrSpec = { ...spec, ensures: [{ expr: L.eq(L.specCall('f', L.add(L.v('n'), L.int(0))), L.v('r')) }] };
    const mutant = { inputs: { n: V.int(3) }, outputs: { r: V.int(5) } };
    expect((await evaluate(own, { n: V.int(3), r: V.int(5) }, { knownResults: known })).status).toBe('fails');
    expect((await evaluate(own, { n: V.int(3), r: V.int(5) }, { knownResults: known, ownResult: mutant })).status).toBe('holds');
    const range = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };
    const method: MethodSpec = { name: 'f', kind: 'function', signature: { name: 'f', params: [{ name: 'n', type: T.nat }], results: [{ name: 'r', type: T.nat }] }, clauses: [], range, dependencies: [] };
    const module: SpecModule = { file: 'f.lean', text: '', methods: [method], native: undefined };
    const triples = [{ id: 'm', testId: 't2', role: 'mutant' as const, ...mutant }];
    const out = await evalOracle(() => own, { solver: false }).decide({ module, method, triples, timeoutSeconds: 5, knownResults: known });
    expect(out.get('m')?.status).toBe('holds');
  });
});

describe('the pipeline', () => {
  it("hands the suite's tests to the oracle with each request", async () => {
    const { decideSuite } = await import('../../src/pipeline/score-suites.js');
    let seen: unknown;
    const oracle = { name: 'recorder', decide: async (req: { knownResults?: unknown }) => ((seen = req.knownResults), new Map()) };
    const tests = [{ id: 'a', inputs: { n: V.int(1) }, outputs: { r: V.int(1) }, alternatives: [], wrong: [] }];
    const prepared = { module: {}, method: {}, triples: [], settings: { timeout: 5 }, tests } as unknown as Parameters<typeof decideSuite>[0];
    await decideSuite(prepared, oracle as unknown as Parameters<typeof decideSuite>[1]);
    expect(seen).toEqual([{ inputs: { n: V.int(1) }, outputs: { r: V.int(1) } }]);
  });
});

describe('Lean integer semantics through the node options', () => {
  it('divides Int the Euclidean way and Nat and Int totally, subtracts Nat with truncation', async () => {
    const { NAT } = await import('../../src/ir/index.js');
    const cases: [ReturnType<typeof L.int>, number][] = [
      [L.div(L.int(-7), L.int(-2)), 4], // ediv: remainder 1 >= 0
      [L.mod(L.int(-7), L.int(-2)), 1],
      [L.div(L.int(7), L.int(-2)), -3],
      [L.mod(L.int(7), L.int(-2)), 1],
      [L.div(L.int(-7), L.int(2), { rounding: 'trunc' }), -3], // Int.tdiv
      [L.div(L.int(-7), L.int(-2), { rounding: 'floor' }), 3], // Int.fdiv
      [L.div(L.int(5), L.int(0), { domain: NAT }), 0],
      [L.mod(L.int(5), L.int(0), { domain: NAT }), 5],
      [L.sub(L.int(2), L.int(5), { domain: NAT }), 0],
    ];
    for (const [e, want] of cases) expect(await outcome(L.eq(e, L.int(want)))).toBe('holds');
  });

  it('gives the default for xs[i]! and an option for xs[i]? out of range', async () => {
    const xs = L.seq(L.int(4), L.int(5));
    expect(await outcome(L.eq(L.index(xs, L.int(2), { onFail: { mode: 'default', value: V.int(0) } }), L.int(0)))).toBe('holds');
    expect(await outcome(L.eq(L.prim('getOpt', xs, L.int(2)), L.ctor('none')))).toBe('holds');
    // Any other partial operation of Lean only typechecks with a proof: out of range it is unspecified.
    expect(await outcome(L.eq(L.index(xs, L.int(2)), L.int(0)))).toMatch(/^unknown: .*unspecified/);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpecmutError, T, type MethodSpec, type SpecModule } from '@specmut/core';
import { loadVerusModule, verusShape } from '../src/index.js';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'specs.rs');

async function fixture(): Promise<SpecModule> {
  return loadVerusModule(FIXTURE, readFileSync(FIXTURE, 'utf8'));
}

function method(module: SpecModule, name: string): MethodSpec {
  const m = module.methods.find((x) => x.name === name);
  if (!m) throw new Error(`no ${name} in ${module.methods.map((x) => x.name).join(', ')}`);
  return m;
}

describe('Verus spec extraction', () => {
  it('finds the exec fns with requires/ensures inside verus!, impl fns as T::f; no spec or proof fns, no unspecified fns', async () => {
    const names = (await fixture()).methods.map((m) => m.name);
    expect(names).toEqual(['abs', 'increment_all', 'count', 'area', 'half', 'first', 'length', 'unwrap', 'Point::origin', 'Point::norm1']);
  });

  it('reads the signature with the named return and one clause per condition, with its role', async () => {
    const m = method(await fixture(), 'abs');
    expect(m.kind).toBe('fn');
    expect(m.signature).toEqual({ name: 'abs', params: [{ name: 'x', type: T.machine(32, true) }], results: [{ name: 'r', type: T.machine(32, true) }] });
    expect(m.clauses.map((c) => [c.role, c.keyword, c.text])).toEqual([
      ['precondition', 'requires', 'x > i32::MIN'],
      ['postcondition', 'ensures', 'r >= 0'],
      ['postcondition', 'ensures', 'r == x || r == -x'],
      ['postcondition', 'ensures', 'within(r as int) || !within(x as int)'],
    ]);
    expect(m.clauses[1]!.range.start).toMatchObject({ line: 27, column: 13 });
    expect(m.unsupported).toBeUndefined();
  });

  it('collects spec fn and spec const helpers transitively', async () => {
    const module = await fixture();
    expect(method(module, 'abs').dependencies).toEqual(['within', 'LIMIT']);
    expect(method(module, 'count').dependencies).toEqual(['total', 'sum']);
  });

  it('makes &mut parameters in/out and calls an unnamed return `result`', async () => {
    const module = await fixture();
    const inc = method(module, 'increment_all');
    expect(inc.signature).toEqual({ name: 'increment_all', params: [{ name: 'v', type: T.array(T.machine(32, false)) }], results: [], inOut: ['v'] });
    expect(verusShape(module, inc).inOut).toEqual(['v']);
    const area = method(module, 'area');
    expect(area.signature.results).toEqual([{ name: 'result', type: T.machine(64, false) }]);
    expect(verusShape(module, area).resultName).toBe('result');
  });

  it('maps Rust and Verus types onto model types, the file datatypes included', async () => {
    const module = await fixture();
    expect(method(module, 'count').signature.params).toEqual([
      { name: 'a', type: T.array(T.machine(64, true)) },
      { name: 'key', type: T.machine(64, true) },
    ]);
    expect(method(module, 'count').signature.results).toEqual([{ name: 'n', type: T.machine(64, false, true) }]);
    const [s, p, o, t, name, grid] = method(module, 'area').signature.params.map((x) => x.type);
    expect(s).toEqual(T.datatype('Shape', [
      { name: 'Dot', fields: [] },
      { name: 'Circle', fields: [{ type: T.machine(32, false) }] },
      { name: 'Rect', fields: [{ name: 'w', type: T.machine(32, false) }, { name: 'h', type: T.machine(32, false) }] },
    ]));
    expect(p).toEqual(T.datatype('Point', [{ name: 'Point', fields: [{ name: 'x', type: T.machine(32, true) }, { name: 'y', type: T.machine(32, true) }] }]));
    expect(o).toMatchObject({ kind: 'datatype', name: 'Option', ctors: [{ name: 'None' }, { name: 'Some' }], args: [T.machine(8, false)] });
    expect(t).toEqual(T.tuple(T.machine(8, false), T.bool));
    expect(name).toEqual(T.string);
    expect(grid).toEqual({ kind: 'array', elem: T.machine(16, true), dims: 1, fixedLength: true });
    expect(method(module, 'area').unsupported).toBeUndefined();
  });

  it('reports floats, generic fns, receivers, recursive and generic datatypes as unsupported, with the reason', async () => {
    const module = await fixture();
    expect(method(module, 'half').unsupported).toMatch(/x is not modelled: floating point \(`f64`\)/);
    expect(method(module, 'first').unsupported).toMatch(/generic \(`<T: Copy>`\)/);
    expect(method(module, 'length').unsupported).toMatch(/`List` is recursive/);
    expect(method(module, 'Point::norm1').unsupported).toMatch(/receiver \(`&self`\)/);
    expect(method(module, 'Point::origin').unsupported).toBeUndefined();
  });

  it('reads generic structs as parametric datatypes and type aliases as what they stand for', async () => {
    const module = await fixture();
    const wrapper = method(module, 'unwrap').signature.params[0]!.type;
    expect(wrapper).toEqual(T.datatype('Wrapper', [{ name: 'Wrapper', fields: [{ name: 'inner', type: T.param('T') }] }], [T.machine(8, false)], ['T']));
    expect(method(module, 'unwrap').unsupported).toBeUndefined();
    const text = 'verus! {\ntype Pairs = Seq<(int, int)>;\ntype Grid<U> = Vec<Vec<U>>;\nstruct S<const N: usize> { x: u8 }\nfn f(p: Pairs, g: Grid<i8>) -> (r: bool) ensures r == (p.len() == 0) { true }\nfn h(s: S<3>) -> (r: bool) ensures r { true }\n}\n';
    const [f, h] = (await loadVerusModule('t.rs', text)).methods;
    expect(f!.signature.params.map((p) => p.type)).toEqual([T.seq(T.tuple(T.int, T.int)), T.array(T.array(T.machine(8, true)))]);
    expect(h!.unsupported).toMatch(/`S` has const generic parameters/);
  });

  it('keeps decreases as a termination clause', async () => {
    const text = 'verus! {\nfn f(n: u64) -> (r: u64)\n    requires n < 10,\n    ensures r == n,\n    decreases n,\n{ n }\n}\n';
    const m = (await loadVerusModule('t.rs', text)).methods[0]!;
    expect(m.clauses.map((c) => c.role)).toEqual(['precondition', 'postcondition', 'termination']);
  });

  it('ignores functions outside verus! { }', async () => {
    const text = 'fn plain(x: u8) -> u8 { x }\nverus! {\nfn g(x: u8) -> (r: u8) ensures r == x { x }\n}\n';
    expect((await loadVerusModule('t.rs', text)).methods.map((m) => m.name)).toEqual(['g']);
  });

  it('names file, line and column of a syntax error', async () => {
    const err = await loadVerusModule('bad.rs', 'verus! {\nfn f(x: u8) -> (r: u8)\n    ensures r == ,\n{ x }\n}\n').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpecmutError);
    expect((err as SpecmutError).code).toBe('parse-error');
    expect((err as SpecmutError).location).toMatchObject({ file: 'bad.rs', line: 3 });
  });
});

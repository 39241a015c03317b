import { readFileSync } from 'node:fs';
import { V, type IrSpec, type Value } from '@specmut/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDafnyModule } from '../../src/index.js';
import { lowerDafnyReport } from '../../src/lower/index.js';
import { status } from './helpers.js';

const specs = new Map<string, IrSpec>();

beforeAll(async () => {
  const text = readFileSync(new URL('./fixtures/library.dfy', import.meta.url), 'utf8');
  const module = await loadDafnyModule('library.dfy', text);
  for (const m of module.methods) {
    if (!m.clauses.some((c) => c.role === 'postcondition')) continue;
    const r = lowerDafnyReport(module, m);
    if ('unsupported' in r.result) throw new Error(r.result.unsupported);
    expect(r.unsupported).toEqual([]);
    specs.set(m.name, r.result);
  }
});

const leaf: Value = V.datatype('Leaf');
const node = (l: Value, v: number, r: Value): Value => V.datatype('Node', [l, V.int(v), r]);
const real = (n: number, d = 1) => V.real(n, d);

describe('a library of specs in one file', () => {
  it('lowers every spec in it fully', () => {
    expect([...specs.keys()]).toEqual(['Discount', 'Insert', 'Paint', 'Clamp']);
  });

  it('decides a spec with a subset-typed quantifier', async () => {
    const spec = specs.get('Discount')!;
    expect(await status(spec, { prices: [100, 50], p: 10, discounted: [90, 45] })).toBe('holds');
    expect(await status(spec, { prices: [100, 50], p: 10, discounted: [90, 46] })).toBe('fails');
    expect(await status(spec, { prices: [100, -50], p: 10, discounted: [90, -45] })).toBe('unknown:vacuous');
  });

  it('decides a spec over a generic recursive datatype', async () => {
    const spec = specs.get('Insert')!;
    const t = node(leaf, 2, node(leaf, 5, leaf));
    expect(await status(spec, { t, x: 3, u: node(leaf, 2, node(node(leaf, 3, leaf), 5, leaf)) })).toBe('holds');
    expect(await status(spec, { t, x: 5, u: t })).toBe('holds');
    expect(await status(spec, { t, x: 3, u: node(node(leaf, 3, leaf), 2, node(leaf, 5, leaf)) })).toBe('fails');
    expect(await status(spec, { t, x: 3, u: t })).toBe('fails');
  });

  it('decides a spec with datatype members, module constants and mutual recursion', async () => {
    const spec = specs.get('Paint')!;
    const shapes = V.seq([V.datatype('Circle', [real(1)]), V.datatype('Rect', [real(2), real(3, 2)]), V.datatype('Dot')]);
    expect(await status(spec, { shapes, area: real(614159, 100000), round: 1 })).toBe('holds');
    expect(await status(spec, { shapes, area: real(6), round: 1 })).toBe('fails');
    expect(await status(spec, { shapes, area: real(614159, 100000), round: 0 })).toBe('fails');
  });

  it('decides a function spec whose ensures name the result both ways', async () => {
    const spec = specs.get('Clamp')!;
    expect(spec.results.map((r) => r.name)).toEqual(['r']);
    expect(await status(spec, { x: 15, lo: 0, hi: 10, r: 10 })).toBe('holds');
    expect(await status(spec, { x: 5, lo: 0, hi: 10, r: 6 })).toBe('fails');
    expect(await status(spec, { x: 5, lo: 10, hi: 0, r: 5 })).toBe('unknown:vacuous');
  });
});

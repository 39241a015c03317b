import { describe, expect, it } from 'vitest';
import { loadDafnyModule } from '../../src/index.js';
import { lowerDafny } from '../../src/lower/index.js';
import { lowerFully, lowerText, run, status } from './helpers.js';

describe('a method spec', () => {
  it('names parameters and results as the signature does, with their types', async () => {
    const spec = await lowerFully('method Div(a: int, b: nat) returns (q: int, r: int)\n  requires b > 0\n  ensures a == b * q + r && 0 <= r < b\n');
    expect(spec.params).toEqual([{ name: 'a', type: { kind: 'int' } }, { name: 'b', type: { kind: 'nat' } }]);
    expect(spec.results.map((r) => r.name)).toEqual(['q', 'r']);
    expect(await status(spec, { a: -7, b: 2, q: -4, r: 1 })).toBe('holds');
    expect(await status(spec, { a: -7, b: 2, q: -3, r: -1 })).toBe('fails');
    expect(await status(spec, { a: -7, b: 0, q: 0, r: 0 })).toBe('unknown:vacuous');
  });

  it('keeps clause labels and locations for explanations', async () => {
    const spec = await lowerFully('method M(x: int) returns (y: int)\n  ensures positive: y > 0\n  ensures y > x\n');
    expect(spec.ensures[0]).toMatchObject({ label: 'positive', loc: { file: 'test.dfy', line: 2, column: 21 } });
    const r = await run(spec, { x: 5, y: 3 });
    expect(r).toMatchObject({ status: 'fails' });
    expect(r.reason).toMatch(/^ensures #2 \(line 3\) is false: y > x/);
  });

  it('locates not-well-formed sub-expressions', async () => {
    const spec = await lowerFully('method M(s: seq<int>) returns (y: int)\n  ensures y == s[5]\n');
    const r = await run(spec, { s: [1, 2], y: 0 });
    expect(r).toMatchObject({ status: 'unknown', cause: 'not-well-formed' });
    expect(r.reason).toMatch(/index 5 out of range \(length 2\).* at test\.dfy:2:16/);
  });

  it('checks values of subset-typed parameters and results against their constraints first', async () => {
    const spec = await lowerFully('type Pos = x: int | x > 0 witness 1\nmethod Half(n: Pos) returns (h: Pos)\n  ensures h == n / 2\n');
    expect(spec.requires.map((c) => c.label)).toEqual(['n: Pos']);
    expect(spec.ensures.map((c) => c.label)).toEqual(['h: Pos', undefined]);
    expect(await status(spec, { n: 4, h: 2 })).toBe('holds');
    expect(await status(spec, { n: 4, h: 3 })).toBe('fails');
    expect(await status(spec, { n: 1, h: 0 })).toBe('unknown:not-well-formed');
    expect(await status(spec, { n: 0, h: 1 })).toBe('unknown:not-well-formed');
  });

  it('makes results fresh and parameters not', async () => {
    const spec = await lowerFully('method Copy(a: array<int>) returns (r: array<int>)\n  ensures fresh(r)\n  ensures !fresh(a)\n');
    expect(await status(spec, { a: [1], r: [1] })).toBe('holds');
    const wrong = await lowerFully('method Copy(a: array<int>) returns (r: array<int>)\n  ensures fresh(a)\n');
    expect(await status(wrong, { a: [1], r: [1] })).toBe('fails');
  });

  it('reads old(e) as e on the inputs, and fresh/allocated/unchanged as true', async () => {
    const spec = await lowerFully('method Swap(a: array<int>) returns (r: array<int>)\n  requires a.Length > 0\n  ensures fresh(r) && r.Length == old(a.Length) && r[0] == old(a[0]) && unchanged(a) && allocated(a)\n');
    expect(await status(spec, { a: [4, 5], r: [4, 0] })).toBe('holds');
    expect(await status(spec, { a: [4, 5], r: [5, 0] })).toBe('fails');
  });
});

describe('unsupported constructs', () => {
  it('become unsupported nodes with a location, and the evaluator still decides when they do not matter', async () => {
    const report = await lowerText('method M(x: int) returns (y: int)\n  ensures y > 0 && (y == 1 || Mystery(x))\n');
    expect(report.unsupported).toEqual([{ construct: 'call of unknown function Mystery', loc: { file: 'test.dfy', line: 2, column: 31 } }]);
    const spec = report.result;
    if ('unsupported' in spec) throw new Error('expected a spec');
    expect(await status(spec, { x: 0, y: 1 })).toBe('holds');
    expect(await status(spec, { x: 0, y: -1 })).toBe('fails');
    const r = await run(spec, { x: 0, y: 2 });
    expect(r).toMatchObject({ status: 'unknown', cause: 'unsupported' });
    expect(r.reason).toMatch(/call of unknown function Mystery at test\.dfy:2:31/);
  });

  it('reports a method that is not in the file as a whole-spec unsupported result', async () => {
    const module = await loadDafnyModule('x.dfy', 'method M(x: int) returns (y: int) ensures y > x');
    const result = lowerDafny(module, { ...module.methods[0]!, name: 'Missing' });
    expect(result).toEqual({ unsupported: 'Missing is not declared in x.dfy' });
  });

  it('reports extreme predicates and method calls (such-that lets are translated)', async () => {
    const text = [
      'least predicate Reach(n: nat) { n == 0 || Reach(n - 1) }',
      'method Helper(x: int) returns (y: int)',
      'method M(s: set<int>) returns (y: int)',
      '  ensures var x :| x in s; x == y',
      '  ensures Reach(y)',
      '  ensures Helper(y) == 0',
    ].join('\n');
    const report = await lowerText(text, 'M');
    expect(report.unsupported.map((u) => `${u.construct}@${u.loc?.line}`)).toEqual([
      'call of method Helper in an expression@6',
      'least predicate Reach@1',
    ]);
  });

  it('leaves object state to the verifier', async () => {
    const report = await lowerText('class C { var f: int }\nmethod M(c: C) returns (y: int)\n  ensures y == c.f\n');
    expect(report.unsupported).toEqual([{ construct: 'member .f', loc: { file: 'test.dfy', line: 3, column: 16 } }]);
  });
});

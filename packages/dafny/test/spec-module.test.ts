import { readFileSync } from 'node:fs';
import { SpecmutError, T } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { dafnyNative, loadDafnyModule, renderDafnyType } from '../src/index.js';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);
const load = (name: string) => loadDafnyModule(name, readFileSync(fixture(name), 'utf8'));

describe('loading a Dafny spec', () => {
  it('finds methods, functions and predicates in modules and at top level', async () => {
    const m = await load('declarations.dfy');
    expect(m.methods.map((x) => `${x.kind} ${x.name}`)).toEqual([
      'function Count',
      'predicate Even',
      'function Twice',
      'method Clamp',
      'method Tally',
      'function method Legacy',
    ]);
    expect(dafnyNative(m).functionSyntax).toBe(3);
  });

  it('reads signatures into model types, resolving datatypes, synonyms and subset types', async () => {
    const tally = (await load('declarations.dfy')).methods.find((x) => x.name === 'Tally')!;
    expect(tally.signature.params.map((p) => `${p.name}: ${renderDafnyType(p.type)}`)).toEqual([
      's: seq<int>',
      'c: Color',
      'p: Pair<char>',
      'g: array2<int>',
      'k: int',
    ]);
    expect(tally.signature.results).toEqual([
      { name: 'n', type: T.nat },
      { name: 'even', type: T.bool },
    ]);
    const color = tally.signature.params[1]!.type;
    expect(color.kind === 'datatype' && color.ctors.map((c) => `${c.name}/${c.fields.length}`)).toEqual(['Red/0', 'Green/0', 'Blue/1']);
    const pair = tally.signature.params[2]!.type;
    expect(pair.kind === 'datatype' && pair.ctors[0]!.fields.map((f) => f.type)).toEqual([T.char, T.char]);
  });

  it('keeps clauses with their text and source range', async () => {
    const tally = (await load('declarations.dfy')).methods.find((x) => x.name === 'Tally')!;
    expect(tally.clauses.map((c) => c.role)).toEqual(['precondition', 'postcondition', 'postcondition', 'write-frame', 'termination']);
    expect(tally.clauses.map((c) => `${c.keyword}: ${c.text}`)).toEqual([
      'requires: k > 0',
      'ensures: n == Count(s, k)',
      'ensures: even <==> Even(Twice(n))',
      'modifies: g',
      'decreases: |s|',
    ]);
    expect(tally.clauses[1]!.range.start).toMatchObject({ line: 27, column: 11 });
  });

  it('lists the declarations a spec depends on, transitively', async () => {
    const tally = (await load('declarations.dfy')).methods.find((x) => x.name === 'Tally')!;
    expect(tally.dependencies).toEqual(expect.arrayContaining(['Color', 'Pair', 'Small', 'Grid', 'Count', 'Even', 'Twice']));
    expect(tally.dependencies).not.toContain('Legacy');
    const clamp = (await load('declarations.dfy')).methods.find((x) => x.name === 'Clamp')!;
    expect(clamp.dependencies).toEqual([]);
  });

  it('reports a syntax error with file, line and column', async () => {
    const text = 'method M(x: int) returns (y: int)\n  ensures y == x + * 2\n{\n}\n';
    const error = await loadDafnyModule('bad.dfy', text).then(
      () => 'parsed',
      (e: unknown) => e,
    );
    // Never hand a loaded module to expect(): its tree-sitter nodes are a cyclic graph.
    expect(error instanceof SpecmutError).toBe(true);
    expect((error as SpecmutError).code).toBe('parse-error');
    expect((error as SpecmutError).location).toMatchObject({ file: 'bad.dfy', line: 2 });
    expect((error as SpecmutError).format()).toMatch(/^bad\.dfy:2:\d+: /);
  });
});

import { evaluate, preStateName, tripleBindings, V, type Triple } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { loadVerusModule } from '../src/spec-module.js';
import { lowerVerusSpec, unsupportedConstructs } from '../src/lower/index.js';

const source = `use vstd::prelude::*;
verus! {
spec fn is_sorted(s: Seq<i32>) -> bool { forall|i: int, j: int| 0 <= i < j < s.len() ==> s[i] <= s[j] }

fn insert_sorted(v: &mut Vec<i32>, x: i32)
    requires is_sorted(old(v)@), old(v).len() < 100
    ensures is_sorted(v@), v@.to_multiset() == old(v)@.to_multiset().insert(x)
{}

fn index_of(a: &[u8], x: u8) -> (idx: Option<usize>)
    ensures
        idx matches Some(i) ==> i < a.len() && a[i as int] == x,
        idx is None ==> !a@.contains(x),
{}
}
`;

describe('lowerVerusSpec on the extraction of a Verus file', async () => {
  const module = await loadVerusModule('sorted.rs', source);
  const method = (name: string) => module.methods.find((m) => m.name === name)!;

  it('lowers every spec of the file fully, with the signature\'s names and types', async () => {
    for (const m of module.methods) {
      const ir = await lowerVerusSpec(module, m);
      if ('unsupported' in ir) throw new Error(ir.unsupported);
      expect(unsupportedConstructs(ir)).toEqual([]);
      expect(ir.params.map((p) => p.name)).toEqual([...m.signature.params.map((p) => p.name), ...(m.signature.inOut ?? []).map(preStateName)]);
      expect(ir.results.map((r) => r.name)).toEqual(m.signature.results.map((r) => r.name));
    }
  });

  it('an &mut parameter: old(v) is the input, v the output (tripleBindings)', async () => {
    const m = method('insert_sorted');
    const ir = await lowerVerusSpec(module, m);
    if ('unsupported' in ir) throw new Error(ir.unsupported);
    const ints = (...xs: number[]) => V.seq(xs.map((x) => V.int(x)));
    const triple = (out: number[]): Triple => ({ id: 't', testId: 't', role: 'test', inputs: { v: ints(1, 3), x: V.int(2) }, outputs: { v: ints(...out) } });
    expect((await evaluate(ir, tripleBindings(triple([1, 2, 3]), m.signature.inOut))).status).toBe('holds');
    expect((await evaluate(ir, tripleBindings(triple([1, 3, 2]), m.signature.inOut))).status).toBe('fails');
    expect((await evaluate(ir, tripleBindings(triple([1, 3]), m.signature.inOut))).status).toBe('fails');
  });

  it('a named Option result read through matches and is', async () => {
    const ir = await lowerVerusSpec(module, method('index_of'));
    if ('unsupported' in ir) throw new Error(ir.unsupported);
    const a = V.seq([7, 8, 9].map((x) => V.int(x)));
    const run = async (x: number, idx: ReturnType<typeof V.datatype>) => (await evaluate(ir, { a, x: V.int(x), idx })).status;
    expect(await run(8, V.datatype('Some', [V.int(1)]))).toBe('holds');
    expect(await run(8, V.datatype('Some', [V.int(2)]))).toBe('fails');
    expect(await run(8, V.datatype('None'))).toBe('fails');
    expect(await run(5, V.datatype('None'))).toBe('holds');
  });
});

import { V, evalOracle, tripleBindings, type Triple } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { loadDafnyModule } from '../../src/index.js';
import { lowerDafnySpec } from '../../src/lower/index.js';

const text = `method Rotate(a: array<int>) returns (moved: int)
  requires a.Length > 0
  modifies a
  ensures moved == old(a[0])
  ensures a[..] == old(a[1..]) + [old(a[0])]
`;

describe('a method that changes an array in place', () => {
  it('reads old(..) of the array on its state before the call, and the rest on its final state', async () => {
    const module = await loadDafnyModule('rotate.dfy', text);
    const method = module.methods[0]!;
    expect(method.signature.inOut).toEqual(['a']);
    const ints = (...xs: number[]) => V.seq(xs.map(V.int));
    const triple = (id: string, after: number[], moved: number): Triple => ({
      id,
      testId: 't',
      role: id === 'ok' ? 'test' : 'mutant',
      inputs: { a: ints(1, 2, 3) },
      outputs: { a: ints(...after), moved: V.int(moved) },
    });
    const triples = [triple('ok', [2, 3, 1], 1), triple('stale', [1, 2, 3], 1), triple('wrong', [2, 3, 1], 2)];
    expect(tripleBindings(triples[0]!, ['a'])).toMatchObject({ 'old:a': ints(1, 2, 3), a: ints(2, 3, 1) });
    const out = await evalOracle(lowerDafnySpec).decide({ module, method, triples, timeoutSeconds: 5 });
    expect([...out.values()].map((v) => v.status)).toEqual(['holds', 'fails', 'fails']);
    const pre = await evalOracle(lowerDafnySpec).decide({
      module,
      method,
      triples: [{ id: 'p', testId: 't', role: 'precondition', inputs: { a: ints() }, outputs: {} }],
      timeoutSeconds: 5,
    });
    expect(pre.get('p')?.status).toBe('fails');
  });
});

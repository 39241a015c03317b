import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { T, V, type MethodSpec, type SpecModule, type Triple, type Value } from '@specmut/core';
import { emitVerusHarness, fixConditions, loadVerusModule, optionType, parseVerus, verusSyntaxProblems } from '../src/index.js';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'specs.rs');
const seq = (...xs: number[]): Value => ({ kind: 'seq', elems: xs.map((x) => V.int(x)) });

async function fixture(): Promise<SpecModule> {
  return loadVerusModule(FIXTURE, readFileSync(FIXTURE, 'utf8'));
}

function method(module: SpecModule, name: string): MethodSpec {
  return module.methods.find((m) => m.name === name)!;
}

/** The harness's own part: what follows the spec file. */
function ownPart(text: string, module: SpecModule): string {
  expect(text.startsWith(module.text.trimEnd())).toBe(true);
  return text.slice(module.text.trimEnd().length);
}

async function expectParsesClean(text: string): Promise<void> {
  const tree = await parseVerus(text);
  try {
    expect(verusSyntaxProblems(tree.rootNode)).toEqual([]);
  } finally {
    tree.delete();
  }
}

describe('Verus harness', () => {
  it('writes requires/ensures as spec fns and one proof fn per triple and polarity, precondition asserted first', async () => {
    const module = await fixture();
    const triples: Triple[] = [
      { id: 't1_pre', testId: 't1', role: 'precondition', inputs: { x: V.int(-5) }, outputs: {} },
      { id: 't1', testId: 't1', role: 'test', inputs: { x: V.int(-5) }, outputs: { r: V.int(5) } },
      { id: 't1_m1', testId: 't1', role: 'mutant', inputs: { x: V.int(-5) }, outputs: { r: V.int(-5) } },
    ];
    const h = emitVerusHarness(module, method(module, 'abs'), triples, { attempts: new Map([['t1_m1', ['negative']]]) });
    expect(h.main).toBe('harness.rs');
    expect(h.obligations.map((o) => [o.symbol, o.tripleId, o.polarity])).toEqual([
      ['specmut_t1_pre_holds', 't1_pre', 'positive'],
      ['specmut_t1_pre_fails', 't1_pre', 'negative'],
      ['specmut_t1_holds', 't1', 'positive'],
      ['specmut_t1_fails', 't1', 'negative'],
      ['specmut_t1_m1_fails', 't1_m1', 'negative'],
    ]);
    const text = h.files[0]!.text;
    expect(ownPart(text, module)).toMatchSnapshot();
    // each obligation's lines hold its proof fn
    const lines = text.split('\n');
    for (const o of h.obligations) {
      expect(lines[o.lines![0] - 1]).toBe(`    // specmut:begin ${o.symbol}`);
      expect(lines[o.lines![1] - 1]).toBe(`    // specmut:end ${o.symbol}`);
    }
    await expectParsesClean(text);
  });

  it('passes an &mut parameter as its pre-state and final state: old(v) reads the pre-state', async () => {
    const module = await fixture();
    const triples: Triple[] = [
      { id: 't1_pre', testId: 't1', role: 'precondition', inputs: { v: seq(1, 2) }, outputs: {} },
      { id: 't1', testId: 't1', role: 'test', inputs: { v: seq(1, 2) }, outputs: { v: seq(2, 3) } },
    ];
    const h = emitVerusHarness(module, method(module, 'increment_all'), triples);
    const own = ownPart(h.files[0]!.text, module);
    expect(own).toMatchSnapshot();
    expect(own).toContain('forall|i: int| 0 <= i < v.len() ==> v[i] < u32::MAX');
    expect(own).toContain('forall|i: int| 0 <= i < v.len() ==> v[i] == specmut_old_v[i] + 1');
    expect(own).toContain('specmut_old_v@ == seq![1u32, 2u32]');
    expect(own).toContain('v@ == seq![2u32, 3u32]');
    await expectParsesClean(h.files[0]!.text);
  });

  it('fixes slices, strings, tuples and datatypes holding exec data through their views', async () => {
    const module = await fixture();
    const shape = method(module, 'area').signature.params.find((p) => p.name === 's')!.type;
    const triples: Triple[] = [
      {
        id: 't1',
        testId: 't1',
        role: 'test',
        inputs: {
          s: V.datatype('Circle', [V.int(3)]),
          p: V.datatype('Point', [V.int(1), V.int(-1)]),
          o: V.datatype('None'),
          t: { kind: 'tuple', elems: [V.int(1), V.bool(true)] },
          name: { kind: 'seq', elems: [V.char('h'), V.char('i')] },
          grid: seq(1, 2, 3, 4),
        },
        outputs: { result: V.int(0) },
      },
    ];
    expect(shape.kind).toBe('datatype');
    const h = emitVerusHarness(module, method(module, 'area'), triples);
    const own = ownPart(h.files[0]!.text, module);
    expect(own).toMatchSnapshot();
    await expectParsesClean(h.files[0]!.text);
  });

  it('writes conditions per part where a value holds views', () => {
    const vv: Value = { kind: 'seq', elems: [seq(1), seq()] };
    expect(fixConditions('a', vv, T.array(T.array(T.machine(8, false))))).toEqual(['a@.len() == 2', 'a@[0]@ == seq![1u8]', 'a@[1]@ == seq![]']);
    expect(fixConditions('o', V.datatype('Some', [seq(4)]), optionType(T.array(T.int)))).toEqual(['o is Some', 'o->0@ == seq![4]']);
    expect(fixConditions('x', V.int(7), T.machine(16, true))).toEqual(['x == 7i16']);
    expect(() => fixConditions('x', V.int(70000), T.machine(16, true))).toThrow('70000 does not fit i16 (its range is -32768..=32767)');
  });

  it('refuses a test value outside its machine type with a clear error', async () => {
    const module = await fixture();
    const triples: Triple[] = [{ id: 't1', testId: 't1', role: 'test', inputs: { x: V.int(2n ** 31n) }, outputs: { r: V.int(0) } }];
    expect(() => emitVerusHarness(module, method(module, 'abs'), triples)).toThrow('2147483648 does not fit i32 (its range is -2147483648..=2147483647)');
  });
});

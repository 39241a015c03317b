import { V } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { readTask } from '../../src/index.js';

const spec = `
predicate IsEven(n: int) { n % 2 == 0 }

method Halves(a: seq<int>) returns (h: seq<int>, odd: nat)
  ensures |h| + odd == |a|
  ensures forall x :: x in h ==> IsEven(x * 2)
`;

describe('reading one task from its texts', () => {
  it('picks the method over a predicate the checks call more often', async () => {
    const test = `
method HalvesTest() {
  var h1, o1 := Halves([2, 3]);
  assert IsEven(2) && IsEven(4) && IsEven(6);
  assert h1 == [1] && o1 == 1;
  var h2, o2 := Halves([]);
  assert h2 == [] && o2 == 0;
  var h3, o3 := Halves([-4]);
  expect (h3, o3) == ([-2], 0);
}`;
    const reading = await readTask({ specFile: 'spec.dfy', specText: spec, testFile: 'test.dfy', testText: test });
    expect(reading.method?.name).toBe('Halves');
    expect(reading.status).toBe('imported');
    expect(reading.readable.map((t) => [t.inputs, Object.fromEntries([...t.outputs].map(([k, e]) => [k, e.value]))])).toEqual([
      [{ a: V.seq([V.int(2), V.int(3)]) }, { h: V.seq([V.int(1)]), odd: V.int(1) }],
      [{ a: V.seq([]) }, { h: V.seq([]), odd: V.int(0) }],
      [{ a: V.seq([V.int(-4)]) }, { h: V.seq([V.int(-2)]), odd: V.int(0) }],
    ]);
  });

  it('reads a value given twice once, and uses the call ordinal for the test', async () => {
    const test = `
method HalvesTest() {
  var h1, o1 := Halves([2]);
  assert h1 == [1];
  //assert h1 == [1];
  assert o1 == 0;
}`;
    const reading = await readTask({ specFile: 'spec.dfy', specText: spec, testFile: 'test.dfy', testText: test });
    expect(reading.status).toBe('partial');
    expect(reading.reasons).toEqual(['the test method has only 1 call of Halves']);
    expect(reading.readable[0]?.outputs.get('h')).toMatchObject({ line: 4, from: '`assert h1 == [1]`' });
  });

  it('says when a multi-result call assigns the wrong number of variables', async () => {
    const test = `method HalvesTest() { var h := Halves([1]); }`;
    const reading = await readTask({ specFile: 'spec.dfy', specText: spec, testFile: 'test.dfy', testText: test });
    expect(reading.reasons[0]).toBe('test 1 (line 1, `Halves([1])`): the call assigns 1 variable, but Halves has 2 results');
  });
});

import { V } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { readTask, type TestCall } from '../../src/index.js';

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

describe('expected values written as e[..]', () => {
  it('reads the contents of an array or sequence variable for a sequence result', async () => {
    const reading = await readTask({
      specFile: 'spec.dfy',
      specText: 'method Evens(a: seq<int>) returns (r: seq<int>) ensures forall x :: x in r ==> x % 2 == 0',
      testFile: 'test.dfy',
      testText: `method EvensTest() {
  var r1 := Evens([1, 2]);
  var e1 := new int[] [2];
  assert r1 == e1[..];
  var r2 := Evens([3]);
  var e2: seq<int> := [];
  assert r2[..] == e2[..];
}`,
    });
    expect(reading.readable.map((t) => t.outputs.get('r')?.value)).toEqual([V.seq([V.int(2)]), V.seq([])]);
  });
});

describe('reading the tests of a method that changes an array in place', () => {
  const bump = `
method Bump(a: array<int>)
  modifies a
  ensures forall i :: 0 <= i < a.Length ==> a[i] == old(a[i]) + 1
`;
  const read = (test: string, specText = bump) => readTask({ specFile: 'spec.dfy', specText, testFile: 'test.dfy', testText: test });
  const finalStates = (tests: readonly TestCall[]) => tests.map((t) => [t.inputs?.a, t.outputs.get('a')?.value]);

  it('reads the state after the call; a helper without a modifies clause leaves it alone, one with a modifies clause does not', async () => {
    const reading = await read(`
method Scramble(x: array<int>) modifies x { }
method Show(x: array<int>) { print x[..]; }
method BumpTest() {
  var a1 := new int[] [1, 2];
  Bump(a1);
  Show(a1);
  assert a1[..] == [2, 3];

  var a2 := new int[] [5];
  Bump(a2);
  Scramble(a2);
  assert a2[..] == [6];

  var a3 := new int[] [0];
  Scramble(a3);
  Bump(a3);
  //expected [1]
}`);
    expect(reading.method?.signature.inOut).toEqual(['a']);
    expect(finalStates(reading.readable)).toEqual([[V.seq([V.int(1), V.int(2)]), V.seq([V.int(2), V.int(3)])]]);
    expect(reading.readable[0]?.outputs.get('a')).toMatchObject({ line: 8, from: '`assert a1[..] == [2, 3]`' });
    expect(reading.reasons).toEqual([
      'test 2 (line 11, `Bump(a2)`): no expected value for a: line 12: `Scramble(a2)` may change a2 after the call (Scramble has a modifies clause), so later checks of a2 do not give its value',
      'test 3 (line 17, `Bump(a3)`): input a = `a3` (line 17): expected an array<int>: `new int[] [a, b]` or a sequence display; a3 may have been changed by `Scramble(a3)` (line 16), got the name `a3`',
    ]);
  });

  it('reads bare `a == e` and equality helpers whichever side names the array', async () => {
    const reading = await read(`
method BumpTest() {
  var a1 := new int[] [1];
  Bump(a1);
  var e1 := new int[] [2];
  expect e1[..] == a1[..];

  var a2 := new int[] [-1, -2];
  Bump(a2);
  var e2 := new int[] [0, -1];
  var same := SameContentsEqual(a2, e2);

  var a3 := new int[] [];
  Bump(a3);
  var e3: array<int> := new int[0];
  assert a3 == e3;
}`);
    expect(reading.status).toBe('imported');
    expect(finalStates(reading.readable).map(([, after]) => after)).toEqual([V.seq([V.int(2)]), V.seq([V.int(0), V.int(-1)]), V.seq([])]);
  });

  it('says when the same array is passed for two parameters one of which is changed', async () => {
    const spec = `method CopyInto(src: array<int>, dst: array<int>) requires src.Length == dst.Length modifies dst ensures dst[..] == old(src[..])`;
    const reading = await read(
      `method CopyIntoTest() { var a := new int[] [1]; CopyInto(a, a); assert a[..] == [1]; }`,
      spec,
    );
    expect(reading.reasons[0]).toBe('test 1 (line 1, `CopyInto(a, a)`): a is passed for dst and src: the suite would give each parameter an array of its own');
  });

  it('needs a result and the final state when a method has both; one //expected value is not enough', async () => {
    const spec = `method Pop(a: array<int>) returns (top: int) requires a.Length > 0 modifies a ensures top == old(a[0]) && a[0] == 0`;
    const reading = await read(
      `method PopTest() {
  var a1 := new int[] [4, 5];
  var t1 := Pop(a1);
  //expected 4
  var a2 := new int[] [6];
  var t2 := Pop(a2);
  assert t2 == 6;
  Pop(a2);
}`,
      spec,
    );
    expect(reading.reasons).toEqual([
      'test 1 (line 3, `Pop(a1)`): no expected value for top, a: line 4: `//expected 4` gives one value, but Pop has 2 outputs (top, the final state of a)',
      'test 2 (line 6, `Pop(a2)`): no expected value for a (the test checks only top)',
      "test 3 (line 8, `Pop(a2)`): input a = `a2` (line 8): expected an array<int>: `new int[] [a, b]` or a sequence display; a2 was changed in place by test 2 (line 6), got the name `a2`; the call's result is not kept in a variable; no expected value for a (nothing checks a2 after the call)",
    ]);
  });

  it('skips a method with neither results nor an array it changes, saying so', async () => {
    const reading = await read(`method LogTest() { Log(1); Log(2); Log(3); }`, `method Log(x: int) requires x > 0`);
    expect(reading).toMatchObject({ status: 'skipped', method: { name: 'Log' } });
    expect(reading.reasons).toEqual([
      "Log has no outputs: it returns nothing and changes no array parameter, and specmut tests a method's results and the arrays it changes in place (the test method calls it 3 times)",
    ]);
  });
});

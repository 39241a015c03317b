import { describe, expect, it } from 'vitest';
import { parseDafny, readComment, readDafnyLiteral, type CommentReading } from '../../src/index.js';
import { T, V } from '@specmut/core';

/** Reads the first comment of a method body. */
async function reading(line: string): Promise<CommentReading> {
  const tree = await parseDafny(`method M() {\n  var r := 1;\n  ${line}\n}\n`);
  const comment = tree.rootNode.descendantsOfType('comment').find((c) => c !== null)!;
  return readComment(comment);
}

describe('reading expected values from comments', () => {
  it('reads //assert and //expect comments as statements, with or without a semicolon', async () => {
    for (const text of ['//assert r==3;', '// assert r == 3', '//expect r == 3, "msg";']) {
      const r = await reading(text);
      expect(r.kind).toBe('check');
      if (r.kind === 'check') expect(r.condition.text.replace(/\s/g, '')).toBe('r==3');
    }
  });

  it('reads the value after an "expected" marker (any spelling starting with exp, an optional colon)', async () => {
    for (const [text, json] of [
      ['//expected[4, 5];', [4, 5]],
      ['// expected  [7,9,1]', [7, 9, 1]],
      ['//expeced [1]', [1]],
      ['// Expected: [2]', [2]],
    ] as const) {
      const r = await reading(text);
      expect(r.kind).toBe('value');
      if (r.kind === 'value') expect(readDafnyLiteral(r.value, T.seq(T.int))).toEqual(V.seq(json.map((n) => V.int(n))));
    }
  });

  it('keeps commas and brackets inside strings and chars', async () => {
    const r = await reading(`//expected ["a, b", "]"]`);
    expect(r.kind === 'value' && readDafnyLiteral(r.value, T.seq(T.string))).toEqual(V.seq([V.string('a, b'), V.string(']')]));
  });

  it('reads an //expected condition as a check', async () => {
    expect((await reading('//expected r == 4')).kind).toBe('check');
  });

  it('maps positions inside the comment back to the file', async () => {
    const r = await reading('//expected [1, true]');
    expect(r.kind).toBe('value');
    if (r.kind !== 'value') return;
    expect(() => readDafnyLiteral(r.value, T.seq(T.int), { origin: r.origin })).toThrow(expect.objectContaining({ location: expect.objectContaining({ line: 3, column: 18 }) }));
  });

  it('says when the text after a marker is not Dafny', async () => {
    expect(await reading("//expected '1','5']")).toMatchObject({ kind: 'unreadable', message: "the expected value in `//expected '1','5']` is not a Dafny expression" });
    expect(await reading('//assert r ==')).toMatchObject({ kind: 'unreadable' });
  });

  it('ignores prose, block comments and commented-out checks; sees commented-out code', async () => {
    expect((await reading('// this computes the answer')).kind).toBe('other');
    expect((await reading('/* expected [1] */')).kind).toBe('other');
    expect((await reading('//    //assert r==12;')).kind).toBe('other');
    const code = await reading('//   var r2 := M(3);');
    expect(code.kind).toBe('code');
  });
});

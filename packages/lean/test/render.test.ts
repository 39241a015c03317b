import { describe, expect, it } from 'vitest';
import { T, V } from '@specmut/core';
import { renderLean, renderLeanType } from '../src/render.js';
import { optionType } from '../src/syntax/types.js';
import { readLeanValue } from '../src/values.js';

describe('Lean literals', () => {
  it('writes values as Lean literals', () => {
    expect(renderLean(V.int(-3), T.int)).toBe('(-3)');
    expect(renderLean(V.seq([V.int(1), V.int(-2)]), T.array(T.int))).toBe('#[1, (-2)]');
    expect(renderLean(V.string('a"b\\\n'), T.string)).toBe('"a\\"b\\\\\\n"');
    expect(renderLean(V.char("'"), T.char)).toBe("'\\''");
    expect(renderLean(V.datatype('some', [V.int(2)]), optionType(T.nat))).toBe('(some 2)');
    expect(renderLean(V.datatype('none', []), optionType(T.nat))).toBe('none');
    const triple = T.tuple(T.nat, T.tuple(T.bool, T.char));
    expect(renderLean(V.tuple([V.int(1), V.tuple([V.bool(true), V.char('x')])]), triple)).toBe("(1, true, 'x')");
    expect(renderLeanType(T.seq(T.tuple(T.nat, T.nat)))).toBe('List (Nat × Nat)');
    expect(renderLeanType(optionType(T.seq(T.int)))).toBe('Option (List Int)');
  });

  it('reads Lean literals against a type, and reads back what it writes', async () => {
    const pairs = T.seq(T.tuple(T.nat, T.nat));
    expect(await readLeanValue('[(2, 1), (3, 1)]', pairs)).toEqual(V.seq([V.tuple([V.int(2), V.int(1)]), V.tuple([V.int(3), V.int(1)])]));
    expect(await readLeanValue('#[-1, 2]', T.array(T.int))).toEqual(V.seq([V.int(-1), V.int(2)]));
    expect(await readLeanValue('some (-4)', optionType(T.int))).toEqual(V.datatype('some', [V.int(-4)]));
    expect(await readLeanValue("['a', '\\n']", T.seq(T.char))).toEqual(V.seq([V.char('a'), V.char('\n')]));
    const cases: [ReturnType<typeof V.int> | ReturnType<typeof V.seq> | ReturnType<typeof V.tuple>, Parameters<typeof renderLean>[1]][] = [
      [V.string('tab\there "q"'), T.string],
      [V.tuple([V.int(-1), V.tuple([V.bool(false), V.string('')])]), T.tuple(T.int, T.tuple(T.bool, T.string))],
      [V.seq([V.seq([V.int(0)]), V.seq([])]), T.array(T.int, 2)],
    ];
    for (const [v, t] of cases) expect(await readLeanValue(renderLean(v, t), t)).toEqual(v);
  });

  it('refuses what is not a literal of the type, saying what was expected', async () => {
    await expect(readLeanValue('[1, 2', T.seq(T.nat))).rejects.toThrow(/not a Lean literal/);
    await expect(readLeanValue('[-1]', T.seq(T.nat))).rejects.toThrow(/expected a Nat, got -1/);
    await expect(readLeanValue('xs ++ ys', T.seq(T.nat))).rejects.toThrow(/expected a list/);
  });
});

describe('Float literals', () => {
  it('writes doubles so that Lean reads them back exactly, and reads VERINA forms', async () => {
    expect([1.5, 2, -0.25, 0.1, 1e21, NaN, Infinity, -Infinity, -0].map((x) => renderLean(V.float(x), T.float))).toEqual(['1.5', '2.0', '(-0.25)', '0.1', '1.0e+21', '(0.0 / 0.0)', '(1.0 / 0.0)', '(-1.0 / 0.0)', '(-0.0)']);
    for (const x of [1.5, 0.1, -3, 1e-7, 123456.789, NaN, -Infinity]) expect(await readLeanValue(renderLean(V.float(x), T.float), T.float)).toEqual(V.float(x));
    expect(await readLeanValue('[Float.nan, 1.0, -2]', T.seq(T.float))).toEqual(V.seq([V.float(NaN), V.float(1), V.float(-2)]));
  });
});

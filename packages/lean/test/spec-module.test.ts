import { describe, expect, it } from 'vitest';
import { T } from '@specmut/core';
import { loadLeanModule } from '../src/index.js';
import { fixtureModule, methodOf } from './helpers.js';

describe('Lean spec extraction', () => {
  it('reads f_precond / f_postcond: inputs, the result parameter, h_precond left out', async () => {
    const m = methodOf(await fixtureModule(), 'clampSub');
    expect(m.signature.params).toEqual([{ name: 'a', type: T.nat }, { name: 'b', type: T.nat }]);
    expect(m.signature.results).toEqual([{ name: 'result', type: T.nat }]);
    expect(m.clauses.map((c) => [c.role, c.label])).toEqual([['precondition', 'clampSub_precond'], ['postcondition', 'clampSub_postcond']]);
    expect(m.clauses[1]!.text).toContain('result = a - b');
  });

  it('maps Lean types onto model types', async () => {
    const module = await fixtureModule();
    expect(methodOf(module, 'lastOrZero').signature.params[0]!.type).toEqual(T.array(T.int));
    expect(methodOf(module, 'firstPair').signature.params[0]!.type).toEqual(T.seq(T.tuple(T.nat, T.int)));
    const option = methodOf(module, 'firstPair').signature.results[0]!.type;
    expect(option).toMatchObject({ kind: 'datatype', name: 'Option', ctors: [{ name: 'none' }, { name: 'some' }] });
    expect(methodOf(module, 'upper').signature.params[0]!.type).toEqual(T.string);
  });

  it('collects the helper definitions a spec uses, transitively', async () => {
    expect(methodOf(await fixtureModule(), 'digitSum').dependencies).toEqual(['sumDigits']);
  });

  it('reads theorem-style specs: shared hypotheses are the precondition, each theorem a postcondition', async () => {
    const m = methodOf(await fixtureModule(), 'double');
    expect(m.kind).toBe('theorem');
    expect(m.signature.params).toEqual([{ name: 'n', type: T.nat }]);
    expect(m.clauses.map((c) => [c.role, c.label ?? c.keyword])).toEqual([['postcondition', 'double_spec'], ['postcondition', 'double_even']]);
  });

  it('turns hypotheses every theorem states into preconditions', async () => {
    const text = 'def f (xs : List Nat) : Nat := sorry\ntheorem f_a (xs : List Nat) (h : xs ≠ []) : f xs ≤ xs.length := sorry\ntheorem f_b (ys : List Nat) (h : ys ≠ []) (k : ys.length > 2) : f ys > 0 := sorry\n';
    const m = (await loadLeanModule('t.lean', text)).methods[0]!;
    expect(m.clauses.filter((c) => c.role === 'precondition').map((c) => c.text)).toEqual(['xs ≠ []']);
  });

  it('marks specs over types it does not model as unsupported, with the reason', async () => {
    const text = 'def g_precond (x : Std.HashMap Nat Nat) : Prop := True\ndef g_postcond (x : Std.HashMap Nat Nat) (result : List (Int ⊕ String)) (h_precond : g_precond (x)) : Prop := True\n';
    const m = (await loadLeanModule('t.lean', text)).methods[0]!;
    expect(m.unsupported).toMatch(/types of x \(Std.HashMap Nat Nat\), result \(List \(Int ⊕ String\)\) are not/);
  });

  it('reports a syntax error with file, line and column', async () => {
    await expect(loadLeanModule('bad.lean', 'def f (x : Nat) : Nat :=\n  (x +\n')).rejects.toMatchObject({ code: 'parse-error', location: { file: 'bad.lean' } });
  });
});

describe('structures with type parameters', () => {
  it('instantiates the parameters: Map Int Int has a field of List (Int × Int)', async () => {
    const text = [
      'structure Pairs (K V : Type) [BEq K] where',
      '  entries : List (K × V)',
      'def look {K V : Type} [BEq K] (m : Pairs K V) (k : K) : Option V :=',
      '  m.entries.find? (fun p => p.1 == k) |>.map (·.2)',
      'def m_precond (m : Pairs Int Nat) : Prop := True',
      'def m_postcond (m : Pairs Int Nat) (result : Nat) (h_precond : m_precond (m)) : Prop :=',
      '  look m 3 = some result',
    ].join('\n');
    const { post } = await import('./helpers.js');
    const { V } = await import('@specmut/core');
    const module = await loadLeanModule('m.lean', text);
    const m = module.methods[0]!;
    expect(m.signature.params[0]!.type).toEqual(T.datatype('Pairs', [{ name: 'Pairs.mk', fields: [{ name: 'entries', type: T.seq(T.tuple(T.int, T.nat)) }] }], [T.int, T.nat]));
    const pairs = V.datatype('Pairs.mk', [V.seq([V.tuple([V.int(3), V.int(7)])])]);
    expect(await post(module, 'm', { m: pairs, result: V.int(7) })).toBe('holds');
    expect(await post(module, 'm', { m: pairs, result: V.int(8) })).toBe('fails');
  });
});

import { describe, expect, it } from 'vitest';
import { evaluate, V } from '@specmut/core';
import { fixtureModule, irOf, moduleOf, post, pre } from './helpers.js';

const ints = (...xs: number[]) => V.seq(xs.map((x) => V.int(x)));

describe('lowering Lean terms with Lean semantics', async () => {
  const module = await fixtureModule();

  it('Nat subtraction truncates at 0', async () => {
    expect(await post(module, 'clampSub', { a: V.int(3), b: V.int(5), result: V.int(0) })).toBe('holds');
    expect(await post(module, 'clampSub', { a: V.int(3), b: V.int(5), result: V.int(-2) })).toBe('fails');
    expect(await post(module, 'clampSub', { a: V.int(7), b: V.int(5), result: V.int(2) })).toBe('holds');
  });

  it('preconditions are checked on the inputs alone', async () => {
    expect(await pre(module, 'clampSub', { a: V.int(1), b: V.int(11) })).toBe('holds');
    expect(await pre(module, 'clampSub', { a: V.int(1), b: V.int(12) })).toBe('fails');
    expect(await pre(module, 'allBelow', { xs: ints(), bound: V.int(1) })).toBe('fails');
  });

  it('xs[i]! is the default (0) out of range', async () => {
    expect(await post(module, 'lastOrZero', { xs: ints(), result: V.int(0) })).toBe('holds');
    expect(await post(module, 'lastOrZero', { xs: ints(4, -7), result: V.int(-7) })).toBe('holds');
    expect(await post(module, 'lastOrZero', { xs: ints(4, -7), result: V.int(4) })).toBe('fails');
  });

  it('Int / and % are Euclidean (Int.ediv, Int.emod)', async () => {
    expect(await post(module, 'floorHalf', { n: V.int(-7), result: V.int(-4) })).toBe('holds');
    expect(await post(module, 'floorHalf', { n: V.int(-7), result: V.int(-3) })).toBe('fails');
    expect(await post(module, 'floorHalf', { n: V.int(7), result: V.int(3) })).toBe('holds');
  });

  it('binder predicates ∀ i < n and ∃ x ∈ xs', async () => {
    expect(await post(module, 'allBelow', { xs: ints(1, 2), bound: V.int(3), result: V.bool(true) })).toBe('holds');
    expect(await post(module, 'allBelow', { xs: ints(1, 5), bound: V.int(3), result: V.bool(true) })).toBe('fails');
    expect(await post(module, 'allBelow', { xs: ints(1, 5), bound: V.int(3), result: V.bool(false) })).toBe('holds');
  });

  it('helpers with let rec, and let in the postcondition', async () => {
    expect(await post(module, 'digitSum', { n: V.int(1234), result: V.int(10) })).toBe('holds');
    expect(await post(module, 'digitSum', { n: V.int(1234), result: V.int(11) })).toBe('fails');
  });

  it('match on lists with a tuple pattern, Option results', async () => {
    const ps = V.seq([V.tuple([V.int(2), V.int(-5)])]);
    expect(await post(module, 'firstPair', { ps, result: V.datatype('some', [V.int(-3)]) })).toBe('holds');
    expect(await post(module, 'firstPair', { ps, result: V.datatype('none', []) })).toBe('fails');
  });

  it('String and Char library functions', async () => {
    expect(await post(module, 'upper', { s: V.string('aB1'), result: V.string('AB1') })).toBe('holds');
    expect(await post(module, 'upper', { s: V.string('aB1'), result: V.string('Ab1') })).toBe('fails');
  });

  it('theorem-style specs: f n at the test arguments is the result; shared hypotheses are the precondition', async () => {
    expect(await post(module, 'double', { n: V.int(4), result: V.int(8) })).toBe('holds');
    expect(await post(module, 'double', { n: V.int(4), result: V.int(9) })).toBe('fails');
    // double_even's hypothesis n > 0 is its own: at n = 0 only double_spec speaks
    expect(await post(module, 'double', { n: V.int(0), result: V.int(0) })).toBe('holds');
  });
});

describe('theorem-style specs: f at the test arguments only', () => {
  it('a call of f whose argument was bound again by let is not the result', async () => {
    const text = 'def f (n k : Int) : Int := sorry\ntheorem a (n k : Int) (h : n > 0) : let k := n - 1\n  f n k = 0 := sorry\ntheorem b (n k : Int) : let r := f n k\n  r ≥ 0 := sorry\n';
    const module = await moduleOf(text);
    expect(await post(module, 'f', { n: V.int(3), k: V.int(2), result: V.int(0) })).toBe('unknown');
    expect(await post(module, 'f', { n: V.int(3), k: V.int(2), result: V.int(-1) })).toBe('fails');
  });
});

describe('Nat or Int: the binop% elaborator', () => {
  it('computes a tree of arithmetic in Int when one leaf or the other side of a relation is an Int', async () => {
    const text = [
      'def g_precond (n : Nat) : Prop := True',
      'def g_postcond (n : Nat) (result : Int) (h_precond : g_precond (n)) : Prop :=',
      '  result = n - 5 ∧ (n - 5 : Nat) ≥ 0 ∧ ((n - 5 : Nat) : Int) = result + 0 * result - result + (n - 5 : Nat)',
    ].join('\n');
    const module = await moduleOf(text);
    // result = ↑n - 5 in Int; (n - 5 : Nat) truncates
    expect(await post(module, 'g', { n: V.int(2), result: V.int(-3) })).toBe('holds');
    expect(await post(module, 'g', { n: V.int(2), result: V.int(0) })).toBe('fails');
  });
});

describe('coercions', () => {
  it('a value compared with an Option is coerced to some', async () => {
    const text = 'def h_precond (xs : List Int) : Prop := True\ndef h_postcond (xs : List Int) (result : List Int) (h_precond : h_precond (xs)) : Prop :=\n  result.length = xs.length ∧ ∀ i < xs.length, result[i]! = some (2 * xs[i]!)\n';
    const module = await moduleOf(text);
    expect(await post(module, 'h', { xs: ints(1, -2), result: ints(2, -4) })).toBe('holds');
    expect(await post(module, 'h', { xs: ints(1, -2), result: ints(2, 4) })).toBe('fails');
  });
});

describe('library names', () => {
  it('toString of a Nat is its decimal digits; names of Object.prototype are not library functions', async () => {
    const text = 'def d_precond (n : Nat) : Prop := True\ndef d_postcond (n : Nat) (result : Nat) (h_precond : d_precond (n)) : Prop :=\n  result = ((toString n).toList.map (fun c => c.toNat - \'0\'.toNat)).sum ∧ (Nat.repr n).length > 0\n' +
      'def e_precond (n : Nat) : Prop := True\ndef e_postcond (n : Nat) (result : Nat) (h_precond : e_precond (n)) : Prop :=\n  result = n.constructor\n';
    const module = await moduleOf(text);
    expect(await post(module, 'd', { n: V.int(907), result: V.int(16) })).toBe('holds');
    expect(await post(module, 'd', { n: V.int(907), result: V.int(15) })).toBe('fails');
    expect(await post(module, 'e', { n: V.int(1), result: V.int(1) })).toBe('unknown');
  });
});

describe('theorem-style specs naming the result in a hypothesis', () => {
  it('(y : R) (h : y = f x): y is the result', async () => {
    const text = 'def evens (arr : Array Int) : Array Int := sorry\ntheorem evens_spec (arr : Array Int) (out : Array Int) (h : out = evens arr) :\n  (∀ k, k < out.size → out[k]! % 2 = 0) ∧ (∀ x, x ∈ arr.toList ∧ x % 2 = 0 → x ∈ out.toList) := sorry\n';
    const module = await moduleOf(text);
    expect(module.methods[0]!.signature.params.map((p) => p.name)).toEqual(['arr']);
    expect(await post(module, 'evens', { arr: ints(1, 2, 4), result: ints(2, 4) })).toBe('holds');
    expect(await post(module, 'evens', { arr: ints(1, 2, 4), result: ints(2, 3) })).toBe('fails');
    expect(await post(module, 'evens', { arr: ints(1, 2, 4), result: ints(2) })).toBe('fails');
  });
});

describe('bounds Lean specs need', () => {
  it('∃ m, n = 4 ^ m is decided: the power bounds the exponent', async () => {
    const text = 'def p_precond (n : Nat) : Prop := True\ndef p_postcond (n : Nat) (result : Bool) (h_precond : p_precond (n)) : Prop :=\n  result ↔ (∃ m : Nat, n = 4 ^ m)\n';
    const module = await moduleOf(text);
    for (const [n, r] of [[1, true], [16, true], [0, false], [8, false], [1024, true]] as const) {
      expect(await post(module, 'p', { n: V.int(n), result: V.bool(r) })).toBe('holds');
      expect(await post(module, 'p', { n: V.int(n), result: V.bool(!r) })).toBe('fails');
    }
  });
});

describe('Prod and Option functions', () => {
  it('Prod.fst as a function, find? and Option.map', async () => {
    const text = 'def q_precond (xs : List (Nat × Int)) : Prop := List.Nodup (xs.map Prod.fst)\ndef q_postcond (xs : List (Nat × Int)) (result : Option Int) (h_precond : q_precond (xs)) : Prop :=\n  result = (xs.find? (fun p => p.1 == 2) |>.map (·.2))\n';
    const module = await moduleOf(text);
    const xs = V.seq([V.tuple([V.int(1), V.int(-1)]), V.tuple([V.int(2), V.int(-2)])]);
    expect(await pre(module, 'q', { xs })).toBe('holds');
    expect(await pre(module, 'q', { xs: V.seq([V.tuple([V.int(1), V.int(-1)]), V.tuple([V.int(1), V.int(-2)])]) })).toBe('fails');
    expect(await post(module, 'q', { xs, result: V.datatype('some', [V.int(-2)]) })).toBe('holds');
    expect(await post(module, 'q', { xs, result: V.datatype('none', []) })).toBe('fails');
  });
});

describe('bounds implied by the facts of a quantifier', () => {
  it('∃ i, i + k ≤ n ∧ … and ∀ i, i + k < n → … are enumerated', async () => {
    const text = [
      'def s_precond (sub : List Int) (main : List Int) : Prop := True',
      'def s_postcond (sub : List Int) (main : List Int) (result : Bool) (h_precond : s_precond (sub) (main)) : Prop :=',
      '  ((∃ i, i + sub.length ≤ main.length ∧ sub = (main.drop i).take sub.length) ↔ result) ∧',
      '  (∀ i, i + 1 < main.length → main[i]! ≤ main[i + 1]! ∨ true)',
    ].join('\n');
    const module = await moduleOf(text);
    expect(await post(module, 's', { sub: ints(2, 3), main: ints(1, 2, 3), result: V.bool(true) })).toBe('holds');
    expect(await post(module, 's', { sub: ints(3, 2), main: ints(1, 2, 3), result: V.bool(true) })).toBe('fails');
    expect(await post(module, 's', { sub: ints(3, 2), main: ints(1, 2, 3), result: V.bool(false) })).toBe('holds');
  });
});

describe('Floats', () => {
  it('scientific literals are Floats, arithmetic is IEEE, Nat.toFloat converts', async () => {
    const text = [
      'def avg_precond (xs : List Float) : Prop := xs.length > 0',
      'def avg_postcond (xs : List Float) (result : Float) (h_precond : avg_precond (xs)) : Prop :=',
      '  result * xs.length.toFloat == xs.foldl (· + ·) 0.0 ∧ (0.1 + 0.2 != 0.3) ∧ result ≥ -1e3',
    ].join('\n');
    const module = await moduleOf(text);
    const xs = V.seq([V.float(1.5), V.float(2.5)]);
    expect(await post(module, 'avg', { xs, result: V.float(2) })).toBe('holds');
    expect(await post(module, 'avg', { xs, result: V.float(2.5) })).toBe('fails');
  });

  it('= on Floats (propositional equality: NaN = NaN, 0.0 ≠ -0.0) is not read as IEEE ==', async () => {
    const text = 'def id_precond (x : Float) : Prop := True\ndef id_postcond (x : Float) (result : Float) (h_precond : id_precond (x)) : Prop := result = x\n';
    const module = await moduleOf(text);
    expect(await post(module, 'id', { x: V.float(NaN), result: V.float(NaN) })).toBe('unknown');
  });
});

describe('Std.Do triples', () => {
  it('⦃⌜P⌝⦄ f x ⦃⇓r => ⌜Q⌝⦄ about an Id function: P → Q with r the result', async () => {
    const text = 'def inc (x : Nat) : Id Nat := sorry\ntheorem inc_spec (x : Nat) : ⦃⌜x > 0⌝⦄ inc x ⦃⇓r => ⌜r = x + 1⌝⦄ := by sorry\n';
    const module = await moduleOf(text);
    expect(await post(module, 'inc', { x: V.int(2), result: V.int(3) })).toBe('holds');
    expect(await post(module, 'inc', { x: V.int(2), result: V.int(4) })).toBe('fails');
    expect(await post(module, 'inc', { x: V.int(0), result: V.int(4) })).toBe('holds');
  });
});

describe('explanations in Lean notation', () => {
  it('names the false clause and prints terms and values as Lean writes them', async () => {
    const { evaluate } = await import('@specmut/core');
    const { leanPrinter, lowerLeanSpec } = await import('../src/index.js');
    const module = await fixtureModule();
    const ir = await lowerLeanSpec(module, module.methods.find((m) => m.name === 'allBelow')!);
    if ('unsupported' in ir) throw new Error(ir.unsupported);
    const r = await evaluate(ir, { xs: ints(1, 5), bound: V.int(3), result: V.bool(true) }, { solver: false, printer: leanPrinter });
    expect(r.reason ?? r.explanation).toMatch(/^postcondition #1 "allBelow_postcond" \(line 28\) is false: .*∀ i, .*xs\[i\]! < bound is false/);
  });
});

describe('theorem statements with leading ∀', () => {
  it('∀ (x : Nat), P x → Q (f x): x is a variable of the theorem, P a hypothesis', async () => {
    const text = 'def sq (x : Nat) : Nat := sorry\ntheorem sq_spec : ∀ (x : Nat), x > 1 → sq x > x := sorry\ntheorem sq_eq : ∀ x : Nat, sq x = x * x := sorry\n';
    const module = await moduleOf(text);
    expect(await post(module, 'sq', { x: V.int(3), result: V.int(9) })).toBe('holds');
    expect(await post(module, 'sq', { x: V.int(3), result: V.int(8) })).toBe('fails');
  });
});

describe('theorem statements with an untyped leading ∀', () => {
  it('f x under ∀ x (no type, so not a variable of the theorem) is not the result', async () => {
    const module = await moduleOf('def g (x : Nat) : Nat := sorry\ntheorem g_pos : ∀ x, g x > 0 := sorry\n');
    expect(await post(module, 'g', { x: V.int(3), result: V.int(0) })).toBe('unknown');
  });
});

describe('more library functions', () => {
  it('Nat.sub as a function, Nat.log2, intersperse, String.split and replace, dropRight', async () => {
    const text = [
      'def k_precond (n : Nat) (s : String) : Prop := True',
      'def k_postcond (n : Nat) (s : String) (result : List String) (h_precond : k_precond (n) (s)) : Prop :=',
      '  Nat.sub 2 n = 0 ∧ n.log2 = 3 ∧ [1, 2].intersperse 0 = [1, 0, 2] ∧ result = s.split (· = \',\') ∧',
      '  s.replace "," ";" = "a;;b" ∧ s.dropRight 1 = "a,,"',
    ].join('\n');
    const module = await moduleOf(text);
    const result = V.seq([V.string('a'), V.string(''), V.string('b')]);
    expect(await post(module, 'k', { n: V.int(9), s: V.string('a,,b'), result })).toBe('holds');
    expect(await post(module, 'k', { n: V.int(16), s: V.string('a,,b'), result })).toBe('fails');
    expect(await post(module, 'k', { n: V.int(9), s: V.string('a,,b'), result: V.seq([V.string('a'), V.string('b')]) })).toBe('fails');
  });
});

describe('robustness', () => {
  it('a precondition that cannot be called with the inputs is unknown, not a crash', async () => {
    const text = 'def s_precond (a : Array Int) : Prop := a.size > 0\ndef s_postcond (a : Array Int) (result : Bool) (h_precond : s_precond a) (old_a : Array Int) : Prop := result = true\n';
    const module = await moduleOf(text);
    expect(await pre(module, 's', { a: ints(1), result: V.bool(true), old_a: ints(1) })).toBe('unknown');
  });
});

describe('coercions and conversions', () => {
  it('-n of a Nat where an Int is expected, Char.toString, filterMap', async () => {
    const text = [
      'def c_precond (n : Nat) (xs : List Int) : Prop := True',
      'def c_postcond (n : Nat) (xs : List Int) (result : Int) (h_precond : c_precond (n) (xs)) : Prop :=',
      "  result = -n ∧ 'a'.toString = \"a\" ∧ xs.filterMap (fun x => if x > 0 then some (x * 2) else none) = [2, 6]",
    ].join('\n');
    const module = await moduleOf(text);
    expect(await post(module, 'c', { n: V.int(4), xs: ints(1, -2, 3), result: V.int(-4) })).toBe('holds');
    expect(await post(module, 'c', { n: V.int(4), xs: ints(1, -2, 3), result: V.int(4) })).toBe('fails');
  });
});

describe('the function under test at other arguments', () => {
  const known = (pairs: [number, number][]) => pairs.map(([n, r]) => ({ inputs: { n: V.int(n) }, outputs: { result: V.int(r) } }));

  it('f (n + 1) in a theorem is the output of the test with that input, unknown without one', async () => {
    const text = 'def tri (n : Nat) : Nat := sorry\ntheorem tri_succ (n : Nat) : tri (n + 1) = tri n + (n + 1) := sorry\n';
    const ir = await irOf(await moduleOf(text), 'tri');
    const tests = known([[3, 6], [4, 10]]);
    const at = (n: number, r: number) => evaluate(ir, { n: V.int(n), result: V.int(r) }, { solver: false, knownResults: tests, ownResult: { inputs: { n: V.int(n) }, outputs: { result: V.int(r) } } });
    expect((await at(3, 6)).status).toBe('holds');
    // a mutant of the test n = 3 is checked with its own output at n = 3, the suite's at n = 4
    expect((await at(3, 7)).status).toBe('fails');
    const missing = await at(4, 10);
    expect(missing.status).toBe('unknown');
    expect(missing.reason).toMatch(/tri\(5\) is not the input of any test/);
  });

  it("VERINA's f_postcond calling f: the spec's function, not the reference definition", async () => {
    const text = [
      'def sumTo_precond (n : Nat) : Prop := True',
      'def sumTo (n : Nat) (h_precond : sumTo_precond n) : Nat := 0',
      'def sumTo_postcond (n : Nat) (result : Nat) (h_precond : sumTo_precond n) : Prop :=',
      '  n = 0 ∧ result = 0 ∨ n > 0 ∧ result = sumTo (n - 1) (by trivial) + n',
    ].join('\n');
    const ir = await irOf(await moduleOf(text), 'sumTo');
    const tests = known([[2, 3], [3, 6]]);
    const at = (n: number, r: number) => evaluate(ir, { n: V.int(n), result: V.int(r) }, { solver: false, knownResults: tests });
    expect((await at(3, 6)).status).toBe('holds');
    expect((await at(3, 5)).status).toBe('fails');
  });
});

describe('Vector α n and Fin n', () => {
  it('n is the size of the input vector; the result size is a fact; ∀ i : Fin n ranges below n', async () => {
    const text = [
      'def vabs {n : Nat} (a : Vector Int n) : Vector Int n := sorry',
      'theorem vabs_spec {n : Nat} (a : Vector Int n) :',
      '  (∀ i : Fin n, (vabs a)[i] = Int.natAbs (a[i])) ∧ (∀ i : Fin n, (vabs a).get i ≥ 0 ∧ i.val < n) := sorry',
    ].join('\n');
    const module = await moduleOf(text);
    expect(await post(module, 'vabs', { a: ints(-1, 2), result: ints(1, 2) })).toBe('holds');
    expect(await post(module, 'vabs', { a: ints(-1, 2), result: ints(1, 3) })).toBe('fails');
    // a result of another size is not a Vector Int 2
    expect(await post(module, 'vabs', { a: ints(-1, 2), result: ints(1, 2, 5) })).toBe('fails');
  });

  it('Vector α (n + 1): n is the size less one, and an empty input breaks the size fact', async () => {
    const text = [
      'def first {n : Nat} (a : Vector Nat (n + 1)) : Nat := sorry',
      'theorem first_spec {n : Nat} (a : Vector Nat (n + 1)) : first a = a.get 0 ∧ n + 1 = a.size := sorry',
    ].join('\n');
    const module = await moduleOf(text);
    expect(await post(module, 'first', { a: ints(4, 5), result: V.int(4) })).toBe('holds');
    expect(await post(module, 'first', { a: ints(4, 5), result: V.int(5) })).toBe('fails');
    expect(await pre(module, 'first', { a: ints() })).toBe('fails');
  });

  it('arithmetic on Fin alone wraps around and is not lowered; with a Nat leaf it is Nat arithmetic', async () => {
    const text = [
      'def g {n : Nat} (a : Vector Nat n) : Bool := sorry',
      'theorem g_spec {n : Nat} (a : Vector Nat n) : g a = true → ∀ i : Fin n, i + 1 < n + 1 := sorry',
      'theorem g_wrap {n : Nat} (a : Vector Nat n) : g a = true → ∀ i j : Fin n, i + j = j + i := sorry',
    ].join('\n');
    const ir = await irOf(await moduleOf(text), 'g');
    expect(JSON.stringify(ir.ensures[0], (_, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain('unsupported');
    expect(JSON.stringify(ir.ensures[1], (_, v) => (typeof v === 'bigint' ? String(v) : v))).toContain('on Fin (it wraps around)');
  });
});

describe('strings, numbers and lists from Lean core', () => {
  const check = async (prop: string, result = true) => {
    const module = await moduleOf(`def c_precond (n : Nat) : Prop := True\ndef c_postcond (n : Nat) (result : Bool) (h_precond : c_precond n) : Prop :=\n  result = decide (${prop})\n`);
    return post(module, 'c', { n: V.int(5), result: V.bool(result) });
  };

  it('String.get at UTF-8 byte positions, the default char A between them; ⟨cs⟩ is String.mk', async () => {
    expect(await check(`"éa".get ⟨2⟩ = 'a' ∧ "éa".get ⟨1⟩ = 'A' ∧ "éa".get ⟨0⟩ = 'é' ∧ "ab".get ⟨7⟩ = 'A' ∧ "éa".endPos = ⟨3⟩`)).toBe('holds');
    expect(await check(`(⟨['h', 'i']⟩ : String) = "hi"`)).toBe('holds');
    expect(await check(`"éa".get? ⟨2⟩ = some 'a' ∧ "éa".get? ⟨1⟩ = none ∧ "AB".get? ⟨0⟩ = some 'A' ∧ "AB".get? (String.Pos.mk 1) = some 'B' ∧ "AB".get? ⟨2⟩ = none`)).toBe('holds');
    expect(await check(`∀ {i c}, "01".get? i = some c → (c = '0' ∨ c = '1')`)).not.toBe('fails');
  });

  it('s!"…" is the pieces with toString of the terms', async () => {
    expect(await check(`s!"n={n}, next {n + 1}{true}" = "n=5, next 6true"`)).toBe('holds');
    expect(await check(`s!"{n}" = "6"`)).toBe('fails');
  });

  it('toNat? and toInt? read decimal digits; a _ is unspecified across Lean versions', async () => {
    expect(await check(`"042".toNat? = some 42 ∧ "".toNat? = none ∧ "4a".toNat? = none ∧ "-17".toInt? = some (-17) ∧ "x".toNat! = 0`)).toBe('holds');
    expect(await check(`"1_000".toNat? = none`)).toBe('unknown');
  });

  it('Nat bitwise operators, gcd and lcm', async () => {
    expect(await check(`(12 &&& 10) = 8 ∧ (12 ||| 3) = 15 ∧ (5 ^^^ 1) = 4 ∧ (1 <<< n) = 32 ∧ (40 >>> 3) = n ∧ Nat.gcd 12 18 = 6 ∧ Nat.lcm 4 n = 20 ∧ Int.gcd (-4) 6 = 2 ∧ Nat.gcd 0 n = n`)).toBe('holds');
  });

  it('takeWhile, dropWhile, zipWith', async () => {
    expect(await check(`[1, 2, 5, 1].takeWhile (· < 3) = [1, 2] ∧ [1, 2, 5, 1].dropWhile (· < 3) = [5, 1] ∧ List.zipWith (· + ·) [1, 2, 3] [10, 20] = [11, 22] ∧ "aab".dropWhile (· = 'a') = "b"`)).toBe('holds');
  });

  it('type abbreviations are the types they name', async () => {
    const module = await moduleOf('abbrev Row := List Nat\ndef s (r : Row) : Nat := sorry\ntheorem s_spec (r : Row) : s r = r.sum := sorry\n');
    expect(await post(module, 's', { r: ints(1, 2), result: V.int(3) })).toBe('holds');
    expect(await post(module, 's', { r: ints(1, 2), result: V.int(4) })).toBe('fails');
  });
});

describe('ToString instances', () => {
  it('toString of Bool, Char, String and lists is what Lean prints', async () => {
    const module = await moduleOf('def c_precond (n : Nat) : Prop := True\ndef c_postcond (n : Nat) (result : String) (h_precond : c_precond n) : Prop :=\n  result = toString [n, 2] ++ toString true ++ toString \'c\' ++ toString "s" ++ toString [(-1 : Int), n]\n');
    expect(await post(module, 'c', { n: V.int(5), result: V.string('[5, 2]truecs[-1, 5]') })).toBe('holds');
    expect(await post(module, 'c', { n: V.int(5), result: V.string('[5,2]truecs[-1, 5]') })).toBe('fails');
  });
});

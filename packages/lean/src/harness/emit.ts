import { tripleChecks, type EmitOptions, type Harness, type MethodSpec, type Obligation, type Polarity, type SpecModule, type Triple, type Value } from '@specmut/core';
import { renderLean, renderLeanType } from '../render.js';
import { callsOf, hypothesisKey, leanNative, reboundAt, renameIn, sharedHypotheses, type LeanSpecShape, type TheoremClause } from '../spec-module.js';
import type { Node } from '../syntax/parser.js';
import { unparen } from '../syntax/types.js';

export const HARNESS_FILE = 'Harness.lean';

/** A value as a typed Lean term: `(v : T)`, so numerals and structure instances elaborate at the right type. */
function typed(value: Value, type: MethodSpec['signature']['params'][number]['type']): string {
  return `(${renderLean(value, type)} : ${renderLeanType(type)})`;
}

function args(method: MethodSpec, triple: Triple): string[] {
  return method.signature.params.map((p) => typed(triple.inputs[p.name]!, p.type));
}

/** The proposition a triple checks, given the name of a proved precondition (predicate style). */
function proposition(method: MethodSpec, shape: LeanSpecShape, triple: Triple, pre: string | undefined, theoremIndex: number): string {
  const inputs = args(method, triple);
  if (shape.style === 'predicates') {
    if (tripleChecks(triple) === 'pre') return shape.precond ? [shape.precond.qualified, ...inputs].join(' ') : 'True';
    const result = method.signature.results[0]!;
    const proofs = shape.postcond.binders.filter((b) => b.kind === 'explicit' && b.type && b.type.text.includes('_precond')).map(() => pre ?? 'trivial');
    return [shape.postcond.qualified, ...inputs, typed(triple.outputs[result.name]!, result.type), ...proofs].join(' ');
  }
  const defs = theoremPredicateNames(method);
  if (tripleChecks(triple) === 'pre') return `${defs.pre} ${inputs.join(' ')}`.trim();
  const result = method.signature.results[0]!;
  return `${defs.post(theoremIndex)} ${inputs.join(' ')} ${typed(triple.outputs[result.name]!, result.type)}`;
}

/**
 * `decide` finds a `Decidable` instance only through reducible definitions; VERINA marks its
 * predicates `@[reducible]`, others do not, so the predicate is unfolded first.
 */
function proof(unfold: string[], tactic: string): string {
  return unfold.length ? `by unfold ${unfold.join(' ')}; ${tactic}` : `by ${tactic}`;
}

/**
 * The kernel cannot evaluate Float operations (they are opaque, implemented natively), so a spec that
 * mentions `Float` is decided by `native_decide` (compiled evaluation, trusted like `#eval`).
 */
function tacticFor(module: SpecModule): string {
  return /\bFloat\b/.test(module.text) ? 'native_decide' : 'decide';
}

function theoremPredicateNames(method: MethodSpec) {
  return { pre: `specmut_${method.name}_hypotheses`, post: (i: number) => `specmut_${method.name}_theorem_${i}` };
}

/**
 * Theorem-style specs have no predicate to apply: one `def … : Prop` per theorem, over `f`'s
 * parameters and `result`, whose body is the theorem's statement with `f x` replaced by `result`,
 * and one for the hypotheses all theorems share (the precondition).
 */
function theoremPredicates(method: MethodSpec, shape: Extract<LeanSpecShape, { style: 'theorems' }>): string[] {
  const names = theoremPredicateNames(method);
  const params = method.signature.params.map((p) => `(${p.name} : ${renderLeanType(p.type)})`).join(' ');
  const result = method.signature.results[0]!;
  const first = shape.theorems[0];
  const shared = sharedHypotheses(shape.theorems);
  const sharedKeys = new Set(first ? shared.map((h) => hypothesisKey(h, first)) : []);
  const out = [`abbrev ${names.pre} ${params} : Prop := ${shared.length && first ? shared.map((h) => `(${renameIn(h.text, first.renaming)})`).join(' ∧ ') : 'True'}`];
  shape.theorems.forEach((t, i) => {
    const hyps = t.hypotheses.filter((h) => !sharedKeys.has(hypothesisKey(h, t))).map((h) => `(${renameIn(h.text, t.renaming)}) → `).join('');
    const free = t.variables.filter((v) => !t.renaming.has(v.name));
    const quantified = free.length ? `∀ ${free.map((v) => `(${v.name} : ${renderLeanType(v.type)})`).join(' ')}, ` : '';
    out.push(`abbrev ${names.post(i)} ${params} (${result.name} : ${renderLeanType(result.type)}) : Prop := ${quantified}${hyps}(${renameIn(replaceCalls(t, shape, result.name), t.renaming)})`);
  });
  return out;
}

/** The conclusion's text with each call of `f` at its own parameters replaced by the result. */
function replaceCalls(t: TheoremClause, shape: Extract<LeanSpecShape, { style: 'theorems' }>, result: string): string {
  const triple = hoareTriple(t.conclusion, result);
  if (triple) return triple;
  const base = t.conclusion.startIndex;
  let text = t.conclusion.text;
  const own = (args: Node[]) => args.length === t.renaming.size && args.every((a) => t.renaming.has(a.text) && !reboundAt(a, a.text, t.leading));
  const calls = callsOf(t.conclusion, shape.fn).filter((c) => own(c.args)).sort((a, b) => b.node.startIndex - a.node.startIndex);
  for (const c of calls) text = `${text.slice(0, c.node.startIndex - base)}${result}${text.slice(c.node.endIndex - base)}`;
  return text;
}

/**
 * `⦃⌜P⌝⦄ f x ⦃⇓r => ⌜Q⌝⦄` (Std.Do, on an `Id` function) as the proposition `P → (let r := result; Q)`,
 * which `decide` can evaluate; other shapes of triple are left as written.
 */
function hoareTriple(conclusion: Node, result: string): string | undefined {
  const n = unparen(conclusion);
  if (n.type !== 'hoare_triple') return undefined;
  const pre = n.childForFieldName('precondition');
  const post = n.childForFieldName('postcondition');
  const r = post?.childForFieldName('binder');
  const body = post?.childForFieldName('body');
  if (pre?.type !== 'lift' || post?.type !== 'postcondition' || !r || body?.type !== 'lift') return undefined;
  return `(${pre.childForFieldName('operand')!.text}) → (let ${r.text} := ${result}; ${body.childForFieldName('operand')!.text})`;
}

/**
 * One Lean file per batch: the spec file, then per triple and polarity a `decide` check between
 * marker comments. A postcondition check first proves the precondition on the same inputs (it is an
 * argument of VERINA's `f_postcond`), so the harness assumes nothing.
 */
export function emitLeanHarness(module: SpecModule, method: MethodSpec, triples: Triple[], options: Pick<EmitOptions, 'attempts'> = {}): Harness {
  const shape = leanNative(module).shapes.get(method.name);
  if (!shape) throw new Error(`no Lean spec named ${method.name}`);
  const tactic = tacticFor(module);
  const lines = [`-- specmut harness for ${method.name}: every check is decided by \`${tactic}\` (Lean 4, v4.9 or later)`, ...module.text.trimEnd().split(/\r?\n/), ''];
  if (shape.style === 'theorems') lines.push(...theoremPredicates(method, shape).flatMap((d) => d.split('\n')), '');
  const obligations: Obligation[] = [];
  for (const triple of triples) {
    const attempts: readonly Polarity[] = options.attempts?.get(triple.id) ?? ['positive', 'negative'];
    attempts.forEach((polarity) => {
      const symbol = `specmut_${triple.id}_${polarity === 'positive' ? 'holds' : 'fails'}`;
      const start = lines.length + 1;
      lines.push(`-- specmut:begin ${symbol}`);
      let pre: string | undefined;
      if (tripleChecks(triple) === 'post' && shape.style === 'predicates' && shape.precond) {
        pre = `${symbol}_pre`;
        lines.push(`theorem ${pre} : ${proposition(method, shape, { ...triple, role: 'precondition' }, undefined, 0)} := ${proof([shape.precond.qualified], tactic)}`);
      }
      const props = shape.style === 'theorems' && tripleChecks(triple) === 'post' ? shape.theorems.map((_, i) => proposition(method, shape, triple, pre, i)) : [proposition(method, shape, triple, pre, 0)];
      // Several theorems are one conjunction: it holds when each does, fails when one does.
      const prop = props.length === 1 ? props[0]! : props.map((p) => `(${p})`).join(' ∧ ');
      if (shape.style === 'theorems' && tripleChecks(triple) === 'post') lines.push(`theorem ${symbol}_pre : ${theoremPredicateNames(method).pre} ${args(method, triple).join(' ')} := by ${tactic}`);
      const unfold = shape.style === 'predicates' ? [tripleChecks(triple) === 'pre' ? shape.precond?.qualified : shape.postcond.qualified].filter((n): n is string => !!n) : [];
      lines.push(`theorem ${symbol} : ${polarity === 'positive' ? prop : `¬ (${prop})`} := ${proof(unfold, tactic)}`);
      lines.push(`-- specmut:end ${symbol}`);
      obligations.push({ symbol, tripleId: triple.id, polarity, lines: [start, lines.length] });
    });
  }
  return { files: [{ name: HARNESS_FILE, text: `${lines.join('\n')}\n` }], main: HARNESS_FILE, obligations, args: [] };
}


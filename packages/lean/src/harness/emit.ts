import { tripleChecks, type EmitOptions, type Harness, type MethodSpec, type Obligation, type Polarity, type SpecModule, type Triple, type Type, type Value } from '@specmut/core';
import { renderLean, renderLeanType } from '../render.js';
import { callsOf, editedText, hypothesisKey, leanNative, reboundAt, renameEdits, sharedHypotheses, type LeanSpecShape, type TextEdit, type TheoremClause } from '../spec-module.js';
import { descendants, type Node } from '../syntax/parser.js';
import { spine, unparen, vectorLength } from '../syntax/types.js';
import type { Declaration } from '../syntax/declarations.js';

export const HARNESS_FILE = 'Harness.lean';

/** The message of a check the harness does not state (see `unstatable`); `parseLeanOutput` reads it as gave-up. */
export const UNTRUSTED_MESSAGE = 'specmut: not checked';

/** A value as a typed Lean term: `(v : T)`, so numerals and structure instances elaborate at the right type. */
function typed(value: Value, type: Type, vectorDepth = 0): string {
  if (vectorDepth > 0) return vectorLiteral(value, type, vectorDepth);
  return `(${renderLean(value, type)} : ${renderLeanType(type)})`;
}

/** A `Vector α n` value (an array in the model) as `(#v[…] : Vector α k)`, nested vectors too. */
function vectorLiteral(value: Value, type: Type, depth: number): string {
  if (value.kind !== 'seq' || type.kind !== 'array') return `(${renderLean(value, type)} : ${renderLeanType(type)})`;
  const inner: Type = type.dims > 1 ? { ...type, dims: type.dims - 1 } : type.elem;
  const elems = value.elems.map((e) => (depth > 1 ? vectorLiteral(e, inner, depth - 1) : renderLean(e, inner)));
  const innerType = depth > 1 ? `(Vector ${renderLeanType(inner.kind === 'array' ? (inner.dims > 1 ? { ...inner, dims: inner.dims - 1 } : inner.elem) : inner)} ${value.elems[0]?.kind === 'seq' ? value.elems[0].elems.length : 0})` : renderLeanType(inner);
  const wrapped = /\s/.test(innerType) && !innerType.startsWith('(') ? `(${innerType})` : innerType;
  return `(#v[${elems.join(', ')}] : Vector ${wrapped} ${value.elems.length})`;
}

/** How many `Vector`s a declared type nests (`Vector (Vector Float n) m` is 2). */
function vectorDepth(type: Node | undefined): number {
  let depth = 0;
  for (let t = type; t; ) {
    const { head, args } = spine(t);
    if (head.text !== 'Vector' || args.length !== 2) break;
    depth++;
    t = args[0];
  }
  return depth;
}

/** The vector depth of each parameter and of the result, from the declaration that names them. */
function vectorDepths(module: SpecModule, method: MethodSpec): Map<string, number> {
  const shape = leanNative(module).shapes.get(method.name);
  const out = new Map<string, number>();
  if (!shape) return out;
  const decl = shape.style === 'theorems' ? shape.fn : shape.postcond;
  for (const b of decl.binders) if (vectorDepth(b.type)) out.set(b.name, vectorDepth(b.type));
  const result = method.signature.results[0];
  if (shape.style === 'theorems' && result && vectorDepth(resultTypeNode(shape.fn))) out.set(result.name, vectorDepth(resultTypeNode(shape.fn)));
  return out;
}

/** A function's result type, `T` of `Id T`. */
function resultTypeNode(fn: { type?: Node | undefined }): Node | undefined {
  if (!fn.type) return undefined;
  const { head, args } = spine(fn.type);
  return head.text === 'Id' && args.length === 1 ? args[0] : fn.type;
}

type Depths = ReadonlyMap<string, number>;

function args(method: MethodSpec, triple: Triple, depths: Depths): string[] {
  return method.signature.params.map((p) => typed(triple.inputs[p.name]!, p.type, depths.get(p.name)));
}

/** The proposition a triple checks, given the name of a proved precondition (predicate style). */
function proposition(method: MethodSpec, shape: LeanSpecShape, triple: Triple, pre: string | undefined, theoremIndex: number, depths: Depths): string {
  const inputs = args(method, triple, depths);
  if (shape.style === 'predicates') {
    if (tripleChecks(triple) === 'pre') return shape.precond ? [shape.precond.qualified, ...inputs].join(' ') : 'True';
    const result = method.signature.results[0]!;
    const proofs = shape.postcond.binders.filter((b) => b.kind === 'explicit' && b.type && b.type.text.includes('_precond')).map(() => pre ?? 'trivial');
    return [shape.postcond.qualified, ...inputs, typed(triple.outputs[result.name]!, result.type, depths.get(result.name)), ...proofs].join(' ');
  }
  const defs = theoremPredicateNames(method);
  if (tripleChecks(triple) === 'pre') return `${defs.pre} ${inputs.join(' ')}`.trim();
  const result = method.signature.results[0]!;
  return `${defs.post(theoremIndex)} ${inputs.join(' ')} ${typed(triple.outputs[result.name]!, result.type, depths.get(result.name))}`;
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
 * mentions `Float` is decided by `native_decide` (compiled evaluation, trusted like `#eval`). What the
 * spec mentions is read from its syntax (identifiers, scientific literals, types), never from comments
 * or strings.
 */
function tacticFor(module: SpecModule, method: MethodSpec, shape: LeanSpecShape): string {
  return specNodes(module, method, shape).some(mentionsFloat) ? 'native_decide' : 'decide';
}

/** The declarations a spec consists of: its predicates or theorems and the helpers they use. */
function specNodes(module: SpecModule, method: MethodSpec, shape: LeanSpecShape): Node[] {
  const native = leanNative(module);
  const own = shape.style === 'predicates' ? [shape.postcond, shape.precond].filter((d) => d !== undefined) : [shape.fn, ...shape.theorems.map((t) => t.theorem)];
  const helpers = native.declarations.filter((d) => method.dependencies.includes(d.qualified));
  return [...own, ...helpers].map((d) => d.node);
}

function mentionsFloat(root: Node): boolean {
  for (const n of descendants(root)) {
    if (n.type === 'identifier' && /(^|\.)Float(\.|$)/.test(n.text)) return true;
    if (n.type === 'number' && /[.eE]/.test(n.text) && !/^0[xX]/.test(n.text)) return true;
  }
  return false;
}

/**
 * Why a check cannot be stated for Lean with the meaning specmut gives it, or undefined: a call of the
 * function under test at other arguments than the test's is, for specmut, the output of the suite's
 * test at those arguments; in Lean it is the function's definition (`sorry`, or VERINA's reference
 * solution), so such a check is never counted as proved.
 */
function unstatable(module: SpecModule, method: MethodSpec, shape: LeanSpecShape): string | undefined {
  if (shape.style === 'theorems') {
    const other = shape.theorems.some((t) => [t.conclusion, ...t.hypotheses].some((n) => callsOf(n, shape.fn).some((c) => !ownCall(t, c.args))));
    return other ? `${shape.fn.name} at other arguments than the test's` : undefined;
  }
  const fn = leanNative(module).declarations.find((d) => d.kind === 'def' && d.name === method.name);
  if (!fn || !shape.postcond.body) return undefined;
  return callsOf(shape.postcond.body, fn).length ? `${method.name} called in ${shape.postcond.name}` : undefined;
}

/** A call of `f` at the test's own arguments: the renamed variables, in order, not bound again. */
function ownCall(t: TheoremClause, args: Node[]): boolean {
  return args.length === t.renaming.size && args.every((a) => t.renaming.has(a.text) && !reboundAt(a, a.text, t.leading));
}

function theoremPredicateNames(method: MethodSpec) {
  return { pre: `specmut_${method.name}_hypotheses`, post: (i: number) => `specmut_${method.name}_theorem_${i}` };
}

/**
 * Theorem-style specs have no predicate to apply: one `def … : Prop` per theorem, over `f`'s
 * parameters and `result`, whose body is the theorem's statement with `f x` replaced by `result`,
 * and one for the hypotheses all theorems share (the precondition).
 */
function theoremPredicates(method: MethodSpec, shape: Extract<LeanSpecShape, { style: 'theorems' }>, depths: Depths): string[] {
  const names = theoremPredicateNames(method);
  const result = method.signature.results[0]!;
  // With vectors, the parameters as the function declares them: `{n : Nat} (a : Vector Int n)`
  const vectors = depths.size > 0;
  const dataNames = new Set(method.signature.params.map((p) => p.name));
  const params = vectors
    ? shape.fn.binders.filter((b) => (b.kind === 'implicit' && b.type) || dataNames.has(b.name)).map((b) => (b.kind === 'implicit' ? `{${b.name} : ${b.type!.text}}` : `(${b.name} : ${b.type!.text})`)).join(' ')
    : method.signature.params.map((p) => `(${p.name} : ${renderLeanType(p.type)})`).join(' ');
  const resultType = vectors && resultTypeNode(shape.fn) ? resultTypeNode(shape.fn)!.text : renderLeanType(result.type);
  const first = shape.theorems[0];
  const shared = sharedHypotheses(shape.theorems);
  const sharedKeys = new Set(first ? shared.map((h) => hypothesisKey(h, first)) : []);
  const renamed = (n: Node, t: TheoremClause) => editedText(n, renameEdits(n, textRenaming(t, shape.fn), t.leading));
  const out = [`abbrev ${names.pre} ${params} : Prop := ${shared.length && first ? shared.map((h) => `(${renamed(h, first)})`).join(' ∧ ') : 'True'}`];
  shape.theorems.forEach((t, i) => {
    const hyps = t.hypotheses.filter((h) => !sharedKeys.has(hypothesisKey(h, t))).map((h) => `(${replaceCalls(h, t, shape, result.name)}) → `).join('');
    const free = t.variables.filter((v) => !textRenaming(t, shape.fn).has(v.name));
    const quantified = free.length ? `∀ ${free.map((v) => `(${v.name} : ${renderLeanType(v.type)})`).join(' ')}, ` : '';
    out.push(`abbrev ${names.post(i)} ${params} (${result.name} : ${resultType}) : Prop := ${quantified}${hyps}(${hoareTriple(t, shape.fn, result.name) ?? replaceCalls(t.conclusion, t, shape, result.name)})`);
  });
  return out;
}

/**
 * The theorem's renaming for the harness text: its variables that are the test's inputs, and the
 * sizes of its vectors among them (`{m} (a : Vector Int m)`), which are the function's own
 * (`{n} (a : Vector Int n)`): a test fixes them, they are not quantified.
 */
function textRenaming(t: TheoremClause, fn: Declaration): ReadonlyMap<string, string> {
  const out = new Map(t.renaming);
  const sizeName = (type: Node | undefined): string | undefined => {
    const l = vectorLength(type);
    if (!l) return undefined;
    const u = unparen(l);
    const id = u.type === 'binary_expression' ? unparen(u.childForFieldName('left')!) : u;
    return id.type === 'identifier' ? id.text : undefined;
  };
  for (const b of t.theorem.binders) {
    const param = t.renaming.get(b.name);
    const own = param === undefined ? undefined : sizeName(b.type);
    const theirs = param === undefined ? undefined : sizeName(fn.binders.find((x) => x.name === param)?.type);
    if (own && theirs && !out.has(own)) out.set(own, theirs);
  }
  return out;
}

/** A term of the theorem with each call of `f` at the test's arguments replaced by the result and the variables renamed. */
function replaceCalls(node: Node, t: TheoremClause, shape: Extract<LeanSpecShape, { style: 'theorems' }>, result: string): string {
  const calls = callsOf(node, shape.fn).filter((c) => ownCall(t, c.args));
  const edits: TextEdit[] = calls.map((c) => ({ start: c.node.startIndex, end: c.node.endIndex, text: result }));
  return editedText(node, [...edits, ...renameEdits(node, textRenaming(t, shape.fn), t.leading)]);
}

/**
 * `⦃⌜P⌝⦄ f x ⦃⇓r => ⌜Q⌝⦄` (Std.Do, on an `Id` function) as the proposition `P → (let r := result; Q)`,
 * which `decide` can evaluate; other shapes of triple are left as written.
 */
function hoareTriple(t: TheoremClause, fn: Declaration, result: string): string | undefined {
  const n = unparen(t.conclusion);
  if (n.type !== 'hoare_triple') return undefined;
  const pre = n.childForFieldName('precondition');
  const post = n.childForFieldName('postcondition');
  const r = post?.childForFieldName('binder');
  const body = post?.childForFieldName('body');
  if (pre?.type !== 'lift' || post?.type !== 'postcondition' || !r || body?.type !== 'lift') return undefined;
  const term = (x: Node) => editedText(x, renameEdits(x, textRenaming(t, fn), t.leading));
  return `(${term(pre.childForFieldName('operand')!)}) → (let ${r.text} := ${result}; ${term(body.childForFieldName('operand')!)})`;
}

/**
 * One Lean file per batch: the spec file, then per triple and polarity a `decide` check between
 * marker comments. A postcondition check first proves the precondition on the same inputs (it is an
 * argument of VERINA's `f_postcond`), so the harness assumes nothing.
 */
export function emitLeanHarness(module: SpecModule, method: MethodSpec, triples: Triple[], options: Pick<EmitOptions, 'attempts'> = {}): Harness {
  const shape = leanNative(module).shapes.get(method.name);
  if (!shape) throw new Error(`no Lean spec named ${method.name}`);
  const depths = vectorDepths(module, method);
  const tactic = tacticFor(module, method, shape);
  const untrusted = unstatable(module, method, shape);
  const lines = [`-- specmut harness for ${method.name}: every check is decided by \`${tactic}\` (Lean 4, v4.9 or later)`, ...module.text.trimEnd().split(/\r?\n/), ''];
  if (shape.style === 'theorems') lines.push(...theoremPredicates(method, shape, depths).flatMap((d) => d.split('\n')), '');
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
        lines.push(`theorem ${pre} : ${proposition(method, shape, { ...triple, role: 'precondition' }, undefined, 0, depths)} := ${proof([shape.precond.qualified], tactic)}`);
      }
      const props = shape.style === 'theorems' && tripleChecks(triple) === 'post' ? shape.theorems.map((_, i) => proposition(method, shape, triple, pre, i, depths)) : [proposition(method, shape, triple, pre, 0, depths)];
      // Several theorems are one conjunction: it holds when each does, fails when one does.
      const prop = props.length === 1 ? props[0]! : props.map((p) => `(${p})`).join(' ∧ ');
      if (shape.style === 'theorems' && tripleChecks(triple) === 'post') lines.push(`theorem ${symbol}_pre : ${theoremPredicateNames(method).pre} ${args(method, triple, depths).join(' ')} := by ${tactic}`);
      const unfold = shape.style === 'predicates' ? [tripleChecks(triple) === 'pre' ? shape.precond?.qualified : shape.postcond.qualified].filter((n): n is string => !!n) : [];
      const statement = `theorem ${symbol} : ${polarity === 'positive' ? prop : `¬ (${prop})`}`;
      // A postcondition check the harness cannot state with specmut's meaning fails on purpose:
      // the output parser reads this message as Lean giving up, never as a proof.
      if (untrusted && tripleChecks(triple) === 'post') lines.push(`-- specmut:untrusted ${untrusted}`, `${statement} := by fail "${UNTRUSTED_MESSAGE}: ${untrusted}"`);
      else lines.push(`${statement} := ${proof(unfold, tactic)}`);
      lines.push(`-- specmut:end ${symbol}`);
      obligations.push({ symbol, tripleId: triple.id, polarity, lines: [start, lines.length] });
    });
  }
  return { files: [{ name: HARNESS_FILE, text: `${lines.join('\n')}\n` }], main: HARNESS_FILE, obligations, args: [] };
}


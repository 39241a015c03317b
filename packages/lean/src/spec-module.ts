import { SpecmutError, type Clause, type MethodSpec, type Parameter, type SourceRange, type SpecModule, type Type } from '@specmut/core';
import { dependencyClosure, indexDeclarations, lookup, type Binder, type Declaration } from './syntax/declarations.js';
import { descendants, field, fields, named, parseLean, type Node, type Tree } from './syntax/parser.js';
import { assertLeanParsed } from './syntax/syntax-errors.js';
import { finBound, isModelled, LeanTypes, spine, unparen } from './syntax/types.js';
import { renderLeanType } from './render.js';

/**
 * How a method's spec is written, which the lowering and the harness read back:
 * - `predicates`: VERINA's and vericoding's `f_precond` / `f_postcond` definitions;
 * - `theorems`: properties of `f` stated as theorems about `f x` (FVAPPS style).
 */
export type LeanSpecShape =
  | { style: 'predicates'; precond?: Declaration | undefined; postcond: Declaration; resultName: string }
  | { style: 'theorems'; fn: Declaration; theorems: TheoremClause[] };

/** One theorem read as clauses: hypotheses and the conclusion, with the calls of `f` it makes. */
export interface TheoremClause {
  theorem: Declaration;
  /** Binders that are data (not hypotheses), by name, with their model types. */
  variables: Parameter[];
  hypotheses: Node[];
  conclusion: Node;
  /** Variables passed to `f` in the conclusion, by name, to `f`'s parameter at that position. */
  renaming: Map<string, string>;
  /** Leading `∀`s of the statement whose variables are the theorem's own (node ids). */
  leading: Set<number>;
}

/** What the Lean backend keeps about a parsed file; core sees it only as `SpecModule.native`. */
export interface LeanNative {
  tree: Tree;
  declarations: Declaration[];
  types: LeanTypes;
  shapes: Map<string, LeanSpecShape>;
  /** The pieces of each `s!"…"` (by node id): literal text as written, and the parsed `{…}` terms. */
  interpolations: Map<number, (string | Node)[]>;
}

/** Splits `s!"a{x}b"` into `a`, the term `x`, `b`, parsing each term on its own (the grammar keeps the string whole). */
async function interpolationsOf(root: Node): Promise<Map<number, (string | Node)[]>> {
  const out = new Map<number, (string | Node)[]>();
  for (const n of descendants(root)) {
    if (n.type !== 'interpolated_string') continue;
    const text = n.text;
    const body = text.slice(text.indexOf('"') + 1, text.lastIndexOf('"'));
    const pieces: (string | Node)[] = [];
    let literal = '';
    for (let i = 0; i < body.length; i++) {
      const c = body[i]!;
      if (c === '\\') {
        literal += body.slice(i, i + 2);
        i++;
        continue;
      }
      if (c !== '{') {
        literal += c;
        continue;
      }
      let depth = 1;
      let j = i + 1;
      for (; j < body.length && depth > 0; j++) depth += body[j] === '{' ? 1 : body[j] === '}' ? -1 : 0;
      const term = (await parseLean(`def specmut_piece := (${body.slice(i + 1, j - 1)})`)).rootNode;
      const value = [...descendants(term)].find((d) => d.type === 'parenthesized');
      if (!value || term.hasError) break;
      pieces.push(literal, value);
      literal = '';
      i = j - 1;
    }
    pieces.push(literal);
    out.set(n.id, pieces);
  }
  return out;
}

export function rangeOf(node: Node): SourceRange {
  return {
    start: { line: node.startPosition.row + 1, column: node.startPosition.column + 1, offset: node.startIndex },
    end: { line: node.endPosition.row + 1, column: node.endPosition.column + 1, offset: node.endIndex },
  };
}

/**
 * A binder whose type is a proposition about the others (`h : P x`), not a value a test gives. Data
 * binders have a type specmut models, or a type variable / type former (`α`, `Std.HashMap K V`).
 */
export function isHypothesis(binder: Binder, types: LeanTypes, declarations: readonly Declaration[] = []): boolean {
  if (binder.kind === 'instance') return true;
  if (!binder.type || types.resolve(binder.type).kind !== 'opaque') return false;
  const n = unparen(binder.type);
  if (n.type === 'binary_expression') return PROP_OPERATORS.has(field(n, 'operator')!.text);
  if (n.type === 'unary_expression' || n.type === 'quantifier') return true;
  if (n.type !== 'application' && n.type !== 'identifier') return false;
  const head = spine(n).head.text;
  const last = head.split('.').at(-1)!;
  if (/^[a-z]/.test(last)) return true;
  if (lookup(declarations, head)?.kind === 'def') return true;
  // `Nat.Prime p`, `List.Nodup xs`: a qualified predicate applied to values
  return n.type === 'application' && head.includes('.') && !head.startsWith('Std.');
}

const PROP_OPERATORS = new Set(['=', '≠', '<', '>', '≤', '≥', '<=', '>=', '∈', '∉', '∧', '∨', '↔', '→', '->', '∣', '⊆', '==', '!=']);

function parametersOf(binders: Binder[], types: LeanTypes, all: readonly Declaration[]): Parameter[] {
  return binders.filter((b) => b.kind === 'explicit' && !isHypothesis(b, types, all)).map((b) => ({ name: b.name, type: types.resolve(b.type) }));
}

function clause(role: Clause['role'], keyword: string, node: Node, label?: string): Clause {
  return { role, keyword, text: node.text, range: rangeOf(node), node, label };
}

function unsupportedTypes(params: Parameter[]): string | undefined {
  const bad = params.filter((p) => !isModelled(p.type));
  if (!bad.length) return undefined;
  return `the type${bad.length > 1 ? 's' : ''} of ${bad.map((p) => `${p.name} (${renderLeanType(p.type)})`).join(', ')} ${bad.length > 1 ? 'are' : 'is'} not one specmut models (Nat, Int, Bool, Char, String, List, Array, Option, products, the file's structures and inductives)`;
}

/** VERINA / vericoding: `f_postcond (inputs) (result : T) (h_precond : f_precond inputs) : Prop`. */
function predicateSpec(post: Declaration, all: Declaration[], types: LeanTypes): { spec: MethodSpec; shape: LeanSpecShape } | undefined {
  const name = post.name.replace(/_postcond$/, '');
  const pre = lookup(all, `${post.qualified.replace(/_postcond$/, '')}_precond`);
  const params = parametersOf(post.binders, types, all);
  const resultIndex = params.findIndex((p) => p.name === 'result');
  const at = resultIndex >= 0 ? resultIndex : params.length - 1;
  if (at < 0) return undefined;
  const results = [params[at]!];
  const inputs = params.filter((_, i) => i !== at);
  const clauses: Clause[] = [];
  if (pre?.body) clauses.push(clause('precondition', 'precond', pre.body, pre.name));
  if (post.body) clauses.push(clause('postcondition', 'postcond', post.body, post.name));
  const roots = [post, ...(pre ? [pre] : [])].flatMap((d) => [d.body, ...d.binders.map((b) => b.type)]).filter((n): n is Node => !!n);
  const deps = dependencyClosure(roots, all, post).filter((d) => d !== pre && d.name !== name);
  const spec: MethodSpec = {
    name,
    kind: 'def',
    signature: { name, params: inputs, results },
    clauses,
    range: rangeOf(post.node),
    dependencies: deps.map((d) => d.qualified),
    unsupported: unsupportedTypes(params) ?? (post.body ? undefined : `${post.name} has no body`),
  };
  return { spec, shape: { style: 'predicates', precond: pre, postcond: post, resultName: results[0]!.name } };
}

/** The calls `f a b ...` of a function in a term, as (call node, argument nodes). */
export function callsOf(root: Node, fn: Declaration): { node: Node; args: Node[] }[] {
  const out: { node: Node; args: Node[] }[] = [];
  for (const n of descendants(root)) {
    if (n.type !== 'application' && n.type !== 'identifier') continue;
    if (n.parent?.type === 'application' && n.parent.childForFieldName('function')?.id === n.id) continue;
    const { head, args } = spine(n);
    if (head.type === 'identifier' && (head.text === fn.name || head.text === fn.qualified)) out.push({ node: n, args });
  }
  return out;
}

/** Whether `name` is bound again (let, fun, ∀/∃, match pattern) between the theorem's binders and `node`. */
export function reboundAt(node: Node, name: string, leading: ReadonlySet<number> = new Set()): boolean {
  const binds = (n: Node): boolean => [...descendants(n)].some((d) => d.type === 'identifier' && d.text === name);
  for (let n = node.parent; n && n.type !== 'theorem' && n.type !== 'definition'; n = n.parent) {
    if (n.type === 'let' && fields(n, 'pattern').some(binds)) return true;
    if (n.type === 'fun' && fields(n, 'binder').some(binds)) return true;
    // a leading `∀ x, …` of the statement binds the theorem's own variable, not a new one
    if (n.type === 'quantifier' && fields(n, 'binder').some(binds) && !leading.has(n.id)) return true;
    if (n.type === 'match_alternative' && named(n).filter((p) => p.type === 'patterns').some(binds)) return true;
  }
  return false;
}

/** Binder types that are `∀`-chains `(x : T) → P x → Q` are read as binders and hypotheses too. */
function theoremClause(theorem: Declaration, fn: Declaration, params: Parameter[], types: LeanTypes, all: readonly Declaration[]): TheoremClause | undefined {
  const variables: Parameter[] = [];
  const hypotheses: Node[] = [];
  for (const b of theorem.binders) {
    if (b.kind === 'instance') continue;
    if (isHypothesis(b, types, all)) hypotheses.push(b.type!);
    else variables.push({ name: b.name, type: types.resolve(b.type) });
  }
  const leading = new Set<number>();
  let conclusion = theorem.type;
  // `P → Q` in the statement: P is one more hypothesis; `∀ (x : T), Q`: x is one more variable.
  while (conclusion) {
    const c = unparen(conclusion);
    if (c.type === 'binary_expression' && ['→', '->'].includes(field(c, 'operator')!.text)) {
      hypotheses.push(field(c, 'left')!);
      conclusion = field(c, 'right');
      continue;
    }
    const bound = c.type === 'quantifier' && ['∀', 'forall'].includes(field(c, 'quantifier')!.text) && !field(c, 'predicate') ? quantifiedVariables(c, types) : undefined;
    if (!bound) break;
    variables.push(...bound);
    leading.add(c.id);
    conclusion = field(c, 'body');
  }
  if (!conclusion) return undefined;
  const renaming = new Map<string, string>();
  // `(y : R) (h : y = f x)`: the hypothesis names f's result; y is the result, the hypothesis goes.
  const defining = hypotheses.map((h) => resultDefinition(h, fn, variables)).find((d) => d !== undefined);
  if (defining) {
    hypotheses.splice(hypotheses.indexOf(defining.hypothesis), 1);
    renaming.set(defining.variable, 'result');
  }
  // the test's instance of the theorem: the first call of f at plain variables (`f n` in `f (n + 1) = f n + 1`)
  // (in the conclusion first, else in a hypothesis: `f a = true → P a`)
  const calls = [conclusion, ...hypotheses].flatMap((n) => callsOf(n, fn));
  const isVariable = (a: Node) => a.type === 'identifier' && variables.some((v) => v.name === a.text);
  const call = defining?.call ?? calls.find((c) => c.args.length >= params.length && c.args.slice(0, params.length).every(isVariable)) ?? calls[0];
  call?.args.forEach((a, i) => {
    const p = params[i];
    if (p && a.type === 'identifier' && variables.some((v) => v.name === a.text) && !renaming.has(a.text)) renaming.set(a.text, p.name);
  });
  return { theorem, variables, hypotheses, conclusion, renaming, leading };
}

/** The typed variables of a leading `∀ (x y : T) (z : U), …` (undefined when one has no known type). */
function quantifiedVariables(q: Node, types: LeanTypes): Parameter[] | undefined {
  const out: Parameter[] = [];
  const declared = field(q, 'type');
  for (const b of fields(q, 'binder')) {
    const u = unparen(b);
    if (u.type === 'identifier' && declared) out.push({ name: u.text, type: types.resolve(declared) });
    else if (u.type === 'type_ascription' && field(u, 'type')) {
      const t = types.resolve(field(u, 'type'));
      const { head, args } = spine(field(u, 'expression')!);
      for (const n of [head, ...args]) out.push({ name: n.text, type: t });
    } else return undefined;
  }
  // `∀ i : Fin n` stays a quantifier of the conclusion, where its range is known
  const fin = [declared, ...fields(q, 'binder').map((b) => field(unparen(b), 'type'))].some((t) => finBound(t ?? undefined));
  return out.every((v) => v.type.kind !== 'opaque') && !fin ? out : undefined;
}

/** `y = f x` or `f x = y` with `y` one of the theorem's variables. */
function resultDefinition(h: Node, fn: Declaration, variables: Parameter[]): { hypothesis: Node; variable: string; call: { node: Node; args: Node[] } } | undefined {
  const u = unparen(h);
  if (u.type !== 'binary_expression' || field(u, 'operator')!.text !== '=') return undefined;
  const sides = [unparen(field(u, 'left')!), unparen(field(u, 'right')!)];
  for (const [v, other] of [[sides[0]!, sides[1]!], [sides[1]!, sides[0]!]] as const) {
    if (v.type !== 'identifier' || !variables.some((x) => x.name === v.text)) continue;
    const { head, args } = spine(other);
    if (head.type === 'identifier' && (head.text === fn.name || head.text === fn.qualified)) return { hypothesis: h, variable: v.text, call: { node: other, args } };
  }
  return undefined;
}

/** FVAPPS: `def f (x : Nat) : T := sorry` and `theorem f_spec (x : Nat) (h : P x) : Q x (f x)`. */
function theoremSpecs(all: Declaration[], types: LeanTypes, taken: Set<string>): { spec: MethodSpec; shape: LeanSpecShape }[] {
  const out: { spec: MethodSpec; shape: LeanSpecShape }[] = [];
  for (const fn of all) {
    // The functions to be written are the ones defined as `sorry`; a helper with a body that theorems
    // happen to mention (`abs`, `sum`) is part of the specification, not its subject.
    if (fn.kind !== 'def' || taken.has(fn.name) || /_(pre|post)cond$/.test(fn.name) || !fn.type || !isSorry(fn)) continue;
    const mentions = (t: Declaration) => [t.type!, ...t.binders.flatMap((b) => (b.type ? [b.type] : []))].some((n) => callsOf(n, fn).length > 0);
    const theorems = all.filter((t) => t.kind === 'theorem' && t.type && mentions(t) && !mentionsPostcond(t, all));
    if (!theorems.length) continue;
    const params = parametersOf(fn.binders, types, all);
    const clauses = theorems.map((t) => theoremClause(t, fn, params, types, all)).filter((c): c is TheoremClause => !!c);
    const results: Parameter[] = [{ name: 'result', type: types.resolve(fn.type) }];
    const specClauses: Clause[] = [];
    for (const pre of sharedHypotheses(clauses)) specClauses.push(clause('precondition', 'hypothesis', pre));
    for (const c of clauses) specClauses.push(clause('postcondition', 'theorem', c.theorem.type!, c.theorem.name));
    const deps = dependencyClosure(theorems.flatMap((t) => [t.type!, ...t.binders.flatMap((b) => (b.type ? [b.type] : []))]), all, fn).filter((d) => !theorems.includes(d));
    const spec: MethodSpec = {
      name: fn.name,
      kind: 'theorem',
      signature: { name: fn.name, params, results },
      clauses: specClauses,
      range: rangeOf(fn.node),
      dependencies: deps.map((d) => d.qualified),
      unsupported: unsupportedTypes([...params, ...results]),
    };
    out.push({ spec, shape: { style: 'theorems', fn, theorems: clauses } });
  }
  return out;
}

function isSorry(fn: Declaration): boolean {
  return !fn.body || fn.body.type === 'sorry' || (fn.body.type === 'by' && /^by\s+sorry$/.test(fn.body.text.trim()));
}

function mentionsPostcond(t: Declaration, all: Declaration[]): boolean {
  for (const n of descendants(t.type!)) {
    if (n.type === 'identifier' && /_postcond$/.test(n.text) && lookup(all, n.text)) return true;
  }
  return false;
}

/**
 * Hypotheses every theorem of the function states (same text) are its precondition; the others stay
 * the antecedent of their own theorem's clause, since a theorem says nothing outside its hypotheses
 * but the other theorems still do.
 */
export function sharedHypotheses(clauses: TheoremClause[]): Node[] {
  const [first, ...rest] = clauses;
  if (!first) return [];
  return first.hypotheses.filter((h) => rest.every((c) => c.hypotheses.some((g) => hypothesisKey(g, c) === hypothesisKey(h, first))));
}

/** A hypothesis's text with the theorem's variables renamed to `f`'s parameters, spaces normalised. */
export function hypothesisKey(h: Node, clause: TheoremClause): string {
  return editedText(h, renameEdits(h, clause.renaming, clause.leading)).replace(/\s+/g, ' ').trim();
}

/** A replacement of the source text between two offsets. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** A node's text with edits applied (offsets in the file; edits inside an earlier, wider one are dropped). */
export function editedText(node: Node, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = node.startIndex;
  const text = node.text;
  for (const e of sorted) {
    if (e.start < at) continue;
    out += text.slice(at - node.startIndex, e.start - node.startIndex) + e.text;
    at = e.end;
  }
  return out + text.slice(at - node.startIndex);
}

/**
 * The renaming of a theorem's variables as edits of the syntax tree: identifiers whose first segment
 * (`xs` of `xs.length`) is renamed and not bound again there; never text inside literals or comments,
 * nor a name that is a field (`{ n := 1 }`) or a binder.
 */
export function renameEdits(node: Node, renaming: ReadonlyMap<string, string>, leading: ReadonlySet<number> = new Set()): TextEdit[] {
  if (!renaming.size) return [];
  const out: TextEdit[] = [];
  for (const d of descendants(node)) {
    if (d.type !== 'identifier') continue;
    const first = d.text.split('.')[0]!;
    const to = renaming.get(first);
    if (to === undefined || to === first) continue;
    if (d.parent?.childForFieldName('name')?.id === d.id || reboundAt(d, first, leading)) continue;
    out.push({ start: d.startIndex, end: d.startIndex + first.length, text: to });
  }
  return out;
}

/** Parses a Lean file into the functions it specifies, in the two styles above. */
export async function loadLeanModule(file: string, text: string): Promise<SpecModule> {
  const tree = await parseLean(text);
  assertLeanParsed(tree.rootNode, file);
  const declarations = indexDeclarations(tree.rootNode);
  const types = new LeanTypes(declarations);
  const shapes = new Map<string, LeanSpecShape>();
  const methods: MethodSpec[] = [];
  for (const d of declarations) {
    if (d.kind !== 'def' || !d.name.endsWith('_postcond')) continue;
    const found = predicateSpec(d, declarations, types);
    if (!found) continue;
    methods.push(found.spec);
    shapes.set(found.spec.name, found.shape);
  }
  for (const found of theoremSpecs(declarations, types, new Set(methods.map((m) => m.name)))) {
    methods.push(found.spec);
    shapes.set(found.spec.name, found.shape);
  }
  const native: LeanNative = { tree, declarations, types, shapes, interpolations: await interpolationsOf(tree.rootNode) };
  return { file, text, methods, native };
}

export function leanNative(module: SpecModule): LeanNative {
  const native = module.native as LeanNative | undefined;
  if (!native?.shapes) throw new SpecmutError('unsupported', 'this spec module was not loaded by the Lean backend', { file: module.file });
  return native;
}

export type { Type };

import type { Parameter, Triple, Type, Value } from '@specmut/core';
import { renderDafny } from '../render.js';
import { substitute } from '../syntax/substitute.js';
import { descendants, named, type Node } from '../syntax/parser.js';
import type { TypeResolver } from '../syntax/types.js';

/**
 * A quantifier of a clause that no other binder encloses, with what dominates it: the solver may need a
 * ground instance of it (a witness for `exists`, a counterexample for a `forall` under negation).
 */
export interface QuantifierSite {
  /** 1-based line and column of the quantifier, to match instances the evaluator reports. */
  line: number;
  column: number;
  /** The quantifier as the goal sees it: `forall` under a negation counts as `exists`. */
  effective: 'forall' | 'exists' | 'both';
  vars: { name: string; type: Type }[];
  range: Node | null;
  body: Node;
  quantifier: 'forall' | 'exists';
  /** Conditions under which the quantifier is evaluated (left sides of `&&`/`==>`, earlier clauses). */
  context: string[];
  /** The harness's label for the state before the call, which every unlabelled `old(e)` is pinned to. */
  oldLabel?: string | undefined;
}

const BINDERS = new Set(['quantifier_expression', 'set_comprehension', 'map_comprehension', 'lambda_expression', 'let_expression']);

function operatorOf(node: Node): string {
  return node.childForFieldName('operator')?.text ?? '';
}

// Both nodes come from one tree, where ids identify nodes.
const same = (a: Node | null, b: Node | null): boolean => !!a && !!b && a.id === b.id;

/** Walks from a quantifier up to the clause root, collecting polarity flips and dominating guards. */
function position(q: Node, root: Node, text: (n: Node) => string): { flips: number | 'mixed'; guards: string[] } | undefined {
  let flips: number | 'mixed' = 0;
  const flip = () => {
    if (flips !== 'mixed') flips++;
  };
  const guards: string[] = [];
  let child = q;
  while (!same(child, root)) {
    const node = child.parent;
    if (!node) return undefined;
    if (BINDERS.has(node.type)) return undefined;
    if (node.type === 'binary_expression') {
      const op = operatorOf(node);
      const left = node.childForFieldName('left')!;
      const isRight = same(node.childForFieldName('right'), child);
      if (isRight && (op === '&&' || op === '==>')) guards.push(text(left));
      if (isRight && op === '||') guards.push(`!(${text(left)})`);
      if ((op === '==>' && !isRight) || (op === '<==' && isRight)) flip();
      if (!['&&', '||', '==>', '<=='].includes(op)) flips = 'mixed';
    } else if (node.type === 'unary_expression' && operatorOf(node) === '!') {
      flip();
    } else if (node.type === 'if_expression') {
      const cond = node.childForFieldName('condition')!;
      if (same(cond, child)) flips = 'mixed';
      else guards.push(same(node.childForFieldName('consequence'), child) ? text(cond) : `!(${text(cond)})`);
    } else if (node.type !== 'parenthesized_expression' && node.type !== 'bullet_expression') {
      // Inside a call, an index or a collection the quantifier's truth is not the goal's: no hint.
      return undefined;
    }
    child = node;
  }
  return { flips, guards: guards.reverse() };
}

/** A bound variable's type: as declared, else the element type of the collection it is tested for membership in. */
function boundType(v: Node, scope: Node, types: TypeResolver, names: ReadonlyMap<string, Type>): Type | undefined {
  const declared = v.childForFieldName('type');
  if (declared) return types.resolve(declared);
  const name = v.childForFieldName('name')!.text;
  for (const n of descendants(scope)) {
    if (n.type !== 'binary_expression' || !['in', '!in'].includes(operatorOf(n))) continue;
    if (n.childForFieldName('left')?.text !== name) continue;
    const container = names.get(n.childForFieldName('right')?.text ?? '');
    if (!container) continue;
    if (container.kind === 'string') return { kind: 'char' };
    if (container.kind === 'seq' || container.kind === 'set' || container.kind === 'multiset') return container.elem;
    if (container.kind === 'array') return container.elem;
    if (container.kind === 'map') return container.key;
  }
  return { kind: 'int' };
}

export function quantifierSites(conditions: readonly Node[], types: TypeResolver, params: readonly Parameter[], oldLabel?: string): QuantifierSite[] {
  const names = new Map(params.map((p) => [p.name, p.type]));
  const text = (n: Node) => substitute(n, new Map(), { oldLabel });
  const sites: QuantifierSite[] = [];
  conditions.forEach((root, k) => {
    for (const q of descendants(root)) {
      if (q.type !== 'quantifier_expression') continue;
      const pos = position(q, root, text);
      if (!pos) continue;
      const quantifier = q.childForFieldName('quantifier')?.text === 'exists' || q.childForFieldName('quantifier')?.text === '∃' ? 'exists' : 'forall';
      const flipped = quantifier === 'forall' ? 'exists' : 'forall';
      const effective = pos.flips === 'mixed' ? 'both' : pos.flips % 2 === 0 ? quantifier : flipped;
      const vars = named(q.childForFieldName('bound_variables')!).map((v) => ({
        name: v.childForFieldName('name')!.text,
        type: boundType(v, q, types, names) ?? { kind: 'int' },
      }));
      sites.push({
        line: q.startPosition.row + 1,
        column: q.startPosition.column + 1,
        effective,
        quantifier,
        vars,
        range: q.childForFieldName('range'),
        body: q.childForFieldName('body')!,
        context: [...conditions.slice(0, k).map(text), ...pos.guards],
        oldLabel,
      });
    }
  });
  return sites;
}

/** Values of a type that occur in the triple (and, for integers, every index into its sequences). */
function candidates(type: Type, triple: Triple): Value[] {
  const all = [...Object.values(triple.inputs), ...Object.values(triple.outputs)];
  const found = new Map<string, Value>();
  let maxLength = 0;
  const visit = (v: Value) => {
    if (v.kind === 'seq') maxLength = Math.max(maxLength, v.elems.length);
    if ((type.kind === 'int' || type.kind === 'nat') && v.kind === 'int' && (type.kind === 'int' || v.value >= 0n)) found.set(v.value.toString(), v);
    if (type.kind === 'char' && v.kind === 'char') found.set(v.value, v);
    if (v.kind === 'seq' || v.kind === 'set' || v.kind === 'multiset' || v.kind === 'tuple') v.elems.forEach(visit);
    if (v.kind === 'map') v.entries.forEach(([a, b]) => (visit(a), visit(b)));
    if (v.kind === 'datatype') v.fields.forEach(visit);
  };
  all.forEach(visit);
  if (type.kind === 'int' || type.kind === 'nat') for (let i = 0; i <= maxLength; i++) found.set(String(i), { kind: 'int', value: BigInt(i) });
  if (type.kind === 'bool') return [{ kind: 'bool', value: false }, { kind: 'bool', value: true }];
  return [...found.values()];
}

/** Instances per site beyond which hints cost more solver time than they can save. */
export const MAX_INSTANCES = 64;

/**
 * `ghost var` bindings that put instances of a quantifier into the solver's context, so that E-matching
 * has the witness or counterexample it cannot invent. Each is guarded by the conditions that dominate the
 * quantifier, so it is well-formed exactly when the quantifier is.
 */
export function instanceHints(site: QuantifierSite, triple: Triple, prefix: string, known: readonly Record<string, Value>[] = []): string[] {
  let combos: Value[][];
  if (known.length) {
    // The evaluator found the deciding instance (a value for every bound variable): that is all the solver needs.
    combos = known.map((k) => site.vars.map((v) => k[v.name]!));
  } else {
    const pools = site.vars.map((v) => candidates(v.type, triple));
    const count = pools.reduce((n, p) => n * p.length, 1);
    if (count === 0 || count > MAX_INSTANCES) return [];
    combos = pools.reduce<Value[][]>((acc, pool) => acc.flatMap((c) => pool.map((x) => [...c, x])), [[]]);
  }
  return combos.map((combo, i) => {
    const subst = new Map(site.vars.map((v, j) => [v.name, parenthesize(renderDafny(combo[j]!, v.type))]));
    const range = site.range ? substitute(site.range, subst, site) : undefined;
    const body = substitute(site.body, subst, site);
    const inst = site.quantifier === 'forall' ? (range ? `(${range}) ==> (${body})` : body) : range ? `(${range}) && (${body})` : body;
    const guarded = site.context.length ? `(${site.context.map((c) => `(${c})`).join(' && ')}) ==> (${inst})` : inst;
    return `ghost var ${prefix}${i} := ${guarded};`;
  });
}

function parenthesize(text: string): string {
  return text.startsWith('-') ? `(${text})` : text;
}

/** A comprehension of a clause that no binder encloses: its value can be stated as a hint. */
export interface ComprehensionSite {
  line: number;
  column: number;
  text: string;
}

export function comprehensionSites(conditions: readonly Node[]): ComprehensionSite[] {
  const sites: ComprehensionSite[] = [];
  for (const root of conditions) {
    for (const n of descendants(root)) {
      if (n.type !== 'set_comprehension' && n.type !== 'map_comprehension') continue;
      let enclosed = false;
      for (let a = n.parent; a && !same(a, root.parent); a = a.parent) if (BINDERS.has(a.type)) enclosed = true;
      // old() would need the harness's pinned label: such comprehensions get no hint.
      if (enclosed || [...descendants(n)].some((d) => d.type === 'old_expression')) continue;
      sites.push({ line: n.startPosition.row + 1, column: n.startPosition.column + 1, text: n.text });
    }
  }
  return sites;
}

import { SpecmutError, showType, tripleChecks, typeOfValue, type Harness, type Obligation, type Parameter, type Triple, type Type, type Value } from '@specmut/core';
import { renderDafny, renderDafnyType } from '../render.js';
import { HARNESS_PREFIX } from '../verifier/run.js';
import { holdsArrays, mapHints, valueHints } from './hints.js';
import { instanceHints, type ComprehensionSite, type QuantifierSite } from './instances.js';

/** What the Dafny harness needs from a parsed spec, prepared by the loader from the AST. */
export interface HarnessPlan {
  /** The spec file's text with implementation bodies removed, harness methods inserted at `insertAt`. */
  prelude: string;
  /** Offset in `prelude` where harness methods go (inside the method's enclosing module or class). */
  insertAt: number;
  params: Parameter[];
  results: Parameter[];
  /** Array parameters the method changes in place: the harness sets their final state after the label. */
  modified: Parameter[];
  /** Clause texts, with `old(e)` already rewritten to `old@specmut_pre(e)`. */
  requires: string[];
  ensures: string[];
  usesOld: boolean;
  /** Recursive functions the clauses reach, with the fuel to give each. */
  fuel: { name: string; amount: number }[];
  /** Extra command-line switches the spec's syntax needs (e.g. `--function-syntax 3`). */
  args: string[];
  /** Indentation for inserted members (inside a module or class body). */
  indent: string;
  /** Quantifiers of the requires and ensures clauses that may need ground instances. */
  sites: { requires: QuantifierSite[]; ensures: QuantifierSite[] };
  /** Comprehensions of the requires and ensures clauses whose values may be stated. */
  comprehensions: { requires: ComprehensionSite[]; ensures: ComprehensionSite[] };
  /** Whether the clauses or what they depend on test membership (`in`, `!in`): see `valueHints`. */
  membership: boolean;
}

export const PRE_LABEL = 'specmut_pre';

function conj(clauses: string[]): string {
  if (clauses.length === 0) return 'true';
  return clauses.map((c) => `(${c})`).join(' && ');
}

/**
 * Statements that build a value in the harness, and the expression that denotes it. Arrays are heap
 * objects: each is allocated in a local of its own and its contents fixed by an assumption, and
 * sequences or tuples of arrays are then written with those locals.
 */
function materialize(name: string, v: Value, t: Type): { lines: string[]; expr: string } {
  if (t.kind === 'opaque') throw new SpecmutError('unsupported', `cannot build a value of type ${t.name} for ${name}`);
  if (!holdsArrays(t)) return { lines: [], expr: renderDafny(v, t) };
  if (v.kind !== 'seq' && v.kind !== 'tuple') throw new SpecmutError('unsupported', `value of ${name} does not fit ${showType(t)}`);
  if (t.kind === 'array') {
    const elem = renderDafnyType(t.elem);
    if (t.dims === 1) {
      if (holdsArrays(t.elem)) throw new SpecmutError('unsupported', `arrays of arrays (${name}: ${showType(t)})`);
      // The one assumption a harness makes besides the precondition, and one that cannot be false: a
      // fresh array's elements are unconstrained, and the sequence has the array's length.
      return { lines: [`var ${name}: ${renderDafnyType(t)} := new ${elem}[${v.elems.length}];`, `assume {:axiom} ${name}[..] == ${renderDafny(v, t)};`], expr: name };
    }
    if (t.dims === 2) {
      const rows = v.elems;
      const cols = rows[0]?.kind === 'seq' ? rows[0].elems.length : 0;
      const lines = [`var ${name}: ${renderDafnyType(t)} := new ${elem}[${rows.length}, ${cols}];`];
      rows.forEach((row, i) => {
        if (row.kind === 'seq') row.elems.forEach((x, j) => lines.push(`${name}[${i}, ${j}] := ${renderDafny(x, t.elem)};`));
      });
      return { lines, expr: name };
    }
    throw new SpecmutError('unsupported', `${t.dims}-dimensional arrays (${name}: ${showType(t)})`);
  }
  const parts = v.elems.map((e, i) => materialize(`${name}_${i}`, e, t.kind === 'tuple' ? t.elems[i]! : (t as { elem: Type }).elem));
  const inner = parts.map((p) => p.expr).join(', ');
  return { lines: parts.flatMap((p) => p.lines), expr: t.kind === 'tuple' ? `(${inner})` : `[${inner}]` };
}

function declare(p: Parameter, v: Value): string[] {
  const built = materialize(p.name, v, p.type);
  if (p.type.kind === 'array') return built.lines;
  return [...built.lines, `var ${p.name}: ${renderDafnyType(p.type)} := ${built.expr};`];
}

/** The method's effect on an array it changes in place: every element set to its final value. */
function overwrite(p: Parameter, v: Value): string[] {
  const t = p.type;
  if (t.kind !== 'array' || v.kind !== 'seq') throw new SpecmutError('unsupported', `only arrays can be changed in place (${p.name}: ${showType(t)})`);
  if (t.dims === 1) {
    if (v.elems.length === 0) return [];
    return [`${v.elems.map((_, i) => `${p.name}[${i}]`).join(', ')} := ${v.elems.map((e) => renderDafny(e, t.elem)).join(', ')};`];
  }
  return v.elems.flatMap((row, i) => (row.kind === 'seq' ? row.elems.map((x, j) => `${p.name}[${i}, ${j}] := ${renderDafny(x, t.elem)};`) : []));
}

function hints(p: Parameter, v: Value, membership: boolean): string[] {
  return [...valueHints(p.name, v, p.type, { membership }), ...mapHints(p.name, v, p.type as Type)];
}

/** How deep recursive functions must unfold on these values: about the size of the largest one. */
function valueSize(v: Value): number {
  switch (v.kind) {
    case 'int':
      return Number(v.value < 0n ? -v.value : v.value > 1000n ? 1000n : v.value);
    case 'seq':
    case 'set':
    case 'multiset':
    case 'tuple':
      return Math.max(v.elems.length, ...v.elems.map(valueSize));
    case 'map':
      return v.entries.length;
    case 'datatype':
      return 1 + Math.max(0, ...v.fields.map(valueSize));
    default:
      return 1;
  }
}

export const MAX_FUEL = 64;

function attributes(plan: HarnessPlan, triple: Triple): string {
  if (plan.fuel.length === 0) return '';
  const size = Math.max(0, ...Object.values(triple.inputs).map(valueSize), ...Object.values(triple.outputs).map(valueSize));
  return plan.fuel.map((f) => `{:fuel ${f.name}, ${Math.min(MAX_FUEL, Math.max(f.amount, size + 2))}} `).join('');
}

/** What the evaluator found on each triple's values, by triple id: hints for the harness. */
export interface EvaluatorHints {
  /** Deciding quantifier instances (see `quantifierInstances`). */
  instances: ReadonlyMap<string, readonly { line: number; column: number; values: Record<string, Value> }[]>;
  /** Values of comprehensions (see `comprehensionValues`). */
  comprehensions: ReadonlyMap<string, readonly { line: number; column: number; value: Value }[]>;
}

const NO_HINTS: EvaluatorHints = { instances: new Map(), comprehensions: new Map() };

/** `assert (set i | ...) == {0, 1};` for each comprehension whose value the evaluator computed. */
function comprehensionHints(sites: readonly ComprehensionSite[], triple: Triple, evaluated: EvaluatorHints): string[] {
  const values = evaluated.comprehensions.get(triple.id) ?? [];
  return sites.flatMap((site) => {
    const found = values.find((v) => v.line === site.line && v.column === site.column);
    const type = found && typeOfValue(found.value);
    return found && type ? [`assert (${site.text}) == ${renderDafny(found.value, type)};`] : [];
  });
}

/** The body of one harness method: fix the inputs, assume the precondition, fix the outputs, assert. */
function harnessBody(plan: HarnessPlan, triple: Triple, polarity: Obligation['polarity'], effort: number, evaluated: EvaluatorHints): string[] {
  const lines: string[] = [];
  for (const p of plan.params) lines.push(...declare(p, triple.inputs[p.name]!));
  for (const p of plan.params) lines.push(...hints(p, triple.inputs[p.name]!, plan.membership));
  if (plan.usesOld) lines.push(`label ${PRE_LABEL}:`);
  const negate = (e: string) => (polarity === 'positive' ? e : `!(${e})`);
  // The positive goal needs witnesses of its existentials, the negated goal counterexamples of its foralls.
  const wanted = polarity === 'positive' ? 'exists' : 'forall';
  /** The evaluator's complete instances of a site for this triple. */
  const known = (s: QuantifierSite) =>
    (evaluated.instances.get(triple.id) ?? []).filter((i) => i.line === s.line && i.column === s.column && s.vars.every((v) => i.values[v.name] !== undefined)).map((i) => i.values);
  const instances = (all: QuantifierSite[]) => {
    const sites = all.filter((s) => s.effective === wanted || s.effective === 'both').map((site) => ({ site, found: known(site) }));
    // The evaluator's own witnesses and counterexamples are single instances that save the solver a
    // search, so even the plain harness has them; generic candidates wait for the hint round. One
    // counterexample refutes the whole conjunction: once the evaluator names one, the candidates of the
    // other quantifiers only slow the solver down.
    const refuted = polarity === 'negative' && sites.some((s) => s.found.length > 0);
    const generic = effort > 0 && !refuted;
    return sites.flatMap(({ site, found }, k) => (found.length > 0 || generic ? instanceHints(site, triple, `specmut_q${k}_`, found) : []));
  };
  const comprehensions = (sites: readonly ComprehensionSite[]) => (effort === 0 ? [] : comprehensionHints(sites, triple, evaluated));
  if (tripleChecks(triple) === 'pre') {
    lines.push(...instances(plan.sites.requires), ...comprehensions(plan.comprehensions.requires));
    lines.push(`assert ${negate(conj(plan.requires))};`);
    return lines;
  }
  if (plan.requires.length) lines.push(`assume {:axiom} ${conj(plan.requires)};`);
  for (const m of plan.modified) lines.push(...overwrite(m, triple.outputs[m.name]!));
  for (const r of plan.results) lines.push(...declare(r, triple.outputs[r.name]!));
  for (const r of [...plan.results, ...plan.modified]) lines.push(...hints(r, triple.outputs[r.name]!, plan.membership));
  lines.push(...instances(plan.sites.ensures), ...comprehensions(plan.comprehensions.ensures));
  lines.push(`assert ${negate(conj(plan.ensures))};`);
  return lines;
}

export function symbolFor(triple: Triple, polarity: Obligation['polarity']): string {
  return `${HARNESS_PREFIX}${triple.id}_${polarity === 'positive' ? 'pos' : 'neg'}`;
}

/**
 * One Dafny file for a batch of triples: the spec's declarations, then for every triple a positive and a
 * negated harness method. Line ranges of each method are recorded so that messages map back to triples.
 */
export interface EmitChoice {
  /** Polarities to emit per triple id; absent: both for every triple. */
  attempts?: ReadonlyMap<string, readonly Obligation['polarity'][]> | undefined;
  /** 0: plain harness (with the evaluator's own instances); 1: also generic instance candidates and comprehension values. */
  effort?: number | undefined;
}

export function emitHarness(plan: HarnessPlan, triples: Triple[], choice: EmitChoice = {}, evaluated: EvaluatorHints = NO_HINTS): Harness {
  const effort = choice.effort ?? 1;
  const head = plan.prelude.slice(0, plan.insertAt);
  const tail = plan.prelude.slice(plan.insertAt);
  let line = head.split('\n').length;
  const chunks: string[] = [];
  const obligations: Obligation[] = [];
  const ind = plan.indent;
  for (const triple of triples) {
    for (const polarity of choice.attempts?.get(triple.id) ?? (['positive', 'negative'] as const)) {
      const symbol = symbolFor(triple, polarity);
      const body = harnessBody(plan, triple, polarity, effort, evaluated);
      const text = [`${ind}method ${attributes(plan, triple)}${symbol}()`, `${ind}{`, ...body.map((l) => `${ind}  ${l}`), `${ind}}`, ''];
      const start = line + 1;
      line += text.length;
      obligations.push({ symbol, tripleId: triple.id, polarity, lines: [start, line] });
      chunks.push(...text);
    }
  }
  const text = `${head}\n${chunks.join('\n')}\n${tail}`;
  return { files: [{ name: 'harness.dfy', text }], main: 'harness.dfy', obligations, args: plan.args };
}

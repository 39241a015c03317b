import { SpecmutError, type MethodSpec, type SpecModule } from '@specmut/core';
import { dafnyNative } from '../spec-module.js';
import type { Declaration } from '../syntax/declarations.js';
import { recursiveFunctions } from '../syntax/dependencies.js';
import { descendants, named, type Node } from '../syntax/parser.js';
import { PRE_LABEL, type HarnessPlan } from './emit.js';
import { comprehensionSites, quantifierSites } from './instances.js';

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * Implementation code is not part of a spec and may not even verify: method, lemma and iterator bodies
 * and `by method` blocks are dropped, so the harness resolves only what the specification needs.
 */
function implementationEdits(root: Node): Edit[] {
  const edits: Edit[] = [];
  for (const node of descendants(root)) {
    if (node.type === 'method_declaration' || node.type === 'iterator_declaration') {
      const body = node.childForFieldName('body');
      if (body) edits.push({ start: body.startIndex, end: body.endIndex, text: '' });
    } else if (node.type === 'function_declaration') {
      const byMethod = node.childForFieldName('by_method');
      if (!byMethod) continue;
      let by: Node | null = byMethod;
      while (by && by.type !== 'by') by = by.previousSibling;
      edits.push({ start: (by ?? byMethod).startIndex, end: byMethod.endIndex, text: '' });
    }
  }
  return edits;
}

/** A function's own name applied to exactly its parameters, in its ensures: that is its result. */
export interface SelfCall {
  name: string;
  params: string[];
  result: string;
}

function isSelfCall(n: Node, self: SelfCall): boolean {
  if (n.type !== 'call_expression') return false;
  const callee = n.childForFieldName('function');
  const args = n.childForFieldName('arguments');
  if (!callee || !args || callee.text.split('.').pop() !== self.name) return false;
  const given = named(args).map((a) => a.text.trim());
  return given.length === self.params.length && given.every((a, i) => a === self.params[i]);
}

/**
 * A clause's text for the harness: every unlabelled `old(e)` pinned to the state right after the
 * inputs are set, and in a function's own ensures, `F(params)` replaced by the result variable (the
 * triple's output, not the function's body, is what is tested).
 */
function harnessClause(condition: Node, self: SelfCall | undefined): { text: string; usesOld: boolean } {
  const edits: Edit[] = [];
  let usesOld = false;
  const at = (n: Node) => ({ start: n.startIndex - condition.startIndex, end: n.endIndex - condition.startIndex });
  const visit = (n: Node) => {
    if (self && isSelfCall(n, self)) {
      edits.push({ ...at(n), text: self.result });
      return;
    }
    if (n.type === 'old_expression' && !n.childForFieldName('label')) {
      edits.push({ ...at(n.child(0)!), text: `old@${PRE_LABEL}` });
      usesOld = true;
    }
    for (const c of named(n)) visit(c);
  };
  visit(condition);
  return { text: applyEdits(condition.text, edits), usesOld };
}

function testsMembership(root: Node): boolean {
  for (const n of descendants(root)) {
    if (n.type === 'binary_expression' && ['in', '!in'].includes(n.childForFieldName('operator')?.text ?? '')) return true;
  }
  return false;
}

const MARKER = '/*@specmut-harness@*/';

export function harnessPlan(module: SpecModule, method: MethodSpec): HarnessPlan {
  const native = dafnyNative(module);
  const decl = native.declarations.find((d) => d.name === method.name && d.node.startIndex === method.range.start.offset);
  if (!decl) throw new SpecmutError('unknown-method', `${method.name} is not in ${module.file}`);
  const insertAt = decl.container ? decl.container.endIndex - 1 : module.text.length;
  const prelude = applyEdits(module.text, [...implementationEdits(native.tree.rootNode), { start: insertAt, end: insertAt, text: MARKER }]);
  const at = prelude.indexOf(MARKER);
  const conditionNodes = (kind: 'requires' | 'ensures') =>
    method.clauses.filter((c) => c.keyword === kind).map((c) => (c.node as Node).childForFieldName('condition')!);
  const self: SelfCall | undefined =
    decl.node.type === 'function_declaration' && method.signature.results[0]
      ? { name: decl.name, params: method.signature.params.map((p) => p.name), result: method.signature.results[0].name }
      : undefined;
  const requires = conditionNodes('requires').map((c) => harnessClause(c, undefined));
  const ensures = conditionNodes('ensures').map((c) => harnessClause(c, self));
  const names = [...method.signature.params, ...method.signature.results];
  const deps = native.declarations.filter((d) => method.dependencies.includes([...d.path, d.name].join('.')));
  return {
    prelude: prelude.slice(0, at) + prelude.slice(at + MARKER.length),
    insertAt: at,
    params: method.signature.params,
    results: method.signature.results,
    requires: requires.map((r) => r.text),
    ensures: ensures.map((e) => e.text),
    // A method that changes its arguments needs the label even without old(): the state is set after it.
    usesOld: [...requires, ...ensures].some((c) => c.usesOld) || (method.signature.inOut ?? []).length > 0,
    modified: (method.signature.inOut ?? []).map((name) => method.signature.params.find((p) => p.name === name)!),
    fuel: recursiveFunctions(deps, native.declarations).map((d: Declaration) => ({ name: d.name, amount: 0 })),
    args: native.functionSyntax === 3 ? ['--function-syntax', '3'] : [],
    indent: '  '.repeat(decl.path.length),
    sites: {
      requires: quantifierSites(conditionNodes('requires'), native.types, names, PRE_LABEL),
      ensures: quantifierSites(conditionNodes('ensures'), native.types, names, PRE_LABEL),
    },
    comprehensions: {
      requires: comprehensionSites(conditionNodes('requires')),
      ensures: comprehensionSites(conditionNodes('ensures')),
    },
    membership: [...conditionNodes('requires'), ...conditionNodes('ensures'), ...deps.map((d) => d.node)].some(testsMembership),
  };
}

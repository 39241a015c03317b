import { SpecmutError, type MethodSpec, type SpecModule } from '@specmut/core';
import { dafnyNative } from '../spec-module.js';
import type { Declaration } from '../syntax/declarations.js';
import { recursiveFunctions } from '../syntax/dependencies.js';
import { descendants, type Node } from '../syntax/parser.js';
import { PRE_LABEL, type HarnessPlan } from './emit.js';
import { quantifierSites } from './instances.js';

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

/** Clause text with every unlabelled `old(e)` pinned to the state right after the inputs are set. */
function pinOld(condition: Node): { text: string; usesOld: boolean } {
  const edits: Edit[] = [];
  for (const n of descendants(condition)) {
    if (n.type !== 'old_expression' || n.childForFieldName('label')) continue;
    const keyword = n.child(0)!;
    edits.push({ start: keyword.startIndex - condition.startIndex, end: keyword.endIndex - condition.startIndex, text: `old@${PRE_LABEL}` });
  }
  return { text: applyEdits(condition.text, edits), usesOld: edits.length > 0 };
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
    method.clauses.filter((c) => c.kind === kind).map((c) => (c.node as Node).childForFieldName('condition')!);
  const requires = conditionNodes('requires').map(pinOld);
  const ensures = conditionNodes('ensures').map(pinOld);
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
    usesOld: [...requires, ...ensures].some((c) => c.usesOld) || (method.signature.modifies ?? []).length > 0,
    modified: (method.signature.modifies ?? []).map((name) => method.signature.params.find((p) => p.name === name)!),
    fuel: recursiveFunctions(deps, native.declarations).map((d: Declaration) => ({ name: d.name, amount: 0 })),
    args: native.functionSyntax === 3 ? ['--function-syntax', '3'] : [],
    indent: '  '.repeat(decl.path.length),
    sites: {
      requires: quantifierSites(conditionNodes('requires'), native.types, names),
      ensures: quantifierSites(conditionNodes('ensures'), native.types, names),
    },
  };
}

import { children, preStateName, type Binder, type Expr, type IrClause, type IrLoc, type IrSpec, type MethodSpec, type SpecModule, type Unsupported } from '@specmut/core';
import { dafnyNative } from '../spec-module.js';
import type { Declaration } from '../syntax/declarations.js';
import { named, type Node } from '../syntax/parser.js';
import { checked } from './checks.js';
import { LowerContext } from './context.js';
import { makeEnumerable } from './enumerable.js';
import { lowerExpression } from './expressions.js';
import { enclosingDatatype, parameterNodes } from './functions.js';
import { binding, Scope, type Binding } from './scope.js';
import { subsetConstraints } from './subsets.js';

/** A lowered spec, and every construct that became an `unsupported` node inside it (with where). */
export interface LoweringReport {
  result: IrSpec | Unsupported;
  unsupported: { construct: string; loc?: IrLoc | undefined }[];
}

function findDeclaration(module: SpecModule, method: MethodSpec): Declaration | undefined {
  const native = dafnyNative(module);
  return (
    native.declarations.find((d) => d.name === method.name && d.node.startIndex === method.range.start.offset) ??
    native.declarations.find((d) => d.name === method.name && (d.kind === 'method' || d.kind === 'lemma' || d.kind === 'function' || d.kind === 'predicate'))
  );
}

function where(file: string, node: Node): string {
  return `${file}:${node.startPosition.row + 1}:${node.startPosition.column + 1}`;
}

/**
 * Lowers a Dafny method, lemma, function or predicate's `requires` and `ensures` into the IR, with
 * every function, predicate and constant they reach. Parameters and results keep the names of the
 * signature (the triple's inputs and outputs). In a function's own ensures, `F(params)` is its result.
 * `old(e)` is `e`: a triple fixes the inputs and checks the outputs with nothing in between.
 */
export function lowerDafnyReport(module: SpecModule, method: MethodSpec): LoweringReport {
  try {
    return lowerChecked(module, method);
  } catch (err) {
    // A lowering bug must not stop a run: the spec is then left to other oracles.
    return { result: { unsupported: `internal error of the Dafny lowering: ${err instanceof Error ? err.message : String(err)}` }, unsupported: [] };
  }
}

function lowerChecked(module: SpecModule, method: MethodSpec): LoweringReport {
  let decl: Declaration | undefined;
  try {
    decl = findDeclaration(module, method);
  } catch (err) {
    return { result: { unsupported: err instanceof Error ? err.message : String(err) }, unsupported: [] };
  }
  if (!decl) return { result: { unsupported: `${method.name} is not declared in ${module.file}` }, unsupported: [] };
  const native = dafnyNative(module);
  const cx = new LowerContext(module.file, native, lowerExpression);
  if (enclosingDatatype(cx, decl)) {
    return { result: { unsupported: `member ${method.name} of a datatype as the spec under test at ${where(module.file, decl.node)}` }, unsupported: [] };
  }

  const typeNodes = new Map(parameterNodes(decl).map((p) => [p.childForFieldName('name')!.text, p.childForFieldName('type')!]));
  const returns = decl.node.childForFieldName('returns');
  if (returns) for (const p of named(returns)) if (p.type === 'formal_parameter') typeNodes.set(p.childForFieldName('name')!.text, p.childForFieldName('type')!);
  const result = decl.node.type === 'function_declaration' ? decl.node.childForFieldName('result') : null;
  if (result?.type === 'formal_parameter') typeNodes.set(result.childForFieldName('name')!.text, result.childForFieldName('type')!);
  else if (result) typeNodes.set('result', result);
  const bindingOf = (p: { name: string; type: Binder['type'] }): Binding => {
    const typeNode = typeNodes.get(p.name);
    return binding(p.name, p.type, typeNode ? cx.type(typeNode).subset : undefined);
  };
  const params = method.signature.params.map(bindingOf);
  const results = method.signature.results.map(bindingOf);
  const isFunction = decl.kind === 'function' || decl.kind === 'predicate';
  const selfCall = isFunction && results[0] ? { name: decl.name, params: params.map((p) => p.name), result: results[0].name } : undefined;

  const modified = new Set(method.signature.inOut ?? []);
  const signature = { params: new Set(params.map((p) => p.name)), results: new Set(results.map((r) => r.name)), modified };
  // The precondition speaks of the state before the call: a parameter the method changes is its pre-state there.
  const preScope = Scope.root(
    { path: decl.path, signature },
    params.map((p) => (modified.has(p.name) ? { ...p, ir: preStateName(p.name) } : p)),
  );
  const postScope = Scope.root({ path: decl.path, selfCall, signature }, [...params, ...results]);
  const clauses = (kind: 'requires' | 'ensures', scope: Scope): IrClause[] =>
    method.clauses
      .filter((c) => c.keyword === kind)
      .map((c) => {
        const condition = (c.node as Node).childForFieldName('condition')!;
        const clause: IrClause = { expr: cx.expr(condition, scope).e, loc: cx.loc(condition) };
        if (c.label) clause.label = c.label;
        return clause;
      });

  const lowered: IrSpec = {
    name: method.name,
    params: [...params.map((p) => ({ name: p.ir, type: p.type })), ...params.filter((p) => modified.has(p.name)).map((p) => ({ name: preStateName(p.name), type: p.type }))],
    results: results.map((r) => ({ name: r.ir, type: r.type })),
    requires: [...typeChecks(cx, params, typeNodes), ...clauses('requires', preScope)],
    ensures: [...typeChecks(cx, results, typeNodes), ...clauses('ensures', postScope)],
    functions: [...cx.functions.values()],
    datatypes: cx.datatypes(),
  };
  const spec = makeEnumerable(lowered, (name) => cx.fresh(name));
  return { result: spec, unsupported: unsupportedNodes(spec) };
}

/**
 * A parameter or result declared with a subset type or newtype must satisfy its constraint: Dafny's
 * harness cannot even assign such a value (`var r: Pos := 0;` fails), so a triple whose value breaks
 * it is not well-formed. These checks come first, as the assignments do.
 */
function typeChecks(cx: LowerContext, bindings: Binding[], typeNodes: ReadonlyMap<string, Node>): IrClause[] {
  return bindings.flatMap((b) => {
    const typeNode = typeNodes.get(b.name);
    if (!b.subset || !typeNode) return [];
    const loc = cx.loc(typeNode);
    const expr = checked(cx.E.and(...subsetConstraints(cx, b.subset, b.ir)), cx.E.bool(true), loc, `${b.name} must satisfy the constraint of ${b.subset.name}`);
    return [{ expr, label: `${b.name}: ${typeNode.text}`, loc }];
  });
}

/** The `unsupported` nodes of a spec's clauses and of the functions it uses. */
export function unsupportedNodes(spec: IrSpec): LoweringReport['unsupported'] {
  const out: LoweringReport['unsupported'] = [];
  const visit = (e: Expr) => {
    if (e.kind === 'unsupported') out.push({ construct: e.construct, loc: e.loc });
    children(e).forEach(visit);
  };
  for (const c of [...spec.requires, ...spec.ensures]) visit(c.expr);
  for (const f of spec.functions) {
    (f.requires ?? []).forEach(visit);
    if (f.body) visit(f.body);
    // A helper without a body is opaque: every call of it is unknown, so the report says so up front.
    else if (f.name !== spec.name) out.push({ construct: `function ${f.name} has no body (its calls cannot be evaluated)` });
  }
  return out;
}

/** Lowers one spec for the evaluator (`evalOracle(lowerDafny)`). */
export function lowerDafny(module: SpecModule, method: MethodSpec): IrSpec | Unsupported {
  return lowerDafnyReport(module, method).result;
}

import { SpecmutError, type Clause, type ClauseRole, type MethodSpec, type Parameter, type SourceRange, type SpecModule } from '@specmut/core';
import { declarationKeyword, indexDeclarations, type Declaration } from './syntax/declarations.js';
import { dependencyClosure } from './syntax/dependencies.js';
import { descendants, fields, named, parseDafny, type Node, type Tree } from './syntax/parser.js';
import { assertParsed, dafnyReparse } from './syntax/syntax-errors.js';
import { TypeResolver } from './syntax/types.js';

/** What the Dafny backend keeps about a parsed file; core sees it only as `SpecModule.native`. */
export interface DafnyNative {
  tree: Tree;
  declarations: Declaration[];
  types: TypeResolver;
  /** Dafny 3 spells compiled functions `function method`: such files need `--function-syntax 3`. */
  functionSyntax: 3 | 4;
}

/** Dafny's clauses (by grammar node) with their keyword and the role core knows them by. */
const CLAUSES: Record<string, { keyword: string; role: ClauseRole }> = {
  requires_clause: { keyword: 'requires', role: 'precondition' },
  ensures_clause: { keyword: 'ensures', role: 'postcondition' },
  reads_clause: { keyword: 'reads', role: 'read-frame' },
  modifies_clause: { keyword: 'modifies', role: 'write-frame' },
  decreases_clause: { keyword: 'decreases', role: 'termination' },
};

export function rangeOf(node: Node): SourceRange {
  return {
    start: { line: node.startPosition.row + 1, column: node.startPosition.column + 1, offset: node.startIndex },
    end: { line: node.endPosition.row + 1, column: node.endPosition.column + 1, offset: node.endIndex },
  };
}

/** The clause's expression (for requires/ensures the condition, otherwise everything after the keyword). */
function clauseBody(node: Node): Node[] {
  const condition = node.childForFieldName('condition');
  if (condition) return [condition];
  return [...fields(node, 'frame'), ...fields(node, 'measure')];
}

function clauseOf(node: Node, { keyword, role }: { keyword: string; role: ClauseRole }): Clause {
  const body = clauseBody(node);
  const text = body.length === 1 ? body[0]!.text : body.map((b) => b.text).join(', ');
  const clause: Clause = { role, keyword, text, range: rangeOf(body[0] ?? node), node };
  const label = node.childForFieldName('label');
  if (label) clause.label = label.text;
  return clause;
}

function parametersOf(list: Node | null, types: TypeResolver): Parameter[] {
  if (!list) return [];
  return named(list)
    .filter((p) => p.type === 'formal_parameter')
    .map((p) => ({ name: p.childForFieldName('name')!.text, type: types.resolve(p.childForFieldName('type')!) }));
}

/** The result of a function as a parameter: named `(r: int)` results keep their name. */
function functionResult(node: Node, types: TypeResolver): Parameter[] {
  const result = node.childForFieldName('result');
  if (!result) return [{ name: 'result', type: { kind: 'bool' } }];
  if (result.type === 'formal_parameter') return parametersOf(result.parent, types).filter((p) => p.name === result.childForFieldName('name')?.text);
  return [{ name: 'result', type: types.resolve(result) }];
}

function methodSpecOf(decl: Declaration, all: Declaration[], types: TypeResolver): MethodSpec {
  const node = decl.node;
  const clauses = named(node)
    .filter((c) => c.type in CLAUSES)
    .map((c) => clauseOf(c, CLAUSES[c.type]!));
  const isFunction = node.type === 'function_declaration';
  const results = isFunction ? functionResult(node, types) : parametersOf(node.childForFieldName('returns'), types);
  // The signature's types count too: a harness declares variables of them.
  const typeNodes = [node.childForFieldName('parameters'), node.childForFieldName('returns'), node.childForFieldName('result')].filter((n): n is Node => n !== null);
  const deps = dependencyClosure([...clauses.map((c) => c.node as Node), ...typeNodes], all).filter((d) => d !== decl);
  const params = parametersOf(node.childForFieldName('parameters'), types);
  const signature: MethodSpec['signature'] = { name: decl.name, params, results };
  const modifies = modifiedParameters(clauses, params);
  // Dafny's heap reading: an array parameter in a `modifies` clause is an in/out parameter.
  if (modifies.length) signature.inOut = modifies;
  const spec: MethodSpec = {
    name: decl.name,
    kind: declarationKeyword(node) || decl.kind,
    signature,
    clauses,
    range: rangeOf(node),
    dependencies: deps.map((d) => [...d.path, d.name].join('.')),
  };
  const state = objectState(decl, clauses);
  if (state) spec.unsupported = state;
  return spec;
}

/**
 * Why an instance member cannot be tested as a function of its parameters: its clauses read `this` or
 * a field of the enclosing class, trait or datatype. A test gives values for the parameters and results
 * only, so a harness would check such clauses against an object state nobody fixed (the postcondition
 * of `modifies this` with no state change), which is no verdict at all.
 */
function objectState(decl: Declaration, clauses: Clause[]): string | undefined {
  const body = decl.container;
  if (!body || body.type !== 'class_body') return undefined;
  const modifiers = named(decl.node).filter((c) => c.type === 'modifier').map((c) => c.text);
  if (modifiers.includes('static')) return undefined;
  const fieldNames = new Set(
    named(body)
      .filter((m) => m.type === 'field_declaration' || m.type === 'const_declaration')
      .flatMap((m) => fields(m, 'name').map((n) => n.text)),
  );
  for (const c of clauses) {
    for (const n of descendants(c.node as Node)) {
      if (n.type === 'this_expression') return `it is an instance member of ${decl.path.at(-1) ?? 'a class'} whose ${c.keyword} clause reads \`this\` (line ${n.startPosition.row + 1}): object state is not part of a test`;
      if (n.type === 'identifier' && fieldNames.has(n.text)) return `it is an instance member of ${decl.path.at(-1) ?? 'a class'} whose ${c.keyword} clause reads the field \`${n.text}\` (line ${n.startPosition.row + 1}): object state is not part of a test`;
    }
  }
  return undefined;
}

/** Array parameters named in `modifies` clauses: their final state is an output of the method. */
function modifiedParameters(clauses: Clause[], params: Parameter[]): string[] {
  const names = new Set<string>();
  for (const c of clauses) {
    if (c.role !== 'write-frame') continue;
    for (const frame of fields(c.node as Node, 'frame')) {
      const p = params.find((q) => q.name === frame.text);
      if (p && p.type.kind === 'array') names.add(p.name);
    }
  }
  return [...names];
}

const CALLABLE = new Set(['method', 'lemma', 'function', 'predicate']);

/** Parses a Dafny file into the methods, functions, predicates and lemmas it specifies. */
export async function loadDafnyModule(file: string, text: string): Promise<SpecModule> {
  const tree = await parseDafny(text);
  assertParsed(tree.rootNode, file, await dafnyReparse());
  const declarations = indexDeclarations(tree.rootNode);
  const types = new TypeResolver(declarations);
  const methods = declarations.filter((d) => CALLABLE.has(d.kind)).map((d) => methodSpecOf(d, declarations, types));
  const functionSyntax = declarations.some((d) => /\bmethod\b/.test(declarationKeyword(d.node)) && d.node.type === 'function_declaration') ? 3 : 4;
  const native: DafnyNative = { tree, declarations, types, functionSyntax };
  return { file, text, methods, native };
}

export function dafnyNative(module: SpecModule): DafnyNative {
  const native = module.native as DafnyNative | undefined;
  if (!native?.tree) throw new SpecmutError('unsupported', 'this spec module was not loaded by the Dafny backend', { file: module.file });
  return native;
}

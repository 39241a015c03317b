import { SpecmutError, type Clause, type ClauseRole, type LoadOptions, type MethodSpec, type Parameter, type SourceRange, type SpecModule, type Type } from '@specmut/core';
import { indexItems, type VerusFn, type VerusItem, type VerusItems } from './syntax/items.js';
import { descendants, parseVerus, type Node, type Tree } from './syntax/parser.js';
import { assertVerusParsed } from './syntax/syntax-errors.js';
import { firstOpaque, VerusTypes } from './syntax/types.js';

/** How a method's spec reads its variables, which the lowering and the harness need. */
export interface VerusMethodShape {
  fn: VerusFn;
  /** The name `ensures` calls the result by (`-> (r: T)`), or `result` when the return is unnamed. */
  resultName: string;
  /** `&mut` parameters: in `ensures`, `x` is the final state and `old(x)` the initial one. */
  inOut: string[];
}

/** What the Verus backend keeps about a parsed file; core sees it only as `SpecModule.native`. */
export interface VerusNative {
  tree: Tree;
  items: VerusItems;
  types: VerusTypes;
  shapes: Map<string, VerusMethodShape>;
}

export function rangeOf(node: Node): SourceRange {
  return {
    start: { line: node.startPosition.row + 1, column: node.startPosition.column + 1, offset: node.startIndex },
    end: { line: node.endPosition.row + 1, column: node.endPosition.column + 1, offset: node.endIndex },
  };
}

function clause(role: ClauseRole, keyword: string, node: Node): Clause {
  return { role, keyword, text: node.text, range: rangeOf(node), node };
}

/** The file's items a node mentions (calls, paths, constants, type names), by name. */
function mentions(root: Node, items: VerusItems): VerusItem[] {
  const found: VerusItem[] = [];
  for (const n of descendants(root)) {
    if (n.type !== 'identifier' && n.type !== 'scoped_identifier' && n.type !== 'type_identifier') continue;
    if (n.type === 'identifier' && n.parent?.type === 'scoped_identifier') continue;
    const item = items.get(n.text);
    if (item) found.push(item);
  }
  return found;
}

/** The helpers (spec fns, constants, datatypes) the roots use, transitively, in order of first use. */
export function dependencyClosure(roots: Node[], items: VerusItems, self?: VerusItem): VerusItem[] {
  const seen = new Set<VerusItem>(self ? [self] : []);
  const out: VerusItem[] = [];
  const queue = roots.flatMap((r) => mentions(r, items));
  while (queue.length) {
    const item = queue.shift()!;
    if (seen.has(item)) continue;
    seen.add(item);
    out.push(item);
    const inner: Node[] = [];
    if (item.kind === 'fn') inner.push(...[item.body, ...item.requires, ...item.recommends, item.returnType, ...item.params.map((p) => p.type)].filter((n): n is Node => !!n));
    else if (item.kind === 'const') inner.push(...[item.type, item.value].filter((n): n is Node => !!n));
    else inner.push(item.node);
    for (const n of inner) queue.push(...mentions(n, items));
  }
  return out;
}

function unsupportedReason(fn: VerusFn, typed: Parameter[], types: VerusTypes): string | undefined {
  if (fn.typeParameters) return `it is generic (\`${fn.typeParameters.text}\`): specmut tests functions of concrete types`;
  if (fn.receiver) return `it has a receiver (\`${fn.receiver.text}\`): the object's state is not part of a test`;
  const bad = typed.map((p) => ({ p, opaque: firstOpaque(p.type) })).filter((x) => x.opaque?.kind === 'opaque');
  if (!bad.length) return undefined;
  return bad.map(({ p, opaque }) => `the type of ${p.name} is not modelled: ${types.reasonFor((opaque as { name: string }).name)}`).join('; ');
}

function methodOf(fn: VerusFn, items: VerusItems, types: VerusTypes): { spec: MethodSpec; shape: VerusMethodShape } {
  const params: Parameter[] = fn.params.map((p) => ({ name: p.name, type: types.resolve(p.type) }));
  const resultName = fn.returnName ?? 'result';
  const resultType: Type | undefined = fn.returnType ? types.resolve(fn.returnType) : undefined;
  const results: Parameter[] = resultType && !(resultType.kind === 'tuple' && resultType.elems.length === 0) ? [{ name: resultName, type: resultType }] : [];
  const inOut = fn.params.filter((p) => p.mutable).map((p) => p.name);
  const clauses = [
    ...fn.requires.map((n) => clause('precondition', 'requires', n)),
    ...fn.ensures.map((n) => clause('postcondition', 'ensures', n)),
    ...fn.decreases.map((n) => clause('termination', 'decreases', n)),
  ];
  const roots = [...fn.requires, ...fn.ensures, ...fn.params.map((p) => p.type), ...(fn.returnType ? [fn.returnType] : [])];
  const dependencies = dependencyClosure(roots, items, fn).map((d) => d.name);
  const spec: MethodSpec = {
    name: fn.name,
    kind: fn.mode === 'exec' ? 'fn' : `${fn.mode} fn`,
    signature: { name: fn.name, params, results, ...(inOut.length ? { inOut } : {}) },
    clauses,
    range: rangeOf(fn.node),
    dependencies,
    unsupported: unsupportedReason(fn, [...params, ...results], types),
  };
  return { spec, shape: { fn, resultName, inOut } };
}

/**
 * Parses a Verus file into the exec functions it specifies: every `fn` inside `verus! { }` (also in an
 * `impl`, named `T::f`) with a `requires` or `ensures` clause, and the exec fns named in
 * `options.keepMethods` even without one (a fn with no clauses requires and ensures `true`).
 */
export async function loadVerusModule(file: string, text: string, options: LoadOptions = {}): Promise<SpecModule> {
  const tree = await parseVerus(text);
  assertVerusParsed(tree.rootNode, file);
  const items = indexItems(tree.rootNode);
  const types = new VerusTypes(items);
  const shapes = new Map<string, VerusMethodShape>();
  const methods: MethodSpec[] = [];
  const keep = new Set(options.keepMethods ?? []);
  for (const fn of items.fns) {
    const specified = fn.requires.length > 0 || fn.ensures.length > 0 || keep.has(fn.name);
    if (fn.mode !== 'exec' || !specified || shapes.has(fn.name)) continue;
    const { spec, shape } = methodOf(fn, items, types);
    methods.push(spec);
    shapes.set(fn.name, shape);
  }
  const native: VerusNative = { tree, items, types, shapes };
  return { file, text, methods, native };
}

export function verusNative(module: SpecModule): VerusNative {
  const native = module.native as VerusNative | undefined;
  if (!native?.shapes || !native.items) throw new SpecmutError('unsupported', 'this spec module was not loaded by the Verus backend', { file: module.file });
  return native;
}

export function verusShape(module: SpecModule, method: MethodSpec): VerusMethodShape {
  const shape = verusNative(module).shapes.get(method.name);
  if (!shape) throw new SpecmutError('unsupported', `${method.name} is not a specified function of this Verus file`, { file: module.file });
  return shape;
}

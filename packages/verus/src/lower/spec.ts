import { preStateName, T, type Binder, type IrClause, type IrSpec, type MethodSpec, type SpecModule, type Type, type Unsupported } from '@specmut/core';
import type { SyntaxParser } from '@specmut/tree-sitter';
import { field, locOf, namedChildren, type LowerContext, type Scope, type ScopeEntry } from './context.js';
import { lowerOrUnsupported } from './expressions.js';
import { collectItems } from './items.js';
import { resolveType } from './types.js';
import { verusParser, type Node } from '../syntax/parser.js';

interface Param {
  name: string;
  t: Type | undefined;
  /** `&mut T`: the test gives its state before (input) and after (output) the call. */
  mutable: boolean;
}

function paramsOf(ctx: LowerContext, fn: Node): Param[] {
  return namedChildren(field(fn, 'parameters')!)
    .filter((p) => p.type === 'parameter')
    .map((p) => {
      let pattern = field(p, 'pattern')!;
      if (pattern.type === 'mut_pattern') pattern = namedChildren(pattern).at(-1)!;
      const typeNode = field(p, 'type');
      const mutable = typeNode?.type === 'reference_type' && namedChildren(typeNode).some((c) => c.type === 'mutable_specifier');
      return { name: pattern.text, t: resolveType(ctx, typeNode), mutable };
    });
}

const binder = (name: string, t: Type | undefined): Binder => (t && t.kind !== 'opaque' ? { name, type: t } : { name });

export interface VerusLowering {
  spec: IrSpec;
}

/**
 * The IR of one exec/proof function's `requires`/`ensures` with Verus semantics. In `requires`, an
 * `&mut` parameter is its state before the call; in `ensures` it is the state after and `old(x)` the
 * state before (bound under `preStateName`). The result is named by `-> (r: T)`, else `resultName`.
 */
export function lowerVerusFunction(fn: Node, options: { file: string; root: Node; parser?: SyntaxParser | undefined; resultName?: string | undefined }): IrSpec {
  const ctx: LowerContext = {
    file: options.file,
    items: collectItems(options.root),
    functions: new Map(),
    datatypes: new Map(),
    datatypeTypes: new Map(),
    fresh: { n: 0 },
    parser: options.parser,
  };
  const params = paramsOf(ctx, fn);
  const returnType = field(fn, 'return_type');
  const resultName = field(fn, 'return_name')?.text ?? options.resultName ?? 'result';
  const resultType = resolveType(ctx, returnType);
  const hasResult = returnType !== undefined && !(resultType?.kind === 'tuple' && resultType.elems.length === 0);
  const entries = (post: boolean): Scope =>
    new Map<string, ScopeEntry>([
      ...params.map((p): [string, ScopeEntry] => [p.name, { ir: p.mutable && !post ? preStateName(p.name) : p.name, t: p.t, preState: p.mutable ? preStateName(p.name) : undefined }]),
      ...(post && hasResult ? [[resultName, { ir: resultName, t: resultType }] as [string, ScopeEntry]] : []),
    ]);
  const clauses = (kind: 'requires' | 'ensures'): IrClause[] => {
    const scope = entries(kind === 'ensures');
    return fn
      .childrenForFieldName(kind)
      .filter((c): c is Node => c !== null)
      .flatMap((clause) => clause.childrenForFieldName('condition').filter((c): c is Node => c !== null))
      .map((condition) => ({ expr: lowerOrUnsupported(ctx, scope, condition).e, loc: locOf(ctx, condition) }));
  };
  const requires = clauses('requires');
  const ensures = clauses('ensures');
  return {
    name: field(fn, 'name')!.text,
    params: [...params.map((p) => binder(p.name, p.t)), ...params.filter((p) => p.mutable).map((p) => binder(preStateName(p.name), p.t))],
    results: hasResult ? [binder(resultName, resultType ?? T.opaque('?'))] : [],
    requires,
    ensures,
    functions: [...ctx.functions.values()],
    datatypes: [...ctx.datatypes.values()],
  };
}

/** The syntax tree a Verus spec module carries (its `native`), by the fields the extraction gives it. */
function rootOf(module: SpecModule): Node | undefined {
  const native = module.native as { root?: Node; tree?: { rootNode: Node } } | undefined;
  return native?.root ?? native?.tree?.rootNode;
}

/** The function item a method spec was extracted from: at the method's start, else by name. */
function functionNode(root: Node, method: MethodSpec): Node | undefined {
  const fns = root.descendantsOfType(['function_item', 'function_signature_item']).filter((n): n is Node => n !== null);
  return fns.find((n) => n.startIndex === method.range.start.offset) ?? fns.find((n) => field(n, 'name')?.text === method.name.split('::').pop());
}

/** The spec in core's IR with Verus semantics (the backend's `lower`). */
export async function lowerVerusSpec(module: SpecModule, method: MethodSpec): Promise<IrSpec | Unsupported> {
  if (method.unsupported) return { unsupported: method.unsupported };
  const root = rootOf(module);
  if (!root) return { unsupported: `${module.file}: the module carries no Verus syntax tree` };
  const fn = functionNode(root, method);
  if (!fn) return { unsupported: `no function ${method.name} in ${module.file}` };
  const parser = await verusParser();
  const spec = lowerVerusFunction(fn, { file: module.file, root, parser, resultName: method.signature.results[0]?.name });
  // The test values are typed by the extraction's signature: the binders take its types.
  const declared = new Map([...method.signature.params, ...method.signature.results].map((p) => [p.name, p.type]));
  const retype = (b: Binder): Binder => {
    const t = declared.get(b.name);
    return t && t.kind !== 'opaque' ? { name: b.name, type: t } : b;
  };
  return { ...spec, params: spec.params.map(retype), results: spec.results.map(retype) };
}

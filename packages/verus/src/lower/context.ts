import { builders, VERUS, type DatatypeDecl, type FunctionDef, type LoweredSyntax, type Type } from '@specmut/core';
import type { SyntaxParser } from '@specmut/tree-sitter';
import type { Node } from '../syntax/parser.js';

/** Node builders with Verus spec-code defaults: unbounded `int`, Euclidean `/ %`, unspecified partial results. */
export const E = builders(VERUS);

// A lowered expression's Verus type, when known, says its machine width, view or exec value, nat.
export { freshName, locOf, NotLowered, type Typed } from '@specmut/core';
export { field } from '../syntax/parser.js';

/** A variable in scope: the IR name it is bound to (an in/out parameter's pre-state has its own) and its type. */
export interface ScopeEntry {
  ir: string;
  t?: Type | undefined;
  /** An `&mut` parameter: `old(x)` names its state before the call. */
  preState?: string | undefined;
}

export type Scope = ReadonlyMap<string, ScopeEntry>;

export function withVars(scope: Scope, vars: [string, Type | undefined][]): Scope {
  const next = new Map(scope);
  for (const [name, t] of vars) next.set(name, { ir: name, t });
  return next;
}

/** The items of the spec file the clauses may name, by name (impl members as `Type::name`). */
export interface FileItems {
  functions: Map<string, Node>;
  consts: Map<string, Node>;
  /** struct_item / enum_item nodes. */
  types: Map<string, Node>;
  /** Enum variant name → its enum's name (for unqualified variants brought in by `use`). */
  variants: Map<string, string>;
}

export interface LowerContext {
  file: string;
  items: FileItems;
  /** Helper functions lowered so far, by name; set before the body is lowered so recursion sees it. */
  functions: Map<string, FunctionDef>;
  datatypes: Map<string, DatatypeDecl>;
  /** Datatype types resolved so far (`undefined` while in progress: a recursive type stays opaque). */
  datatypeTypes: Map<string, Type | undefined>;
  fresh: { n: number };
  /** For macro arguments (`seq![x % 10]`), which the grammar keeps as token trees. */
  parser?: SyntaxParser | undefined;
}

/** The first line of a node's text, shortened, for messages. */
export function excerpt(node: LoweredSyntax): string {
  const line = node.text.trim().split('\n')[0]!;
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}

export function namedChildren(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
}

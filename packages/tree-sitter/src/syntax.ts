// The syntax-tree API a language backend may use, whichever binding parsed the text. Both bindings' nodes
// satisfy it as they are (no wrapping per node, which would cost on every access); what differs between them
// (web-tree-sitter's trees must be deleted, its lists admit nulls in their types, node equality) is stated
// here in the weaker form, so code written against it runs on either.

export interface Point {
  row: number;
  column: number;
}

export interface SyntaxNode {
  /** Unique among the nodes of one tree: compare nodes by id (`equals` exists in one binding only). */
  readonly id: number;
  readonly type: string;
  readonly text: string;
  /** Offsets into the parsed JavaScript string (UTF-16 code units) and rows/columns in the same units. */
  readonly startIndex: number;
  readonly endIndex: number;
  readonly startPosition: Point;
  readonly endPosition: Point;
  readonly isNamed: boolean;
  readonly isExtra: boolean;
  readonly isError: boolean;
  readonly isMissing: boolean;
  readonly hasError: boolean;
  readonly parent: SyntaxNode | null;
  readonly childCount: number;
  readonly namedChildCount: number;
  /** web-tree-sitter types its lists with null elements; neither binding yields them for a parsed tree. */
  readonly children: readonly (SyntaxNode | null)[];
  readonly namedChildren: readonly (SyntaxNode | null)[];
  readonly firstChild: SyntaxNode | null;
  readonly lastChild: SyntaxNode | null;
  readonly firstNamedChild: SyntaxNode | null;
  readonly lastNamedChild: SyntaxNode | null;
  readonly nextSibling: SyntaxNode | null;
  readonly previousSibling: SyntaxNode | null;
  readonly nextNamedSibling: SyntaxNode | null;
  readonly previousNamedSibling: SyntaxNode | null;
  child(index: number): SyntaxNode | null;
  namedChild(index: number): SyntaxNode | null;
  childForFieldName(name: string): SyntaxNode | null;
  childrenForFieldName(name: string): readonly (SyntaxNode | null)[];
  fieldNameForChild(index: number): string | null;
  descendantsOfType(types: string | string[]): readonly (SyntaxNode | null)[];
  walk(): SyntaxCursor;
  /** The S-expression of the subtree. */
  toString(): string;
}

export interface SyntaxCursor {
  readonly currentNode: SyntaxNode;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  /** web-tree-sitter's cursors hold WASM memory until deleted; the native binding's are garbage-collected. */
  delete?(): void;
}

export interface SyntaxTree {
  readonly rootNode: SyntaxNode;
  /** Frees the tree: call it once its nodes are no longer used (a no-op for the native binding). */
  delete(): void;
}

export interface SyntaxQueryMatch {
  readonly captures: readonly { readonly name: string; readonly node: SyntaxNode }[];
}

/** A compiled tree-sitter query (S-expression patterns with @captures) of the parser's language. */
export interface SyntaxQuery {
  matches(node: SyntaxNode): SyntaxQueryMatch[];
}

export type ParserBackend = 'native' | 'wasm';

export interface SyntaxParser {
  readonly backend: ParserBackend;
  /** When the native binding was wanted but not usable here: why (the WASM parser is used instead). */
  readonly fallbackReason?: string;
  parse(text: string): SyntaxTree;
  /** Compiles a query for this parser's language (throws, naming the problem, on an invalid one). */
  query(source: string): SyntaxQuery;
}

/**
 * What a grammar package (e.g. @specmut/tree-sitter-dafny) exports: its WASM build, which always loads, and
 * optionally its native addon for the `tree-sitter` binding, which throws with the reason when there is none.
 */
export interface GrammarPackage {
  readonly name: string;
  readonly wasmPath: string;
  loadNative?(): unknown;
}

// The grammar package as @specmut/tree-sitter's loadParser takes it (its GrammarPackage interface).
declare const grammar: {
  readonly name: string;
  /** The WASM build for web-tree-sitter. */
  readonly wasmPath: string;
  readonly nodeTypesPath: string;
  /** The native addon's exports for the `tree-sitter` binding; throws with the reason when there is none here. */
  loadNative(): unknown;
};
export = grammar;

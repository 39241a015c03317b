'use strict';
// The grammar ships as WASM for web-tree-sitter, so installing never needs a compiler or the generator.
// There is no native addon for Lean: loadNative() says so, and `auto` falls back to WASM.
const path = require('node:path');

module.exports = {
  name: 'lean',
  wasmPath: path.join(__dirname, 'tree-sitter-lean.wasm'),
  nodeTypesPath: path.join(__dirname, 'src', 'node-types.json'),
  loadNative: () => {
    throw new Error('@specmut/tree-sitter-lean ships no native binding; use the WASM build (SPECMUT_PARSER=wasm)');
  },
};

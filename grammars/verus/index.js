'use strict';
// The grammar ships as WASM for web-tree-sitter, so installing never needs a compiler or the generator.
// There is no native addon for Verus: loadNative() says so, and `auto` falls back to WASM.
const path = require('node:path');

module.exports = {
  name: 'verus',
  wasmPath: path.join(__dirname, 'tree-sitter-verus.wasm'),
  nodeTypesPath: path.join(__dirname, 'src', 'node-types.json'),
  loadNative: () => {
    throw new Error('@specmut/tree-sitter-verus ships no native binding; use the WASM build (SPECMUT_PARSER=wasm)');
  },
};

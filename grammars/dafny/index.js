'use strict';
// The grammar ships as WASM for web-tree-sitter, so installing never needs a compiler or the generator;
// the C sources and, where it could be built or was shipped prebuilt, a native addon serve the `tree-sitter`
// binding (loadNative() throws with the reason when there is none for this platform or it is stale).
const path = require('node:path');

module.exports = {
  name: 'dafny',
  wasmPath: path.join(__dirname, 'tree-sitter-dafny.wasm'),
  nodeTypesPath: path.join(__dirname, 'src', 'node-types.json'),
  loadNative: () => require('./bindings/node/native.js').loadNative(),
};

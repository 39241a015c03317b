'use strict';
// The grammar ships as WASM for web-tree-sitter, so installing never needs a compiler or the generator.
const path = require('node:path');

module.exports = {
  wasmPath: path.join(__dirname, 'tree-sitter-verus.wasm'),
  nodeTypesPath: path.join(__dirname, 'src', 'node-types.json'),
};

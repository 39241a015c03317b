#!/bin/sh
# Regenerate the Verus parser and its WASM build (see grammars/build.sh for the variables).
# grammar.js extends tree-sitter-rust (a devDependency: run `pnpm install` first), and src/scanner.c
# includes tree-sitter-rust's external scanner from node_modules.
exec "$(dirname "$0")/../../build.sh" verus

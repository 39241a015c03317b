#!/bin/sh
# Regenerate a grammar's parser and its WASM build: grammars/build.sh <name> (dafny, verus, …).
# For developers; installing the project never runs it.
#
#   TREE_SITTER=/path/to/tree-sitter CLANG=clang-16 grammars/build.sh dafny
#
# TREE_SITTER: tree-sitter CLI 0.26 (reads tree-sitter.json, emits ABI 15 into src/).
# CLANG:       clang with the wasm32 target and wasm-ld (clang-16 + lld-16 on Debian bookworm).
# WASI_INC:    headers for the parser's few libc declarations (default /usr/include/wasm32-wasi).
#
# The WASM module is an Emscripten-style side module (dylink.0) as web-tree-sitter loads it:
# libc functions (calloc, free, iswspace, ...) are imported from web-tree-sitter, hence
# -nostdlib and --allow-undefined. The emscripten triple makes LLVM < 18 honour -fPIC.
set -eu
NAME=$1
HERE=$(cd "$(dirname "$0")/$NAME" && pwd)
TREE_SITTER=${TREE_SITTER:-tree-sitter}
CLANG=${CLANG:-clang}
WASI_INC=${WASI_INC:-/usr/include/wasm32-wasi}

cd "$HERE"
"$TREE_SITTER" generate

cd "$HERE/src"
"$CLANG" --target=wasm32-unknown-emscripten -D__wasi__ -isystem "$WASI_INC" \
  -o "../tree-sitter-$NAME.wasm" -fPIC -Os -fno-exceptions -fvisibility=hidden -nostdlib \
  -Wl,--shared -Wl,--experimental-pic "-Wl,--export=tree_sitter_$NAME" \
  -Wl,--allow-undefined -Wl,--no-entry -I . parser.c scanner.c
echo "built $HERE/tree-sitter-$NAME.wasm"

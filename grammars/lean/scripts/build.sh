#!/bin/sh
# Regenerate the Lean parser and its WASM build (see grammars/build.sh for the tools it needs).
exec "$(dirname "$0")/../../build.sh" lean

#!/bin/sh
# Regenerate the Dafny parser and its WASM build (see grammars/build.sh for the variables).
exec "$(dirname "$0")/../../build.sh" dafny

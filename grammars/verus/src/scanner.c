// The external tokens (raw strings, string content, float literals, block and doc comments) are
// tree-sitter-rust's, unchanged: this grammar inherits its `externals`, so its scanner is reused from
// the tree-sitter-rust dependency under this grammar's symbol names rather than rewritten.
#define tree_sitter_rust_external_scanner_create tree_sitter_verus_external_scanner_create
#define tree_sitter_rust_external_scanner_destroy tree_sitter_verus_external_scanner_destroy
#define tree_sitter_rust_external_scanner_serialize tree_sitter_verus_external_scanner_serialize
#define tree_sitter_rust_external_scanner_deserialize tree_sitter_verus_external_scanner_deserialize
#define tree_sitter_rust_external_scanner_scan tree_sitter_verus_external_scanner_scan
#include "../node_modules/tree-sitter-rust/src/scanner.c"

{
  "targets": [
    {
      "target_name": "tree_sitter_dafny_binding",
      "sources": ["bindings/node/binding.c", "src/parser.c", "src/scanner.c"],
      "include_dirs": ["src"],
      "defines": ["TS_LANGUAGE_FUNCTION=tree_sitter_dafny"],
      "cflags_c": ["-std=c11", "-O2"],
      "xcode_settings": { "OTHER_CFLAGS": ["-std=c11"] }
    }
  ]
}

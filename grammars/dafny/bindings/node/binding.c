// The grammar as a Node-API addon for the native `tree-sitter` binding: it exports `language`, an external
// holding the TSLanguage pointer, tagged the way node-tree-sitter checks before it accepts a language.
// Plain C against node_api.h (no node-addon-api), so building needs only a C compiler and Node's headers.
#define NAPI_VERSION 8
#include <node_api.h>

typedef struct TSLanguage TSLanguage;
const TSLanguage *TS_LANGUAGE_FUNCTION(void);

// node-tree-sitter's LANGUAGE_TYPE_TAG (src/language.cc): a language external without it is refused.
static const napi_type_tag language_type_tag = {0x8AF2E5212AD58ABFULL, 0xD5006CAD83ABBA16ULL};

NAPI_MODULE_INIT() {
  napi_value language;
  if (napi_create_external(env, (void *)TS_LANGUAGE_FUNCTION(), NULL, NULL, &language) != napi_ok ||
      napi_type_tag_object(env, language, &language_type_tag) != napi_ok ||
      napi_set_named_property(env, exports, "language", language) != napi_ok) {
    napi_throw_error(env, NULL, "could not export the tree-sitter language");
    return NULL;
  }
  return exports;
}

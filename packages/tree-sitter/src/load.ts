import { nativeParser } from './native.js';
import type { GrammarPackage, ParserBackend, SyntaxParser } from './syntax.js';
import { wasmParser } from './wasm.js';

/** `auto`: the native binding where it loads, else WASM. */
export type BackendChoice = ParserBackend | 'auto';

export const PARSER_ENV = 'SPECMUT_PARSER';
const CHOICES: readonly BackendChoice[] = ['auto', 'native', 'wasm'];

/**
 * What is used when neither the caller nor SPECMUT_PARSER chooses. WASM: it gives the same trees, loads on every
 * machine, and was not slower: on the Dafny corpora (scripts/bench/parse-throughput.mjs, 2,103 files) native
 * parsing alone ran at 0.93x WASM's throughput, and parsing plus one walk over the nodes (what a backend does)
 * at 0.47x, each node access crossing into the addon.
 */
export const DEFAULT_BACKEND: BackendChoice = 'wasm';

export function backendChoice(explicit?: BackendChoice): BackendChoice {
  if (explicit) return explicit;
  const fromEnv = process.env[PARSER_ENV]?.trim();
  if (!fromEnv) return DEFAULT_BACKEND;
  if (!(CHOICES as readonly string[]).includes(fromEnv)) throw new Error(`${PARSER_ENV}=${fromEnv}: expected one of ${CHOICES.join(', ')}`);
  return fromEnv as BackendChoice;
}

// One WASM load per grammar build, whichever choice asked for it: two web-tree-sitter instances of one grammar
// in one process were seen to crash ("table index is out of bounds"), so `auto`'s fallback shares `wasm`'s parser.
const wasmLoaded = new Map<string, Promise<SyntaxParser>>();

function wasmOnce(grammar: GrammarPackage): Promise<SyntaxParser> {
  let parser = wasmLoaded.get(grammar.wasmPath);
  if (!parser) {
    parser = wasmParser(grammar);
    wasmLoaded.set(grammar.wasmPath, parser);
    parser.catch(() => wasmLoaded.delete(grammar.wasmPath));
  }
  return parser;
}

async function load(grammar: GrammarPackage, choice: BackendChoice): Promise<SyntaxParser> {
  if (choice === 'wasm') return wasmOnce(grammar);
  if (choice === 'native') return nativeParser(grammar);
  try {
    return nativeParser(grammar);
  } catch (e) {
    const fallbackReason = e instanceof Error ? e.message : String(e);
    return { ...(await wasmOnce(grammar)), fallbackReason };
  }
}

const loaded = new WeakMap<GrammarPackage, Map<BackendChoice, Promise<SyntaxParser>>>();

/**
 * The grammar's parser, loaded once per process and backend choice: `native` and `wasm` insist (a native
 * binding that does not load is an error naming why), `auto` falls back to WASM and says why in fallbackReason.
 * Without a choice, SPECMUT_PARSER decides, else DEFAULT_BACKEND.
 */
export function loadParser(grammar: GrammarPackage, options: { backend?: BackendChoice } = {}): Promise<SyntaxParser> {
  const choice = backendChoice(options.backend);
  let byChoice = loaded.get(grammar);
  if (!byChoice) loaded.set(grammar, (byChoice = new Map()));
  let parser = byChoice.get(choice);
  if (!parser) {
    parser = load(grammar, choice);
    byChoice.set(choice, parser);
    // A failed load is not cached: the caller sees the error, a later call tries again.
    parser.catch(() => byChoice.delete(choice));
  }
  return parser;
}

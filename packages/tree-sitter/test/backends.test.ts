import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import dafnyGrammar from '@specmut/tree-sitter-dafny';
import { afterEach, describe, expect, it } from 'vitest';
import { backendChoice, descendants, fields, loadParser, named, PARSER_ENV, type SyntaxNode, type SyntaxParser } from '../src/index.js';

// The project's own Dafny texts (grammar corpus inputs and backend fixtures), and one with text outside ASCII
// and the BMP, where offsets in bytes and in UTF-16 units differ.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const corpusInputs = readdirSync(`${repo}grammars/dafny/test/corpus`).flatMap((f) =>
  readFileSync(`${repo}grammars/dafny/test/corpus/${f}`, 'utf8')
    .split(/^={3,}\n.*\n={3,}\n/m)
    .slice(1)
    .map((block) => block.split(/^-{3,}\n/m)[0]!),
);
const fixtures = readdirSync(`${repo}packages/dafny/test/fixtures`).filter((f) => f.endsWith('.dfy')).map((f) => readFileSync(`${repo}packages/dafny/test/fixtures/${f}`, 'utf8'));
const unicode = 'method Greet(name: string) returns (s: string)\n  ensures s == "héllo 🙂 " + name\n{ s := "héllo 🙂 " + name; } // ünïcode\nmethod Broken( {';
const texts = [...corpusInputs, ...fixtures, unicode];

/** Everything the interface exposes about each node, in walk order: equal lists mean the same tree and API. */
function describeTree(root: SyntaxNode): string[] {
  const lines: string[] = [];
  for (const n of descendants(root)) {
    const children = n.children.map((c) => c?.type);
    const fieldsOf = children.map((_, i) => n.fieldNameForChild(i));
    lines.push(
      JSON.stringify([n.type, n.text, n.startIndex, n.endIndex, n.startPosition, n.endPosition, n.isNamed, n.isExtra, n.isError, n.isMissing, n.hasError,
        n.parent?.type, n.childCount, n.namedChildCount, children, fieldsOf, named(n).map((c) => c.type), n.firstChild?.type, n.lastChild?.type,
        n.firstNamedChild?.type, n.lastNamedChild?.type, n.nextSibling?.type, n.previousSibling?.type, n.nextNamedSibling?.type, n.previousNamedSibling?.type,
        n.child(0)?.type, n.namedChild(0)?.type, n.childForFieldName('name')?.text, fields(n, 'name').length, n.descendantsOfType('identifier').length]),
    );
  }
  return lines;
}

const env = process.env[PARSER_ENV];
afterEach(() => {
  if (env === undefined) delete process.env[PARSER_ENV];
  else process.env[PARSER_ENV] = env;
});

describe('parser backends', () => {
  it('load the WASM parser everywhere', async () => {
    const parser = await loadParser(dafnyGrammar, { backend: 'wasm' });
    expect(parser.backend).toBe('wasm');
    const tree = parser.parse('function F(x: int): int { x }');
    expect(tree.rootNode.toString()).toMatch(/^\(source_file \(function_declaration name: \(identifier\)/);
    tree.delete();
  });

  it('auto: the native binding where it loads, else WASM with the reason', async () => {
    const parser = await loadParser(dafnyGrammar, { backend: 'auto' });
    let native: SyntaxParser | undefined;
    try {
      native = await loadParser(dafnyGrammar, { backend: 'native' });
    } catch (e) {
      expect(parser.backend).toBe('wasm');
      expect(parser.fallbackReason).toBe((e as Error).message);
    }
    if (native) expect(parser.backend).toBe('native');
  });

  it('forced native fails naming why when the grammar has no native addon', async () => {
    const wasmOnly = { name: 'wasm-only', wasmPath: dafnyGrammar.wasmPath };
    await expect(loadParser(wasmOnly, { backend: 'native' })).rejects.toThrow('tree-sitter-wasm-only ships no native addon');
    const auto = await loadParser(wasmOnly, { backend: 'auto' });
    expect([auto.backend, auto.fallbackReason]).toEqual(['wasm', 'tree-sitter-wasm-only ships no native addon']);
  });

  it("loads a grammar's WASM once per process: auto's fallback and another package object of the same build share it", async () => {
    const wasm = await loadParser(dafnyGrammar, { backend: 'wasm' });
    const wasmOnly = { name: 'wasm-only', wasmPath: dafnyGrammar.wasmPath };
    const [auto, forced] = await Promise.all([loadParser(wasmOnly, { backend: 'auto' }), loadParser(wasmOnly, { backend: 'wasm' })]);
    expect(auto.parse).toBe(wasm.parse);
    expect(forced).toBe(wasm);
  });

  it(`${PARSER_ENV} chooses, and a wrong value is an error naming the choices`, () => {
    process.env[PARSER_ENV] = 'native';
    expect(backendChoice()).toBe('native');
    expect(backendChoice('wasm')).toBe('wasm');
    process.env[PARSER_ENV] = 'fast';
    expect(() => backendChoice()).toThrow(`${PARSER_ENV}=fast: expected one of auto, native, wasm`);
  });
});

// Where the native binding loads (built by `pnpm install` here; its absence is reported by the 'auto' test).
let nativeReason = '';
const native = await loadParser(dafnyGrammar, { backend: 'native' }).catch((e: Error) => void (nativeReason = ` (skipped: ${e.message})`));
describe.skipIf(!native)(`the native binding and WASM give the same trees through the interface${nativeReason}`, () => {
  it(`on ${texts.length} texts`, async () => {
    const wasm = await loadParser(dafnyGrammar, { backend: 'wasm' });
    for (const text of texts) {
      const [a, b] = [native!.parse(text), wasm.parse(text)];
      expect(describeTree(a.rootNode)).toEqual(describeTree(b.rootNode));
      a.delete();
      b.delete();
    }
  });

  it('offsets are UTF-16 units of the parsed string in both', () => {
    const tree = native!.parse(unicode);
    const strings = tree.rootNode.descendantsOfType('string_literal').filter((n) => n !== null);
    expect(strings.length).toBeGreaterThan(0);
    for (const s of strings) expect(unicode.slice(s.startIndex, s.endIndex)).toBe(s.text);
    expect(tree.rootNode.hasError).toBe(true);
  });

  it('queries match the same captures', async () => {
    const wasm = await loadParser(dafnyGrammar, { backend: 'wasm' });
    const source = '(binary_expression operator: _ @op) @expr (identifier) @id';
    const captures = (p: SyntaxParser, text: string) => {
      const tree = p.parse(text);
      const found = p.query(source).matches(tree.rootNode).map((m) => m.captures.map((c) => [c.name, c.node.type, c.node.startIndex, c.node.endIndex, c.node.text]));
      tree.delete();
      return found;
    };
    for (const text of fixtures) expect(captures(native!, text)).toEqual(captures(wasm, text));
    expect(captures(native!, fixtures[0]!).length).toBeGreaterThan(0);
    expect(() => native!.query('(no_such_node) @x')).toThrow();
    expect(() => wasm.query('(no_such_node) @x')).toThrow();
  });

  it('node ids are unique within a tree', () => {
    const tree = native!.parse(fixtures[0]!);
    const ids = [...descendants(tree.rootNode)].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

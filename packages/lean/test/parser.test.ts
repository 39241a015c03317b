import { describe, expect, it } from 'vitest';
import { leanParser, parseLean } from '../src/index.js';

describe('the Lean parser (@specmut/tree-sitter over the grammar package)', () => {
  it('parses with the WASM build; auto says there is no native binding and shares the same load', async () => {
    const wasm = await leanParser({ backend: 'wasm' });
    const auto = await leanParser({ backend: 'auto' });
    expect(wasm.backend).toBe('wasm');
    expect([auto.backend, auto.fallbackReason]).toEqual(['wasm', '@specmut/tree-sitter-lean ships no native binding; use the WASM build (SPECMUT_PARSER=wasm)']);
    expect(auto.parse).toBe(wasm.parse);
    const tree = await parseLean('def f (x : Nat) : Nat := x + 1');
    expect(tree.rootNode.toString()).toMatch(/^\(source_file \(declaration \(definition name: \(identifier\)/);
    tree.delete();
  });
});

import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDafny } from '../../../packages/dafny/src/syntax/parser.js';

// tree-sitter's corpus format (`tree-sitter test`), run with the committed WASM so that the grammar's
// tests are part of `pnpm test` on machines without the tree-sitter CLI.
const dir = fileURLToPath(new URL('./corpus/', import.meta.url));

interface Case {
  name: string;
  input: string;
  expected: string;
}

function readCorpus(text: string): Case[] {
  const cases: Case[] = [];
  const header = /^(={3,})\n(.+)\n\1\n/gm;
  const starts: { name: string; at: number; body: number }[] = [];
  for (let m; (m = header.exec(text)); ) starts.push({ name: m[2]!.trim(), at: m.index, body: m.index + m[0].length });
  starts.forEach((s, i) => {
    const block = text.slice(s.body, i + 1 < starts.length ? starts[i + 1]!.at : text.length);
    const split = block.search(/^-{3,}\n/m);
    cases.push({ name: s.name, input: block.slice(0, split).replace(/\n$/, ''), expected: block.slice(split).replace(/^-{3,}\n/, '') });
  });
  return cases;
}

/** An S-expression with its fields, compared without whitespace differences. */
const normalize = (sexp: string): string => sexp.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();

describe.each(readdirSync(dir).filter((f) => f.endsWith('.txt')))('grammar corpus %s', (file) => {
  const cases = readCorpus(readFileSync(`${dir}${file}`, 'utf8'));
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const tree = await parseDafny(c.input);
    try {
      expect(normalize(tree.rootNode.toString())).toBe(normalize(c.expected));
    } finally {
      tree.delete();
    }
  });
});

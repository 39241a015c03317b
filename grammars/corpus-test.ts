import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// tree-sitter's corpus format (`tree-sitter test`), run with a grammar's committed WASM so that its
// tests are part of `pnpm test` on machines without the tree-sitter CLI.

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
    cases.push({ name: s.name, input: block.slice(0, split).trim(), expected: block.slice(split).replace(/^-{3,}\n/, '') });
  });
  return cases;
}

/** An S-expression compared without whitespace differences. */
const normalize = (sexp: string): string => sexp.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
/** As `tree-sitter test`: field names are compared only where the expected tree writes them. */
const hasFields = (sexp: string): boolean => /\w: \(/.test(sexp);
const withoutFields = (sexp: string): string => sexp.replace(/\w+: (?=\()/g, '');

interface ParsedTree {
  rootNode: { toString(): string };
  delete(): void;
}

/** One test per case of every `.txt` file in `dir`, comparing the parse with the expected tree. */
export function describeCorpus(dir: string, parse: (text: string) => Promise<ParsedTree>): void {
  describe.each(readdirSync(dir).filter((f) => f.endsWith('.txt')))('grammar corpus %s', (file) => {
    const cases = readCorpus(readFileSync(`${dir}${file}`, 'utf8'));
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const tree = await parse(c.input);
      try {
        const actual = tree.rootNode.toString();
        expect(normalize(hasFields(normalize(c.expected)) ? actual : withoutFields(actual))).toBe(normalize(c.expected));
      } finally {
        tree.delete();
      }
    });
  });
}

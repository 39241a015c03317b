import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// tree-sitter's corpus format (`tree-sitter test`), run with the committed WASM so that the grammar's
// tests are part of `pnpm test` on machines without the tree-sitter CLI.
const require = createRequire(import.meta.url);
const { Parser, Language } = require(require.resolve('web-tree-sitter', { paths: [fileURLToPath(new URL('../../../packages/dafny/', import.meta.url))] }));
const dir = fileURLToPath(new URL('./corpus/', import.meta.url));
const wasm = fileURLToPath(new URL('../tree-sitter-lean.wasm', import.meta.url));

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let parser: any;
beforeAll(async () => {
  await Parser.init();
  parser = new Parser();
  parser.setLanguage(await Language.load(wasm));
});

describe.each(readdirSync(dir).filter((f) => f.endsWith('.txt')))('lean grammar corpus %s', (file) => {
  const cases = readCorpus(readFileSync(`${dir}${file}`, 'utf8'));
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const tree = parser.parse(c.input);
    try {
      expect(tree.rootNode.hasError).toBe(false);
      const actual = tree.rootNode.toString();
      expect(normalize(hasFields(normalize(c.expected)) ? actual : withoutFields(actual))).toBe(normalize(c.expected));
    } finally {
      tree.delete();
    }
  });
});

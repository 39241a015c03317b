import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describeCorpus } from '../../corpus-test.js';

// The grammar's own tests run with its committed WASM, so they do not depend on the Lean backend.
const require = createRequire(import.meta.url);
const { Parser, Language } = require(require.resolve('web-tree-sitter', { paths: [fileURLToPath(new URL('../../../packages/dafny/', import.meta.url))] }));
const wasm = fileURLToPath(new URL('../tree-sitter-lean.wasm', import.meta.url));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let parser: Promise<any> | undefined;

async function parseLean(text: string) {
  parser ??= (async () => {
    await Parser.init();
    const p = new Parser();
    p.setLanguage(await Language.load(wasm));
    return p;
  })();
  const tree = (await parser).parse(text);
  if (!tree) throw new Error('tree-sitter returned no tree');
  return tree;
}

describeCorpus(fileURLToPath(new URL('./corpus/', import.meta.url)), parseLean);

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Language, Parser } from 'web-tree-sitter';
import { describeCorpus } from '../../corpus-test.js';

// The grammar has no backend package yet: its committed WASM is loaded here directly.
const require = createRequire(import.meta.url);
let parser: Promise<Parser> | undefined;

async function parseVerus(text: string) {
  parser ??= (async () => {
    await Parser.init();
    const p = new Parser();
    p.setLanguage(await Language.load(require.resolve('../tree-sitter-verus.wasm')));
    return p;
  })();
  const tree = (await parser).parse(text);
  if (!tree) throw new Error('tree-sitter returned no tree');
  return tree;
}

describeCorpus(fileURLToPath(new URL('./corpus/', import.meta.url)), parseVerus);

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The native addon is used only when it was built from the sources beside it: a grammar regenerated after the
// build (or a prebuilt addon of another version) must not parse with the old tables.
const grammarDir = fileURLToPath(new URL('../', import.meta.url));
const require = createRequire(import.meta.url);
const native = require('../bindings/node/native.js') as { platform: string; unusableReason(): string | undefined };

const scratch = mkdtempSync(join(tmpdir(), 'grammar-native-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the package's loader beside made-up sources, so that the test can change them. */
function fakeGrammar(parserC: string): { dir: string; load: () => unknown; reason: () => string | undefined } {
  const dir = mkdtempSync(join(scratch, 'g-'));
  cpSync(join(grammarDir, 'tree-sitter.json'), join(dir, 'tree-sitter.json'));
  cpSync(join(grammarDir, 'bindings'), join(dir, 'bindings'), { recursive: true });
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'parser.c'), parserC);
  const mod = require(join(dir, 'bindings', 'node', 'native.js')) as { loadNative(): unknown; unusableReason(): string | undefined };
  return { dir, load: mod.loadNative, reason: mod.unusableReason };
}

describe('the grammar native addon', () => {
  it('is refused, naming why, when there is no build for this platform', () => {
    const g = fakeGrammar('/* v1 */');
    expect(g.reason()).toBe(`no native build for ${native.platform} (prebuilds/${native.platform}/tree-sitter-dafny.node)`);
    expect(() => g.load()).toThrow(`tree-sitter-dafny: no native build for ${native.platform}`);
  });

  it('is refused when its stamp is not the digest of the sources beside it', () => {
    const g = fakeGrammar('/* v1 */');
    const binary = join(g.dir, 'prebuilds', native.platform, 'tree-sitter-dafny.node');
    mkdirSync(join(g.dir, 'prebuilds', native.platform), { recursive: true });
    writeFileSync(binary, 'not an addon');
    writeFileSync(`${binary}.sha256`, '0'.repeat(64));
    expect(() => g.load()).toThrow('was made from other grammar sources (rebuild it: npm run build:native)');
  });

  it('the build script with --optional never fails an install', () => {
    const g = fakeGrammar('this is not C');
    const r = spawnSync(process.execPath, [join(g.dir, 'bindings', 'node', 'build.js'), '--optional'], { cwd: g.dir, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^tree-sitter-dafny: no native build \(.+\); the WASM parser will be used\n$/s);
  });
});

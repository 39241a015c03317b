import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { checkDafnySyntax, locateDafny } from '../src/index.js';

// Syntax errors are reported where Dafny's own parser reports them: the token where parsing broke, not the
// start of whatever tree-sitter's recovery wrapped in an ERROR node. Each fixture is checked against the
// real Dafny (installed by ./scripts/setup.sh).
const dir = fileURLToPath(new URL('./fixtures/syntax-errors/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.dfy')).sort();

async function dafnyPosition(file: string): Promise<{ line: number; column: number }> {
  const dafny = locateDafny();
  if (!dafny) throw new Error('these tests need Dafny 4 (./scripts/setup.sh)');
  const run = await runProcess([dafny, 'resolve', '--use-basename-for-filename', file], { cwd: dir, deadlineSeconds: 120 });
  const m = /\((\d+),(\d+)\): Error/.exec(run.stdout + run.stderr);
  if (!m) throw new Error(`Dafny reported no position for ${file}:\n${run.stdout}${run.stderr}`);
  // Dafny prints 0-based columns.
  return { line: Number(m[1]), column: Number(m[2]) + 1 };
}

describe('syntax errors at the position Dafny reports', () => {
  it('has fixtures for the ways recovery hides the break (missing token, popped constructs, prose, bad operator, deep)', () => {
    expect(files).toEqual(['deep.dfy', 'missing-paren.dfy', 'operator.dfy', 'prose.dfy', 'stray-block.dfy']);
  });

  it.each(files)('%s: same line as Dafny', async (file) => {
    const [ours] = await checkDafnySyntax(readFileSync(`${dir}${file}`, 'utf8'));
    const theirs = await dafnyPosition(file);
    expect(ours, 'specmut finds the error').toBeDefined();
    expect(ours!.line).toBe(theirs.line);
  });

  it('names the token after a complete construct, without the context recovery invented', async () => {
    const [p] = await checkDafnySyntax(readFileSync(`${dir}stray-block.dfy`, 'utf8'));
    // Before: line 4, 'unexpected "var k := n * (n + 1);" in function declaration' (a valid let expression).
    expect(p).toEqual({ line: 11, column: 1, message: 'unexpected "{"' });
  });

  it('puts a missing token at the next token, where the parser noticed it', async () => {
    const [p] = await checkDafnySyntax(readFileSync(`${dir}deep.dfy`, 'utf8'));
    // Before: line 22 column 15, the end of 'i := i + 1' (a zero-width MISSING node); Dafny: the '}' on line 23.
    expect(p).toEqual({ line: 23, column: 3, message: 'expected ";" in assignment statement' });
  });
});

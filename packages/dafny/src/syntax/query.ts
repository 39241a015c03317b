import type { SyntaxMatch } from '@specmut/core';
import { syntaxQuerier } from '@specmut/tree-sitter';
import { dafnyParser } from './parser.js';

const querier = syntaxQuerier(() => dafnyParser());

/** Runs a tree-sitter query of the Dafny grammar over `text` (compiled once per query source). */
export function queryDafny(text: string, source: string): Promise<SyntaxMatch[]> {
  return querier(text, source);
}

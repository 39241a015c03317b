import type { CombinedHarness, Harness, Obligation } from '@specmut/core';
import { HARNESS_PREFIX } from '../verifier/run.js';

/**
 * Several specs' harnesses as one Dafny program: each in a module of its own (so their declarations
 * cannot clash), with its harness names made unique (the CSV log names methods without their module).
 * Part modules do not carry the harness prefix, so `--filter-symbol` still selects only harness methods.
 */
export function combineDafnyHarnesses(harnesses: readonly Harness[]): CombinedHarness {
  const texts: string[] = [];
  const obligations: Obligation[] = [];
  const symbols: Map<string, string>[] = [];
  let line = 0;
  harnesses.forEach((h, k) => {
    const text = h.files.find((f) => f.name === h.main)!.text;
    const tag = `${HARNESS_PREFIX}p${k}_`;
    const renamed = text.replace(new RegExp(`\\b${HARNESS_PREFIX}`, 'g'), tag);
    const wrapped = `module SpecmutPart${k} {\n${renamed}\n}\n`;
    const shift = line + 1;
    const map = new Map<string, string>();
    for (const o of h.obligations) {
      const symbol = o.symbol.replace(HARNESS_PREFIX, tag);
      map.set(o.symbol, symbol);
      obligations.push({ ...o, symbol, lines: o.lines ? [o.lines[0] + shift, o.lines[1] + shift] : undefined });
    }
    symbols.push(map);
    texts.push(wrapped);
    line += wrapped.split('\n').length - 1;
  });
  return {
    harness: { files: [{ name: 'harness.dfy', text: texts.join('') }], main: 'harness.dfy', obligations, args: harnesses[0]?.args ?? [] },
    symbols,
  };
}

/** Top-level directives that cannot move into a module: such a harness runs alone. */
export function canCombine(text: string): boolean {
  return !/^\s*include\s+"/m.test(text);
}

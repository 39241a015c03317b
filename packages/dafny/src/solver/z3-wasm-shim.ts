#!/usr/bin/env node
/**
 * A `z3 -smt2 -in` for Dafny backed by the npm package z3-solver (Z3 4.16 compiled to WebAssembly), so
 * that Dafny runs where no native Z3 is installed. Measured on Dafny's queries: about three times slower
 * than Debian's native 4.8.12, but it proves bit-vector harnesses that 4.8.12 times out on. Commands are
 * read from stdin as they complete and evaluated in one Z3 context; each answer is written at once, as
 * Dafny expects of an interactive solver.
 */
import { init } from 'z3-solver';
import { SmtCommandReader } from './smt-commands.js';

/** The parts of z3-solver's Emscripten module the shim uses. */
interface Emscripten {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(ptr: number): void;
  _Z3_eval_smtlib2_string(ctx: unknown, command: number): number;
  UTF8ToString(ptr: number): string;
}

const VERSION_FLAGS = new Set(['--version', '-version', '-v']);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { Z3, em } = (await init()) as unknown as { Z3: Awaited<ReturnType<typeof init>>['Z3']; em: Emscripten };
  if (args.some((a) => VERSION_FLAGS.has(a))) {
    process.stdout.write(`Z3 version ${Z3.get_full_version().replace(/^Z3 /, '').replace(/\.0$/, '')} - 64 bit\n`);
    process.exit(0);
  }
  const cfg = Z3.mk_config();
  const ctx = Z3.mk_context_rc(cfg);
  Z3.del_config(cfg);
  const reader = new SmtCommandReader();
  // z3-solver's own eval_smtlib2_string passes the command on the WebAssembly stack and answers on a
  // worker thread that reads it after the stack is released: long commands then arrive corrupted. The
  // command is copied to the heap instead and evaluated synchronously (Z3's timeouts still fire; the
  // thread hand-off per declaration would double the time).
  const encoder = new TextEncoder();
  const evaluate = (command: string): string => {
    const bytes = encoder.encode(command);
    const ptr = em._malloc(bytes.length + 1);
    em.HEAPU8.set(bytes, ptr);
    em.HEAPU8[ptr + bytes.length] = 0;
    try {
      return em.UTF8ToString(em._Z3_eval_smtlib2_string(ctx, ptr));
    } finally {
      em._free(ptr);
    }
  };
  const run = (command: string) => {
    if (/^\(\s*exit\s*\)$/.test(command)) process.exit(0);
    const out = evaluate(command);
    if (out) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
  };
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => reader.push(chunk).forEach(run));
  process.stdin.on('end', () => process.exit(0));
}

main().catch((e: unknown) => {
  process.stdout.write(`(error "${String(e instanceof Error ? e.message : e).replace(/"/g, "'")}")\n`);
  process.exit(1);
});

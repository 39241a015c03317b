#!/usr/bin/env node
import { cleanUpNow } from '@specmut/core';
import { main } from './main.js';

// Whatever the exit path (an internal error included), no verifier process, private directory or
// temporary report file is left behind (reports are written in one synchronous step, see writeFileAtomic).
process.on('exit', () => {
  cleanUpNow();
});

// `specmut score ... | head` closes the pipe early: that ends the output, it is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`specmut: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 3;
  },
);

import { SpecmutError } from '@specmut/core';
import type { ProgressStream } from './progress.js';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Where a progress line may be drawn (shown only when it is a terminal). */
  status?: ProgressStream | undefined;
}

export const processIo: Io = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  status: process.stderr,
};

export function numberOption(name: string, raw: string, min: number, max: number): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new SpecmutError('bad-option', `${name} expects a number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return n;
}

export function intOption(name: string, raw: string, min: number, max: number): number {
  const n = numberOption(name, raw, min, max);
  if (!Number.isInteger(n)) throw new SpecmutError('bad-option', `${name} expects a whole number, got ${JSON.stringify(raw)}`);
  return n;
}

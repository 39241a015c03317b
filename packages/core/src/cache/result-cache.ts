import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { writeFileAtomic } from '../io/atomic-write.js';

/**
 * Verifier results keyed by everything that can change them. A memory LRU in front of an optional
 * directory, so re-scoring an unchanged suite costs no verifier run.
 */
export interface ResultCache<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
}

export function cacheKey(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function memoryCache<T extends object>(max = 100_000): ResultCache<T> {
  const lru = new LRUCache<string, T>({ max });
  return {
    get: async (key) => lru.get(key),
    set: async (key, value) => void lru.set(key, value),
  };
}

/**
 * Memory first, then `dir/<k[0..2]>/<k>.json`. Every entry read from disk is checked against `schema`:
 * one that does not parse or has the wrong shape (a torn write by another tool, an older format, `{}`)
 * is a miss, and the next `set` overwrites it; it is never an error and never a verdict. Writes go
 * through a temporary file renamed into place, so concurrent runs on one directory (and a run killed
 * mid-write) leave whole entries only.
 */
export function diskCache<S extends z.ZodType<object>>(dir: string, schema: S, max = 100_000): ResultCache<z.infer<S>> {
  type T = z.infer<S>;
  const memory = memoryCache<T>(max);
  const path = (key: string) => join(dir, key.slice(0, 2), `${key}.json`);
  return {
    async get(key) {
      const hit = await memory.get(key);
      if (hit) return hit;
      let text: string;
      try {
        text = await readFile(path(key), 'utf8');
      } catch {
        return undefined;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return undefined;
      }
      const checked = schema.safeParse(parsed);
      if (!checked.success) return undefined;
      await memory.set(key, checked.data);
      return checked.data;
    },
    async set(key, value) {
      await memory.set(key, value);
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      await writeFileAtomic(path(key), JSON.stringify(value));
    },
  };
}

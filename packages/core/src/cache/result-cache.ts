import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';

/**
 * Verifier results keyed by everything that can change them (harness text, verifier and version,
 * options). A memory LRU in front of an optional directory, so re-scoring an unchanged suite is free.
 */
export interface ResultCache<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
}

export function cacheKey(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function memoryCache<T extends object>(max = 10_000): ResultCache<T> {
  const lru = new LRUCache<string, T>({ max });
  return {
    get: async (key) => lru.get(key),
    set: async (key, value) => void lru.set(key, value),
  };
}

/** Memory first, then `dir/<k[0..2]>/<k>.json`; writes are atomic (rename) so a killed run leaves no torn file. */
export function diskCache<T extends object>(dir: string, max = 10_000): ResultCache<T> {
  const memory = memoryCache<T>(max);
  const path = (key: string) => join(dir, key.slice(0, 2), `${key}.json`);
  return {
    async get(key) {
      const hit = await memory.get(key);
      if (hit) return hit;
      try {
        const value = JSON.parse(await readFile(path(key), 'utf8')) as T;
        await memory.set(key, value);
        return value;
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      await memory.set(key, value);
      const file = path(key);
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify(value));
      await rename(tmp, file);
    },
  };
}

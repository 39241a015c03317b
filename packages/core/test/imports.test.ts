import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Relative imports and re-exports of every module of core, type-only ones included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const f of files) {
    const text = readFileSync(join(SRC, f), 'utf8');
    const deps = [...text.matchAll(/^(?:import|export)\s[^;]*?from '(\.[^']+)'/gms)].map((m) => normalize(join(dirname(f), m[1]!)).replace(/\.js$/, '.ts'));
    graph.set(normalize(f), deps);
  }
  return graph;
}

function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (u: string): string[] | undefined => {
    state.set(u, 'open');
    stack.push(u);
    for (const v of graph.get(u) ?? []) {
      if (state.get(v) === 'open') return [...stack.slice(stack.indexOf(v)), v];
      if (!state.has(v)) {
        const c = visit(v);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(u, 'done');
    return undefined;
  };
  for (const u of graph.keys()) {
    if (state.has(u)) continue;
    const c = visit(u);
    if (c) return c;
  }
  return undefined;
}

describe('core modules', () => {
  it('import each other without a cycle (type-only imports included)', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get(normalize('backend/contract.ts'))?.map((d) => relative('.', d))).not.toContain(normalize('eval/oracle.ts'));
    expect(findCycle(graph)).toBeUndefined();
  });

  it('the cycle finder finds a cycle', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
  });
});

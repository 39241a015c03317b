import type { SpecReport } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { Progress } from '../src/progress.js';

const spec = (tests: ('holds' | 'unknown')[], mutants: ('rejected' | 'accepted' | 'unknown')[], id = 'a'): SpecReport =>
  ({
    id,
    tests: tests.map((verdict, i) => ({ id: `t${i}`, verdict, mutants: i === 0 ? mutants.map((m) => ({ verdict: m })) : [] })),
    mutants: { total: mutants.length },
  }) as unknown as SpecReport;

describe('the progress line', () => {
  it('on a terminal: specs and triples done of the total, verdict counts, rate and time left', () => {
    const written: string[] = [];
    const p = new Progress({ isTTY: true, write: (t) => written.push(t) > 0 }, 2, 0);
    p.prepare('a', 4);
    expect(p.line()).toMatch(/^specs 0\/2 {2}triples 0\/~8 /);
    p.prepare('b', 6);
    p.finish(spec(['holds'], ['rejected', 'rejected', 'accepted']));
    const line = p.line(Date.now() + 10_000);
    expect(line).toMatch(/^specs 1\/2 {2}triples 4\/10 {2}tests holding 1 {2}mutants rejected 2 accepted 1 {2}unknown 0 {2}error 0 {2}0\.4 triples\/s, 0:10 elapsed, ETA 0:15$/);
    expect(written.at(-1)).toMatch(/^\r\x1b\[Kspecs 1\/2 /);
    p.stop();
    expect(written.at(-1)).toBe('\r\x1b[K');
  });

  it('counts a finished spec with every triple it was counted with (precondition checks too), so a run ends at its total', () => {
    const p = new Progress({ isTTY: true, write: () => true }, 1, 0);
    // One test, two mutants and the test's precondition check: four triples.
    p.prepare('a', 4);
    p.finish(spec(['holds'], ['rejected', 'rejected']));
    expect(p.line()).toMatch(/^specs 1\/1 {2}triples 4\/4 /);
    p.stop();
  });

  it('writes nothing when the stream is not a terminal', () => {
    const written: string[] = [];
    const p = new Progress({ isTTY: false, write: (t) => written.push(t) > 0 }, 1, 0);
    p.prepare('a', 3);
    p.finish(spec(['holds'], ['rejected']));
    p.stop();
    expect(written).toEqual([]);
  });
});

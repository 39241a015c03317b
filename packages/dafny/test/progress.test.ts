import type { Harness, ObligationOutcome } from '@specmut/core';
import { describe, expect, it } from 'vitest';
import { DafnyProgress } from '../src/verifier/progress.js';

// Output of `dafny verify --json-output --progress Batch --cores 1` (Dafny 4.11) on a module with four
// harness methods: one fails, one times out, one verifies in two assertion batches; the run was cut
// before the fourth finished.
const status = (value: string) => JSON.stringify({ type: 'status', value });
const diagnostic = (line: number, message: string) =>
  JSON.stringify({ type: 'diagnostic', value: { location: { filename: 'h.dfy', range: { start: { pos: 0, line, character: 3 } } }, severity: 1, arguments: [], defaultFormatMessage: message, source: 'Verifier' } });
const OUTPUT = [
  status('Verified 0/4 symbols. Waiting for M.specmut_a to verify.'),
  status('Verified 1/1 of M.specmut_a: entire body - could not be verified (time: 0:00:00.1068854, resource count: 292701)'),
  diagnostic(3, 'assertion might not hold'),
  status('Verified 1/4 symbols. Waiting for M.specmut_slow to verify.'),
  status('Verified 1/1 of M.specmut_slow: entire body - timed out (time: 0:00:02.0197772, resource count: 7441880)'),
  diagnostic(4, "Verification of 'M.specmut_slow' timed out after 2 seconds. (the limit can be increased using --verification-time-limit)"),
  status('Verified 2/4 symbols. Waiting for M.specmut_b to verify.'),
  status('Verified 1/2 of M.specmut_b: assertion at line 5 - verified successfully (time: 0:00:00.0074011, resource count: 2951)'),
  status('Verified 2/2 of M.specmut_b: assertion at line 5 - verified successfully (time: 0:00:00.0070428, resource count: 2710)'),
  status('Verified 3/4 symbols. Waiting for M.specmut_c to verify.'),
  status('Verified 1/2 of M.specmut_c: assertion at line 6 - verified successfully (time: 0:00:00.0074011, resource count: 2951)'),
].join('\n');

const harness: Harness = {
  files: [],
  main: 'h.dfy',
  args: [],
  obligations: ['a', 'slow', 'b', 'c'].map((s, i) => ({ symbol: `specmut_${s}`, tripleId: s, polarity: 'positive', lines: [i + 3, i + 3] as [number, number] })),
};

function read(chunks: string[], sequential: boolean): ObligationOutcome[] {
  const seen: ObligationOutcome[] = [];
  const progress = new DafnyProgress(harness, sequential, (o) => seen.push(o));
  for (const c of chunks) progress.push(c);
  return seen;
}

describe('reading Dafny progress as it streams', () => {
  it('passes on each method once Dafny has moved past it, with its diagnostics, and nothing of the method still running', () => {
    const outcomes = read([`${OUTPUT}\n`], true);
    expect(outcomes.map((o) => [o.symbol, o.result])).toEqual([
      ['specmut_a', 'failed'],
      ['specmut_slow', 'timeout'],
      ['specmut_b', 'verified'],
    ]);
    expect(outcomes[0]!.message).toMatch(/line 3: assertion might not hold/);
    expect(outcomes[1]!.seconds).toBeCloseTo(2.02, 2);
    expect(outcomes[2]!.seconds).toBeCloseTo(0.0144, 3);
  });

  it('reads lines cut anywhere between chunks the same way', () => {
    const chunks = OUTPUT.match(/[\s\S]{1,37}/g)!.concat('\n');
    expect(read(chunks, true)).toEqual(read([`${OUTPUT}\n`], true));
  });

  it('does not pass on a method whose diagnostics may be still to come: a failed one is not final before Dafny moves on', () => {
    const cut = OUTPUT.split('\n').slice(0, 2).join('\n');
    expect(read([`${cut}\n`], true)).toEqual([]);
  });

  it('with several solver cores passes on only methods whose every batch verified (no error can follow)', () => {
    expect(read([`${OUTPUT}\n`], false).map((o) => [o.symbol, o.result])).toEqual([['specmut_b', 'verified']]);
  });
});

import { describe, expect, it } from 'vitest';
import { CORE_PRIMITIVES, extendPrimitives, type PrimImpl } from '../../src/eval/index.js';
import { Unknown } from '../../src/eval/outcome.js';
import { V } from '../../src/model/values.js';
import { E, ints, run } from './helpers.js';

/** A language whose `take` is partial (out of range is ill-formed) instead of core's clamping one. */
const strictTake: PrimImpl = (ip, [s, n], e) => {
  if (s?.kind !== 'seq' || n?.kind !== 'int') throw new Unknown('unsupported', 'take expects a sequence and an integer');
  if (n.value > BigInt(s.elems.length)) return ip.fail({ mode: 'error' }, `take ${n.value} of ${s.elems.length} elements`, e);
  return V.seq(s.elems.slice(0, Number(n.value)));
};

describe('primitives as a table', () => {
  const takeFive = E.eq(E.prim('take', E.v('s'), E.int(5)), E.v('s'));
  const env = { s: ints(3, 1, 2) };

  it('core reads every operation of the IR from its table', () => {
    expect(CORE_PRIMITIVES.get('take')).toBeTypeOf('function');
    expect(CORE_PRIMITIVES.get('card')).toBeTypeOf('function');
  });

  it("a language's table replaces core's reading of an operation, and only where given", async () => {
    expect((await run(takeFive, env)).status).toBe('holds');
    const primitives = extendPrimitives(CORE_PRIMITIVES, { take: strictTake });
    const strict = await run(takeFive, env, { primitives });
    expect(strict.status).toBe('unknown');
    expect(strict.cause).toBe('not-well-formed');
    expect(strict.reason).toContain('take 5 of 3 elements');
    expect((await run(E.eq(E.prim('take', E.v('s'), E.int(2)), E.lit(ints(3, 1))), env, { primitives })).status).toBe('holds');
    // The fast paths of `card` and `in` stay in effect for operations the language did not replace.
    expect((await run(E.eq(E.card(E.v('s')), E.int(3)), env, { primitives })).status).toBe('holds');
  });
});

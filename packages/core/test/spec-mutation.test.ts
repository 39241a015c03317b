import { describe, expect, it } from 'vitest';
import {
  classifySpecMutant,
  editsOf,
  generateSpecMutants,
  orderSpecMutants,
  relationOfSpecMutant,
  verdict,
  type Clause,
  type SpecMutant,
  type SyntaxMatch,
  type Triple,
  type Verdict,
} from '../src/index.js';

const capture = (text: string, name: string, needle: string, from = 0) => {
  const start = text.indexOf(needle, from);
  return { name, start, end: start + needle.length, text: needle };
};

describe('spec edits from operator data', () => {
  const text = 'spec\n  ensures a && b\n  ensures c\nbody';
  it('replace: templates filled with captures; one equal to the original is skipped', () => {
    const match: SyntaxMatch = { captures: [capture(text, 'whole', 'a && b'), capture(text, 'left', 'a'), capture(text, 'right', 'b', 12)] };
    expect(editsOf({ kind: 'replace', target: 'whole', with: ['{right}', '{left}', '!({whole})', 'a && b'] }, match, text).map((e) => e.replacement)).toEqual(['b', 'a', '!(a && b)']);
    // A template naming a capture the match does not have yields nothing (not an empty string).
    expect(editsOf({ kind: 'replace', target: 'whole', with: ['{missing}'] }, match, text)).toEqual([]);
  });

  it('delete: a clause on its own line goes with its indentation and line break; inline text alone', () => {
    const clause = capture(text, 'c', 'ensures c');
    const [edit] = editsOf({ kind: 'delete', target: 'c' }, { captures: [clause] }, text);
    expect(text.slice(0, edit!.start) + text.slice(edit!.end)).toBe('spec\n  ensures a && b\nbody');
    const inline = 'x ensures c y';
    const [e2] = editsOf({ kind: 'delete', target: 'c' }, { captures: [capture(inline, 'c', 'ensures c')] }, inline);
    expect(inline.slice(0, e2!.start) + inline.slice(e2!.end)).toBe('x  y');
  });

  it('shift-integer: decimal literals only, by exact integer arithmetic', () => {
    const big = 'n == 9007199254740993';
    expect(editsOf({ kind: 'shift-integer', target: 'n', by: [1, -1] }, { captures: [capture(big, 'n', '9007199254740993')] }, big).map((e) => e.replacement)).toEqual(['9007199254740994', '9007199254740992']);
    expect(editsOf({ kind: 'shift-integer', target: 'n', by: [1] }, { captures: [capture('0x1F', 'n', '0x1F')] }, '0x1F')).toEqual([]);
  });

  it('delete with a separator: a list item goes with its comma, before or after it', () => {
    const apply = (t: string, e: { start: number; end: number }) => t.slice(0, e.start) + t.slice(e.end);
    const one = 'requires a, b, c {';
    const after = editsOf({ kind: 'delete', target: 'c', separator: 's' }, { captures: [capture(one, 'c', 'b'), capture(one, 's', ',', one.indexOf('b'))] }, one);
    expect(apply(one, after[0]!)).toBe('requires a, c {');
    const before = editsOf({ kind: 'delete', target: 'c', separator: 's' }, { captures: [capture(one, 'c', 'c'), capture(one, 's', ',', one.indexOf('b'))] }, one);
    expect(apply(one, before[0]!)).toBe('requires a, b {');
    const lines = 'requires\n    a,\n    b,\nensures';
    const own = editsOf({ kind: 'delete', target: 'c', separator: 's' }, { captures: [capture(lines, 'c', 'a'), capture(lines, 's', ',')] }, lines);
    expect(apply(lines, own[0]!)).toBe('requires\n    b,\nensures');
    // A match without the separator capture deletes the target alone.
    expect(apply(one, editsOf({ kind: 'delete', target: 'c', separator: 's' }, { captures: [capture(one, 'c', 'a')] }, one)[0]!)).toBe('requires , b, c {');
  });

  it('shift-integer keeps a listed type suffix and makes nothing below the minimum', () => {
    const shift = (t: string, edit: Parameters<typeof editsOf>[0]) => editsOf(edit, { captures: [capture(t, 'n', t)] }, t).map((e) => e.replacement);
    const rust = { kind: 'shift-integer' as const, target: 'n', by: [1, -1], suffixes: ['int', 'u8', 'usize'], min: 0 };
    expect(shift('0int', rust)).toEqual(['1int']);
    expect(shift('7u8', rust)).toEqual(['8u8', '6u8']);
    expect(shift('41', rust)).toEqual(['42', '40']);
    // Not a listed suffix, or another spelling: left alone.
    expect(shift('3i9', rust)).toEqual([]);
    expect(shift('0x10', rust)).toEqual([]);
    expect(shift('0', { kind: 'shift-integer', target: 'n', by: [1, -1] })).toEqual(['1', '-1']);
  });

  it('except: matches whose target is a spared node make no mutant, other matches do', async () => {
    const spec = 'f (h : x > 0) → x > 1';
    const at = (offset: number) => ({ line: 1, column: offset + 1, offset });
    const clauses: Clause[] = [{ role: 'postcondition', keyword: 'theorem', text: spec, range: { start: at(0), end: at(spec.length) } }];
    const query = async (text: string, q: string): Promise<SyntaxMatch[]> => {
      if (q === 'spared') return [{ captures: [capture(text, 'skip', '>', text.indexOf('→'))] }];
      const matches: SyntaxMatch[] = [];
      for (let i = text.indexOf('>'); i !== -1; i = text.indexOf('>', i + 1)) matches.push({ captures: [{ name: 'op', start: i, end: i + 1, text: '>' }] });
      return matches;
    };
    const op = { name: 'swap', description: '', query: 'ops', edit: { kind: 'replace' as const, target: 'op', with: ['<'] } };
    const all = await generateSpecMutants(spec, { clauses, method: { start: 0, end: spec.length } }, [op], query);
    const some = await generateSpecMutants(spec, { clauses, method: { start: 0, end: spec.length } }, [{ ...op, except: 'spared' }], query);
    expect(all.candidates.map((c) => c.text)).toEqual(['f (h : x < 0) → x > 1', 'f (h : x > 0) → x < 1']);
    expect(some.candidates.map((c) => c.text)).toEqual(['f (h : x < 0) → x > 1']);
  });

  it('a deletion taking the line break before a clause along is placed by what it removes', async () => {
    const spec = 'def p :=\n  a ∧\n  b\n';
    const at = (offset: number) => ({ line: 1, column: offset + 1, offset });
    const start = spec.indexOf('a');
    const clauses: Clause[] = [{ role: 'postcondition', keyword: 'postcond', text: 'a ∧\n  b', range: { start: at(start), end: at(spec.length - 1) } }];
    const query = async (text: string): Promise<SyntaxMatch[]> => [{ captures: [capture(text, 'c', 'a'), capture(text, 's', '∧')] }];
    const result = await generateSpecMutants(spec, { clauses, method: { start: 0, end: spec.length } }, [{ name: 'drop', description: '', query: 'q', edit: { kind: 'delete', target: 'c', separator: 's' } }], query);
    expect(result.candidates.map((c) => c.text)).toEqual(['def p :=\n  b\n']);
  });

  it('generation keeps edits inside the checked clauses, or whole clauses, and drops textual duplicates', async () => {
    const spec = 'm(x)\n  ensures x > 0\n  ensures x > 0\n{ x > 0 }';
    const clause = (needle: string, from: number): Clause => {
      const start = spec.indexOf(needle, from);
      const at = (offset: number) => ({ line: 1, column: offset + 1, offset });
      return { role: 'postcondition', keyword: 'ensures', text: needle, range: { start: at(start), end: at(start + needle.length) } };
    };
    const clauses = [clause('x > 0', 0), clause('x > 0', 20)];
    // A fake grammar: every `>` token, and each `ensures x > 0` clause.
    const query = async (text: string, q: string): Promise<SyntaxMatch[]> => {
      const needle = q === 'op' ? '>' : 'ensures x > 0';
      const matches: SyntaxMatch[] = [];
      for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) matches.push({ captures: [{ name: 't', start: i, end: i + needle.length, text: needle }] });
      return matches;
    };
    const result = await generateSpecMutants(spec, { clauses, method: { start: 0, end: spec.indexOf('{') } }, [
      { name: 'swap', description: '', query: 'op', edit: { kind: 'replace', target: 't', with: ['>='] } },
      { name: 'drop', description: '', query: 'clause', edit: { kind: 'delete', target: 't' } },
    ], query);
    // The body's `>` is not in scope; the clauses are equal, so dropping either gives the same text.
    expect(result.candidates.map((c) => [c.operator, c.text])).toEqual([
      ['swap', 'm(x)\n  ensures x >= 0\n  ensures x > 0\n{ x > 0 }'],
      ['swap', 'm(x)\n  ensures x > 0\n  ensures x >= 0\n{ x > 0 }'],
      ['drop', 'm(x)\n  ensures x > 0\n{ x > 0 }'],
    ]);
    expect(result.duplicates).toBe(1);
  });
});

describe('classifying a spec mutant against the suite', () => {
  const t = (id: string, role: Triple['role']): Triple => ({ id, testId: 't1', role, inputs: {}, outputs: {} });
  const triples = [t('t1', 'test'), t('t1_m1', 'mutant'), t('t1_m2', 'mutant')];
  const v = (...s: Verdict['status'][]) => new Map(triples.map((x, i) => [x.id, verdict(s[i]!, 'eval', s[i] === 'unknown' ? { cause: 'timeout' } : {})]));
  const describe_ = (x: Triple) => x.id;

  it('killed by any decided difference, either way', () => {
    expect(classifySpecMutant(triples, v('holds', 'fails', 'fails'), v('holds', 'holds', 'fails'), describe_)).toEqual({ status: 'killed', reason: 'the original rejects t1_m1, the mutant accepts it' });
    expect(classifySpecMutant(triples, v('holds', 'fails', 'fails'), v('fails', 'fails', 'fails'), describe_).status).toBe('killed');
    // A difference wins over an undecided triple elsewhere.
    expect(classifySpecMutant(triples, v('holds', 'unknown', 'fails'), v('holds', 'fails', 'holds'), describe_).status).toBe('killed');
  });

  it('survived only when every triple is decided the same by both; unknown otherwise', () => {
    expect(classifySpecMutant(triples, v('holds', 'fails', 'fails'), v('holds', 'fails', 'fails'), describe_).status).toBe('survived');
    const u = classifySpecMutant(triples, v('holds', 'fails', 'fails'), v('holds', 'unknown', 'fails'), describe_);
    expect(u.status).toBe('unknown');
    expect(u.reason).toContain('the mutant leaves t1_m1 undecided (unknown (timeout))');
    expect(classifySpecMutant(triples, v('holds', 'unknown', 'fails'), v('holds', 'unknown', 'fails'), describe_).status).toBe('unknown');
  });

  it('relation from decided verdicts: superset of accepted outputs weaker, subset stronger, both incomparable', () => {
    expect(relationOfSpecMutant(triples, v('holds', 'fails', 'fails'), v('holds', 'holds', 'fails'), describe_).relation).toBe('weaker');
    expect(relationOfSpecMutant(triples, v('holds', 'holds', 'fails'), v('holds', 'fails', 'fails'), describe_).relation).toBe('stronger');
    expect(relationOfSpecMutant(triples, v('holds', 'holds', 'fails'), v('holds', 'fails', 'holds'), describe_).relation).toBe('incomparable');
    expect(relationOfSpecMutant(triples, v('holds', 'fails', 'fails'), v('holds', 'fails', 'fails'), describe_).relation).toBe('equivalent');
    // No difference, but something undecided: no relation is claimed.
    const none = relationOfSpecMutant(triples, v('holds', 'fails', 'unknown'), v('holds', 'fails', 'fails'), describe_);
    expect(none.relation).toBeUndefined();
    expect(none.reason).toContain('1 left undecided');
  });

  it('most informative first: weaker survivors, then incomparable, stronger, equivalent, unknown relation, unknown, killed', () => {
    const m = (status: SpecMutant['status'], relation: SpecMutant['relation'], offset: number) => ({
      operator: 'op',
      location: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
      clause: 'ensures',
      original: '',
      text: '',
      status,
      reason: '',
      offset,
      ...(relation ? { relation } : {}),
    });
    const order = orderSpecMutants([m('killed', undefined, 1), m('survived', 'equivalent', 2), m('unknown', undefined, 3), m('survived', 'weaker', 9), m('survived', undefined, 4), m('survived', 'stronger', 5), m('survived', 'weaker', 6), m('survived', 'incomparable', 7)]);
    expect(order.map((x) => `${x.status}:${x.relation ?? '-'}:${x.offset}`)).toEqual([
      'survived:weaker:6',
      'survived:weaker:9',
      'survived:incomparable:7',
      'survived:stronger:5',
      'survived:equivalent:2',
      'survived:-:4',
      'unknown:-:3',
      'killed:-:1',
    ]);
  });
});

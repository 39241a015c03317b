import { describe, expect, it } from 'vitest';
import { queryDafny } from '../src/index.js';

// Spec mutation queries several specs at once (one per suite, in a pool): each query must run on its own
// text's tree, never on one another query has replaced and freed meanwhile.
describe('Dafny syntax queries run concurrently', () => {
  it('give each text its own matches when interleaved', async () => {
    const texts = Array.from({ length: 6 }, (_, i) => `method M${i}(x: int) returns (r: int)\n  ensures r > ${i} && r < ${i + 10}\n{\n  r := ${i + 1};\n}\n`);
    const query = '(binary_expression operator: ["<" ">"] right: (_) @bound)';
    const sequential = [];
    for (const t of texts) sequential.push(await queryDafny(t, query));
    const concurrent = await Promise.all([...texts, ...texts].map((t) => queryDafny(t, query)));
    expect(concurrent).toEqual([...sequential, ...sequential]);
    expect(sequential[3]!.map((m) => m.captures[0]!.text)).toEqual(['3', '13']);
  });
});

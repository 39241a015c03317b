import { tripleChecks, type EmitOptions, type Harness, type MethodSpec, type Obligation, type Polarity, type SpecModule, type Triple } from '@specmut/core';
import { verusShape, type VerusMethodShape } from '../spec-module.js';
import { descendants, field, named, type Node } from '../syntax/parser.js';
import { fixConditions } from './fix.js';

export const HARNESS_FILE = 'harness.rs';
/** The module holding the checks; the runner verifies it alone (`--verify-only-module`). */
export const HARNESS_MODULE = 'specmut_harness';
const REQUIRES = 'specmut_requires';
const ENSURES = 'specmut_ensures';

/** The name the pre-state of an `&mut` parameter is passed under to the ensures predicate. */
export function oldName(param: string): string {
  return `specmut_old_${param}`;
}

/** A condition's text with `old(x)` of each in/out parameter `x` replaced (`old(v)@` → `specmut_old_v@`). */
export function withoutOld(condition: Node, inOut: readonly string[], replacement: (param: string) => string): string {
  const base = condition.startIndex;
  let text = condition.text;
  const olds = [...descendants(condition)]
    .filter((n) => n.type === 'old_expression' && field(n, 'value')?.type === 'identifier' && inOut.includes(field(n, 'value')!.text))
    .sort((a, b) => b.startIndex - a.startIndex);
  for (const n of olds) text = `${text.slice(0, n.startIndex - base)}${replacement(field(n, 'value')!.text)}${text.slice(n.endIndex - base)}`;
  return text;
}

/** A parameter's type as a spec value: `&mut T` becomes `&T` (so `*v` and `v@` read as in the clause). */
function specType(type: Node): string {
  if (type.type === 'reference_type' && named(type).some((c) => c.type === 'mutable_specifier')) return `&${field(type, 'type')!.text}`;
  return type.text;
}

function conjunction(conditions: string[], indent: string): string {
  if (!conditions.length) return `${indent}true`;
  return conditions.map((c) => `${indent}&&& ${c.split('\n').join(`\n${indent}    `)}`).join('\n');
}

/** `specmut_requires(inputs)` and `specmut_ensures(inputs, pre-states, result)` as open spec fns. */
function predicates(shape: VerusMethodShape): string[] {
  const { fn, inOut, resultName } = shape;
  const inputs = fn.params.map((p) => `${p.name}: ${specType(p.type)}`);
  const olds = fn.params.filter((p) => p.mutable).map((p) => `${oldName(p.name)}: ${specType(p.type)}`);
  const result = fn.returnType ? [`${resultName}: ${fn.returnType.text}`] : [];
  // In requires, an &mut parameter is its state before the call: `old(v)` is `v` there.
  const pre = fn.requires.map((c) => withoutOld(c, inOut, (p) => p));
  const post = fn.ensures.map((c) => withoutOld(c, inOut, oldName));
  return [
    `    pub open spec fn ${REQUIRES}(${inputs.join(', ')}) -> bool {`,
    conjunction(pre, '        '),
    '    }',
    '',
    `    pub open spec fn ${ENSURES}(${[...inputs, ...olds, ...result].join(', ')}) -> bool {`,
    conjunction(post, '        '),
    '    }',
  ];
}

/** The proof fn's parameters and the `requires` conditions that fix them to the triple's values. */
function fixedVariables(method: MethodSpec, shape: VerusMethodShape, triple: Triple): { params: string[]; fixes: string[]; pre: string[]; post: string[] } {
  const { fn, inOut, resultName } = shape;
  const post = tripleChecks(triple) === 'post';
  const params: string[] = [];
  const fixes: string[] = [];
  const preArgs: string[] = [];
  const postArgs: string[] = [];
  fn.params.forEach((p, i) => {
    const type = method.signature.params[i]!.type;
    const input = triple.inputs[p.name];
    if (!input) throw new Error(`triple ${triple.id} has no input ${p.name}`);
    if (p.mutable) {
      // the pre-state is the input; the final state (postcondition checks only) the output
      params.push(`${oldName(p.name)}: ${specType(p.type)}`);
      fixes.push(...fixConditions(oldName(p.name), input, type));
      preArgs.push(oldName(p.name));
      if (post) {
        const final = triple.outputs[p.name];
        if (!final) throw new Error(`triple ${triple.id} has no final state of ${p.name}`);
        params.push(`${p.name}: ${specType(p.type)}`);
        fixes.push(...fixConditions(p.name, final, type));
      }
      return;
    }
    params.push(`${p.name}: ${specType(p.type)}`);
    fixes.push(...fixConditions(p.name, input, type));
    preArgs.push(p.name);
  });
  postArgs.push(...fn.params.map((p) => p.name), ...inOut.map(oldName));
  const result = method.signature.results[0];
  if (post && fn.returnType) {
    postArgs.push(resultName);
    if (result) {
      const output = triple.outputs[result.name];
      if (!output) throw new Error(`triple ${triple.id} has no output ${result.name}`);
      params.push(`${resultName}: ${fn.returnType.text}`);
      fixes.push(...fixConditions(resultName, output, result.type));
    } else params.push(`${resultName}: ${fn.returnType.text}`);
  }
  return { params, fixes, pre: preArgs, post: postArgs };
}

export function obligationSymbol(triple: Triple, polarity: Polarity): string {
  return `specmut_${triple.id}_${polarity === 'positive' ? 'holds' : 'fails'}`;
}

/**
 * One Rust file per batch: the spec file, then a module `specmut_harness` with the spec's requires and
 * ensures as open spec fns and, per triple and polarity, a `proof fn` whose parameters are fixed to the
 * triple's values by its own `requires` (exec data through its view) and that asserts what the triple
 * checks or its negation. A postcondition check asserts the precondition first: it is proved on the
 * same inputs, never assumed. Marker comments and the fn's name tie Verus's messages to the triple.
 */
export function emitVerusHarness(module: SpecModule, method: MethodSpec, triples: Triple[], options: Pick<EmitOptions, 'attempts'> = {}): Harness {
  const shape = verusShape(module, method);
  const lines = [
    ...module.text.trimEnd().split(/\r?\n/),
    '',
    `// specmut harness for ${method.name}: verify with --verify-only-module ${HARNESS_MODULE}`,
    'verus! {',
    '',
    `mod ${HARNESS_MODULE} {`,
    '    #[allow(unused_imports)]',
    '    use super::*;',
    '',
    ...predicates(shape).flatMap((l) => l.split('\n')),
    '',
  ];
  const obligations: Obligation[] = [];
  for (const triple of triples) {
    const attempts: readonly Polarity[] = options.attempts?.get(triple.id) ?? ['positive', 'negative'];
    const fixed = fixedVariables(method, shape, triple);
    for (const polarity of attempts) {
      const symbol = obligationSymbol(triple, polarity);
      const start = lines.length + 1;
      const requires = `${REQUIRES}(${fixed.pre.join(', ')})`;
      const checked = tripleChecks(triple) === 'pre' ? requires : `${ENSURES}(${fixed.post.join(', ')})`;
      lines.push(`    // specmut:begin ${symbol}`);
      lines.push(`    proof fn ${symbol}(${fixed.params.join(', ')})`);
      if (fixed.fixes.length) lines.push('        requires', ...fixed.fixes.map((f) => `            ${f},`));
      lines.push('    {');
      if (tripleChecks(triple) === 'post') lines.push(`        assert(${requires});`);
      lines.push(`        assert(${polarity === 'positive' ? checked : `!${checked}`});`);
      lines.push('    }');
      lines.push(`    // specmut:end ${symbol}`);
      lines.push('');
      obligations.push({ symbol, tripleId: triple.id, polarity, lines: [start, lines.length - 1] });
    }
  }
  lines.push('}', '', '} // verus!');
  return { files: [{ name: HARNESS_FILE, text: `${lines.join('\n')}\n` }], main: HARNESS_FILE, obligations, args: [] };
}

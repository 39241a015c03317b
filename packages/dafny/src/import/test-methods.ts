import type { MethodSpec } from '@specmut/core';
import { named, type Node } from '../syntax/parser.js';
import { calleeName, callsIn } from './syntax.js';

/** Finding the test methods of a test file and the spec method they test. */

export function methodName(node: Node): string | undefined {
  return node.childForFieldName('name')?.text;
}

function hasTestAttribute(node: Node): boolean {
  return node.namedChildren.some((c) => c?.type === 'attribute' && c.childForFieldName('name')?.text === 'test');
}

/** `FooTest`, `Test`, `TestFoo`, `test_foo`, or any method marked `{:test}`. */
function looksLikeTest(name: string): boolean {
  return name.endsWith('Test') || name.endsWith('Tests') || /^test/i.test(name);
}

/** Every method declaration of the file, in source order (inside modules and classes too). */
export function methodDeclarations(root: Node): Node[] {
  return root.descendantsOfType('method_declaration').filter((n): n is Node => n !== null);
}

/** The methods holding the tests: named or marked as tests, and not one of the spec's own callables. */
export function findTestMethods(root: Node, specNames: ReadonlySet<string>): Node[] {
  return methodDeclarations(root).filter((m) => {
    const name = methodName(m);
    if (!name || specNames.has(name) || !m.childForFieldName('body')) return false;
    return hasTestAttribute(m) || looksLikeTest(name);
  });
}

export function namesOf(methods: readonly Node[]): string[] {
  return methods.map((m) => methodName(m) ?? '(unnamed)');
}

const TESTABLE = /^(method|function|predicate|function method|predicate method)$/;

export type TargetChoice = { method: MethodSpec; calls: number } | { reason: string };

/**
 * The spec callable the tests exercise: among the spec's methods, functions and predicates called in
 * the test methods, a method before a function (tests of a function-valued helper assert on it, they
 * do not test it), then the most called one.
 */
export function chooseTarget(spec: readonly MethodSpec[], testMethods: readonly Node[], declaredInTests: readonly string[]): TargetChoice {
  const counts = new Map<string, number>();
  for (const m of testMethods) {
    for (const call of callsIn(m.childForFieldName('body')!)) {
      const name = calleeName(call);
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  const candidates = spec.filter((m) => TESTABLE.test(m.kind) && counts.has(m.name));
  if (counts.size === 0) {
    const empty = testMethods.every((m) => named(m.childForFieldName('body')!).every((s) => s.type === 'comment'));
    return { reason: `the test method ${namesOf(testMethods).join(', ')} ${empty ? 'is empty' : 'calls no method'}` };
  }
  if (candidates.length === 0) {
    const testable = spec.filter((m) => TESTABLE.test(m.kind)).map((m) => m.name);
    const called = [...counts.keys()].filter((n) => declaredInTests.includes(n));
    const calledText = called.length ? `it calls ${called.join(', ')}` : 'it calls no method declared in the file';
    const specText = testable.length ? `the spec declares ${testable.join(', ')}` : 'the spec declares no method or function';
    return { reason: `the test method calls none of the spec's methods: ${calledText}, ${specText}` };
  }
  const rank = (m: MethodSpec) => (m.kind === 'method' ? 1 : 0) * 1e6 + (counts.get(m.name) ?? 0);
  const method = [...candidates].sort((a, b) => rank(b) - rank(a))[0]!;
  return { method, calls: counts.get(method.name)! };
}

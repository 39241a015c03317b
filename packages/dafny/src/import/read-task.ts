import { SpecmutError, formatLocation, outputParams, type MethodSpec, type SpecModule } from '@specmut/core';
import { dafnyNative, loadDafnyModule } from '../spec-module.js';
import { parseDafny, type Node } from '../syntax/parser.js';
import { syntaxProblems } from '../syntax/syntax-errors.js';
import { readTestMethods, type TestCall } from './read-tests.js';
import { chooseTarget, findTestMethods, methodDeclarations, methodName, namesOf } from './test-methods.js';
import { isReadable } from './suite.js';

/** The texts of one task: its spec, and the file holding its test method (absent when there is none). */
export interface TaskSources {
  specFile: string;
  specText: string;
  testFile: string;
  testText: string | undefined;
}

export type TaskStatus = 'imported' | 'partial' | 'skipped';

/** What could be read of a task's tests, and why the rest could not. */
export interface TaskReading {
  method?: MethodSpec | undefined;
  status: TaskStatus;
  /** Every call of the method found, readable or not. */
  tests: TestCall[];
  /** The calls that became tests. */
  readable: TestCall[];
  reasons: string[];
  notes: string[];
}

/** A task has all its tests when it has at least this many and every one is readable. */
export const EXPECTED_TESTS = 3;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function skipped(reason: string, method?: MethodSpec): TaskReading {
  return { method, status: 'skipped', tests: [], readable: [], reasons: [reason], notes: [] };
}

/** Why a method gives a test nothing to check: no results, and no array parameter it changes in place. */
function describeNoOutputs(method: MethodSpec): string {
  const frames = method.clauses.filter((c) => c.role === 'write-frame').map((c) => c.text);
  const how = frames.length ? `it returns nothing and changes no array parameter (modifies ${frames.join(', ')})` : 'it returns nothing and changes no array parameter';
  return `${method.name} has no outputs: ${how}, and specmut tests a method's results and the arrays it changes in place`;
}

/** The methods of the spec and of the test file that may change the arrays passed to them. */
function changers(spec: readonly MethodSpec[], declared: readonly Node[]): Set<string> {
  const names = new Set(spec.filter((m) => m.clauses.some((c) => c.role === 'write-frame')).map((m) => m.name));
  for (const d of declared) {
    const name = d.childForFieldName('name')?.text;
    if (name && d.namedChildren.some((c) => c?.type === 'modifies_clause')) names.add(name);
  }
  return names;
}

/** Reads a task's tests: finds the test method, the spec method it calls, and each call's inputs and expected outputs. */
export async function readTask(sources: TaskSources): Promise<TaskReading> {
  let spec: SpecModule;
  try {
    spec = await loadDafnyModule(sources.specFile, sources.specText);
  } catch (e) {
    if (e instanceof SpecmutError) return skipped(`the spec does not parse: ${e.location ? `${formatLocation(e.location)}: ` : ''}${e.message}`);
    throw e;
  }
  if (sources.testText === undefined) return skipped(`there is no test file ${sources.testFile}`);
  const tree = await parseDafny(sources.testText);
  try {
    const specNames = new Set(spec.methods.map((m) => m.name));
    const declarations = methodDeclarations(tree.rootNode);
    const declared = namesOf(declarations);
    const testMethods = findTestMethods(tree.rootNode, specNames);
    if (testMethods.length === 0) {
      const others = declared.filter((n) => !specNames.has(n));
      return skipped(`no test method in ${sources.testFile} (${others.length ? `it declares ${others.join(', ')}` : declared.length ? 'it declares only the spec' : 'it declares no methods'})`);
    }
    const target = chooseTarget(spec.methods, testMethods, declared);
    if ('reason' in target) return skipped(target.reason);
    const method = target.method;
    if (outputParams(method.signature).length === 0) return skipped(`${describeNoOutputs(method)} (the test method calls it ${plural(target.calls, 'time')})`, method);

    const reading = await readTestMethods(testMethods, method, sources.testFile, changers(spec.methods, declarations));
    const reasons: string[] = [];
    for (const m of testMethods) {
      const [problem] = syntaxProblems(m);
      if (problem) reasons.push(`the test method has a syntax error at line ${problem.line}: ${problem.message}`);
    }
    const readable = reading.tests.filter((t) => isReadable(t, method));
    for (const t of reading.tests) {
      if (!readable.includes(t)) reasons.push(`test ${t.ordinal} (line ${t.line}, \`${t.call}\`): ${t.problems.join('; ')}`);
    }
    reasons.push(...reading.dropped);
    if (reading.tests.length < EXPECTED_TESTS) {
      const found = reading.tests.length === 0 ? `the test method has no call of ${method.name}` : `the test method has only ${plural(reading.tests.length, 'call')} of ${method.name}`;
      const off = reading.commentedCalls;
      reasons.push(off.length ? `${found}; ${plural(off.length, 'more call')} ${off.length === 1 ? 'is' : 'are'} commented out (line${off.length === 1 ? '' : 's'} ${off.join(', ')})` : found);
    }
    const notes = reading.tests.flatMap((t) => t.notes.map((n) => `test ${t.ordinal}: ${n}`));
    const copy = ownCopyNote(declarations, method.name, spec, sources);
    if (copy) notes.unshift(copy);
    const status: TaskStatus = readable.length === 0 ? 'skipped' : reasons.length === 0 ? 'imported' : 'partial';
    return { method, status, tests: reading.tests, readable, reasons, notes };
  } finally {
    tree.delete();
  }
}

/** A declaration's specification as text: everything but its body and comments, whitespace collapsed. */
function specificationText(node: Node): string {
  const body = node.childForFieldName('body');
  const text = body ? node.text.slice(0, body.startIndex - node.startIndex) : node.text;
  return text.replace(/\/\/[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').trim();
}

/**
 * Test files often carry their own copy of the method they test, and with `--tests-from` that copy may
 * come from another version of the benchmark. The spec scored is always the one in the spec file (the
 * benchmark's spec under evaluation); the tests are data about the intent. When the copy differs, the
 * tests were written against another spec, and the report says so.
 */
function ownCopyNote(declarations: readonly Node[], name: string, spec: SpecModule, sources: TaskSources): string | undefined {
  const copy = declarations.find((d) => methodName(d) === name);
  const original = spec.methods.find((m) => m.name === name);
  if (!copy || !original) return undefined;
  const specNative = dafnyNative(spec).declarations.find((d) => d.name === name)?.node;
  if (!specNative || specificationText(copy) === specificationText(specNative)) return undefined;
  return `warning: ${sources.testFile} declares its own ${name} (line ${copy.startPosition.row + 1}), whose specification differs from the one in ${sources.specFile}; the tests are scored against ${sources.specFile}`;
}

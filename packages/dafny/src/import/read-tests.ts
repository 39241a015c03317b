import { equalValues, type MethodSpec, type Parameter, type Value } from '@specmut/core';
import { LiteralError, readDafnyLiteral, type LiteralBinding, type LiteralScope, type TextOrigin } from '../literals.js';
import { renderDafny } from '../render.js';
import { descendants, fields, type Node } from '../syntax/parser.js';
import { readComment } from './comments.js';
import {
  callArguments,
  calleeName,
  callsIn,
  changedVariable,
  declaredName,
  isEqualityHelper,
  lineOf,
  mentionedNames,
  snippet,
  unparenthesize,
} from './syntax.js';

/**
 * Reads the input/output tests of one test method: each call of the spec's method is a test; its
 * arguments (literals, or variables given literals earlier) are the inputs; checks on the variables
 * it assigns (`assert`/`expect` statements, `//assert` and `//expected` comments, equality helpers)
 * give the expected outputs. Nothing is evaluated: a value is read only where it is written out.
 */

export interface Expectation {
  value: Value;
  line: number;
  /** The check it came from, as written. */
  from: string;
}

export interface TestCall {
  /** 1-based position of the call among the file's calls of the method. */
  ordinal: number;
  line: number;
  call: string;
  /** By parameter name; undefined when some argument could not be read (see problems). */
  inputs: Record<string, Value> | undefined;
  /** By result name. */
  outputs: Map<string, Expectation>;
  /** Why the test cannot be used as it stands. */
  problems: string[];
  /** Checks that mention its results but give no value: the evidence when a value is missing. */
  hints: string[];
  /** Readable, but worth knowing (an expected value read from a variable nobody compares). */
  notes: string[];
}

export interface MethodReading {
  tests: TestCall[];
  /** Lines of calls of the method inside comments: tests that were switched off. */
  commentedCalls: number[];
  /** Calls and expected values found but not used: each one is a reason the import is partial. */
  dropped: string[];
}

/** Where a check was written: its line, how to show it, and where its parse sits in the file. */
interface Site {
  line: number;
  label: string;
  origin?: TextOrigin | undefined;
}

type Given = { node: Node } | { value: Value };

interface Declared {
  node: Node;
  nameNode: Node;
  scope: LiteralScope;
  line: number;
}

const EXPECTED_VARIABLE_PREFIXES = ['e', 'exp', 'expected'];

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

class TestMethodReader {
  readonly tests: TestCall[] = [];
  readonly dropped: string[] = [];
  readonly commentedCalls: number[] = [];
  private readonly bindings = new Map<string, LiteralBinding>();
  private readonly declared = new Map<string, Declared>();
  private readonly results = new Map<string, { test: TestCall; result: Parameter }>();
  private readonly readCalls = new Set<number>();
  /** Tests whose results were not assigned to variables: their missing values are already explained. */
  private readonly untracked = new Set<TestCall>();

  constructor(
    private readonly method: MethodSpec,
    private readonly file: string,
    private nextOrdinal: number,
  ) {}

  private get name(): string {
    return this.method.name;
  }

  /** The variables as they are now; a binding keeps the scope it was made in. */
  private scope(): LiteralScope {
    const snapshot = new Map(this.bindings);
    return (name) => snapshot.get(name);
  }

  private bind(name: string, binding: LiteralBinding, declaration?: { nameNode: Node; line: number }): void {
    this.bindings.set(name, binding);
    this.results.delete(name);
    if (declaration && 'node' in binding && !this.declared.has(name)) {
      this.declared.set(name, { node: binding.node, scope: binding.scope ?? (() => undefined), ...declaration });
    }
  }

  async read(body: Node): Promise<void> {
    let coveredUntil = -1;
    for (const node of descendants(body)) {
      if (node.type === 'comment') {
        await this.comment(node);
        continue;
      }
      if (node.startIndex < coveredUntil) continue;
      const handled = this.statement(node);
      if (handled) coveredUntil = node.endIndex;
    }
    for (const call of callsIn(body)) {
      if (calleeName(call) === this.name && !this.readCalls.has(call.id)) {
        this.dropped.push(`line ${lineOf(call)}: the call \`${snippet(call)}\` is not read as a test (it is neither assigned to variables nor compared with a value)`);
      }
    }
    for (const test of this.tests) this.finish(test, body);
  }

  /** Handles a statement of interest; false for anything else (whose children are then visited). */
  private statement(node: Node): boolean {
    switch (node.type) {
      case 'variable_declaration':
        this.declaration(node);
        return true;
      case 'assignment_statement':
        this.assignment(node);
        return true;
      case 'expression_statement': {
        const expression = unparenthesize(node.childForFieldName('expression')!);
        if (calleeName(expression) === this.name) this.startTest(expression, []);
        else if (isEqualityHelper(expression, this.name)) this.equalityHelper(expression, this.site(node));
        return true;
      }
      case 'assert_statement':
      case 'expect_statement':
        this.check(node.childForFieldName('condition')!, this.site(node));
        return true;
      case 'print_statement':
        return true;
      default:
        return false;
    }
  }

  private site(node: Node): Site {
    return { line: lineOf(node), label: `\`${snippet(node.text.replace(/;\s*$/, ''))}\`` };
  }

  private declaration(node: Node): void {
    const targets = fields(node, 'variable');
    const values = fields(node, 'value');
    const line = lineOf(node);
    const pattern = node.childForFieldName('pattern');
    if (pattern) {
      for (const name of mentionedNames(pattern)) this.bind(name, { unreadable: `is bound by the pattern on line ${line}` });
      return;
    }
    const only = values.length === 1 ? unparenthesize(values[0]!) : undefined;
    if (only && calleeName(only) === this.name) {
      this.startTest(only, targets);
      return;
    }
    if (only && isEqualityHelper(only, this.name)) {
      this.equalityHelper(only, this.site(node));
      for (const t of targets) this.bind(declaredName(t)!, { unreadable: `holds the answer of ${calleeName(only)} (line ${line})` });
      return;
    }
    const operator = node.childForFieldName('operator')?.text;
    if (operator === ':=' && values.length === targets.length) {
      const scope = this.scope();
      targets.forEach((t, i) => {
        const nameNode = t.childForFieldName('name')!;
        this.bind(nameNode.text, { node: values[i]!, scope }, { nameNode, line });
      });
      return;
    }
    const why = operator ? `is assigned by \`${snippet(node)}\` (line ${line})` : `is declared without a value (line ${line})`;
    for (const t of targets) this.bind(declaredName(t)!, { unreadable: why });
  }

  private assignment(node: Node): void {
    const lefts = fields(node, 'left');
    const rights = fields(node, 'right');
    const line = lineOf(node);
    const only = rights.length === 1 ? unparenthesize(rights[0]!) : undefined;
    if (only && calleeName(only) === this.name) {
      this.startTest(only, lefts);
      return;
    }
    if (only && isEqualityHelper(only, this.name)) this.equalityHelper(only, this.site(node));
    const simple = node.childForFieldName('operator')?.text === ':=' && rights.length === lefts.length && !(only && isEqualityHelper(only, this.name));
    const scope = this.scope();
    lefts.forEach((left, i) => {
      const name = declaredName(unparenthesize(left));
      if (name) {
        this.bind(name, simple ? { node: rights[i]!, scope } : { unreadable: `is assigned by \`${snippet(node)}\` (line ${line})` });
        return;
      }
      const changed = changedVariable(left);
      // A result's contents changing after the call does not change what the call returned.
      if (changed && !this.results.has(changed)) this.bind(changed, { unreadable: `is changed by \`${snippet(node)}\` (line ${line})` });
    });
  }

  /** A call of the method: a new test, with its inputs read now and its result variables remembered. */
  private startTest(call: Node, targets: Node[] | undefined): TestCall {
    this.readCalls.add(call.id);
    const test: TestCall = {
      ordinal: this.nextOrdinal++,
      line: lineOf(call),
      call: snippet(call),
      inputs: undefined,
      outputs: new Map(),
      problems: [],
      hints: [],
      notes: [],
    };
    this.tests.push(test);
    test.inputs = this.inputs(call, test);
    const results = this.method.signature.results;
    // undefined: a function call compared in a check; the check gives its value.
    if (targets === undefined || results.length === 0) return test;
    if (targets.length === 0 || targets.length !== results.length) this.untracked.add(test);
    if (targets.length === 0) {
      test.problems.push(`the call's ${results.length === 1 ? 'result is' : 'results are'} not kept in a variable`);
      return test;
    }
    if (targets.length !== results.length) {
      test.problems.push(`the call assigns ${plural(targets.length, 'variable')}, but ${this.name} has ${plural(results.length, 'result')}`);
      return test;
    }
    targets.forEach((target, i) => {
      const name = declaredName(unparenthesize(target));
      if (!name || name === '_') return;
      this.bind(name, { unreadable: `is the result of test ${test.ordinal}, not a literal` });
      this.results.set(name, { test, result: results[i]! });
    });
    return test;
  }

  private inputs(call: Node, test: TestCall): Record<string, Value> | undefined {
    const params = this.method.signature.params;
    const args = callArguments(call);
    const positional = args.filter((a) => a.type !== 'named_argument');
    const byName = new Map(args.filter((a) => a.type === 'named_argument').map((a) => [a.childForFieldName('name')!.text, a.childForFieldName('value')!]));
    const paramList = `(${params.map((p) => p.name).join(', ')})`;
    if (positional.length > params.length || (byName.size === 0 && positional.length !== params.length)) {
      test.problems.push(`${this.name} takes ${plural(params.length, 'argument')} ${paramList}, the call passes ${args.length}`);
      return undefined;
    }
    const unknown = [...byName.keys()].filter((n) => !params.some((p) => p.name === n));
    if (unknown.length) {
      test.problems.push(`${this.name} has no parameter ${unknown.join(', ')} ${paramList}`);
      return undefined;
    }
    const scope = this.scope();
    const inputs: Record<string, Value> = {};
    let readable = true;
    params.forEach((p, i) => {
      const arg = i < positional.length ? positional[i] : byName.get(p.name);
      if (!arg) {
        test.problems.push(`no argument for ${p.name}`);
        readable = false;
        return;
      }
      try {
        inputs[p.name] = readDafnyLiteral(arg, p.type, { scope, file: this.file });
      } catch (e) {
        if (!(e instanceof LiteralError)) throw e;
        test.problems.push(`input ${p.name} = \`${snippet(arg)}\` (line ${e.location?.line}): ${e.message}`);
        readable = false;
      }
    });
    return readable ? inputs : undefined;
  }

  // --- checks ---------------------------------------------------------------------------------

  private check(condition: Node, site: Site): void {
    const node = unparenthesize(condition);
    if (node.type === 'binary_expression' && node.childForFieldName('operator')?.text === '&&') {
      this.check(node.childForFieldName('left')!, site);
      this.check(node.childForFieldName('right')!, site);
      return;
    }
    if (node.type === 'bullet_expression') return this.check(node.childForFieldName('operand')!, site);
    if (node.type === 'binary_expression' && node.childForFieldName('operator')?.text === '==') {
      if (this.equality(node.childForFieldName('left')!, node.childForFieldName('right')!, site)) return;
    } else if (isEqualityHelper(node, this.name)) {
      if (this.equalityHelper(node, site)) return;
    } else if (this.boolResult(node, site)) {
      return;
    }
    // Not a value: say so for each result it talks about, as evidence if that result ends up missing.
    for (const name of mentionedNames(node)) {
      const owner = this.results.get(name);
      if (owner) owner.test.hints.push(`line ${site.line}: ${site.label} does not give ${name}'s value`);
    }
  }

  private equalityHelper(call: Node, site: Site): boolean {
    const [a, b] = callArguments(call);
    return this.equality(a!, b!, site);
  }

  /** `r == v`, `v == r`, `r[..] == v`, `(q, r) == (v, w)`, and for function specs `F(args) == v`. */
  private equality(left: Node, right: Node, site: Site): boolean {
    const [l, r] = [unparenthesize(left), unparenthesize(right)];
    if (l.type === 'tuple_expression' && r.type === 'tuple_expression') {
      const [ls, rs] = [fields(l, 'element'), fields(r, 'element')];
      const refersToResults = (side: Node[]) => side.length > 0 && side.every((e) => this.resultReference(e));
      if (ls.length === rs.length && (refersToResults(ls) || refersToResults(rs))) {
        ls.forEach((e, i) => this.equality(e, rs[i]!, site));
        return true;
      }
    }
    for (const [side, other] of [
      [left, right],
      [right, left],
    ] as const) {
      const name = this.resultReference(side);
      if (name) {
        this.expectVariable(name, { node: other }, site);
        return true;
      }
    }
    for (const [side, other] of [
      [left, right],
      [right, left],
    ] as const) {
      const call = unparenthesize(side);
      if (calleeName(call) === this.name && this.method.signature.results.length === 1) {
        const test = this.startTest(call, undefined);
        this.setExpected(test, this.method.signature.results[0]!, { node: other }, site);
        return true;
      }
    }
    return false;
  }

  /** `assert r;` and `assert !r;` for a bool result. */
  private boolResult(node: Node, site: Site): boolean {
    const negated = node.type === 'unary_expression' && node.childForFieldName('operator')?.text === '!';
    const name = this.resultReference(negated ? node.childForFieldName('operand')! : node);
    if (!name || this.results.get(name)!.result.type.kind !== 'bool') return false;
    this.expectVariable(name, { value: { kind: 'bool', value: !negated } }, site);
    return true;
  }

  /** The result variable an expression denotes: `r`, `(r)`, or `r[..]` (an array's contents). */
  private resultReference(node: Node): string | undefined {
    let n = unparenthesize(node);
    if (n.type === 'slice_expression' && !n.childForFieldName('start') && !n.childForFieldName('end')) n = unparenthesize(n.childForFieldName('object')!);
    return n.type === 'identifier' && this.results.has(n.text) ? n.text : undefined;
  }

  private expectVariable(name: string, given: Given, site: Site): void {
    const owner = this.results.get(name)!;
    const latest = this.tests.at(-1);
    if (latest && latest !== owner.test) latest.hints.push(`line ${site.line}: ${site.label} checks ${name}, the result of test ${owner.test.ordinal}`);
    this.setExpected(owner.test, owner.result, given, site);
  }

  private setExpected(test: TestCall, result: Parameter, given: Given, site: Site): void {
    let value: Value;
    try {
      value = 'value' in given ? given.value : readDafnyLiteral(given.node, result.type, { scope: this.scope(), file: this.file, origin: site.origin });
    } catch (e) {
      if (!(e instanceof LiteralError)) throw e;
      test.hints.push(`line ${e.location?.line ?? site.line}: ${site.label} does not give a value of ${result.name}: ${e.message}`);
      return;
    }
    const before = test.outputs.get(result.name);
    if (!before) {
      test.outputs.set(result.name, { value, line: site.line, from: site.label });
    } else if (!equalValues(before.value, value)) {
      test.problems.push(
        `conflicting expected values for ${result.name}: ${renderDafny(before.value, result.type)} (line ${before.line}) and ${renderDafny(value, result.type)} (line ${site.line})`,
      );
    }
  }

  // --- comments -------------------------------------------------------------------------------

  private async comment(node: Node): Promise<void> {
    const reading = await readComment(node);
    const line = lineOf(node);
    try {
      switch (reading.kind) {
        case 'check':
          this.check(reading.condition, { line, label: reading.label, origin: reading.origin });
          return;
        case 'value':
          this.expectLatest(reading.value, { line, label: reading.label, origin: reading.origin });
          return;
        case 'unreadable': {
          const latest = this.tests.at(-1);
          if (latest) latest.hints.push(`line ${line}: ${reading.message}`);
          else this.dropped.push(`line ${line}: ${reading.message}`);
          return;
        }
        case 'code':
          if (reading.statements.some((s) => callsIn(s).some((c) => calleeName(c) === this.name))) this.commentedCalls.push(line);
          return;
      }
    } finally {
      if ('tree' in reading) reading.tree.delete();
    }
  }

  /** `//expected v` names no variable: it is about the last call made. */
  private expectLatest(value: Node, site: Site): void {
    const test = this.tests.at(-1);
    const results = this.method.signature.results;
    if (!test) {
      this.dropped.push(`line ${site.line}: ${site.label} comes before any call of ${this.name}`);
      return;
    }
    if (results.length === 1) return this.setExpected(test, results[0]!, { node: value }, site);
    const parts = unparenthesize(value).type === 'tuple_expression' ? fields(unparenthesize(value), 'element') : [];
    if (results.length > 1 && parts.length === results.length) {
      results.forEach((r, i) => this.setExpected(test, r, { node: parts[i]! }, site));
      return;
    }
    test.hints.push(`line ${site.line}: ${site.label} gives one value, but ${this.name} has ${plural(results.length, 'result')}`);
  }

  // --- after the last statement -----------------------------------------------------------------

  private finish(test: TestCall, body: Node): void {
    const results = this.method.signature.results;
    if (results.length === 1) this.useUncheckedExpected(test, results[0]!, body);
    const missing = results.filter((r) => !test.outputs.has(r.name));
    if (missing.length === 0 || this.untracked.has(test)) return;
    const checked = results.filter((r) => test.outputs.has(r.name)).map((r) => r.name);
    const evidence = test.hints.length
      ? `: ${test.hints.join('; ')}`
      : checked.length
        ? ` (the test checks only ${checked.join(', ')})`
        : ' (nothing checks the result)';
    test.problems.push(`no expected value for ${missing.map((r) => r.name).join(', ')}${evidence}`);
  }

  private useUncheckedExpected(test: TestCall, result: Parameter, body: Node): void {
    const candidate = this.uncheckedExpectedVariable(test, body);
    if (!candidate) return;
    let value: Value;
    try {
      value = readDafnyLiteral(candidate.node, result.type, { scope: candidate.scope, file: this.file });
    } catch (e) {
      if (e instanceof LiteralError) return;
      throw e;
    }
    const name = candidate.nameNode.text;
    const checked = test.outputs.get(result.name);
    if (!checked) {
      test.outputs.set(result.name, { value, line: candidate.line, from: `\`${name}\`` });
      const unread = test.hints.length ? ` (${test.hints.join('; ')})` : '';
      test.notes.push(`the expected value of ${result.name} is \`${name}\` (line ${candidate.line}), which the test declares but never compares with the result${unread}`);
    } else if (!equalValues(checked.value, value)) {
      test.notes.push(`\`${name}\` (line ${candidate.line}) is ${renderDafny(value, result.type)}, but the check on line ${checked.line} expects ${renderDafny(checked.value, result.type)}`);
    }
  }

  /**
   * Some tests declare the expected value (`var e1 := new int[] [4, 5];`) and then forget to compare
   * it. Such a variable, named for the test (`e<k>`, `exp<k>`, `expected<k>`) and used nowhere, is read
   * as the expected value only when no check gives one; the test is imported with a note saying so.
   */
  private uncheckedExpectedVariable(test: TestCall, body: Node): Declared | undefined {
    for (const prefix of EXPECTED_VARIABLE_PREFIXES) {
      const declared = this.declared.get(`${prefix}${test.ordinal}`);
      if (!declared) continue;
      const uses = body.descendantsOfType('identifier').filter((n) => n && n.text === declared.nameNode.text && n.id !== declared.nameNode.id);
      if (uses.length === 0) return declared;
    }
    return undefined;
  }
}

/** Reads the tests of the given test methods (in order, numbered across them) for one spec method. */
export async function readTestMethods(testMethods: readonly Node[], method: MethodSpec, file: string): Promise<MethodReading> {
  const reading: MethodReading = { tests: [], commentedCalls: [], dropped: [] };
  for (const m of testMethods) {
    const reader = new TestMethodReader(method, file, reading.tests.length + 1);
    await reader.read(m.childForFieldName('body')!);
    reading.tests.push(...reader.tests);
    reading.commentedCalls.push(...reader.commentedCalls);
    reading.dropped.push(...reader.dropped);
  }
  return reading;
}

import { equalValues, outputParams, type MethodSpec, type Parameter, type Type, type Value } from '@specmut/core';
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
  wholeSliceOf,
} from './syntax.js';

/**
 * Reads the input/output tests of one test method: each call of the spec's method is a test; its
 * arguments (literals, or variables given literals earlier) are the inputs; checks on the variables
 * it assigns (`assert`/`expect` statements, `//assert` and `//expected` comments, equality helpers)
 * give the expected outputs. A method that changes an array in place (`modifies a`) has the array's
 * final state as an output too: the variable passed for it is checked after the call like a result.
 * Nothing is evaluated: a value is read only where it is written out.
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
  /** By output name (see `outputParams`): results, then modified parameters' final states. */
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

/** An array's lengths as a phrase (`3 elements`, `2 rows of 4`): what a method cannot change in place. */
function shapeOf(value: Value, dims: number): string {
  if (value.kind !== 'seq') return 'one value';
  if (dims < 2) return plural(value.elems.length, 'element');
  const widths = [...new Set(value.elems.map((row) => shapeOf(row, dims - 1)))];
  return `${plural(value.elems.length, 'row')}${widths.length ? ` of ${widths.join(' / ')}` : ''}`;
}

/** Whether values of a type contain arrays, which a method with a `modifies` clause can change. */
function holdsArray(type: Type, seen: ReadonlySet<string> = new Set()): boolean {
  const inner = (t: Type) => holdsArray(t, seen);
  switch (type.kind) {
    case 'array':
      return true;
    case 'seq':
    case 'set':
    case 'multiset':
      return inner(type.elem);
    case 'map':
      return inner(type.key) || inner(type.value);
    case 'tuple':
      return type.elems.some(inner);
    case 'datatype': {
      // A recursive datatype names itself in its fields: look at each datatype once.
      if (seen.has(type.name)) return false;
      const next = new Set([...seen, type.name]);
      return type.args.some((t) => holdsArray(t, next)) || type.ctors.some((c) => c.fields.some((f) => holdsArray(f.type, next)));
    }
    default:
      return false;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

class TestMethodReader {
  readonly tests: TestCall[] = [];
  readonly dropped: string[] = [];
  readonly commentedCalls: number[] = [];
  private readonly bindings = new Map<string, LiteralBinding>();
  private readonly declared = new Map<string, Declared>();
  /** Variables holding an output of a test: its results, and the arrays it changed in place. */
  private readonly results = new Map<string, { test: TestCall; result: Parameter }>();
  private readonly readCalls = new Set<number>();
  /** Outputs of a test whose missing values a problem already explains (results not kept in variables). */
  private readonly explained = new Map<TestCall, Set<string>>();
  /** For each test, the variable passed for each modified parameter (whose final state is checked). */
  private readonly passed = new Map<TestCall, Map<string, string>>();

  constructor(
    private readonly method: MethodSpec,
    private readonly file: string,
    private nextOrdinal: number,
    private readonly changers: ReadonlySet<string>,
  ) {}

  private get name(): string {
    return this.method.name;
  }

  /** What a test gives values of: the results, then the final states of the modified parameters. */
  private get outputs(): Parameter[] {
    return outputParams(this.method.signature);
  }

  private get modified(): Parameter[] {
    return this.outputs.slice(this.method.signature.results.length);
  }

  private explain(test: TestCall, outputs: readonly Parameter[]): void {
    const names = this.explained.get(test) ?? new Set<string>();
    for (const o of outputs) names.add(o.name);
    this.explained.set(test, names);
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
    const handled = this.handle(node);
    if (handled) this.otherChanges(node);
    return handled;
  }

  /**
   * Another method with a `modifies` clause (`Sort(a1)`, a helper of the test file) may change the
   * arrays it is given: after it, they hold neither their literal nor the final state of a test's call.
   */
  private otherChanges(node: Node): void {
    for (const call of callsIn(node)) {
      const callee = calleeName(call);
      if (!callee || callee === this.name || !this.changers.has(callee)) continue;
      const line = lineOf(call);
      for (const arg of callArguments(call)) {
        for (const name of mentionedNames(arg)) {
          const owner = this.results.get(name);
          if (owner && !holdsArray(owner.result.type)) continue;
          if (owner) owner.test.hints.push(`line ${line}: \`${snippet(call)}\` may change ${name} after the call (${callee} has a modifies clause), so later checks of ${name} do not give its value`);
          if (owner || this.mayHoldArray(name)) this.bind(name, { unreadable: `may have been changed by \`${snippet(call)}\` (line ${line})` });
        }
      }
    }
  }

  /** Whether a variable given a literal may hold an array: its value allocates one or names other variables. */
  private mayHoldArray(name: string): boolean {
    const binding = this.bindings.get(name);
    if (!binding || !('node' in binding)) return false;
    const node = binding.node;
    const kinds = ['new_expression', 'identifier'];
    return kinds.includes(node.type) || kinds.some((k) => node.descendantsOfType(k).length > 0);
  }

  private handle(node: Node): boolean {
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
      if (!changed) return;
      // Checks after `r[0] := 1` see the changed contents, not what the call left in r.
      const owner = this.results.get(changed);
      if (owner) owner.test.hints.push(`line ${line}: \`${snippet(node.text.replace(/;\s*$/, ''))}\` changes ${changed} after the call, so later checks of ${changed} do not give its value`);
      this.bind(changed, { unreadable: `is changed by \`${snippet(node)}\` (line ${line})` });
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
    const args = this.matchArguments(call);
    if ('problem' in args) {
      test.problems.push(args.problem);
      this.explain(test, this.modified);
    } else {
      test.inputs = this.inputs(args.byParam, test);
    }
    // undefined: a function call compared in a check; the check gives its value.
    if (targets === undefined) return test;
    this.trackResults(test, targets);
    if (!('problem' in args)) this.trackModified(test, args.byParam);
    return test;
  }

  /** The variables a call assigns hold its results. */
  private trackResults(test: TestCall, targets: readonly Node[]): void {
    const results = this.method.signature.results;
    if (targets.length !== results.length) {
      this.explain(test, results);
      if (targets.length === 0) test.problems.push(`the call's ${results.length === 1 ? 'result is' : 'results are'} not kept in a variable`);
      else test.problems.push(`the call assigns ${plural(targets.length, 'variable')}, but ${this.name} ${results.length ? `has ${plural(results.length, 'result')}` : 'returns nothing'}`);
      return;
    }
    targets.forEach((target, i) => {
      const name = declaredName(unparenthesize(target));
      if (!name || name === '_') return;
      this.bind(name, { unreadable: `is the result of test ${test.ordinal}, not a literal` });
      this.results.set(name, { test, result: results[i]! });
    });
  }

  /**
   * The variable passed for a modified parameter holds the array's final state after the call: checks
   * on it give that output, and it is no longer a literal input for later calls.
   */
  private trackModified(test: TestCall, byParam: ReadonlyMap<string, Node>): void {
    const passed = new Map<string, string>();
    for (const p of this.modified) {
      const arg = byParam.get(p.name);
      if (!arg) {
        this.explain(test, [p]);
        continue;
      }
      const variable = unparenthesize(arg);
      if (variable.type !== 'identifier') {
        test.problems.push(`${this.name} changes ${p.name} in place, but the call passes \`${snippet(arg)}\`, not a variable a check could look at afterwards`);
        this.explain(test, [p]);
        // `M(rows[0])` changes what rows holds: it is no longer the literal it was given.
        for (const name of mentionedNames(arg)) {
          if (this.mayHoldArray(name)) this.bind(name, { unreadable: `may have been changed in place by test ${test.ordinal} (line ${test.line})` });
        }
        continue;
      }
      const name = variable.text;
      const aliases = [...byParam].filter(([q, other]) => q !== p.name && unparenthesize(other).type === 'identifier' && unparenthesize(other).text === name).map(([q]) => q);
      if (aliases.length) {
        test.problems.push(`${name} is passed for ${p.name} and ${aliases.join(', ')}: the suite would give each parameter an array of its own`);
        this.explain(test, [p]);
        continue;
      }
      this.bind(name, { unreadable: `was changed in place by test ${test.ordinal} (line ${test.line})` });
      this.results.set(name, { test, result: p });
      passed.set(p.name, name);
    }
    this.passed.set(test, passed);
  }

  /** Which argument goes to which parameter (positional, then named), or why the call does not fit. */
  private matchArguments(call: Node): { byParam: Map<string, Node> } | { problem: string } {
    const params = this.method.signature.params;
    const args = callArguments(call);
    const positional = args.filter((a) => a.type !== 'named_argument');
    const byName = new Map(args.filter((a) => a.type === 'named_argument').map((a) => [a.childForFieldName('name')!.text, a.childForFieldName('value')!]));
    const paramList = `(${params.map((p) => p.name).join(', ')})`;
    if (positional.length > params.length || (byName.size === 0 && positional.length !== params.length)) {
      return { problem: `${this.name} takes ${plural(params.length, 'argument')} ${paramList}, the call passes ${args.length}` };
    }
    const unknown = [...byName.keys()].filter((n) => !params.some((p) => p.name === n));
    if (unknown.length) return { problem: `${this.name} has no parameter ${unknown.join(', ')} ${paramList}` };
    const byParam = new Map<string, Node>();
    params.forEach((p, i) => {
      const arg = i < positional.length ? positional[i] : byName.get(p.name);
      if (arg) byParam.set(p.name, arg);
    });
    return { byParam };
  }

  private inputs(byParam: ReadonlyMap<string, Node>, test: TestCall): Record<string, Value> | undefined {
    const scope = this.scope();
    const inputs: Record<string, Value> = {};
    let readable = true;
    this.method.signature.params.forEach((p) => {
      const arg = byParam.get(p.name);
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
      if (calleeName(call) === this.name && this.outputs.length === 1) {
        const test = this.startTest(call, undefined);
        this.setExpected(test, this.outputs[0]!, { node: other }, site);
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
      value = 'value' in given ? given.value : this.readExpected(given.node, result, site);
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

  /** Whether a node reads as a value of the result's type. */
  private fits(node: Node, result: Parameter, site: Site): boolean {
    try {
      this.readExpected(node, result, site);
      return true;
    } catch (e) {
      if (e instanceof LiteralError) return false;
      throw e;
    }
  }

  /**
   * An expected value as written; `e[..]` where `e` holds a literal is `e`'s contents (an array's or
   * a sequence's: both are sequences of their elements here).
   */
  private readExpected(node: Node, result: Parameter, site: Site): Value {
    const options = { scope: this.scope(), file: this.file, origin: site.origin };
    const whole = wholeSliceOf(node);
    if (whole?.type !== 'identifier') return readDafnyLiteral(node, result.type, options);
    const contents = result.type.kind === 'seq' ? { kind: 'array' as const, elem: result.type.elem, dims: 1 } : result.type;
    return readDafnyLiteral(whole, contents, options);
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
    const outputs = this.outputs;
    if (!test) {
      this.dropped.push(`line ${site.line}: ${site.label} comes before any call of ${this.name}`);
      return;
    }
    if (outputs.length === 1) return this.setExpected(test, outputs[0]!, { node: value }, site);
    const parts = unparenthesize(value).type === 'tuple_expression' ? fields(unparenthesize(value), 'element') : [];
    if (outputs.length > 1 && parts.length === outputs.length) {
      outputs.forEach((r, i) => this.setExpected(test, r, { node: parts[i]! }, site));
      return;
    }
    // MBPP-DFY's Python origin writes several results as one list (`//expected [[2, 4], [1, 3]]`): read it
    // as the results in order when it has one element per result and each element is a value of its type.
    const listed = unparenthesize(value).type === 'sequence_display' ? fields(unparenthesize(value), 'element') : [];
    if (outputs.length > 1 && listed.length === outputs.length && outputs.every((r, i) => this.fits(listed[i]!, r, site))) {
      outputs.forEach((r, i) => this.setExpected(test, r, { node: listed[i]! }, site));
      test.notes.push(`line ${site.line}: ${site.label} gives the ${outputs.length} results as one list; read in order as ${outputs.map((r) => r.name).join(', ')}`);
      return;
    }
    const modified = this.modified;
    const has = modified.length
      ? `${plural(outputs.length, 'output')} (${[...this.method.signature.results.map((r) => r.name), ...modified.map((m) => `the final state of ${m.name}`)].join(', ')})`
      : plural(outputs.length, 'result');
    test.hints.push(`line ${site.line}: ${site.label} gives one value, but ${this.name} has ${has}`);
  }

  // --- after the last statement -----------------------------------------------------------------

  private finish(test: TestCall, body: Node): void {
    const outputs = this.outputs;
    if (outputs.length === 1) this.useUncheckedExpected(test, outputs[0]!, body);
    this.checkLengths(test);
    const explained = this.explained.get(test);
    const missing = outputs.filter((r) => !test.outputs.has(r.name) && !explained?.has(r.name));
    if (missing.length === 0) return;
    const checked = outputs.filter((r) => test.outputs.has(r.name)).map((r) => r.name);
    const passed = this.passed.get(test);
    const unchecked = [
      ...(missing.some((m) => !passed?.has(m.name)) ? ['the result'] : []),
      ...missing.flatMap((m) => (passed?.has(m.name) ? [`${passed.get(m.name)} after the call`] : [])),
    ];
    const evidence = test.hints.length
      ? `: ${test.hints.join('; ')}`
      : checked.length
        ? ` (the test checks only ${checked.join(', ')})`
        : ` (nothing checks ${unchecked.join(' or ')})`;
    test.problems.push(`no expected value for ${missing.map((r) => r.name).join(', ')}${evidence}`);
  }

  /** A method cannot reallocate the array it was given: its final state has the length it had. */
  private checkLengths(test: TestCall): void {
    for (const p of this.modified) {
      const before = test.inputs?.[p.name];
      const after = test.outputs.get(p.name);
      if (!before || !after) continue;
      const dims = p.type.kind === 'array' ? p.type.dims : 1;
      const [was, is] = [shapeOf(before, dims), shapeOf(after.value, dims)];
      if (was !== is) {
        const variable = this.passed.get(test)?.get(p.name) ?? p.name;
        test.problems.push(
          `the expected final state of ${variable} (line ${after.line}) is ${renderDafny(after.value, p.type)}, of ${is}, but ${variable} had ${was} before the call: an array changed in place keeps its length`,
        );
      }
    }
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
      const variable = this.passed.get(test)?.get(result.name);
      const what = variable ? `the final state of ${variable}` : 'the result';
      test.notes.push(`the expected value of ${result.name} is \`${name}\` (line ${candidate.line}), which the test declares but never compares with ${what}${unread}`);
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
export async function readTestMethods(
  testMethods: readonly Node[],
  method: MethodSpec,
  file: string,
  /** Other methods that may change the arrays they are given (they have a `modifies` clause). */
  changers: ReadonlySet<string> = new Set(),
): Promise<MethodReading> {
  const reading: MethodReading = { tests: [], commentedCalls: [], dropped: [] };
  for (const m of testMethods) {
    const reader = new TestMethodReader(method, file, reading.tests.length + 1, changers);
    await reader.read(m.childForFieldName('body')!);
    reading.tests.push(...reader.tests);
    reading.commentedCalls.push(...reader.commentedCalls);
    reading.dropped.push(...reader.dropped);
  }
  return reading;
}

// @ts-check
// The verifier half: each triple becomes SMT-LIB queries for Z3. A query fixes the inputs and outputs,
// assumes the precondition (for postcondition triples), and asserts the negation of what is to be proved:
// `unsat` proves it. The positive attempt proves the checked clauses; the negative one proves their
// negation (a rejection). An `unknown` or `sat` answer proves nothing, and core reports it as such.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { SpecmutError, runProcess, tripleChecks, withPrivateDir } from '@specmut/core';

/** @typedef {import('./syntax.js').Expr} Expr */

/** @param {bigint} n */
const int = (n) => (n < 0n ? `(- ${-n})` : `${n}`);

/** @param {import('@specmut/core').Value} v */
function literal(v) {
  if (v.kind === 'int') return int(v.value);
  if (v.kind === 'bool') return String(v.value);
  throw new SpecmutError('bad-suite', `the toy language has only int and bool values, not ${v.kind}`);
}

const OPS = /** @type {Record<string, string>} */ ({ '+': '+', '-': '-', '*': '*', '/': 'div', '%': 'mod', '==': '=', '<': '<', '<=': '<=', '>': '>', '>=': '>=', '&&': 'and', '||': 'or', '==>': '=>' });

/** @param {Expr} e @returns {string} */
export function smt(e) {
  switch (e.kind) {
    case 'int': return int(e.value);
    case 'bool': return String(e.value);
    case 'name': return `|${e.name}|`;
    case 'unary': return e.op === '-' ? `(- ${smt(e.arg)})` : `(not ${smt(e.arg)})`;
    case 'if': return `(ite ${smt(e.cond)} ${smt(e.then)} ${smt(e.else)})`;
    case 'binary': return e.op === '!=' ? `(not (= ${smt(e.left)} ${smt(e.right)}))` : `(${OPS[e.op]} ${smt(e.left)} ${smt(e.right)})`;
  }
}

/** @param {import('./syntax.js').ToySpec} spec @param {'requires' | 'ensures'} kind */
const conjunction = (spec, kind) => {
  const parts = spec.clauses.filter((c) => c.kind === kind).map((c) => smt(c.expr));
  return parts.length === 0 ? 'true' : parts.length === 1 ? /** @type {string} */ (parts[0]) : `(and ${parts.join(' ')})`;
};

/** @returns {string | undefined} */
function findZ3() {
  if (process.env.SPECMUT_Z3) return process.env.SPECMUT_Z3;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'z3'))) return join(dir, 'z3');
  }
  return undefined;
}

/** @type {import('@specmut/core').Verifier} */
export const z3Verifier = {
  name: 'z3',
  async detect() {
    const z3 = findZ3();
    if (!z3) throw new SpecmutError('missing-verifier', 'Z3 is not installed (looked at $SPECMUT_Z3 and PATH)', undefined, 'Install z3 (e.g. apt-get install z3), or use --backend eval.');
    const probe = await runProcess([z3, '--version'], { deadlineSeconds: 30 });
    const version = /(\d+\.\d+\.\d+)/.exec(probe.stdout)?.[1];
    if (probe.exitCode !== 0 || !version) throw new SpecmutError('missing-verifier', `${z3} did not run: ${probe.spawnError ?? probe.stderr.trim()}`);
    return { name: 'z3', version, command: [z3, '-smt2'], details: {} };
  },

  emit(module, method, triples, options) {
    const spec = /** @type {import('./syntax.js').ToySpec[]} */ (module.native).find((s) => s.name === method.name);
    if (!spec) throw new SpecmutError('unknown-method', `no spec named ${method.name}`, { file: module.file });
    const lines = [`(set-option :timeout ${Math.round(options.timeoutSeconds * 1000)})`];
    /** @type {import('@specmut/core').Obligation[]} */
    const obligations = [];
    for (const triple of triples) {
      const pre = tripleChecks(triple) === 'pre';
      const goal = conjunction(spec, pre ? 'requires' : 'ensures');
      const values = pre ? triple.inputs : { ...triple.inputs, ...triple.outputs };
      for (const polarity of options.attempts?.get(triple.id) ?? ['positive', 'negative']) {
        const symbol = `${triple.id}_${polarity}`;
        const first = lines.length + 1;
        lines.push(`; triple ${triple.id} (${triple.role}), ${polarity}`, '(push 1)');
        for (const [name, value] of Object.entries(values)) {
          const type = value.kind === 'bool' ? 'Bool' : 'Int';
          lines.push(`(declare-const |${name}| ${type})`, `(assert (= |${name}| ${literal(value)}))`);
        }
        if (!pre) lines.push(`(assert ${conjunction(spec, 'requires')})`);
        lines.push(polarity === 'positive' ? `(assert (not ${goal}))` : `(assert ${goal})`, `(echo "${symbol}")`, '(check-sat)', '(pop 1)');
        obligations.push({ symbol, tripleId: triple.id, polarity, lines: [first, lines.length] });
      }
    }
    return { files: [{ name: 'harness.smt2', text: `${lines.join('\n')}\n` }], main: 'harness.smt2', obligations, args: [] };
  },

  async run(info, request) {
    return withPrivateDir('specmut-toy', async (dir) => {
      for (const f of request.harness.files) await writeFile(join(dir, f.name), f.text);
      const r = await runProcess([...info.command, join(dir, request.harness.main)], { cwd: dir, deadlineSeconds: request.deadlineSeconds, signal: request.signal });
      return { exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr + (r.spawnError ?? ''), killed: r.killed, interrupted: r.interrupted, seconds: r.seconds, artifacts: {} };
    });
  },

  parse(output, harness) {
    const lines = output.stdout.split('\n').map((l) => l.trim());
    const error = lines.find((l) => l.startsWith('(error'));
    if (error) return { kind: 'harness-error', message: error };
    const answers = new Map();
    for (let i = 0; i + 1 < lines.length; i++) answers.set(lines[i], lines[i + 1]);
    return {
      kind: 'results',
      outcomes: harness.obligations.map(({ symbol }) => {
        const answer = answers.get(symbol);
        if (answer === 'unsat') return { symbol, result: 'verified' };
        if (answer === 'sat') return { symbol, result: 'failed', message: 'z3 found a model of the negated goal' };
        if (answer === 'unknown') return { symbol, result: 'gave-up', message: 'z3 answered unknown (or ran out of its time limit)' };
        return { symbol, result: output.killed ? 'timeout' : 'missing', message: output.killed ? 'z3 was stopped at the deadline' : 'z3 gave no answer for this query' };
      }),
    };
  },
};

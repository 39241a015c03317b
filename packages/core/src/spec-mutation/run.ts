import type { Backend, Clause, MethodSpec, SpecModule } from '../backend/contract.js';
import { SpecmutError } from '../errors.js';
import { generateMutants, outputsKey } from '../mutation/mutants.js';
import { outputParams } from '../model/signature.js';
import type { Triple } from '../model/triple.js';
import type { Verdict } from '../model/verdict.js';
import type { Oracle } from '../oracle/oracle.js';
import { mapPool } from '../oracle/pool.js';
import { settleVerdicts } from '../oracle/settle.js';
import type { SpecMutant, SpecReport } from '../report/schema.js';
import { renderOutputs } from '../report/score.js';
import { classifySpecMutant, orderSpecMutants, relationOfSpecMutant, type DescribeTriple } from './classify.js';
import { generateSpecMutants, shownEdit, type SpecMutantCandidate } from './generate.js';

export interface SpecMutationOptions {
  /** Extra output mutants per test on which survivors are compared with the original (default 10). */
  probes?: number;
  /** Mutants decided at once (a verifier oracle merges them into shared runs). */
  concurrency?: number;
  signal?: AbortSignal | undefined;
}

export const DEFAULT_SPEC_PROBES = 10;

/** What spec mutation needs of a prepared suite (`PreparedSpec` has it): the spec, its triples and settings. */
export interface PreparedSpec {
  id: string;
  backend: Backend;
  module: SpecModule;
  method: MethodSpec;
  triples: Triple[];
  settings: { seed: number; timeout: number };
}

export type SpecMutationResult = Required<Pick<SpecReport, 'specMutants' | 'specMutantsDropped'>>;

const CHECKED_ROLES = new Set(['precondition', 'postcondition']);

/** 1-based line and column of a character offset. */
function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Where the edit is and what replaces it there, without the indentation and line break a deletion takes along. */
function editLocation(text: string, c: SpecMutantCandidate): Pick<SpecMutant, 'location' | 'replacement'> {
  const edited = text.slice(c.edit.start, c.edit.end);
  const start = c.edit.start + (edited.length - edited.trimStart().length);
  const end = c.edit.end - (edited.length - edited.trimEnd().length);
  return { location: { start: positionAt(text, start), end: positionAt(text, Math.max(start, end)) }, replacement: c.edit.replacement };
}

function describer(prepared: PreparedSpec): DescribeTriple {
  const { signature } = prepared.method;
  const out = (t: Triple) => renderOutputs(t.outputs, signature, prepared.backend.render);
  return (t) => {
    switch (t.role) {
      case 'precondition':
        return `the inputs of test ${t.testId}`;
      case 'reject':
        return `reject input ${t.testId}`;
      case 'test':
        return `test ${t.testId}'s expected output ${out(t)}`;
      default:
        return `the output ${out(t)} for test ${t.testId}${t.role === 'alternative' ? ' (an alternative)' : ''}`;
    }
  };
}

/**
 * Extra output mutants per test, different from every output the suite already checks: where a
 * survivor and the original part ways beyond the suite, these show it. Precondition triples come along
 * so that the probes' verdicts can be settled like the suite's.
 */
function probeTriples(prepared: PreparedSpec, count: number): Triple[] {
  const results = outputParams(prepared.method.signature);
  const probes: Triple[] = [];
  for (const main of prepared.triples.filter((t) => t.role === 'test')) {
    const known = prepared.triples.filter((t) => t.testId === main.testId && t.role !== 'test' && t.role !== 'precondition' && t.role !== 'reject');
    const mutants = generateMutants({
      results,
      expected: main.outputs,
      alternatives: known.map((t) => t.outputs),
      count,
      seed: `${prepared.settings.seed}/spec-probes/${prepared.id}/${main.testId}`,
    });
    const seen = new Set(known.map((t) => outputsKey(results, t.outputs)));
    mutants
      .filter((m) => !seen.has(outputsKey(results, m.outputs)))
      .forEach((m, j) => probes.push({ id: `${main.id}_p${j + 1}`, testId: main.testId, role: 'mutant', inputs: main.inputs, outputs: m.outputs }));
  }
  return probes;
}

/** Decides `probes` for one spec and settles them with that spec's own precondition verdicts. */
async function decideProbes(oracle: Oracle, prepared: PreparedSpec, method: MethodSpec, module: SpecModule, probes: Triple[], settled: ReadonlyMap<string, Verdict>, signal?: AbortSignal): Promise<Map<string, Verdict>> {
  const pre = prepared.triples.filter((t) => t.role === 'precondition');
  const raw = await oracle.decide({ module, method, triples: probes, timeoutSeconds: prepared.settings.timeout, signal });
  for (const t of pre) raw.set(t.id, settled.get(t.id)!);
  return settleVerdicts([...pre, ...probes], raw);
}

/**
 * Spec mutation: every mutant the backend's operators make of the method's precondition and
 * postcondition clauses that still parses, decided by `oracle` on the suite's triples and compared with
 * the original's `verdicts` (see `classifySpecMutant`); survivors are also compared on probe outputs
 * (see `relationOfSpecMutant`). A backend without operators has no spec mutants.
 */
export async function mutateSpec(prepared: PreparedSpec, oracle: Oracle, verdicts: ReadonlyMap<string, Verdict>, options: SpecMutationOptions = {}): Promise<SpecMutationResult> {
  const { backend, module, method } = prepared;
  const operators = backend.specMutationOperators ?? [];
  if (operators.length === 0 || !backend.querySyntax) return { specMutants: [], specMutantsDropped: { illFormed: 0, duplicates: 0 } };
  const clauses: Clause[] = method.clauses.filter((c) => CHECKED_ROLES.has(c.role));
  // The spec's extent: the method and its clauses, which may lie outside it (a language stating a
  // function's properties in separate declarations), so that a whole clause may be deleted there too.
  const extent = {
    start: Math.min(method.range.start.offset, ...clauses.map((c) => c.range.start.offset)),
    end: Math.max(method.range.end.offset, ...clauses.map((c) => c.range.end.offset)),
  };
  const generated = await generateSpecMutants(module.text, { clauses, method: extent }, operators, backend.querySyntax.bind(backend));
  const original = settleVerdicts(prepared.triples, verdicts);
  const describe = describer(prepared);
  const signal = options.signal;
  let probes: Promise<{ triples: Triple[]; original: Map<string, Verdict> }> | undefined;
  const probesOfOriginal = () =>
    (probes ??= (async () => {
      const triples = probeTriples(prepared, options.probes ?? DEFAULT_SPEC_PROBES);
      return { triples, original: await decideProbes(oracle, prepared, method, module, triples, original, signal) };
    })());
  let illFormed = 0;

  const classify = async (c: SpecMutantCandidate): Promise<Omit<SpecMutant, 'location' | 'replacement' | 'operator' | 'clause' | 'original' | 'text'> | undefined> => {
    let mutantModule;
    try {
      mutantModule = await backend.load(module.file, c.text, { keepMethods: [method.name] });
    } catch (e) {
      if (e instanceof SpecmutError && e.code === 'parse-error') return undefined;
      return { status: 'unknown', reason: `the mutant could not be loaded: ${e instanceof Error ? e.message : String(e)}` };
    }
    const mutantMethod = mutantModule.methods.find((m) => m.name === method.name);
    if (!mutantMethod) return { status: 'unknown', reason: `the mutant declares no ${method.name}` };
    if (mutantMethod.unsupported) return { status: 'unknown', reason: `the mutant cannot be checked: ${mutantMethod.unsupported}` };
    const raw = await oracle.decide({ module: mutantModule, method: mutantMethod, triples: prepared.triples, timeoutSeconds: prepared.settings.timeout, signal });
    const mutant = settleVerdicts(prepared.triples, raw);
    const status = classifySpecMutant(prepared.triples, original, mutant, describe);
    if (status.status !== 'survived') return status;
    const probed = await probesOfOriginal();
    const mutantProbes = await decideProbes(oracle, prepared, mutantMethod, mutantModule, probed.triples, mutant, signal);
    const all = [...prepared.triples, ...probed.triples];
    const relation = relationOfSpecMutant(all, new Map([...original, ...probed.original]), new Map([...mutant, ...mutantProbes]), describe);
    return { status: 'survived', ...(relation.relation ? { relation: relation.relation } : {}), reason: `${status.reason}; ${relation.reason}` };
  };

  const results = await mapPool(generated.candidates, options.concurrency ?? 8, async (c) => {
    const outcome = await classify(c);
    if (!outcome) {
      illFormed++;
      return undefined;
    }
    return {
      operator: c.operator,
      ...editLocation(module.text, c),
      clause: c.clause.keyword,
      ...shownEdit(module.text, c),
      ...outcome,
      offset: c.edit.start,
    };
  });
  const ordered = orderSpecMutants(results.filter((r): r is NonNullable<typeof r> => r !== undefined));
  return { specMutants: ordered.map(({ offset: _offset, ...m }) => m), specMutantsDropped: { illFormed, duplicates: generated.duplicates } };
}

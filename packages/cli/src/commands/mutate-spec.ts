import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { SpecmutError, oracleChooser, scoreSuites, writeFileAtomic, type SpecMutant, type SpecReport } from '@specmut/core';
import { BACKEND_MODULE_OPTION, backendsFor, parseOracleMode } from '../backends.js';
import { discoverSuites } from '../discover.js';
import { intOption, type Io } from '../io.js';
import { checkDestination } from '../report-writer.js';
import { defaultCacheDir, settingsOverrides } from './score.js';

export const MUTATE_SPEC_USAGE = `specmut mutate-spec <suite.json | directory>... [options]

Mutates each spec (its precondition and postcondition clauses: Dafny requires/ensures, Lean
_precond/_postcond bodies and theorem statements, Verus requires/ensures conditions) with the
language's operators (<==> to ==>, && to ||, a dropped conjunct or clause, comparisons, arithmetic,
constants +-1, in/!in, forall/exists, range bounds +-1, negation; Lean's ↔ → ∧ ∨ ∈ ∀ ¬ and Verus's
&&& ||| === =~= forms) and tells, for every mutant that parses, whether the suite
tells it apart from the original: killed (some triple decided differently), survived (every triple
decided the same) or unknown. Survivors are compared with the original on extra output mutants
(probes): weaker, stronger, incomparable or equivalent on the tested inputs. Listed most informative
first: survivors strictly weaker than the original show what no test pins down.

Options:
  --backend B       who decides triples: eval (default, specmut's evaluator) or a verifier backend (dafny)
  --probes N        extra output mutants per test to compare survivors with the original (default 10)
  --mutants N       output mutants per test in the suite's own triples (default: the suite's, else 5)
  --seed S, --timeout SECONDS, --jobs N, --cache DIR, --no-cache, --backend-module M   as for score
  --json FILE       write the full report (the score report, with specMutants per spec)
  --quiet           print only the counts per spec`;

const mark = (m: SpecMutant) => (m.status === 'survived' ? `survived${m.relation ? ` (${m.relation})` : ''}` : m.status);

function formatSpecMutants(spec: SpecReport, quiet: boolean): string {
  const all = spec.specMutants ?? [];
  const count = (s: SpecMutant['status']) => all.filter((m) => m.status === s).length;
  const weaker = all.filter((m) => m.status === 'survived' && m.relation === 'weaker').length;
  const head = `${spec.id}${spec.method ? ` (${spec.method}, ${spec.spec})` : ''}: ${all.length} spec mutants, ${count('killed')} killed, ${count('survived')} survived (${weaker} strictly weaker), ${count('unknown')} unknown`;
  if (quiet) return head;
  const lines = all.map((m) => {
    const shown = m.text === '' ? `drops \`${m.original}\`` : `${m.clause} ${m.text}`;
    return `  ${mark(m).padEnd(23)} ${m.operator.padEnd(19)} ${m.location.start.line}:${m.location.start.column}  ${shown}\n      ${m.reason}`;
  });
  return [head, ...lines].join('\n');
}

export async function mutateSpecCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      backend: { type: 'string' },
      probes: { type: 'string' },
      mutants: { type: 'string' },
      seed: { type: 'string' },
      timeout: { type: 'string' },
      jobs: { type: 'string' },
      cache: { type: 'string' },
      'no-cache': { type: 'boolean' },
      json: { type: 'string' },
      quiet: { type: 'boolean' },
      ...BACKEND_MODULE_OPTION,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(MUTATE_SPEC_USAGE);
    return 0;
  }
  if (positionals.length === 0) throw new SpecmutError('bad-option', 'mutate-spec needs a suite file or a directory of suites', undefined, MUTATE_SPEC_USAGE);
  const overrides = settingsOverrides(values);
  const probes = values.probes === undefined ? undefined : intOption('--probes', values.probes, 0, 1000);
  const jobs = values.jobs === undefined ? availableParallelism() : intOption('--jobs', values.jobs, 1, 64);
  const backends = await backendsFor(values['backend-module']);
  const mode = parseOracleMode(values.backend ?? 'eval', '--backend', false, backends);
  const files = await discoverSuites(positionals);
  if (values.json) await checkDestination('--json', values.json);
  const oracleFor = oracleChooser({ mode, cacheDir: values['no-cache'] ? undefined : (values.cache ?? defaultCacheDir()), processes: jobs, notice: (m) => io.err(`specmut: warning: ${m}`) });
  const report = await scoreSuites(files, { backends, oracleFor }, {
    overrides,
    processes: jobs,
    specMutation: { probes },
    onSpec: (spec) => {
      if (spec.status === 'error') io.err(`${spec.id}: not mutated: ${spec.error?.message ?? 'error'}${spec.error?.location ? ` (${spec.error.location})` : ''}`);
      else io.out(formatSpecMutants(spec, values.quiet ?? false));
    },
  });
  const mutants = report.specs.flatMap((s) => s.specMutants ?? []);
  const killed = mutants.filter((m) => m.status === 'killed').length;
  const weakerSpecs = report.specs.filter((s) => s.specMutants?.some((m) => m.status === 'survived' && m.relation === 'weaker')).length;
  io.out(`${report.summary.scored} of ${report.summary.specs} specs mutated: ${mutants.length} spec mutants, ${killed} killed, ${mutants.filter((m) => m.status === 'survived').length} survived, ${mutants.filter((m) => m.status === 'unknown').length} unknown; ${weakerSpecs} specs with strictly weaker survivors (${report.summary.seconds.toFixed(1)} s)`);
  if (values.json) {
    await writeFileAtomic(values.json, `${JSON.stringify(report, null, 2)}\n`);
    io.out(`report written to ${values.json}`);
  }
  return report.summary.errors > 0 ? 1 : 0;
}

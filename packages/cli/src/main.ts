import { SPECMUT_VERSION, SpecmutError } from '@specmut/core';
import { PARSE_USAGE, parseCommand } from './commands/parse.js';
import { importCommand } from './commands/import.js';
import { SCORE_USAGE, scoreCommand } from './commands/score.js';
import { MERGE_USAGE, mergeCommand } from './commands/merge.js';
import { REPORT_USAGE, reportCommand } from './commands/report.js';
import { MUTATE_SPEC_USAGE, mutateSpecCommand } from './commands/mutate-spec.js';
import { processIo, type Io } from './io.js';

const USAGE = `specmut ${SPECMUT_VERSION}: how well does a formal specification capture what its author meant?

Usage:
  specmut score <suite.json | directory>... [options]   score specs against their tests (--help for options)
  specmut merge <shard-report.json>... [--json FILE]   combine the reports of score --shard runs
  specmut report <report.json> --html FILE             a standalone HTML page of a report (--help for options)
  specmut mutate-spec <suite.json | directory>...       which spec mutants the tests tell apart (--help)
  specmut parse --lang dafny|lean|verus <file | directory>... check that spec files parse (--help for options)
  specmut import mbpp-dfy|verina <dir> --out <dir>      turn a benchmark into suites (--help for options)
  specmut --version

${SCORE_USAGE}

${MERGE_USAGE}

${REPORT_USAGE}

${MUTATE_SPEC_USAGE}

${PARSE_USAGE}`;

const COMMANDS: Record<string, (args: string[], io: Io) => Promise<number>> = {
  score: scoreCommand,
  merge: mergeCommand,
  report: reportCommand,
  'mutate-spec': mutateSpecCommand,
  parse: parseCommand,
  import: importCommand,
};

/** Runs the CLI; returns the exit code (see SCORE_USAGE): 0 ran cleanly, 1 some specs had errors, 2 bad usage or no verifier, 4 a threshold not met, 130 interrupted. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  if (command === '--version') {
    io.out(SPECMUT_VERSION);
    return 0;
  }
  const run = COMMANDS[command];
  if (!run) {
    io.err(`specmut: unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
    return 2;
  }
  try {
    return await run(rest, io);
  } catch (e) {
    if (e instanceof SpecmutError) {
      io.err(`specmut: ${e.format()}`);
      return 2;
    }
    if (e instanceof Error && (e as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`specmut: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

import type { Signature } from '../model/signature.js';
import type { Triple } from '../model/triple.js';
import type { Type } from '../model/types.js';
import type { Value } from '../model/values.js';
import type { IrLoc, IrSpec } from '../ir/nodes.js';
import type { Printer } from '../ir/print.js';
import type { SpecMutationOperator } from '../spec-mutation/operators.js';

/** 1-based line and column, 0-based character offset. */
export interface Position {
  line: number;
  column: number;
  offset: number;
}

export interface SourceRange {
  start: Position;
  end: Position;
}

/**
 * What a clause says, whatever a language calls it: each backend maps its own syntax onto these
 * (Dafny: requires, ensures, reads, modifies, decreases; Lean: hypotheses, the postcondition, ...).
 */
export type ClauseRole =
  | 'precondition' // must hold of the inputs for the spec to say anything
  | 'postcondition' // relates inputs and outputs
  | 'read-frame' // state the callable may read
  | 'write-frame' // state the callable may change
  | 'termination'; // a measure that decreases

/** One specification clause, kept as source text plus where it came from; `node` is backend-private. */
export interface Clause {
  role: ClauseRole;
  /** The clause's keyword as the language writes it (for messages): `requires`, `ensures`, ... */
  keyword: string;
  text: string;
  range: SourceRange;
  label?: string | undefined;
  node?: unknown;
}

/** A specified callable found in a spec file: what core needs to build and score triples for it. */
export interface MethodSpec {
  name: string;
  /** The declaration keyword(s) as the language writes them: method, lemma, function, predicate, def, fn. */
  kind: string;
  signature: Signature;
  clauses: Clause[];
  range: SourceRange;
  /** Declarations the clauses depend on, transitively, by name. */
  dependencies: string[];
  /**
   * Set when the backend cannot build a sound harness or lowering for this callable (e.g. its clauses
   * read object state the test model has no values for): the reason, shown to the user; such a spec
   * is reported as unsupported, never scored.
   */
  unsupported?: string | undefined;
}

/** A parsed spec file. `native` holds the backend's own AST and indexes; core never looks inside it. */
export interface SpecModule {
  file: string;
  text: string;
  methods: MethodSpec[];
  native: unknown;
}

/** One proof obligation of a harness: a symbol the verifier reports on, tied to a triple. */
export interface Obligation {
  symbol: string;
  tripleId: string;
  /** positive: the harness asserts the checked clause; negative: it asserts its negation. */
  polarity: Polarity;
  /** Lines of the main harness file the symbol spans (1-based, inclusive), to map located messages back. */
  lines?: [number, number] | undefined;
}

export interface HarnessFile {
  name: string;
  text: string;
}

/** The verifier input for a batch of triples of one method: files plus what each symbol stands for. */
export interface Harness {
  files: HarnessFile[];
  /** The file to hand to the verifier. */
  main: string;
  obligations: Obligation[];
  /** Extra verifier arguments the emitted text needs (e.g. a syntax version switch). */
  args: string[];
  /** False when this harness cannot share a process with others (see `Verifier.combine`). */
  combinable?: boolean;
}

export type Polarity = 'positive' | 'negative';

export interface EmitOptions {
  /** Per-obligation time limit the harness may encode (verifier attribute or flag). */
  timeoutSeconds: number;
  /** Which proof attempts to emit per triple id (default: both polarities for every triple). */
  attempts?: ReadonlyMap<string, readonly Polarity[]>;
  /** 0 for the plain harness; higher levels (see `Verifier.efforts`) may add costlier hints. */
  effort?: number;
  /**
   * Emit nothing derived from another oracle (no evaluator witnesses or values as hints): set when the
   * verifier's verdicts are compared with that oracle's (`--cross-check`), so that agreement means two
   * independent derivations agreed.
   */
  independent?: boolean | undefined;
}

export interface VerifierInfo {
  /** e.g. `dafny` */
  name: string;
  /** e.g. `4.11.0` */
  version: string;
  /** argv prefix that starts the verifier */
  command: string[];
  /** Backend-specific details (solver path, syntax flavour...). */
  details: Record<string, string>;
  /**
   * What of the installation can change a verdict, for the cache key: versions and settings, not where
   * the tools are (a moved checkout or a restored CI cache must still find its entries). Default: `details`.
   */
  identity?: Record<string, string> | undefined;
}

export interface RunRequest {
  harness: Harness;
  /** Per-obligation time limit handed to the verifier. */
  timeoutSeconds: number;
  /** Wall-clock limit for the whole process; past it the process is killed. */
  deadlineSeconds: number;
  signal?: AbortSignal | undefined;
  /** Obligations the tool may check at once (see `Verifier.parallel`); default its own setting. */
  cores?: number | undefined;
  /**
   * Called with an obligation's outcome as soon as the tool has reported it, before the process ends
   * (optional for a backend: tools that report only at exit never call it). An outcome passed here is
   * final: a process interrupted or killed later keeps it, and only the rest is attempted again.
   */
  onOutcome?: ((outcome: ObligationOutcome) => void) | undefined;
}

export interface RunOutput {
  exitCode: number | null;
  /** The signal that ended the process, when one did (e.g. `SIGSEGV`). */
  signal?: string | undefined;
  stdout: string;
  stderr: string;
  /** The process was killed at the deadline (or by the signal). */
  killed: boolean;
  /** Killed (or never started) because the run was interrupted: says nothing about the harness. */
  interrupted?: boolean | undefined;
  seconds: number;
  /** Result files the verifier wrote (e.g. a CSV log), by name, read before the private directory is removed. */
  artifacts: Record<string, string>;
}

export type ObligationResult = 'verified' | 'failed' | 'timeout' | 'gave-up' | 'error' | 'missing';

export interface ObligationOutcome {
  symbol: string;
  result: ObligationResult;
  message?: string | undefined;
  /** Seconds the tool says this obligation took (reported while it runs; see `RunRequest.onOutcome`). */
  seconds?: number | undefined;
}

/**
 * What a verifier's output said: a result per obligation, or that the harness as a whole did not
 * parse or type-check (with the verifier's message).
 */
export type ParsedRun =
  | { kind: 'results'; outcomes: ObligationOutcome[] }
  /** `noResults`: the output holds no result at all (the tool crashed or printed nothing readable). */
  | { kind: 'harness-error'; message: string; noResults?: boolean };

/** The verifier half of a backend: emit harness text, run the tool, map its output back. */
export interface Verifier {
  name: string;
  /**
   * Extra rounds for triples the plain harness leaves undecided, by effort level (e.g. `[1]`: one more
   * round with hints that help some proofs but slow others down).
   */
  efforts?: readonly number[];
  /** `run` honours `RunRequest.cores` (the tool checks that many obligations at once), so an idle core can help a batch. */
  parallel?: boolean;
  /** Finds the installed verifier; throws SpecmutError('missing-verifier') naming the setup command. */
  detect(): Promise<VerifierInfo>;
  emit(module: SpecModule, method: MethodSpec, triples: Triple[], options: EmitOptions): Harness | Promise<Harness>;
  /** Runs the verifier on the harness in a private directory; never throws for a verifier failure. */
  run(info: VerifierInfo, request: RunRequest): Promise<RunOutput>;
  parse(output: RunOutput, harness: Harness): ParsedRun;
  /**
   * Merges harnesses (of different specs) into one, so that one process verifies them all. `symbols[k]`
   * maps each symbol of harness k to its name in the merged harness. Optional: without it every harness
   * runs in a process of its own.
   */
  combine?(harnesses: readonly Harness[]): CombinedHarness;
}

export interface CombinedHarness {
  harness: Harness;
  symbols: ReadonlyMap<string, string>[];
}

/** How a spec file is read beyond the default. */
export interface LoadOptions {
  /**
   * Methods to list even where the language's loader would skip them for having no spec clauses: a
   * spec mutant that drops a method's last clause still specifies it (it then accepts every output).
   */
  keepMethods?: readonly string[];
}

/**
 * A language backend, as a plain object in the manner of a Prettier plugin: core calls these functions
 * and knows nothing of the language's syntax or AST.
 */
export interface Backend {
  id: string;
  /** File extensions this backend reads, with the dot. */
  extensions: string[];
  /** Parses a spec file; throws SpecmutError('parse-error') with file:line:col on bad input. */
  load(file: string, text: string, options?: LoadOptions): Promise<SpecModule>;
  /** Writes a value as the language writes a literal of that type. */
  render(value: Value, type: Type): string;
  verifier?: Verifier | undefined;
  /**
   * Translates a method's spec into core's IR, so that the embedded evaluator can decide triples
   * without a verifier (see `evalOracle`). Returns `{ unsupported }` for constructs it cannot translate.
   */
  lower?: Lowering | undefined;
  /** How explanations of this language's specs print expressions, values, types and clause names. */
  printer?: Printer | undefined;
  /** Every syntax error of a file (empty when it parses clean), without building a SpecModule. */
  checkSyntax?(text: string): Promise<SyntaxProblem[]>;
  /** Spec mutation operators of the language, as data (see `mutateSpec`); they need `querySyntax`. */
  specMutationOperators?: readonly SpecMutationOperator[] | undefined;
  /** Runs a tree-sitter query of the language's grammar over a file's text: every match with its captures. */
  querySyntax?(text: string, query: string): Promise<SyntaxMatch[]>;
}

/** A query capture: its name in the query and the text it spans (0-based character offsets, end exclusive). */
export interface SyntaxCapture {
  name: string;
  start: number;
  end: number;
  text: string;
}

export interface SyntaxMatch {
  captures: SyntaxCapture[];
}

/** A lowering that met a construct it cannot translate into the IR. */
export interface Unsupported {
  unsupported: string;
  loc?: IrLoc | undefined;
}

/** Translates a method's spec into core's IR (a backend's `lower`), or says what it cannot translate. */
export type Lowering = (module: SpecModule, method: MethodSpec) => IrSpec | Unsupported | Promise<IrSpec | Unsupported>;

export interface SyntaxProblem {
  line: number;
  column: number;
  message: string;
}

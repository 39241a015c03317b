import { existsSync } from 'node:fs';
import { SpecmutError, runProcess, withPrivateDir, type VerifierInfo } from '@specmut/core';
import { dafnyEnvironment } from './run.js';
import { installHint, bundledZ3, bundledZ3Version, locateDafny, locateZ3 } from './locate.js';

const VERSION = /(\d+)\.(\d+)\.(\d+)/;

/**
 * Finds Dafny and the Z3 it should use, and asks Dafny its version: the command line and the harness
 * syntax depend on it. Only Dafny 4 is driven (Dafny 3 and Debian's 2.3 lack the options specmut needs
 * to map results back per method); an older one is reported with the way to get Dafny 4.
 */
export async function detectDafny(): Promise<VerifierInfo> {
  const dafny = locateDafny();
  if (!dafny) {
    throw new SpecmutError('missing-verifier', 'Dafny is not installed (looked at $SPECMUT_DAFNY, .tools/dafny/dafny and PATH)', undefined, `${installHint()}, or set SPECMUT_DAFNY; use --backend eval to score without a verifier.`);
  }
  if (!existsSync(dafny)) {
    throw new SpecmutError('missing-verifier', `Dafny is not installed at ${dafny} (from $SPECMUT_DAFNY)`, undefined, `${installHint()}, or point SPECMUT_DAFNY at a dafny executable.`);
  }
  // A native Z3 first (faster); else specmut's WebAssembly build, so that Dafny alone is enough.
  const bundled = bundledZ3();
  const z3 = locateZ3() ?? bundled;
  // Both versions are asked at once: every run starts with these probes.
  const [probe, solverVersion] = await Promise.all([
    withPrivateDir('specmut-probe', (dir) => runProcess([dafny, '--version'], { cwd: dir, env: dafnyEnvironment(dir), deadlineSeconds: 60 })),
    // The solver's version, not only its path, is part of what a cached verdict depends on.
    z3 ? z3Version(z3) : undefined,
  ]);
  const text = `${probe.stdout}\n${probe.stderr}`;
  const m = VERSION.exec(text);
  if (probe.spawnError || probe.exitCode !== 0 || !m) {
    throw new SpecmutError('missing-verifier', `${dafny} did not run: ${probe.spawnError ?? text.trim().slice(0, 300)}`, undefined, `${installHint()}.`);
  }
  const major = Number(m[1]);
  if (major < 4) {
    throw new SpecmutError('missing-verifier', `found Dafny ${m[0]} at ${dafny}; specmut needs Dafny 4`, undefined, `${installHint()}, or set SPECMUT_DAFNY.`);
  }
  if (!z3) {
    throw new SpecmutError('missing-verifier', 'Z3 is not installed (Dafny from NuGet does not bundle it)', undefined, `${installHint()}, or set SPECMUT_Z3.`);
  }
  // Solver processes per Dafny run; specmut runs several Dafny processes itself, so one is the default.
  const cores = process.env.SPECMUT_DAFNY_CORES ?? '1';
  const details: Record<string, string> = { solver: z3, solverVersion: solverVersion ?? 'unknown', cores };
  if (bundled && z3 !== bundled && olderThan412(solverVersion)) {
    details.bitvectorSolver = bundled;
    details.bitvectorSolverVersion = bundledZ3Version() ?? 'unknown';
  }
  return { name: 'dafny', version: m[0], command: [dafny], details, identity: identityOf(details, bundled) };
}

/**
 * The solvers a harness may use by what they are (specmut's WebAssembly Z3 or a native one, and the
 * version), not by their paths. A solver whose version could not be read is known by its path only.
 */
export function identityOf(details: Record<string, string>, bundled: string | undefined): Record<string, string> {
  const solver = (path: string | undefined, version: string | undefined) => {
    if (!path) return 'none';
    if (!version || version === 'unknown') return `z3 of unknown version at ${path}`;
    return `${path === bundled ? 'z3-wasm' : 'z3'} ${version}`;
  };
  return {
    solver: solver(details.solver, details.solverVersion),
    ...(details.bitvectorSolver ? { bitvectorSolver: solver(details.bitvectorSolver, details.bitvectorSolverVersion) } : {}),
    cores: details.cores ?? '1',
  };
}

/** What `z3 --version` says, e.g. `4.8.12`. */
async function z3Version(z3: string): Promise<string | undefined> {
  if (z3 === bundledZ3()) return bundledZ3Version();
  const probe = await runProcess([z3, '--version'], { deadlineSeconds: 30 });
  return VERSION.exec(probe.stdout)?.[0];
}

/** Whether a Z3 version is older than 4.12, the version Dafny 4 is tuned for. */
function olderThan412(version: string | undefined): boolean {
  const m = version ? VERSION.exec(version) : null;
  return !!m && (Number(m[1]) < 4 || (Number(m[1]) === 4 && Number(m[2]) < 12));
}

import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's script that installs the verifiers into `.tools/`; only a clone of specmut has it. */
const SETUP_SCRIPT = fileURLToPath(new URL('../../../../scripts/setup.sh', import.meta.url));

/**
 * How to install Dafny 4 and Z3, as the reader can act on it: in a clone of the repository that is the setup
 * script; someone who installed the npm packages has no such script and installs the tools themselves.
 */
export function installHint(): string {
  if (existsSync(SETUP_SCRIPT)) return 'Run ./scripts/setup.sh to install Dafny 4 and Z3 into .tools/';
  return 'Install Dafny 4 (`dotnet tool install --global Dafny --version 4.11.0`, .NET 8+ SDK) and Z3 (e.g. `apt-get install z3`)';
}

/** Directories that may hold the project-local `.tools` folder: the working directory upwards, and this package's checkout upwards. */
function candidateRoots(): string[] {
  const roots: string[] = [];
  const climb = (start: string) => {
    let dir = resolve(start);
    for (;;) {
      roots.push(dir);
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  };
  climb(process.cwd());
  climb(dirname(fileURLToPath(import.meta.url)));
  return [...new Set(roots)];
}

export function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** `$envVar`, then the project-local `.tools/<dir>/<name>` the setup script installs, then `name` on PATH. */
function locateTool(envVar: string, dir: string, name: string): string | undefined {
  const fromEnv = process.env[envVar];
  if (fromEnv) return fromEnv;
  for (const root of candidateRoots()) {
    const p = join(root, '.tools', dir, name);
    if (existsSync(p)) return p;
  }
  return findOnPath(name);
}

export const locateDafny = (): string | undefined => locateTool('SPECMUT_DAFNY', 'dafny', 'dafny');

/** Debian's z3 package puts it on PATH; Dafny from NuGet has none of its own. */
export const locateZ3 = (): string | undefined => locateTool('SPECMUT_Z3', 'z3', 'z3');

/**
 * specmut's own `z3` for Dafny: Z3 4.16 compiled to WebAssembly (npm z3-solver) behind Z3's text
 * interface (`bin/z3-wasm`). About three times slower than a native Z3 on Dafny's queries (measured),
 * but it needs nothing installed, and proves some that Debian's older 4.8.12 times out on.
 */
export function bundledZ3(): string | undefined {
  const wrapper = fileURLToPath(new URL('../../bin/z3-wasm', import.meta.url));
  const shim = fileURLToPath(new URL('../../dist/solver/z3-wasm-shim.js', import.meta.url));
  return existsSync(wrapper) && existsSync(shim) ? wrapper : undefined;
}

/**
 * The version of specmut's WebAssembly Z3, as its `--version` says it, without starting it (that
 * loads the WebAssembly: about a second, on every run): it is the z3-solver package's version.
 */
export function bundledZ3Version(): string | undefined {
  try {
    const version = createRequire(import.meta.url)('z3-solver/package.json').version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

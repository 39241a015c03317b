import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The command that installs the verifiers into the project; named in every "missing verifier" message. */
export const SETUP_COMMAND = './scripts/setup.sh';

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

/** `SPECMUT_DAFNY`, then the project-local `.tools/dafny/dafny` installed by the setup script, then `dafny` on PATH. */
export function locateDafny(): string | undefined {
  const fromEnv = process.env.SPECMUT_DAFNY;
  if (fromEnv) return fromEnv;
  for (const root of candidateRoots()) {
    const p = join(root, '.tools', 'dafny', 'dafny');
    if (existsSync(p)) return p;
  }
  return findOnPath('dafny');
}

/** `SPECMUT_Z3`, then the project-local `.tools/z3/z3`, then `z3` on PATH (Debian's z3 package). */
export function locateZ3(): string | undefined {
  const fromEnv = process.env.SPECMUT_Z3;
  if (fromEnv) return fromEnv;
  for (const root of candidateRoots()) {
    const p = join(root, '.tools', 'z3', 'z3');
    if (existsSync(p)) return p;
  }
  return findOnPath('z3');
}

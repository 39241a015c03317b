import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { SpecmutError } from '../errors.js';
import type { Backend } from './contract.js';
import { SpecMutationOperatorSchema } from '../spec-mutation/operators.js';

const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', 'expected a function');

/** The shape a loaded backend must have; checked before core calls into it, so a wrong plugin fails at load. */
const BackendShape = z.object({
  id: z.string().regex(/^[a-z][\w-]*$/, 'expected a lower-case identifier such as "toy"'),
  extensions: z.array(z.string().regex(/^\.[\w.]+$/, 'expected an extension with its dot, such as ".toy"')).min(1),
  load: fn,
  render: fn,
  lower: fn.optional(),
  checkSyntax: fn.optional(),
  querySyntax: fn.optional(),
  specMutationOperators: z.array(SpecMutationOperatorSchema).optional(),
  verifier: z
    .object({ name: z.string(), detect: fn, emit: fn, run: fn, parse: fn, combine: fn.optional(), efforts: z.array(z.number()).optional() })
    .optional(),
});

/**
 * The module's entry file. Bare names are looked up in `node_modules` from `fromDir` upwards and read
 * through the package's `exports["."]` (its `import`, `node` or `default` condition) or `main`; paths are
 * taken relative to `fromDir` (a package directory is read like an installed package). Resolution is done here rather than by `import()` because an import resolves
 * from core's own location, where a user's backend package is not installed.
 */
export function resolveBackendModule(specifier: string, fromDir: string): string {
  if (specifier.startsWith('.') || isAbsolute(specifier)) {
    const path = resolve(fromDir, specifier);
    if (!existsSync(path)) throw new SpecmutError('bad-option', `backend module ${specifier} not found (looked at ${path})`);
    if (!statSync(path).isDirectory()) return path;
    const manifest = join(path, 'package.json');
    return join(path, existsSync(manifest) ? entryOf(JSON.parse(readFileSync(manifest, 'utf8')) as Manifest, manifest) : 'index.js');
  }
  for (let dir = resolve(fromDir); ; dir = dirname(dir)) {
    const pkgDir = join(dir, 'node_modules', specifier);
    const manifest = join(pkgDir, 'package.json');
    if (existsSync(manifest)) return join(pkgDir, entryOf(JSON.parse(readFileSync(manifest, 'utf8')) as Manifest, manifest));
    if (dirname(dir) === dir) break;
  }
  throw new SpecmutError('bad-option', `backend module ${JSON.stringify(specifier)} is not installed (no node_modules/${specifier} from ${fromDir} upwards)`, undefined, `Install it (npm install ${specifier}) or give a path such as ./my-backend/index.js.`);
}

interface Manifest {
  main?: string;
  exports?: unknown;
}

function entryOf(pkg: Manifest, manifest: string): string {
  let target: unknown = pkg.exports;
  if (target && typeof target === 'object' && !Array.isArray(target) && '.' in target) target = (target as Record<string, unknown>)['.'];
  // Conditions nest ({ import: { types, default } }); take the first that a Node ESM import would.
  while (target && typeof target === 'object' && !Array.isArray(target)) {
    const conditions = target as Record<string, unknown>;
    target = conditions.import ?? conditions.node ?? conditions.default;
  }
  if (typeof target === 'string') return target;
  if (pkg.exports !== undefined) throw new SpecmutError('bad-option', `${manifest}: "exports" has no "." entry with an import, node or default condition`);
  return pkg.main ?? 'index.js';
}

/**
 * Loads backends from a module: its `default` export, a `backend` export, or a `backends` array. Each is
 * checked against the contract's shape; an error names the module and the missing or wrong member.
 */
export async function loadBackendModule(specifier: string, fromDir: string = process.cwd()): Promise<Backend[]> {
  const entry = resolveBackendModule(specifier, fromDir);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
  } catch (e) {
    throw new SpecmutError('bad-option', `backend module ${specifier} (${entry}) failed to load: ${e instanceof Error ? e.message : String(e)}`);
  }
  const found = Array.isArray(mod.backends) ? (mod.backends as unknown[]) : [mod.backend ?? mod.default].filter((b) => b !== undefined);
  if (found.length === 0) throw new SpecmutError('bad-option', `backend module ${specifier} (${entry}) exports no backend`, undefined, 'Export it as `default`, as `backend`, or several as `backends`.');
  return found.map((candidate, i) => {
    const checked = BackendShape.safeParse(candidate);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const where = issue.path.length ? issue.path.join('.') : '(the export)';
      throw new SpecmutError('bad-option', `backend module ${specifier}${found.length > 1 ? ` (backend #${i + 1})` : ''}: ${where}: ${issue.message}`, undefined, 'See docs/writing-a-backend.md for the contract.');
    }
    return candidate as Backend;
  });
}

/** Built-in backends followed by loaded ones; two backends may not share an id or a file extension. */
export function combineBackends(builtIn: readonly Backend[], loaded: readonly Backend[]): Backend[] {
  const all = [...builtIn, ...loaded];
  for (let i = 0; i < all.length; i++) {
    for (let j = 0; j < i; j++) {
      if (all[i]!.id === all[j]!.id) throw new SpecmutError('bad-option', `two backends are named ${JSON.stringify(all[i]!.id)}`);
      const shared = all[i]!.extensions.find((e) => all[j]!.extensions.includes(e));
      if (shared) throw new SpecmutError('bad-option', `backends ${all[j]!.id} and ${all[i]!.id} both read ${shared} files`);
    }
  }
  return all;
}

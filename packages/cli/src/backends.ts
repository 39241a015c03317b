import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { SpecmutError, combineBackends, loadBackendModule, type Backend, type OracleMode } from '@specmut/core';
import { dafnyBackend } from '@specmut/dafny';
import { leanBackend } from '@specmut/lean';
import { verusBackend } from '@specmut/verus';

/** The backends the CLI knows; a new language is one more entry here, core is untouched. */
export const BACKENDS: readonly Backend[] = [dafnyBackend, leanBackend, verusBackend];

/** The option every command that reads specs takes to load third-party backends. */
export const BACKEND_MODULE_OPTION = { 'backend-module': { type: 'string', multiple: true } } as const;

export const CONFIG_FILE = 'specmut.config.json';

const ConfigSchema = z.object({
  $schema: z.string().optional(),
  /** Backend modules: package names, or paths relative to the config file. */
  backends: z.array(z.string().min(1)).default([]),
}).strict();

/**
 * The built-in backends, then those of `specmut.config.json` in the working directory (module paths
 * relative to it), then those given with --backend-module (relative to the working directory).
 */
export async function backendsFor(modules: readonly string[] = [], cwd: string = process.cwd()): Promise<Backend[]> {
  const requested: { specifier: string; from: string }[] = [];
  const configPath = resolve(cwd, CONFIG_FILE);
  if (existsSync(configPath)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(configPath, 'utf8'));
    } catch (e) {
      throw new SpecmutError('bad-option', `${CONFIG_FILE} is not valid JSON: ${(e as Error).message}`, { file: configPath });
    }
    const config = ConfigSchema.safeParse(raw);
    if (!config.success) {
      const issue = config.error.issues[0]!;
      throw new SpecmutError('bad-option', `${issue.path.join('.') || 'the file'}: ${issue.message}`, { file: configPath }, 'Expected { "backends": ["<package or path>", ...] }.');
    }
    for (const specifier of config.data.backends) requested.push({ specifier, from: dirname(configPath) });
  }
  for (const specifier of modules) requested.push({ specifier, from: cwd });
  const loaded: Backend[] = [];
  for (const { specifier, from } of requested) loaded.push(...(await loadBackendModule(specifier, from)));
  return combineBackends(BACKENDS, loaded);
}

export function parseOracleMode(raw: string | undefined, flag: string, allowAuto: boolean, backends: readonly Backend[]): OracleMode | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'eval') return 'eval';
  if (raw === 'auto' && allowAuto) return 'auto';
  if (raw === 'verifier' || backends.some((b) => b.id === raw)) return 'verifier';
  throw new SpecmutError('bad-option', `${flag} expects eval${allowAuto ? ', auto' : ''} or a verifier backend (${backends.map((b) => b.id).join(', ')}), got ${JSON.stringify(raw)}`);
}

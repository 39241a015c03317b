#!/usr/bin/env node
// Packs every publishable package, installs the tarballs into an empty project outside the repository (only
// the registry for third-party dependencies, no compiler), and uses them there as a user would: the README's
// library example, the CLI on an example suite, and a consumer type-check with skipLibCheck off.
//   node scripts/pack-install.mjs [--keep]
// Prints what it did and exits non-zero on the first step that fails.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
export const PACKAGES = ['grammars/dafny', 'grammars/lean', 'grammars/verus', 'packages/core', 'packages/tree-sitter', 'packages/dafny', 'packages/lean', 'packages/verus', 'packages/report', 'packages/cli'];

function run(label, argv, cwd, env = {}) {
  const started = Date.now();
  const r = spawnSync(argv[0], argv.slice(1), { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    process.stderr.write(`pack-install: ${label} failed (exit ${r.status ?? r.signal}) in ${cwd}\n${r.stdout}\n${r.stderr}\n`);
    throw new Error(`${label} failed`);
  }
  process.stdout.write(`ok  ${label} (${seconds} s)\n`);
  return r.stdout;
}

const indent = (text) => `${text.trimEnd().replace(/^/gm, '    ')}\n`;

/** The README's library example, taken from the README itself so that the two cannot drift apart. */
function readmeLibraryExample() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const m = /## Library\s+```ts\n([\s\S]*?)```/.exec(readme);
  if (!m) throw new Error('README.md has no ```ts block under "## Library"');
  return m[1];
}

const work = mkdtempSync(join(tmpdir(), 'specmut-pack-'));
let failed = false;
try {
  const tarballs = join(work, 'tarballs');
  for (const pkg of PACKAGES) {
    const out = run(`pack ${pkg}`, ['pnpm', 'pack', '--pack-destination', tarballs], join(root, pkg));
    process.stdout.write(`    ${out.trim().split('\n').pop()}\n`);
  }
  const project = join(work, 'project');
  cpSync(join(root, 'examples', 'dafny', 'shared-elements'), join(project, 'examples', 'shared-elements'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'specmut-consumer', private: true, type: 'module' }, null, 2));
  const files = readdirSync(tarballs).filter((f) => f.endsWith('.tgz')).map((f) => join(tarballs, f));
  // No install scripts may run: installing must not need a compiler or anything beyond the registry.
  run('npm install (tarballs + registry)', ['npm', 'install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', ...files], project);

  // Suites name their spec relative to themselves; the example's $schema points into the repository, so drop it.
  for (const f of readdirSync(join(project, 'examples', 'shared-elements')).filter((f) => f.endsWith('.suite.json'))) {
    const path = join(project, 'examples', 'shared-elements', f);
    const suite = JSON.parse(readFileSync(path, 'utf8'));
    delete suite.$schema;
    writeFileSync(path, JSON.stringify(suite, null, 2));
  }
  // Which tree-sitter binding the installed packages parse with here, and why not the native one if not.
  const parserCheck = "import g from '@specmut/tree-sitter-dafny'; import { loadParser } from '@specmut/tree-sitter'; const p = await loadParser(g, { backend: 'auto' }); console.log(p.backend + (p.fallbackReason ? ' (native: ' + p.fallbackReason + ')' : ''));";
  const backend = run('parser binding (auto)', ['node', '--input-type=module', '-e', parserCheck], project);
  process.stdout.write(`    ${backend.trim()}\n`);

  const example = readmeLibraryExample().replace('examples/dafny/shared-elements/', 'examples/shared-elements/');
  writeFileSync(join(project, 'library-example.mjs'), example);
  const lib = run('README library example (node)', ['node', 'library-example.mjs'], project, { SPECMUT_DAFNY: '/nonexistent' });
  process.stdout.write(`    prints: ${lib.trim()}\n`);

  // A third-party backend, installed as a package of its own and loaded by name, then through the config file.
  const toyTarball = run('pack examples/backend-toy', ['pnpm', 'pack', '--pack-destination', tarballs], join(root, 'examples', 'backend-toy')).trim().split('\n').pop();
  run('npm install specmut-backend-toy', ['npm', 'install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', toyTarball], project);
  cpSync(join(root, 'examples', 'backend-toy', 'specs'), join(project, 'toy'), { recursive: true });
  const toy = run('npx specmut score --backend-module specmut-backend-toy (Z3)', ['npx', '--no-install', 'specmut', 'score', 'toy', '--backend-module', 'specmut-backend-toy', '--backend', 'toy', '--no-cache'], project);
  process.stdout.write(indent(toy));
  writeFileSync(join(project, 'specmut.config.json'), JSON.stringify({ backends: ['specmut-backend-toy'] }));
  const viaConfig = run('npx specmut score with specmut.config.json (evaluator)', ['npx', '--no-install', 'specmut', 'score', 'toy', '--backend', 'eval', '--quiet'], project);
  process.stdout.write(indent(viaConfig));

  const cli = run('npx specmut score (evaluator)', ['npx', '--no-install', 'specmut', 'score', 'examples/shared-elements', '--backend', 'eval', '--json', 'report.json'], project);
  process.stdout.write(indent(cli));
  const report = JSON.parse(readFileSync(join(project, 'report.json'), 'utf8'));
  if (report.specs.length !== 2 || report.specs.some((s) => s.error)) throw new Error('the CLI report does not hold two scored specs');
  // The HTML page needs the elements' bundle from the installed packages, nothing from the repository.
  run('npx specmut report --html', ['npx', '--no-install', 'specmut', 'report', 'report.json', '--html', 'report.html'], project);
  if (!readFileSync(join(project, 'report.html'), 'utf8').includes('customElements.define')) throw new Error('report.html lacks the inlined mutation-testing-elements bundle');

  const dafny = join(root, '.tools', 'dafny', 'dafny');
  if (existsSync(dafny)) {
    const out = run('npx specmut score (Dafny)', ['npx', '--no-install', 'specmut', 'score', 'examples/shared-elements', '--backend', 'dafny', '--no-cache'], project, { SPECMUT_DAFNY: dafny });
    process.stdout.write(indent(out));
  } else {
    process.stdout.write('--  npx specmut score (Dafny): skipped, no .tools/dafny/dafny in the repository\n');
  }
  const missing = spawnSync('npx', ['--no-install', 'specmut', 'score', 'examples/shared-elements', '--backend', 'dafny'], { cwd: project, env: { ...process.env, SPECMUT_DAFNY: '', PATH: dirname(process.execPath) + ':/usr/bin:/bin' }, encoding: 'utf8' });
  if (missing.status !== 2 || /setup\.sh/.test(missing.stderr)) throw new Error(`missing-Dafny message for an npm user is wrong (exit ${missing.status}):\n${missing.stderr}`);
  const said = missing.stderr.split('\n').filter((l) => l.startsWith('specmut')).join(' | ');
  process.stdout.write(`ok  missing Dafny outside the repository: exit 2, "${said}"\n`);

  // A consumer that type-checks its dependencies' declarations too.
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ['consumer.ts'] }, null, 2));
  writeFileSync(join(project, 'consumer.ts'), `${example}\nexport {};\n`);
  run('consumer tsc with skipLibCheck: false', ['node', join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], project);
} catch (e) {
  failed = true;
  process.stderr.write(`pack-install: ${e instanceof Error ? e.message : String(e)}\n`);
} finally {
  if (keep) process.stdout.write(`kept ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;

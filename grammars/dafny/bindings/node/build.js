#!/usr/bin/env node
'use strict';
// Builds the grammar's native addon with node-gyp into prebuilds/<platform>-<arch>/, stamped with the digest
// of its sources. For the native `tree-sitter` binding only: the WASM build always works without it.
//   node bindings/node/build.js [--if-needed] [--optional]
// --if-needed: nothing to do when a build of the current sources exists.
// --optional:  a failed build (no compiler, no Node headers, no node-gyp) is reported and exits 0: the
//              package's install script uses it, so installing never fails for want of a compiler.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const native = require('./native.js');

const ifNeeded = process.argv.includes('--if-needed');
const optional = process.argv.includes('--optional');

/** node-gyp as the package manager provides it, else a local one, else the one bundled with npm. */
function nodeGyp() {
  const candidates = [process.env.npm_config_node_gyp];
  try {
    candidates.push(require.resolve('node-gyp/bin/node-gyp.js'));
  } catch {}
  candidates.push(path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  return candidates.find((c) => c && fs.existsSync(c));
}

/** Node's own headers when installed with it (Debian's nodejs-dev, official tarballs): node-gyp needs no download. */
function localNodeDir() {
  if (process.env.npm_config_nodedir) return undefined;
  const prefix = path.join(path.dirname(process.execPath), '..');
  return fs.existsSync(path.join(prefix, 'include', 'node', 'node_api.h')) ? path.resolve(prefix) : undefined;
}

function build() {
  const gyp = nodeGyp();
  if (!gyp) throw new Error('node-gyp not found');
  const nodedir = localNodeDir();
  const args = [gyp, 'rebuild', ...(nodedir ? [`--nodedir=${nodedir}`] : [])];
  const r = spawnSync(process.execPath, args, { cwd: native.root, stdio: optional ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (r.status !== 0) {
    const detail = optional ? `\n${(r.stderr || '').trim().split('\n').slice(-5).join('\n')}` : '';
    throw new Error(`node-gyp rebuild failed (exit ${r.status ?? r.signal})${detail}`);
  }
  fs.mkdirSync(path.dirname(native.binary), { recursive: true });
  fs.copyFileSync(path.join(native.root, 'build', 'Release', `${native.target}.node`), native.binary);
  fs.writeFileSync(native.stampFile, `${native.sourceDigest()}\n`);
  fs.rmSync(path.join(native.root, 'build'), { recursive: true, force: true });
}

if (ifNeeded && native.unusableReason() === undefined) process.exit(0);
try {
  build();
  process.stdout.write(`tree-sitter-${native.name}: native build in ${path.relative(process.cwd(), native.binary)}\n`);
} catch (e) {
  const message = `tree-sitter-${native.name}: no native build (${e instanceof Error ? e.message : e}); the WASM parser will be used`;
  if (!optional) {
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${message}\n`);
}

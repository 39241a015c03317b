'use strict';
// Where this grammar's native addon lives and whether it was built from the sources beside it.
// Shared by the loader (index.js) and the build script; nothing here depends on which grammar this is.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const name = JSON.parse(fs.readFileSync(path.join(root, 'tree-sitter.json'), 'utf8')).grammars[0].name;
const target = `tree_sitter_${name}_binding`;
const platform = `${process.platform}-${process.arch}`;
const binary = path.join(root, 'prebuilds', platform, `tree-sitter-${name}.node`);
const stampFile = `${binary}.sha256`;
const SOURCES = ['bindings/node/binding.c', 'src/parser.c', 'src/scanner.c'];

/** A digest of what the addon is compiled from: an addon whose stamp differs was built from another grammar. */
function sourceDigest() {
  const hash = crypto.createHash('sha256');
  for (const file of SOURCES) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) hash.update(file).update('\0').update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

/** Why the addon cannot be used here, or undefined when it can. */
function unusableReason() {
  if (!fs.existsSync(binary)) return `no native build for ${platform} (${path.relative(root, binary)})`;
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (stamp !== sourceDigest()) return `the native build in ${path.relative(root, path.dirname(binary))} was made from other grammar sources (rebuild it: npm run build:native)`;
  return undefined;
}

/** The addon's exports ({ language }) for the `tree-sitter` binding; throws with the reason when unusable. */
function loadNative() {
  const reason = unusableReason();
  if (reason) throw new Error(`tree-sitter-${name}: ${reason}`);
  return require(binary);
}

module.exports = { root, name, target, platform, binary, stampFile, sourceDigest, unusableReason, loadNative };

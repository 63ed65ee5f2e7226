// LanceDB's native module is 186 MB, a sixth of it debug symbols nothing reads on Lambda. Packaging
// ships it stripped (155 MB) and uncompressed beside the bundle, and lib/vectors/lancedb-module.ts
// points LanceDB's loader at it (NAPI_RS_NATIVE_LIBRARY_PATH): loaded straight from the task root, no
// inflating into /tmp at every cold start (that took 1–1.7 s). A LanceDB zip stays well under Lambda's
// 250 MB unzipped limit (`npm run bench -- bundles` states the margin).
'use strict';

const { execFileSync } = require('node:child_process');
const { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const NATIVE_FILE = 'node_modules/@lancedb/lancedb-linux-x64-gnu/lancedb.linux-x64-gnu.node';
/** Where the stripped module is made and shipped from (the zip keeps this path; git ignores it). */
const SHIPPED_DIR = 'lancedb-native';
const SHIPPED_FILE = `${SHIPPED_DIR}/lancedb.linux-x64-gnu.node`;

const hasStrip = () => {
  try {
    execFileSync('strip', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Makes SHIPPED_FILE from the installed native module, unless it was made from this very file. */
function strippedNative(root = ROOT) {
  const source = join(root, NATIVE_FILE);
  const { size, mtimeMs } = statSync(source);
  const stampFile = join(root, SHIPPED_DIR, 'source.json');
  const stamp = JSON.stringify({ size, mtimeMs, stripped: true });
  const target = join(root, SHIPPED_FILE);
  if (existsSync(target) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return SHIPPED_FILE;
  mkdirSync(join(root, SHIPPED_DIR), { recursive: true });
  // Made aside, then renamed, so a packaging run that stops halfway never ships half a module. Without
  // binutils the module ships as it is (186 MB, still under the limit).
  const partial = `${target}.partial`;
  copyFileSync(source, partial);
  if (hasStrip()) execFileSync('strip', ['--strip-unneeded', partial]);
  renameSync(partial, target);
  writeFileSync(stampFile, stamp);
  return SHIPPED_FILE;
}

module.exports = { strippedNative, NATIVE_FILE, SHIPPED_FILE };

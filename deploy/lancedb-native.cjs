// LanceDB's native module is 186 MB (155 MB stripped of symbols), which alone would put a LanceDB
// Lambda over our 150 MB budget for an unzipped package. Packaging ships it gzip-compressed instead
// (63 MB), and lib/vectors/lancedb-module.ts inflates it to /tmp once per cold start (~1 s) and
// points LanceDB's loader at it (NAPI_RS_NATIVE_LIBRARY_PATH). docs/decisions.md has the figures
// and why this and not a container image.
'use strict';

const { execFileSync } = require('node:child_process');
const {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  copyFileSync,
} = require('node:fs');
const { join } = require('node:path');
const { pipeline } = require('node:stream/promises');
const { createGzip } = require('node:zlib');

const ROOT = join(__dirname, '..');
const NATIVE_FILE = 'node_modules/@lancedb/lancedb-linux-x64-gnu/lancedb.linux-x64-gnu.node';
/** Where the compressed module is made and shipped from (the zip keeps this path; git ignores it). */
const SHIPPED_DIR = 'lancedb-native';
const SHIPPED_FILE = `${SHIPPED_DIR}/lancedb.linux-x64-gnu.node.gz`;

const hasStrip = () => {
  try {
    execFileSync('strip', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Makes SHIPPED_FILE from the installed native module, unless it was made from this very file. */
async function compressedNative(root = ROOT) {
  const source = join(root, NATIVE_FILE);
  const { size, mtimeMs } = statSync(source);
  const stampFile = join(root, SHIPPED_DIR, 'source.json');
  const stamp = JSON.stringify({ size, mtimeMs });
  const target = join(root, SHIPPED_FILE);
  if (existsSync(target) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return SHIPPED_FILE;
  mkdirSync(join(root, SHIPPED_DIR), { recursive: true });
  // Debug symbols are a sixth of the file and nothing reads them on Lambda; without binutils the
  // module ships as it is (still well under the budget once compressed).
  const stripped = join(root, SHIPPED_DIR, 'stripped.node');
  let input = source;
  if (hasStrip()) {
    copyFileSync(source, stripped);
    execFileSync('strip', ['--strip-unneeded', stripped]);
    input = stripped;
  }
  const partial = `${target}.partial`;
  await pipeline(createReadStream(input), createGzip({ level: 6 }), createWriteStream(partial));
  renameSync(partial, target);
  rmSync(stripped, { force: true });
  writeFileSync(stampFile, stamp);
  return SHIPPED_FILE;
}

module.exports = { compressedNative, NATIVE_FILE, SHIPPED_FILE };

// The files a LanceDB Lambda ships beside its bundle, as serverless `package.patterns`: LanceDB and
// the packages it requires at run time, taken from node_modules as `npm ci` installed them from the
// lockfile (nothing is resolved afresh at packaging). Optional dependencies are left out except the
// native module of the Lambda's platform (LanceDB's nested openai@4 and transformers are never
// loaded: we give it vectors), and so are source maps, type declarations and TypeScript sources.
// The native module itself ships stripped of its debug symbols (deploy/lancedb-native.cjs).
// Stage local gets none: serverless offline resolves LanceDB from the project's node_modules.
'use strict';

const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { strippedNative, NATIVE_FILE } = require('./lancedb-native.cjs');

const ROOT = join(__dirname, '..');
const ENTRY = 'node_modules/@lancedb/lancedb';
/** The platform the LanceDB Lambdas run on (serverless.yml gives them architecture x86_64). */
const NATIVE = 'node_modules/@lancedb/lancedb-linux-x64-gnu';
const NOT_SHIPPED = ['**/*.map', '**/*.d.ts', '**/*.d.mts', '**/*.d.cts', '**/*.ts', '**/*.md', '**/*.markdown'];

/** Where npm resolves `name` from the package at `from` (nested node_modules first). */
function resolveFrom(packages, from, name) {
  for (let dir = from; ;) {
    const candidate = `${dir}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    const up = dir.lastIndexOf('/node_modules/');
    if (up < 0) break;
    dir = dir.slice(0, up);
  }
  return packages[`node_modules/${name}`] ? `node_modules/${name}` : undefined;
}

/** Package folders LanceDB needs at run time, from the lockfile's resolution. */
function runtimeClosure(lockfile) {
  const packages = lockfile.packages;
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const meta = packages[path];
    const required = { ...meta.dependencies, ...meta.peerDependencies };
    for (const name of Object.keys(meta.peerDependenciesMeta ?? {}))
      if (meta.peerDependenciesMeta[name].optional) delete required[name];
    for (const name of Object.keys(required)) {
      const found = resolveFrom(packages, path, name);
      if (!found) throw new Error(`${path} needs ${name}, which the lockfile does not have; run npm install`);
      visit(found);
    }
  };
  visit(ENTRY);
  visit(NATIVE);
  return [...seen].sort();
}

async function patterns() {
  const lockfile = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const folders = runtimeClosure(lockfile);
  const kept = new Set(folders);
  // Packages nested inside a shipped folder that LanceDB does not need (its optional openai@4).
  const nestedUnneeded = Object.keys(lockfile.packages).filter(
    (path) => !kept.has(path) && folders.some((f) => path.startsWith(`${f}/node_modules/`)),
  );
  return [
    ...folders.map((f) => `${f}/**`),
    ...nestedUnneeded.map((path) => `!${path}/**`),
    ...folders.flatMap((f) => NOT_SHIPPED.map((p) => `!${f}/${p}`)),
    // The native module ships stripped (deploy/lancedb-native.cjs).
    `!${NATIVE_FILE}`,
    strippedNative(ROOT),
  ];
}

// Made once per packaging: serverless.yml reads this file twice (custom.lancedbPackage, and
// deploy/embedder-package.cjs), and two compressions at once would race on the same file.
let made;
module.exports = async ({ resolveVariable }) =>
  (await resolveVariable('sls:stage')) === 'local' ? [] : await (made ??= patterns());
module.exports.runtimeClosure = runtimeClosure;

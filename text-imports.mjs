// Node module hooks for `import text from './file.ext?raw'` (and `?bundle`, see esbuild-plugins.mjs) under tsx (bench, CLI, npm start), the
// way esbuild-plugins.mjs serves it in the Lambda bundles and Vite in vitest: the default export
// is the file's text. Register once, before the first such import: `node --import tsx --import
// ./text-imports.mjs …`, or `await import('./text-imports.mjs')` before importing the code.
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const RAW = /\?raw$/;
const BUNDLE = /\?bundle$/;

export async function load(url, context, nextLoad) {
  if (BUNDLE.test(url) && url.startsWith('file:')) {
    // esbuild only here, on the hooks thread, when a `?bundle` is imported.
    const { workerScript } = await import('./esbuild-plugins.mjs');
    const script = await workerScript(fileURLToPath(url.replace(BUNDLE, '')));
    return { format: 'module', source: `export default ${JSON.stringify(script)};\n`, shortCircuit: true };
  }
  if (!RAW.test(url) || !url.startsWith('file:')) return nextLoad(url, context);
  const text = await readFile(fileURLToPath(url.replace(RAW, '')), 'utf8');
  return { format: 'module', source: `export default ${JSON.stringify(text)};\n`, shortCircuit: true };
}

// Imported as a module (`--import ./text-imports.mjs`), this file registers itself as the hooks;
// loaded again as the hooks, on Node's hooks thread, it does not.
if (isMainThread) register(import.meta.url);

// esbuild plugins of the Lambda bundles (serverless-esbuild's `plugins` option; vitest.config.ts
// uses the same build). `import { js, css } from 'fnq:catalog-assets'` gives the catalog pages'
// browser script and style sheet, built here from lib/catalog/web/browser/, so the Lambda serves
// them from memory and no build step or file copy sits between the source and the served bytes.
//
// `import text from './file.ext?raw'` gives a file's text (the hosted functions' runner sources in
// lib/functions/runners/), as Vite's `?raw` does in vitest and text-imports.mjs under tsx.
//
// `import script from './entry.ts?bundle'` gives the entry bundled with its imports into one
// CommonJS script, for `new Worker(script, { eval: true })`: a worker thread that needs no file of
// its own beside the Lambda bundle (lib/spec/validation-pool.ts). vitest and tsx use the same build.
//
// With `splitting` (serverless.yml), each handler's bundle is an entry file plus chunks that load when
// first imported; chunksBesideEntry puts them in `<entry>.chunks/` (see there).
//
// Under `npm start` (FNQ_BUNDLER_STOP_WHEN_IDLE=1) the bundler does not outlive the builds: esbuild's
// API keeps its service process, and all it holds, until the process that loaded it exits, which
// for serverless offline is never.
import { build, stop } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';

const BROWSER_DIR = fileURLToPath(new URL('./lib/catalog/web/browser/', import.meta.url));
export const CATALOG_ASSETS_ID = 'fnq:catalog-assets';

async function bundle(entry, options = {}) {
  const out = await build({
    entryPoints: [BROWSER_DIR + entry],
    bundle: true,
    minify: true,
    write: false,
    platform: 'browser',
    target: ['es2022'],
    legalComments: 'none',
    logLevel: 'silent',
    // The shared validation code (lib/spec) needs only this of Node, and only as a cache key.
    alias: { 'node:crypto': BROWSER_DIR + 'node-crypto.ts' },
    ...options,
  });
  return out.outputFiles[0].text;
}

/** The source of the virtual module: both assets as string constants. */
export async function catalogAssetsModule() {
  const [js, css] = await Promise.all([bundle('catalog.ts', { format: 'iife' }), bundle('catalog.css')]);
  return `export const js = ${JSON.stringify(js)};\nexport const css = ${JSON.stringify(css)};\n`;
}

export const catalogAssets = {
  name: 'fnq-catalog-assets',
  setup(b) {
    b.onResolve({ filter: /^fnq:catalog-assets$/ }, (args) => ({ path: args.path, namespace: 'fnq-catalog-assets' }));
    b.onLoad({ filter: /.*/, namespace: 'fnq-catalog-assets' }, async () => ({
      contents: await catalogAssetsModule(),
      loader: 'js',
    }));
  },
};

/** The `?bundle` script of a TypeScript entry (an absolute path). */
export async function workerScript(entry) {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: ['node20'],
    legalComments: 'none',
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

export const workerBundle = {
  name: 'fnq-worker-bundle',
  setup(b) {
    b.onResolve({ filter: /\?bundle$/ }, (args) => ({
      path: resolve(args.resolveDir, args.path.slice(0, -'?bundle'.length)),
      namespace: 'fnq-worker-bundle',
    }));
    b.onLoad({ filter: /.*/, namespace: 'fnq-worker-bundle' }, async (args) => ({
      contents: await workerScript(args.path),
      loader: 'text',
    }));
  },
};

export const rawText = {
  name: 'fnq-raw-text',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)),
      namespace: 'fnq-raw-text',
    }));
    b.onLoad({ filter: /.*/, namespace: 'fnq-raw-text' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
      watchFiles: [args.path],
    }));
  },
};

/**
 * With code splitting, the chunks of a one-entry build go to `<entry name>.chunks/` beside the entry file.
 * serverless-esbuild builds each function's entry on its own into one shared folder and leaves every file
 * named `<another function's bundle>.*` out of a function's zip: so each zip carries its own chunks only.
 */
export const chunksBesideEntry = {
  name: 'fnq-chunks-beside-entry',
  setup(b) {
    const options = b.initialOptions;
    const entries = Array.isArray(options.entryPoints)
      ? options.entryPoints.map((e) => (typeof e === 'string' ? e : e.out))
      : Object.keys(options.entryPoints ?? {});
    if (!options.splitting || entries.length !== 1) return;
    options.chunkNames = `${basename(entries[0], extname(entries[0]))}.chunks/[name]-[hash]`;
  },
};

/** How long the bundler waits for another build before it stops: the builds of a start come in a burst. */
const IDLE_BEFORE_STOP_MS = 2000;
let buildsRunning = 0;
let idleTimer;

export const stopWhenIdle = {
  name: 'fnq-stop-when-idle',
  setup(b) {
    if (process.env.FNQ_BUNDLER_STOP_WHEN_IDLE !== '1') return;
    b.onStart(() => {
      buildsRunning++;
      clearTimeout(idleTimer);
    });
    b.onEnd(() => {
      if (--buildsRunning > 0) return;
      // A later build starts the service again (the esbuild API does that by itself).
      idleTimer = setTimeout(() => buildsRunning === 0 && void stop(), IDLE_BEFORE_STOP_MS);
      idleTimer.unref();
    });
  },
};

export default [catalogAssets, rawText, workerBundle, chunksBesideEntry, stopWhenIdle];

// esbuild plugins of the Lambda bundles (serverless-esbuild's `plugins` option; bench/bundles.ts builds
// the same way). None of them loads files: text the code needs at run time is generated TypeScript
// (tools/generate), so these bundles, tsx and vitest all read the same modules.
//
// With `splitting` (serverless.yml), each handler's bundle is an entry file plus chunks that load when
// first imported; chunksBesideEntry puts them in `<entry>.chunks/` (see there).
//
// Under `npm start` (FNQ_BUNDLER_STOP_WHEN_IDLE=1) the bundler does not outlive the builds: esbuild's
// API keeps its service process, and all it holds, until the process that loaded it exits, which
// for serverless offline is never.
import { stop } from 'esbuild';
import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';

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

/**
 * The AWS SDK's packages as their ES modules. For platform node, esbuild prefers a package's `main` (the SDK's
 * dist-cjs) to its `module` (dist-es) when the package has no `exports` map, as most SDK packages have not. A
 * CommonJS client `require`s whole modules, so nothing of them is tree-shaken: every command of the client, every
 * protocol of @aws-sdk/core, and the credential chain's lazy `import()`s turned into `require`s that pull SSO,
 * STS and their nested clients into the chunk every first request loads. Resolved to dist-es, each client keeps
 * what the service calls (the figures are in docs/lambda-runtime.md). Only the SDK: other packages keep
 * esbuild's default, which their tests ran with.
 */
const SDK_PACKAGE = /^(@aws-sdk|@smithy)\/[^/]+$/;
const RESOLVING = Symbol('fnq-sdk-esm');
const moduleFieldOf = new Map();

export const awsSdkAsEsm = {
  name: 'fnq-aws-sdk-as-esm',
  setup(b) {
    b.onResolve({ filter: SDK_PACKAGE }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined;
      const found = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: RESOLVING,
      });
      const root = /^(.*\/node_modules\/@(?:aws-sdk|smithy)\/[^/]+)\/dist-cjs\//.exec(found.path)?.[1];
      if (found.errors.length || !root) return found.errors.length ? { errors: found.errors } : found;
      if (!moduleFieldOf.has(root))
        moduleFieldOf.set(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).module);
      const esm = moduleFieldOf.get(root);
      return esm ? { path: join(root, esm) } : found;
    });
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

export default [chunksBesideEntry, awsSdkAsEsm, stopWhenIdle];

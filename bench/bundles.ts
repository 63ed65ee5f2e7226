// What each Lambda costs to ship and to start. Two figures per function, each with its baseline
// measured in the same run:
// - the unzipped size of its zip from `serverless package` (the real artifact), and its margin under
//   Lambda's 250 MB unzipped limit;
// - the cold import of its bundle (built with serverless.yml's esbuild options: AWS SDK bundled,
//   LanceDB external) in a fresh `node`, against a fresh `node` importing nothing; target ≤ 150 ms
//   over that baseline. The bundle is split at every import() (serverless.yml), so the import reads
//   the handler's own chunks and none of the adapters it loads on first use; what a first request
//   adds is `npm run bench -- cold-start`'s figure.
// Run: npm run bench -- bundles
import { build, type Plugin } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import esbuildPlugins from '../esbuild-plugins.mjs';
import { loadServerless, PROJECT_ROOT } from '../local/serverless-config';
import { packageService, zipSizes } from '../local/serverless-package';
import { isMain, percentile } from './stats';

const OUT = join(PROJECT_ROOT, '.tmp', 'bench-bundles');
const RUNS = 7;
const MB = 1024 * 1024;
const SIZE_LIMIT = 250 * MB;
const IMPORT_TARGET_MS = 150;

// A complete config, so each bundle's module-load work (config, clients, schema compiles) runs.
const ENV = {
  ...process.env,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  FNQ_JWT_SECRET: 'x'.repeat(32),
  FNQ_BUCKET: 'b',
  FNQ_QUEUE_URL: 'http://127.0.0.1:1/q',
  FNQ_UPLOADS_TABLE: 'u',
  FNQ_USAGE_TABLE: 'm',
  FNQ_FUNCTIONS_TABLE: 'f',
  FNQ_LANCE_COMMITS_TABLE: 'l',
  FNQ_LANCE_URI: join(OUT, 'lance'),
};

export function coldImportMs(file: string | undefined): number {
  const samples: number[] = [];
  const script = file ? `await import(${JSON.stringify(file)})` : '';
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: ENV,
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`importing ${file} failed: ${r.stderr}`);
    samples.push(performance.now() - t);
  }
  return percentile(
    samples.sort((a, b) => a - b),
    50,
  );
}

export interface EsbuildOptions {
  minify: boolean;
  splitting?: boolean;
  target: string;
  exclude: string[];
  banner: { js: string };
  alias: Record<string, string>;
}

/** Another checkout's way of bundling: its folder (where its aliases resolve) and its esbuild plugins. */
export interface Checkout {
  root: string;
  plugins: Plugin[];
}

/**
 * Bundles `entry` as packaging does, into `outfile`'s folder (its chunks beside it); returns the entry file.
 * `from`: bundle as another checkout does (its serverless.yml's `opts`, its plugins, aliases from its folder).
 */
export async function bundle(opts: EsbuildOptions, entry: string, outfile: string, from?: Checkout): Promise<string> {
  await build({
    absWorkingDir: from?.root ?? PROJECT_ROOT,
    entryPoints: { [basename(outfile, '.mjs')]: entry },
    outdir: dirname(outfile),
    outExtension: { '.js': '.mjs' },
    splitting: opts.splitting,
    bundle: true,
    minify: opts.minify,
    platform: 'node',
    target: opts.target,
    format: 'esm',
    external: opts.exclude,
    banner: opts.banner,
    alias: opts.alias,
    // serverless.yml's esbuild plugins (chunks beside their entry, the SDK as ES modules).
    plugins: from?.plugins ?? esbuildPlugins,
    logLevel: 'error',
  });
  return outfile;
}

export async function run() {
  const doc = loadServerless() as unknown as {
    functions: Record<string, { handler: string }>;
    custom: { esbuild: EsbuildOptions };
  };
  const opts = doc.custom.esbuild;
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  const packageDir = join(OUT, 'package');
  packageService({ outDir: packageDir, env: { FNQ_JWT_SECRET_PARAMETER: '/fnquery/ci/jwt-secret' } });
  const sizes = new Map(zipSizes(packageDir).map((z) => [z.name, z.bytes]));

  const baselineMs = coldImportMs(undefined);
  const rows = [];
  for (const [name, fn] of Object.entries(doc.functions)) {
    const entry = join(PROJECT_ROOT, `${fn.handler.slice(0, fn.handler.lastIndexOf('.'))}.ts`);
    const coldMs = coldImportMs(await bundle(opts, entry, join(OUT, `${name}.mjs`)));
    rows.push({
      name,
      unzippedBytes: sizes.get(name) ?? NaN,
      coldMs,
      importMs: coldMs - baselineMs,
    });
  }
  return { baselineMs, rows };
}

export function print(f: Awaited<ReturnType<typeof run>>) {
  console.log(`Lambda zips (unzipped, from serverless package) and cold import (median of ${RUNS} fresh processes)`);
  console.log('  import: the deployed handler module, its bundle split at import() as packaging builds it');
  console.log(
    `  baselines: Lambda's limit ${SIZE_LIMIT / MB} MB unzipped; empty node process ${f.baselineMs.toFixed(0)} ms`,
  );
  for (const r of f.rows) {
    const size = `${(r.unzippedBytes / MB).toFixed(1).padStart(6)} MB (×${(r.unzippedBytes / SIZE_LIMIT).toFixed(2)} of the limit, ${((SIZE_LIMIT - r.unzippedBytes) / MB).toFixed(0).padStart(3)} MB margin)`;
    const cold = `import +${r.importMs.toFixed(0).padStart(4)} ms over baseline (×${(r.coldMs / f.baselineMs).toFixed(2)})`;
    const flags = [r.unzippedBytes > SIZE_LIMIT ? 'over the limit' : '', r.importMs > IMPORT_TARGET_MS ? '>150 ms' : '']
      .filter(Boolean)
      .join(', ');
    console.log(`  ${r.name.padEnd(18)} ${size}  ${cold}${flags ? `  (${flags})` : ''}`);
  }
}

if (isMain(import.meta.url)) print(await run());

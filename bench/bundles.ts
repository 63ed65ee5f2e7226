// Each handler's bundle, built with the esbuild options serverless.yml gives serverless-esbuild
// (AWS SDK left to the Lambda runtime), and its cold init: a fresh `node` importing it, against
// a fresh `node` importing nothing, in the same run. Run: node --import tsx bench/bundles.ts
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadServerless, PROJECT_ROOT } from '../local/serverless-config';
import { isMain, percentile } from './stats';

const OUT = join(PROJECT_ROOT, '.tmp', 'bench-bundles');
const RUNS = 7;

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

function coldImportMs(file: string | undefined): number {
  const samples: number[] = [];
  const script = file ? `await import(${JSON.stringify(file)})` : '';
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: ENV, cwd: PROJECT_ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`importing ${file} failed: ${r.stderr}`);
    samples.push(performance.now() - t);
  }
  return percentile(samples.sort((a, b) => a - b), 50);
}

export async function run() {
  const doc = loadServerless() as unknown as { functions: Record<string, { handler: string }>; custom: { esbuild: Record<string, unknown> } };
  const opts = doc.custom.esbuild as { minify: boolean; target: string; external: string[]; exclude: string[]; banner: { js: string }; alias: Record<string, string> };
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const baselineMs = coldImportMs(undefined);
  const rows = [];
  for (const [name, fn] of Object.entries(doc.functions)) {
    const entry = join(PROJECT_ROOT, `${fn.handler.slice(0, fn.handler.lastIndexOf('.'))}.ts`);
    const outfile = join(OUT, `${name}.mjs`);
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      minify: opts.minify,
      platform: 'node',
      target: opts.target,
      format: 'esm',
      external: [...opts.external, ...opts.exclude],
      banner: opts.banner,
      alias: opts.alias,
      logLevel: 'error',
    });
    const bytes = statSync(outfile).size;
    const coldMs = coldImportMs(outfile);
    rows.push({ name, bytes, coldMs, initMs: coldMs - baselineMs });
  }
  return { baselineMs, rows };
}

export function print(f: Awaited<ReturnType<typeof run>>) {
  console.log(`Handler bundles (minified ESM, AWS SDK external) and cold init (median of ${RUNS} fresh processes)`);
  console.log(`  baseline: empty node process ${f.baselineMs.toFixed(0)} ms`);
  for (const r of f.rows) {
    const mb = r.bytes / 1024 / 1024;
    console.log(
      `  ${r.name.padEnd(16)} ${mb.toFixed(2).padStart(5)} MB ${mb <= 1.5 ? '     ' : '(>1.5)'}  cold import +${r.initMs.toFixed(0)} ms over baseline (×${(r.coldMs / f.baselineMs).toFixed(2)})${r.initMs <= 150 ? '' : '  (>150 ms)'}`,
    );
  }
}

if (isMain(import.meta.url)) print(await run());

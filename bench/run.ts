// `npm run bench [name …]`: runs each benchmark in its own fresh process, one after another, so
// no benchmark's warm caches or garbage skew the next. Each prints its figures with its baseline.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../local/serverless-config';

const ALL = [
  'http-stack',
  'stack-memory',
  'bundles',
  'cold-start',
  'spec-corpus',
  'ingest-embedder',
  'ingest',
  'retrieval',
  'retrieval-dense',
  'sql',
  'sql-own-set',
  'perturbations',
  'functions',
  'sandbox',
  'builds',
  'aws-builds',
  'tool-args',
  'structured',
  'structured-perturbations',
  'structured-schemas',
  'integrator-sets',
  'catalog',
  'mcp',
  'validation',
  'ingest-hardening',
  'rie',
  'tracer',
];

/** Benchmarks that live with the package they measure; the rest are in bench/. */
const FOLDERS: Record<string, string> = {
  'tool-args': 'packages/heuristic-engine/bench',
  structured: 'packages/heuristic-engine/bench',
  'structured-perturbations': 'packages/heuristic-engine/bench',
};
const fileOf = (name: string) => join(FOLDERS[name] ?? 'bench', `${name}.ts`);

const asked = process.argv.slice(2);
const unknown = asked.filter((n) => !ALL.includes(n));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${ALL.join(', ')}`);
  process.exit(2);
}
const names = (asked.length ? asked : ALL).filter((n) => existsSync(join(PROJECT_ROOT, fileOf(n))));
let failed = 0;
for (const name of names) {
  console.log(`\n### ${fileOf(name)}`);
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileOf(name)], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  console.log(
    `(${fileOf(name)}: ${((performance.now() - started) / 1000).toFixed(1)} s${r.status === 0 ? '' : `, exit ${r.status}`})`,
  );
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);

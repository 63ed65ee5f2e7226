// Deploy-to-ready on the AWS build path, per runtime, on this machine's stand-ins: the Lambda
// invoker's build through CodeBuild (moto's server; the buildspec carried out by the stand-in
// executor) and its Lambda on a loopback Lambda API under the Runtime Interface Emulator
// (tests/integration/functions/aws-build-stack.ts). Cold: the executor's Go build cache and Maven
// repository empty (what a CodeBuild project without a cache does on every build); cached: a
// redeploy of new code with them kept (what CodeBuild's local cache would give). Also the size of
// the zip handed to Lambda and the first call's time (the function's cold start under the RIE).
// What CodeBuild adds on AWS (provisioning a container, pulling the source, uploading the artifact:
// typically tens of seconds) is not in these figures.
// Run: npm run bench -- aws-builds
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { directoryFiles, writeBundle } from '../lib/functions/bundle';
import { deployFunction } from '../lib/functions/deploy';
import type { FunctionRecord } from '../lib/functions/ports';
import { createLogger } from '../lib/log';
import { PROJECT_ROOT } from '../local/serverless-config';
import { startAwsBuildStack } from '../tests/integration/functions/aws-build-stack';
import {
  GO_WITH_UUID,
  JAVA_WITH_ORG_JSON,
  NODE_WITH_MS,
  PYTHON_WITH_SIX,
} from '../tests/integration/functions/dependency-fixtures';
import { bundleOf, functionDir, type FunctionFixture } from '../tests/unit/functions/support';

// The executor's caches start empty in a folder of this run (cold), and are kept for the redeploys.
const cache = mkdtempSync(join(tmpdir(), 'fnq-bench-aws-builds-'));
process.env.FNQ_CODEBUILD_STAND_IN_CACHE = cache;
const log = createLogger({ sink: () => undefined });
const stack = await startAwsBuildStack();

const bundle = async (f: FunctionFixture) => {
  const dir = await functionDir(f);
  try {
    return await bundleOf(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
const php = async (marker: string) => {
  const files = await directoryFiles(join(PROJECT_ROOT, 'examples/functions/php'));
  const entry = Buffer.from(files.get('index.php')!).toString();
  files.set('index.php', new TextEncoder().encode(`${entry}\n// ${marker}\n`));
  return writeBundle(files);
};
/** The same function with a comment changed: new code, same dependencies. */
const changed = (f: FunctionFixture, comment: string): FunctionFixture => {
  const [entry, source] = Object.entries(f.files)[0]!;
  const mark = entry.endsWith('.py') ? `# ${comment}` : `// ${comment}`;
  return { ...f, files: { ...f.files, [entry]: `${source}\n${mark}\n` } };
};

async function timed(zip: Uint8Array) {
  const started = performance.now();
  const { record } = await deployFunction(stack.deps, 'acct-bench', zip);
  const deployMs = performance.now() - started;
  const called = performance.now();
  await stack.deps.invoker.invoke(
    record,
    { method: 'POST', query: {}, headers: {}, body: { text: 'x', name: 'Ada' } },
    { timeoutMs: 60_000, log },
  );
  return { record, deployMs, firstCallMs: performance.now() - called };
}

const lambdaZipBytes = (record: FunctionRecord) =>
  statSync(stack.lambdaApi.functions.get(`fnquery-test-fn-${record.shortname}`)!.zip).size;

// The baseline of the same run: a Node function that needs no build (the bundle and the bootstrap
// handed to Lambda as they are), so each ratio is what the build adds to a deploy.
const plain = (n: number): FunctionFixture => ({
  shortname: 'plain-node',
  requirements: NODE_WITH_MS.requirements,
  files: { 'index.mjs': `export const handler = () => ({ n: ${n} });` },
});
await timed(await bundle(plain(0))); // the first Lambda create of the run warms the RIE's runtime client
const baseline = (await timed(await bundle(plain(1)))).deployMs;
console.log(`baseline: a Node deploy without a build, ${(baseline / 1000).toFixed(2)} s to ready`);

const rows: string[] = [];
const cases: [string, () => Promise<Uint8Array>, () => Promise<Uint8Array>][] = [
  ['Node (`ms`)', () => bundle(NODE_WITH_MS), () => bundle(changed(NODE_WITH_MS, 'v2'))],
  ['Python (`six`)', () => bundle(PYTHON_WITH_SIX), () => bundle(changed(PYTHON_WITH_SIX, 'v2'))],
  ['Go (`uuid`)', () => bundle(GO_WITH_UUID), () => bundle(changed(GO_WITH_UUID, 'v2'))],
  ['Java (`org.json`)', () => bundle(JAVA_WITH_ORG_JSON), () => bundle(changed(JAVA_WITH_ORG_JSON, 'v2'))],
  ['PHP (no dependency)', () => php('v1'), () => php('v2')],
];
try {
  for (const [name, first, second] of cases) {
    const cold = await timed(await first());
    const cached = await timed(await second());
    const mb = (lambdaZipBytes(cached.record) / 1e6).toFixed(2);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const x = (ms: number) => `×${(ms / baseline).toFixed(0)}`;
    rows.push(
      `| ${name} | ${s(cold.deployMs)} (${x(cold.deployMs)}) | ${s(cached.deployMs)} (${x(cached.deployMs)}) | ${mb} MB | ${s(cold.firstCallMs)} / ${s(cached.firstCallMs)} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await stack.stop();
  rmSync(cache, { recursive: true, force: true });
}
console.log(`\nagainst a Node deploy without a build: ${(baseline / 1000).toFixed(2)} s`);
console.log('| runtime | deploy-to-ready, cold | cached (redeploy) | zip to Lambda | first call (cold start) |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);

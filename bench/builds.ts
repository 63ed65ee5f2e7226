// Deploys with dependencies on the local runtime, through the asynchronous path (submit, build
// worker step, record polled until ready): deploy-to-ready time per language with a cold download
// cache (a function never built here) and with its cache warm (a redeploy of new code), the size of
// what each build produced (code, runner and installed dependencies) and of the function's download
// cache. Then a build held open for 90 s by a slow package download (a loopback server allowed as a
// mirror), during which a deployed function keeps being called: its warm-call latency and the
// service process's event-loop delay, against the same measured idle just before, in the same run.
// Run: npm run bench -- builds
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BlobDeploymentStore } from '../lib/functions/build/blob-deployment-store';
import { runDeployment, submitDeployment } from '../lib/functions/build/deployments';
import type { DeploymentRecord } from '../lib/functions/build/ports';
import type { FunctionRecord } from '../lib/functions/ports';
import { ProcessInvoker } from '../lib/functions/process-runtime/process-invoker';
import { bytesUnder } from '../lib/functions/process-runtime/toolchains';
import { createLogger } from '../lib/log';
import {
  GO_WITH_UUID,
  JAVA_WITH_ORG_JSON,
  NODE_WITH_MS,
  POST_JSON,
  PYTHON_WITH_SIX,
} from '../tests/integration/functions/dependency-fixtures';
import { MemoryBlobStore } from '../tests/support/memory-ingest-stores';
import { bundleOf, functionDir, MemoryFunctionRegistry, type FunctionFixture } from '../tests/unit/functions/support';
import { percentile } from './stats';

const SLOW_BUILD_MS = 90_000;
const log = createLogger({ sink: () => undefined });
const workDir = await mkdtemp(join(tmpdir(), 'fnq-bench-builds-'));
const blobs = new MemoryBlobStore();
const registry = new MemoryFunctionRegistry();
const deployments = new BlobDeploymentStore(blobs);

// A package whose tarball trickles out over SLOW_BUILD_MS, from a loopback "mirror".
const pkgDir = await mkdtemp(join(tmpdir(), 'fnq-bench-pkg-'));
await mkdir(join(pkgDir, 'package'));
await writeFile(
  join(pkgDir, 'package', 'package.json'),
  JSON.stringify({ name: 'slow-pkg', version: '1.0.0', main: 'index.js' }),
);
await writeFile(join(pkgDir, 'package', 'index.js'), 'module.exports = () => "slow";\n');
execFileSync('tar', ['czf', join(pkgDir, 'slow.tgz'), '-C', pkgDir, 'package']);
const tarball = readFileSync(join(pkgDir, 'slow.tgz'));
const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
const mirror = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tarball.length });
  const step = Math.max(1, Math.floor(SLOW_BUILD_MS / tarball.length));
  let i = 0;
  const timer = setInterval(() => {
    if (i >= tarball.length) return void (clearInterval(timer), res.end());
    res.write(tarball.subarray(i, i + 1));
    i++;
  }, step);
  res.on('close', () => clearInterval(timer));
});
await new Promise<void>((r) => mirror.listen(0, '127.0.0.1', r));
const mirrorAt = `127.0.0.1:${(mirror.address() as AddressInfo).port}`;

const invoker = new ProcessInvoker({ blobs, workDir, memoryMb: 512, log, registries: [mirrorAt] });

async function deploy(f: FunctionFixture): Promise<{ record: DeploymentRecord; ms: number }> {
  const started = performance.now();
  let queued = '';
  const submitted = await submitDeployment(
    { registry, blobs, deployments, log, queue: { send: async (m) => void (queued = m.deploymentId) } },
    'bench',
    await bundleOf(await functionDir(f)),
  );
  await runDeployment({ registry, blobs, invoker, deployments, log }, queued);
  const record = (await deployments.get(submitted.id))!;
  return { record, ms: performance.now() - started };
}

const versionDirOf = async (shortname: string) => {
  const fn = (await registry.get(shortname))!;
  return join(workDir, shortname.toLowerCase(), `v${fn.version}-${fn.codeSha256.slice(0, 12)}`);
};
const mb = (b: number) => (b < 1048576 ? `${(b / 1024).toFixed(0)} KB` : `${(b / 1048576).toFixed(1)} MB`);

const call = async (shortname: string) =>
  invoker.invoke(
    (await registry.get(shortname)) as FunctionRecord,
    { method: 'POST', query: {}, headers: {}, body: null },
    {
      timeoutMs: 30_000,
      log,
    },
  );

try {
  console.log(
    'deploy-to-ready, local runtime, confined builds (cold: empty download cache; cached: redeploy with new code)',
  );
  console.log('language  cold s   cached s  artifact    download cache');
  for (const [language, f, edit] of [
    ['node', NODE_WITH_MS, 'index.mjs'],
    ['python', PYTHON_WITH_SIX, 'main.py'],
    ['go', GO_WITH_UUID, 'main.go'],
    ['java', JAVA_WITH_ORG_JSON, 'Main.java'],
  ] as const) {
    const cold = await deploy(f);
    if (cold.record.status !== 'ready') {
      console.log(`${language.padEnd(9)} failed: ${cold.record.messages?.join(' ')}`);
      continue;
    }
    const changed = {
      ...f,
      files: { ...f.files, [edit]: `${f.files[edit]}\n${language === 'python' ? '#' : '//'} v2\n` },
    };
    const cached = await deploy(changed);
    const artifact = await bytesUnder(await versionDirOf(f.shortname));
    const cache = await bytesUnder(join(workDir, 'deps-cache', f.shortname));
    console.log(
      `${language.padEnd(9)} ${(cold.ms / 1000).toFixed(1).padStart(6)}  ${(cached.ms / 1000).toFixed(1).padStart(7)}   ${mb(artifact).padStart(9)}   ${mb(cache).padStart(9)}`,
    );
  }

  // The function called during the slow build, and the idle baseline measured just before.
  const probe = await deploy({
    shortname: 'bench-probe',
    requirements: POST_JSON,
    files: { 'index.mjs': 'export const handler = () => ({ ok: 1 });' },
  });
  if (probe.record.status !== 'ready') throw new Error(`probe not deployed: ${probe.record.messages}`);
  const sample = async (untilDone: () => boolean) => {
    const latencies: number[] = [];
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    while (!untilDone()) {
      const t = performance.now();
      await call('bench-probe');
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
    loop.disable();
    latencies.sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      n: latencies.length,
      loopP99: loop.percentile(99) / 1e6,
    };
  };
  const idleUntil = Date.now() + 15_000;
  const idle = await sample(() => Date.now() > idleUntil);
  let building = true;
  const slow = deploy({
    shortname: 'bench-slow',
    requirements: POST_JSON,
    files: {
      'index.mjs': "import slow from 'slow-pkg';\nexport const handler = () => ({ v: slow() });",
      'package.json': JSON.stringify({ name: 'bench-slow', version: '1.0.0', dependencies: { 'slow-pkg': '1.0.0' } }),
      'package-lock.json': JSON.stringify({
        name: 'bench-slow',
        version: '1.0.0',
        lockfileVersion: 3,
        requires: true,
        packages: {
          '': { name: 'bench-slow', version: '1.0.0', dependencies: { 'slow-pkg': '1.0.0' } },
          'node_modules/slow-pkg': { version: '1.0.0', resolved: `http://${mirrorAt}/slow-pkg-1.0.0.tgz`, integrity },
        },
      }),
    },
  }).finally(() => (building = false));
  const during = await sample(() => !building);
  const slowBuild = await slow;
  console.log(
    `\nslow build: ${slowBuild.record.status} after ${(slowBuild.ms / 1000).toFixed(1)} s (tarball trickled over ${SLOW_BUILD_MS / 1000} s)`,
  );
  console.log('warm call to another function   idle (baseline)      during the build     ratio');
  console.log(
    `  p50                           ${idle.p50.toFixed(2).padStart(8)} ms         ${during.p50.toFixed(2).padStart(8)} ms      ×${(during.p50 / idle.p50).toFixed(2)}`,
  );
  console.log(
    `  p99                           ${idle.p99.toFixed(2).padStart(8)} ms         ${during.p99.toFixed(2).padStart(8)} ms      ×${(during.p99 / idle.p99).toFixed(2)}`,
  );
  console.log(
    `  event-loop delay p99          ${idle.loopP99.toFixed(2).padStart(8)} ms         ${during.loopP99.toFixed(2).padStart(8)} ms      ×${(during.loopP99 / idle.loopP99).toFixed(2)}`,
  );
  console.log(
    `  calls                         ${String(idle.n).padStart(8)}            ${String(during.n).padStart(8)}`,
  );
} finally {
  invoker.stopAll();
  mirror.close();
  await rm(workDir, { recursive: true, force: true });
  await rm(pkgDir, { recursive: true, force: true });
}

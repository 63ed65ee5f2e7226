// Deploy → poll → call with a real third-party dependency in Node (npm, from the lockfile), Python
// (a wheel from requirements.txt), Go (a module pinned by go.sum) and Java (a jar named by pom.xml),
// each installed at build time by the confined build, which reaches the registries only through the
// registry proxy. Also: what builds may not reach, a missing lockfile, a failed build that leaves the
// version in service answering, and Go's version check.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobDeploymentStore } from '../../../lib/functions/build/blob-deployment-store';
import { runDeployment, submitDeployment } from '../../../lib/functions/build/deployments';
import type { BuildMessage, DeploymentRecord } from '../../../lib/functions/build/ports';
import type { FunctionRecord } from '../../../lib/functions/ports';
import { ProcessInvoker } from '../../../lib/functions/process-runtime/process-invoker';
import { createLogger } from '../../../lib/log';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { bundleOf, functionDir, MemoryFunctionRegistry, type FunctionFixture } from '../../unit/functions/support';
import { GO_WITH_UUID, JAVA_WITH_ORG_JSON, NODE_WITH_MS, POST_JSON, PYTHON_WITH_SIX } from './dependency-fixtures';
import { toolchainMissing } from './toolchains';

const noSandbox = await toolchainMissing('bwrap');
const sandboxed = describe.skipIf(Boolean(noSandbox));

const log = createLogger({ sink: () => undefined });
const workDir = await mkdtemp(join(tmpdir(), 'fnq-deps-'));
const blobs = new MemoryBlobStore();
const registry = new MemoryFunctionRegistry();
const deployments = new BlobDeploymentStore(blobs);
const invoker = new ProcessInvoker({ blobs, workDir, memoryMb: 512, log });
const queued: BuildMessage[] = [];
const owner = 'acct-deps';

afterAll(async () => {
  invoker.stopAll();
  await rm(workDir, { recursive: true, force: true });
});

/** Submits the bundle, runs the build worker's step for it, and polls the record as a client would. */
async function deploy(f: FunctionFixture): Promise<DeploymentRecord> {
  const record = await submitDeployment(
    { registry, blobs, deployments, log, queue: { send: async (m) => void queued.push(m) } },
    owner,
    await bundleOf(await functionDir(f)),
  );
  expect(record.status).toBe('queued');
  const build = runDeployment({ registry, blobs, invoker, deployments, log }, queued.shift()!.deploymentId);
  const seen = new Set<string>();
  const deadline = Date.now() + 600_000;
  let current = record;
  while (current.status !== 'ready' && current.status !== 'failed' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    current = (await deployments.get(record.id))!;
    seen.add(current.status);
  }
  await build;
  expect(seen.has('building') || current.status !== 'queued').toBe(true);
  return (await deployments.get(record.id))!;
}

const call = async (shortname: string, body: unknown = null) =>
  invoker.invoke(
    (await registry.get(shortname)) as FunctionRecord,
    { method: 'POST', query: {}, headers: {}, body },
    {
      timeoutMs: 30_000,
      log,
    },
  );

sandboxed('dependencies installed at build time', () => {
  it('Node: npm ci from package-lock.json, the package required at call time', async () => {
    const done = await deploy(NODE_WITH_MS);
    expect(done.messages).toBeUndefined();
    expect(done.status).toBe('ready');
    expect((await call('dep-node')).body).toEqual({ ms: 172800000, long: '2 minutes' });
  }, 300_000);

  it('Node: a package.json without a lockfile is refused as unpinned', async () => {
    const done = await deploy({
      shortname: 'dep-node-unpinned',
      requirements: POST_JSON,
      files: {
        'index.mjs': 'export const handler = () => ({});',
        'package.json': JSON.stringify({ name: 'x', version: '1.0.0', dependencies: { ms: '^2' } }),
      },
    });
    expect(done.status).toBe('failed');
    expect(done.messages![0]).toMatch(
      /^ISSUE: dep-node-unpinned has a package.json but no package-lock.json.*ADVICE: Create the lockfile/,
    );
  }, 60_000);

  it('Python: a wheel from requirements.txt, beside the runner', async (ctx) => {
    const done = await deploy(PYTHON_WITH_SIX);
    if (done.messages?.[0]?.includes('No module named pip')) return ctx.skip('the host Python has no pip');
    expect(done.messages).toBeUndefined();
    expect((await call('dep-python')).body).toEqual({ text: 'café', six: '1.16.0' });
  }, 300_000);

  it('Go: a module pinned by go.sum, downloaded through the module proxy', async (ctx) => {
    const missing = await toolchainMissing('go');
    if (missing) return ctx.skip(missing);
    const done = await deploy(GO_WITH_UUID);
    expect(done.messages).toBeUndefined();
    // A name-based (SHA-1) UUID is the same everywhere: the module ran.
    expect((await call('dep-go')).body).toEqual({ id: '77980eae-c343-5b01-9823-eb6ac1da021f' });
  }, 300_000);

  it('Java: a jar named by pom.xml, on the class path at call time', async (ctx) => {
    const missing = await toolchainMissing('java');
    if (missing) return ctx.skip(missing);
    const done = await deploy(JAVA_WITH_ORG_JSON);
    expect(done.messages).toBeUndefined();
    expect((await call('dep-java')).body).toEqual({ json: '{"n":3}' });
  }, 600_000);

  it('keeps the version in service answering when the next build fails, and says why', async () => {
    const good = await deploy({
      shortname: 'dep-keep',
      requirements: POST_JSON,
      files: { 'index.mjs': 'export const handler = () => ({ v: 1 });' },
    });
    expect(good.status).toBe('ready');
    const bad = await deploy({
      shortname: 'dep-keep',
      requirements: POST_JSON,
      files: {
        'index.mjs': 'export const handler = () => ({ v: 2 });',
        'package.json': JSON.stringify({
          name: 'x',
          version: '1.0.0',
          dependencies: { 'no-such-package-fnq-test': '1.0.0' },
        }),
        'package-lock.json': JSON.stringify({
          name: 'x',
          version: '1.0.0',
          lockfileVersion: 3,
          requires: true,
          packages: {
            '': { name: 'x', version: '1.0.0', dependencies: { 'no-such-package-fnq-test': '1.0.0' } },
            'node_modules/no-such-package-fnq-test': {
              version: '1.0.0',
              resolved: 'http://127.0.0.1:9/no-such-package-fnq-test-1.0.0.tgz',
              integrity: 'sha512-AAAA',
            },
          },
        }),
      },
    });
    expect(bad.status).toBe('failed');
    expect(bad.messages![0]).toMatch(
      /^ISSUE: The nodejs20 code of dep-keep has dependencies that could not be installed: /,
    );
    // The lockfile named a loopback address: the proxy refused it, and the build says so first.
    expect(bad.messages![0]).toMatch(/refused: 127\.0\.0\.1:9 \(not a package registry builds may reach\)/);
    expect((await registry.get('dep-keep'))?.version).toBe(1);
    expect((await call('dep-keep')).body).toEqual({ v: 1 });
  }, 300_000);

  it('refuses a Go version newer than the host has, naming both', async (ctx) => {
    const missing = await toolchainMissing('go');
    if (missing) return ctx.skip(missing);
    // go199 is not in the runtime table, so the check is exercised through go.mod's own directive.
    const done = await deploy({
      shortname: 'dep-go-new',
      runtime: 'go122',
      entrypoint: 'Handler',
      requirements: POST_JSON,
      files: {
        'main.go': 'package main\n\nfunc Handler(request map[string]any) (any, error) { return nil, nil }\n',
        'go.mod': 'module function\n\ngo 1.99\n',
      },
    });
    expect(done.status).toBe('failed');
    expect(done.messages![0]).toMatch(/go\.mod requires go >= 1\.99/);
  }, 120_000);
});

// Builds in a cgroup of their own, on this host's real hierarchy: a dependency install that needs more
// memory than the build's cap (npm ci reading a huge lockfile) is stopped by the kernel and the
// deployment fails saying so, with no group and no process of the build left behind; a normal install
// under the same cap builds, and its function answers. Where no cgroup exists, Java still builds (the
// JVM cannot start under the strict memory filter the workers get there).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BlobDeploymentStore } from '../../../lib/functions/build/blob-deployment-store';
import { runDeployment, submitDeployment } from '../../../lib/functions/build/deployments';
import type { BuildMessage, DeploymentRecord } from '../../../lib/functions/build/ports';
import type { FunctionRecord } from '../../../lib/functions/ports';
import { findCgroups, type Cgroups } from '../../../lib/functions/process-runtime/cgroups';
import { ProcessInvoker } from '../../../lib/functions/process-runtime/process-invoker';
import { createLogger } from '../../../lib/log';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { bundleOf, functionDir, MemoryFunctionRegistry, type FunctionFixture } from '../../unit/functions/support';
import { toolchainMissing } from './toolchains';

const noSandbox = await toolchainMissing('bwrap');
const hostCgroups = await findCgroups();
if (noSandbox || !hostCgroups)
  console.warn(`Skipping the build cgroup tests: ${noSandbox ?? 'no usable cgroup hierarchy here'}`);

const BUILD_CAP_MB = 128;
const log = createLogger({ sink: () => undefined });
const workDir = await mkdtemp(join(tmpdir(), 'fnq-build-cgroup-'));
const blobs = new MemoryBlobStore();
const registry = new MemoryFunctionRegistry();
const deployments = new BlobDeploymentStore(blobs);
const owner = 'acct-build-cgroup';

/** The host's own cgroups, with every group's folders noted, so the test can see they are gone after. */
const groupDirs: string[][] = [];
const observed = (real: Cgroups): Cgroups => ({
  mechanism: real.mechanism,
  async create(name, limits) {
    const group = await real.create(name, limits);
    groupDirs.push(group.procsFiles.map(dirname));
    return group;
  },
});
const invoker = new ProcessInvoker({
  blobs,
  workDir,
  memoryMb: 256,
  log,
  buildMemoryMb: BUILD_CAP_MB,
  cgroups: async () => (hostCgroups ? observed(hostCgroups) : undefined),
});

/** The same host with no cgroup: builds fall back to the rlimits, under the strict seccomp filter. */
const noCgroup = new ProcessInvoker({
  blobs,
  workDir: join(workDir, 'no-cgroup'),
  memoryMb: 256,
  log,
  cgroups: async () => undefined,
});
const noJava = await toolchainMissing('java');

afterAll(async () => {
  invoker.stopAll();
  noCgroup.stopAll();
  await rm(workDir, { recursive: true, force: true });
});

async function deploy(f: FunctionFixture, via = invoker): Promise<DeploymentRecord> {
  const queued: BuildMessage[] = [];
  const record = await submitDeployment(
    { registry, blobs, deployments, log, queue: { send: async (m) => void queued.push(m) } },
    owner,
    await bundleOf(await functionDir(f)),
  );
  await runDeployment({ registry, blobs, invoker: via, deployments, log }, queued[0]!.deploymentId);
  return (await deployments.get(record.id))!;
}

/** Processes whose command line names the work folder: a build's, or anything it left running. */
function processesUnder(dir: string): string[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .flatMap((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
        return cmdline.includes(dir) ? [`${pid}: ${cmdline}`] : [];
      } catch {
        return []; // ended meanwhile
      }
    });
}

const packageJson = (name: string) => JSON.stringify({ name, version: '1.0.0', private: true, dependencies: {} });
const lockfile = (name: string, packages: Record<string, unknown> = {}) =>
  JSON.stringify({
    name,
    version: '1.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name, version: '1.0.0' }, ...packages },
  });

/** A lockfile of 200,000 made-up packages (about 45 MB, a 2 MB zip): npm needs far more than the cap to read it. */
function hugeLockfile(name: string): string {
  const packages: Record<string, unknown> = {};
  for (let i = 0; i < 200_000; i++) {
    packages[`node_modules/made-up-${i}`] = {
      version: `1.0.${i}`,
      resolved: `https://registry.npmjs.org/made-up-${i}/-/made-up-${i}-1.0.${i}.tgz`,
      integrity: `sha512-${'A'.repeat(86)}==`,
    };
  }
  return lockfile(name, packages);
}

describe.skipIf(Boolean(noSandbox) || !hostCgroups)('builds in a cgroup of their own', () => {
  it('fails an install that goes over the build memory cap, saying so, and leaves nothing running', async () => {
    const groupsBefore = groupDirs.length;
    const done = await deploy({
      shortname: 'build-over-cap',
      files: {
        'index.mjs': 'export const handler = () => ({ ok: true });',
        'package.json': packageJson('build-over-cap'),
        'package-lock.json': hugeLockfile('build-over-cap'),
      },
    });
    expect(done.status).toBe('failed');
    expect(done.messages?.[0]).toMatch(
      new RegExp(
        `^ISSUE: .*build-over-cap has dependencies that could not be installed: stopped at the build's memory cap of ${BUILD_CAP_MB} MB.*ADVICE: `,
      ),
    );
    expect(await registry.get('build-over-cap')).toBeUndefined();
    // The install had its own group; the group is gone (a cgroup folder only goes once empty), and so is every process.
    const made = groupDirs.slice(groupsBefore);
    expect(made).toHaveLength(1);
    for (const dir of made.flat()) expect(existsSync(dir), dir).toBe(false);
    expect(processesUnder(workDir)).toEqual([]);
  }, 300_000);

  it('builds a normal install under the same cap, and the function answers', async () => {
    const groupsBefore = groupDirs.length;
    const done = await deploy({
      shortname: 'build-under-cap',
      requirements: { requestType: 'GET' },
      files: {
        'index.mjs': 'export const handler = () => ({ built: true });',
        'package.json': packageJson('build-under-cap'),
        'package-lock.json': lockfile('build-under-cap'),
      },
    });
    expect(done.messages).toBeUndefined();
    expect(done.status).toBe('ready');
    const made = groupDirs.slice(groupsBefore);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const dir of made.flat()) expect(existsSync(dir), dir).toBe(false);
    const fn = (await registry.get('build-under-cap')) as FunctionRecord;
    const reply = await invoker.invoke(
      fn,
      { method: 'GET', query: {}, headers: {}, body: null },
      { timeoutMs: 30_000, log },
    );
    expect(reply.body).toEqual({ built: true });
  }, 300_000);
});

describe.skipIf(Boolean(noSandbox) || Boolean(noJava))('builds where no cgroup exists', () => {
  // The strict memory filter refuses shared mappings, and the JVM maps its runtime image shared (read-only):
  // javac could not start under it, so builds there run under the filter without the memory rules.
  it('compiles Java where the workers run under the strict memory filter', async () => {
    const done = await deploy(
      {
        shortname: 'build-java-strict',
        runtime: 'java17',
        requirements: { requestType: 'GET' },
        files: {
          'Main.java':
            'import java.util.Map;\npublic class Main {\n  public static Object handler(Map<String, Object> request) {\n    return Map.of("compiled", true);\n  }\n}\n',
        },
      },
      noCgroup,
    );
    expect(done.messages).toBeUndefined();
    expect(done.status).toBe('ready');
    expect((await registry.get('build-java-strict'))?.runtime).toBe('java17');
  }, 300_000);
});

describe.skipIf(Boolean(noSandbox))('a build whose cgroup cannot be made', () => {
  it('does not run, and the deployment fails with advice', async () => {
    const refusing = new ProcessInvoker({
      blobs,
      workDir: join(workDir, 'refusing'),
      memoryMb: 256,
      log,
      cgroups: async () => ({
        mechanism: 'a hierarchy that refuses new groups',
        create: async () => {
          throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        },
      }),
    });
    const done = await deploy(
      {
        shortname: 'build-uncapped',
        files: {
          'index.mjs': 'export const handler = () => ({});',
          'package.json': packageJson('build-uncapped'),
          'package-lock.json': lockfile('build-uncapped'),
        },
      },
      refusing,
    );
    expect(done.status).toBe('failed');
    expect(done.messages?.[0]).toMatch(
      /^ISSUE: The build of build-uncapped could not be given its memory cap \(ENOSPC\), so it did not run.*ADVICE: /,
    );
    expect(existsSync(join(workDir, 'refusing', 'build-uncapped', 'node_modules'))).toBe(false);
  }, 120_000);
});

// Two accounts on the local runtime, with the service's routes in separate invokers as serverless
// offline runs them (deploy, invoke and DELETE are separate Lambdas): each function runs as a uid of
// its own, so an attacker holding every process it may start leaves another account's function
// its full share; and DELETE then redeploy of identical code answers at once.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessInvoker } from '../../../lib/functions/process-runtime/process-invoker';
import { deployFunction } from '../../../lib/functions/deploy';
import { deleteFunction, type HostingDeps } from '../../../lib/functions/manage';
import { registryKey, type FunctionRecord, type FunctionRequest } from '../../../lib/functions/ports';
import { createLogger } from '../../../lib/log';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { bundleOf, functionDir, MemoryFunctionRegistry, type FunctionFixture } from '../../unit/functions/support';
import { toolchainMissing } from './toolchains';

const noSandbox = await toolchainMissing('bwrap');
if (noSandbox) console.warn(`Skipping the uid and redeploy tests: ${noSandbox}`);
const asRoot = process.getuid?.() === 0;

const log = createLogger({ level: 'warn', sink: () => undefined });
const root = await mkdtemp(join(tmpdir(), 'fnq-uids-redeploy-'));
const workDir = join(root, 'work');
const registry = new MemoryFunctionRegistry();
const blobs = new MemoryBlobStore();
const routes = {
  deploys: new ProcessInvoker({ blobs, workDir, memoryMb: 256, log }),
  invokes: new ProcessInvoker({ blobs, workDir, memoryMb: 256, log }),
  deletes: new ProcessInvoker({ blobs, workDir, memoryMb: 256, log }),
};
const via = (invoker: ProcessInvoker): HostingDeps => ({ registry, blobs, invoker, log });

afterAll(async () => {
  for (const invoker of Object.values(routes)) invoker.stopAll();
  await rm(root, { recursive: true, force: true });
});

const request = (query: Record<string, string> = {}): FunctionRequest => ({
  method: 'POST',
  query,
  headers: {},
  body: null,
});
const deploy = async (f: FunctionFixture, owner: string) =>
  (await deployFunction(via(routes.deploys), owner, await bundleOf(await functionDir(f)))).record;
const call = (fn: FunctionRecord, query: Record<string, string> = {}, timeoutMs = 10_000) =>
  routes.invokes.invoke(fn, request(query), { timeoutMs, log }).then((r) => r.body);

/** Resolves once the host's count of `sleep <marker>` processes is above zero and the same on two looks. */
async function holding(marker: string, timeoutMs = 10_000) {
  const count = async () => {
    let n = 0;
    for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p)))
      if ((await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').includes(marker)) n++;
    return n;
  };
  const until = Date.now() + timeoutMs;
  for (let last = -1; ;) {
    const now = await count();
    if (now > 0 && now === last) return;
    if (Date.now() > until) throw new Error(`the attacker's children never settled (${now} seen)`);
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts `sleep` children until the kernel refuses one (or `max`), holds them `holdMs`, and reports how many it got. */
const FORKER = `
import { spawn } from 'node:child_process';
export async function handler(r) {
  const max = Number(r.query.max), children = [];
  for (let i = 0; i < max; i++) {
    const child = await new Promise((resolve) => {
      const c = spawn('sleep', [r.query.marker ?? '30'], { stdio: 'ignore' });
      c.once('spawn', () => resolve(c));
      c.once('error', () => resolve(undefined));
    });
    if (!child) break;
    children.push(child);
  }
  await new Promise((resolve) => setTimeout(resolve, Number(r.query.holdMs)));
  return { uid: process.getuid(), started: children.length };
}`;

const sandboxed = describe.skipIf(Boolean(noSandbox));

sandboxed('uids of their own', () => {
  it.skipIf(!asRoot)(
    "lets no account's processes use up another's: the attacker holds all it may start, the victim still starts its own",
    async () => {
      const attacker = await deploy({ shortname: 'slot-hog', files: { 'index.mjs': FORKER } }, 'acct-attacker');
      const victim = await deploy({ shortname: 'slot-needer', files: { 'index.mjs': FORKER } }, 'acct-victim');
      const marker = `30.${Date.now() % 100000}`;
      const hog = call(attacker, { max: '500', holdMs: '4000', marker }, 20_000) as Promise<{
        uid: number;
        started: number;
      }>;
      // While the attacker holds its slots (its count of children has stopped growing), the victim starts ten.
      await holding(marker);
      const needs = (await call(victim, { max: '10', holdMs: '0' })) as { uid: number; started: number };
      const hogged = await hog;
      expect(hogged.started).toBeGreaterThan(0);
      expect(hogged.started).toBeLessThan(64);
      expect(needs.started).toBe(10);
      expect(needs.uid).not.toBe(hogged.uid);
      for (const uid of [needs.uid, hogged.uid]) expect(uid).toBeGreaterThan(1_500_000_000);
    },
    40_000,
  );

  it.skipIf(!asRoot)(
    'gives every function a uid no other has, kept across versions and recorded',
    async () => {
      const fns = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          deploy(
            { shortname: `whoami-${i}`, files: { 'index.mjs': 'export const handler = () => process.getuid();' } },
            `acct-${i % 2}`,
          ),
        ),
      );
      const uids = (await Promise.all(fns.map((fn) => call(fn)))) as number[];
      expect(new Set(uids).size).toBe(fns.length);
      // A new version runs as the same uid, and the uid is what the function's folder records.
      const v2 = await deploy(
        { shortname: 'whoami-0', files: { 'index.mjs': 'export const handler = () => process.getuid() + 0;' } },
        'acct-0',
      );
      expect(v2.version).toBe(2);
      expect(await call(v2)).toBe(uids[0]);
      const recorded = Number(await readFile(join(workDir, registryKey('whoami-0'), '.uid'), 'utf8'));
      expect(recorded).toBe(uids[0]);
    },
    60_000,
  );
});

sandboxed('DELETE then redeploy of identical code', () => {
  for (const [language, fixture] of [
    ['node', { files: { 'index.mjs': 'export const handler = (r) => ({ hello: r.query.who });' } }],
    [
      'python',
      { runtime: 'python311', files: { 'main.py': 'def handler(r):\n    return {"hello": r["query"]["who"]}\n' } },
    ],
  ] as const) {
    it(`answers at once, in ${language}, though every route's process had it prepared and warm`, async () => {
      const f: FunctionFixture = { shortname: `again-${language}`, ...fixture };
      const first = await deploy(f, 'acct-redeploy');
      expect(await call(first, { who: 'one' })).toEqual({ hello: 'one' });
      await deleteFunction(via(routes.deletes), 'acct-redeploy', f.shortname);
      await expect(call(first, { who: 'gone' })).rejects.toMatchObject({ status: 502 });
      const again = await deploy(f, 'acct-redeploy');
      // Same code, same version number: the same folder name the other routes had cached.
      expect(again.codeSha256).toBe(first.codeSha256);
      expect(again.version).toBe(first.version);
      for (const who of ['two', 'three']) expect(await call(again, { who })).toEqual({ hello: who });
    }, 60_000);
  }
});

// What the function sandbox's per-tenant isolation costs, in one run: a warm call and a cold start
// (a fresh worker: its uid looked up, its cgroup made) of examples/functions/node, with a cgroup per
// worker (the sweep after each call reads the group's members) against the seccomp fallback without
// a cgroup (the sweep walks the worker's process tree); and a call that leaves a background process
// for the sweep to kill, against one that starts the same process and waits for its end. Run: npm run bench -- sandbox
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { directoryFiles, writeBundle } from '../lib/functions/bundle';
import { deployFunction } from '../lib/functions/deploy';
import type { FunctionRequest } from '../lib/functions/ports';
import { findCgroups } from '../lib/functions/process-runtime/cgroups';
import { ProcessInvoker } from '../lib/functions/process-runtime/process-invoker';
import { createLogger } from '../lib/log';
import { PROJECT_ROOT } from '../local/serverless-config';
import { MemoryBlobStore } from '../tests/support/memory-ingest-stores';
import { bundleOf, functionDir, MemoryFunctionRegistry } from '../tests/unit/functions/support';
import { coldCalls } from './functions';
import { isMain, ms, time, type Timing } from './stats';

const WARM = 1000;
const COLD = 20;
const log = createLogger({ sink: () => undefined });
const request: FunctionRequest = { method: 'POST', query: {}, headers: {}, body: { name: 'Ada' } };

export async function run() {
  const mechanism = (await findCgroups())?.mechanism;
  if (!mechanism) throw new Error('no cgroup on this host: nothing to compare the fallback with');
  const workDir = await mkdtemp(join(tmpdir(), 'fnq-bench-sandbox-'));
  const blobs = new MemoryBlobStore();
  const registry = new MemoryFunctionRegistry();
  const grouped = new ProcessInvoker({ blobs, workDir: join(workDir, 'cgroup'), memoryMb: 256, log });
  const fallback = new ProcessInvoker({
    blobs,
    workDir: join(workDir, 'seccomp'),
    memoryMb: 256,
    log,
    cgroups: async () => undefined,
  });
  try {
    const bundle = writeBundle(await directoryFiles(join(PROJECT_ROOT, 'examples', 'functions', 'node')));
    const { record: fn } = await deployFunction({ registry, blobs, invoker: grouped, log }, 'bench', bundle);
    await fallback.deploy(fn, bundle);
    const lingering = await bundleOf(
      await functionDir({
        shortname: 'lingering',
        files: {
          'index.mjs':
            // Both start a process; one waits for it to end, the other leaves it for the sweep.
            "import { spawn, spawnSync } from 'node:child_process';\nexport const handler = (r) => { if (r.query.leave) spawn('sleep', ['60'], { detached: true, stdio: 'ignore' }).unref(); else spawnSync('true'); return 1; };\n",
        },
      }),
    );
    const { record: linger } = await deployFunction({ registry, blobs, invoker: grouped, log }, 'bench', lingering);
    const warmGrouped = await time(() => grouped.invoke(fn, request, { timeoutMs: 10_000, log }), WARM);
    const warmFallback = await time(() => fallback.invoke(fn, request, { timeoutMs: 10_000, log }), WARM);
    const plain = { ...request, query: {} };
    const leaves = { ...request, query: { leave: '1' } };
    const lingerNone = await time(() => grouped.invoke(linger, plain, { timeoutMs: 10_000, log }), 200);
    const lingerOne = await time(() => grouped.invoke(linger, leaves, { timeoutMs: 10_000, log }), 200);
    const [coldGrouped, coldFallback] = (await coldCalls([grouped, fallback], fn, request, COLD)) as [Timing, Timing];
    return { mechanism, warmGrouped, warmFallback, lingerNone, lingerOne, coldGrouped, coldFallback };
  } finally {
    grouped.stopAll();
    fallback.stopAll();
    await rm(workDir, { recursive: true, force: true });
  }
}

export function print(f: Awaited<ReturnType<typeof run>>) {
  const line = (label: string, t: Timing, base?: Timing) =>
    console.log(
      `  ${label.padEnd(52)} p50 ${ms(t.p50)}  p99 ${ms(t.p99)}${base ? `  (×${(t.p50 / base.p50).toFixed(2)} at p50)` : ''}`,
    );
  console.log(`Function sandbox isolation (examples/functions/node; ${WARM} warm calls, ${COLD} cold, same run)`);
  line(`warm call, ${f.mechanism} (baseline)`, f.warmGrouped);
  line('warm call, no cgroup (seccomp; sweep walks the tree)', f.warmFallback, f.warmGrouped);
  line('call starting a process, waiting for it (baseline)', f.lingerNone);
  line('call starting a process, leaving it, swept', f.lingerOne, f.lingerNone);
  line(`cold start, ${f.mechanism} (baseline)`, f.coldGrouped);
  line('cold start, no cgroup', f.coldFallback, f.coldGrouped);
}

if (isMain(import.meta.url)) print(await run());

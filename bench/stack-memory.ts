// Memory of `npm start` as a user runs it: the sum of RSS over every process it started (and each
// process), at its peak while it starts, idle once it runs, warm after one upload, and after two
// batteries of 75 uploads, each followed by a minute idle (the second adding to the first would be
// growth that stays).
// The baseline, measured in the same run, is an empty Node process.
// Run: npm run bench -- stack-memory
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { issueToken } from '../lib/http/token';
import { freePort, PROJECT_ROOT } from '../local/emulators';
import { isBundler, processLabel, processTree, treeRss, type TreeProcess } from '../local/process-tree';
import { localJwtSecret } from '../local/secret';
import { isMain } from './stats';
import { batteryDocuments, runUploadBattery } from './upload-battery';

const UPLOADS = 75;
const SETTLE_MS = 60_000;
const IDLE_TARGET = 1.5 * 1024 ** 3;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0).padStart(5)} MB`;

interface Snapshot {
  label: string;
  total: number;
  processes: TreeProcess[];
}

async function emptyNodeRss(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  await sleep(1000);
  const rss = treeRss(processTree(child.pid!));
  child.kill('SIGKILL');
  return rss;
}

/** Samples the tree's total every 500 ms until stopped; resolves to the highest total seen. */
function peakSampler(root: number) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, treeRss(processTree(root)));
      await sleep(500);
    }
    return peak;
  })();
  return () => ((running = false), loop);
}

const snapshot = (label: string, root: number): Snapshot => {
  const processes = processTree(root);
  return { label, total: treeRss(processes), processes };
};

function startStack(dataDir: string, port: number) {
  const npm: ChildProcess = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), FNQ_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let out = '';
  npm.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const ready = (async () => {
    const deadline = Date.now() + 15 * 60_000;
    while (!out.includes('fnquery is running')) {
      if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not start:\n${out}`);
      await sleep(500);
    }
    return /started in ([\d.]+ s)/.exec(out)?.[1] ?? '?';
  })();
  return { npm, ready };
}

export async function run() {
  const baseline = await emptyNodeRss();
  const dataDir = mkdtempSync(join(tmpdir(), 'fnq-bench-memory-'));
  const port = await freePort();
  const { npm, ready } = startStack(dataDir, port);
  const stopSampling = peakSampler(npm.pid!);
  const startedIn = await ready;
  const peakDuringStart = await stopSampling();
  const root = npm.pid!;
  try {
    // Idle: the bundler has stopped (it waits a moment after the last build) and the start has settled.
    for (let i = 0; i < 60 && processTree(root).some(isBundler) && !onlyTsx(processTree(root)); i++) await sleep(500);
    await sleep(5000);
    const idle = snapshot('idle after start', root);

    const url = `http://127.0.0.1:${port}`;
    const token = await issueToken({
      secret: localJwtSecret(dataDir),
      account: 'bench',
      level: 'pro',
      ttlSeconds: 3600,
    });
    const snapshots: Snapshot[] = [idle];
    // One upload loads what every later one uses (the upload, status and ingest handlers, LanceDB's
    // native module): what stays after it is the warm stack, not growth.
    await runUploadBattery({ url, token, count: 1 });
    await sleep(SETTLE_MS);
    snapshots.push(snapshot(`warm: 1 upload + ${SETTLE_MS / 1000} s idle`, root));
    const batteries = [];
    let peakDuringBatteries = 0;
    for (const n of [1, 2]) {
      const stopSampling = peakSampler(root);
      const started = performance.now();
      const result = await runUploadBattery({ url, token, count: UPLOADS });
      batteries.push({ ...result, seconds: (performance.now() - started) / 1000 });
      peakDuringBatteries = Math.max(peakDuringBatteries, await stopSampling());
      // Settled: the queue has drained, and V8's idle-time collections have had their chance.
      await sleep(SETTLE_MS);
      snapshots.push(snapshot(`battery ${n} + ${SETTLE_MS / 1000} s idle`, root));
    }
    return { baseline, startedIn, peakDuringStart, peakDuringBatteries, snapshots, batteries };
  } finally {
    process.kill(-root, 'SIGTERM');
    for (let i = 0; i < 60 && processTree(root).length; i++) await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const onlyTsx = (tree: TreeProcess[]) => tree.filter(isBundler).every((p) => p.command.includes('/tsx/'));

export function print(f: Awaited<ReturnType<typeof run>>) {
  const x = (bytes: number) => `×${(bytes / f.baseline).toFixed(1)} of an empty node`;
  console.log(`npm start's process tree (sum of RSS), against an empty Node process: ${mb(f.baseline)}`);
  console.log(`  started in ${f.startedIn}; peak while it built and started ${mb(f.peakDuringStart)}`);
  for (const s of f.snapshots) {
    console.log(`  ${s.label.padEnd(28)} ${mb(s.total)}  (${x(s.total)})`);
    for (const p of s.processes) console.log(`      ${mb(p.rss)}  ${processLabel(p)}`);
  }
  const idle = f.snapshots[0]!.total;
  const last = f.snapshots.at(-1)!.total;
  console.log(
    `  idle target ≤ 1.5 GB in all: ${idle <= IDLE_TARGET ? 'met' : 'MISSED'}; bundlers left: ${
      f.snapshots[0]!.processes.filter((p) => isBundler(p) && !p.command.includes('/tsx/')).length
    }`,
  );
  const [warm, first] = [f.snapshots[1]!.total, f.snapshots[2]!.total];
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
  console.log(
    `  warm (after one upload) ${mb(warm)} = ${pct(warm, idle)} of idle; settled after battery 1 ${mb(first)} = ${pct(first, warm)} of warm; after battery 2 ${mb(last)} = ${pct(last, first)} of after battery 1; peak during the batteries ${mb(f.peakDuringBatteries)}`,
  );
  const { source } = batteryDocuments();
  for (const [i, b] of f.batteries.entries())
    console.log(
      `  battery ${i + 1}: ${b.uploads} uploads of ${source}, ${b.completed} completed, ${b.failed} failed, refused ${JSON.stringify(b.refused)}, ${b.seconds.toFixed(1)} s`,
    );
}

if (isMain(import.meta.url)) print(await run());

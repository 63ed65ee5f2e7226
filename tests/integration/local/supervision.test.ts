// `npm start` once started: no bundler process stays behind the build (a file written into the
// project, as a deploy or an upload writes into .data, starts none either); when serverless
// offline dies, or lives on answering nothing, npm start says which child ended and how, and exits
// non-zero leaving nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, PROJECT_ROOT } from '../../../local/emulators';
import { isBundler, processTree, type TreeProcess } from '../../../local/process-tree';

const dataDir = mkdtempSync(join(tmpdir(), 'fnq-supervision-'));
const probeDir = join(PROJECT_ROOT, '.tmp', `supervision-probe-${process.pid}`);
let npm: ChildProcess | undefined;
/** Serverless offline processes seen (each leads its own group), ended in any case after the tests. */
const offlines = new Set<number>();
afterAll(() => {
  for (const pid of [...offlines, ...(npm?.exitCode === null ? [npm.pid!] : [])]) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(probeDir, { recursive: true, force: true });
});

/** Polls `read` until `done` holds or the deadline passes; returns the last value read. */
async function until<T>(read: () => T, done: (value: T) => boolean, deadlineMs: number): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(250);
    value = read();
  }
  return value;
}

const offlineOf = (tree: TreeProcess[]) => {
  const offline = tree.find((p) => /serverless\.js offline/.test(p.command));
  if (offline) offlines.add(offline.pid);
  return offline;
};
/** Bundlers serverless offline started (tsx's own transformer in npm start's process is not one). */
const bundlersUnder = (tree: TreeProcess[], offline: TreeProcess) => {
  const below = new Set([offline.pid]);
  for (const p of tree) if (below.has(p.ppid)) below.add(p.pid);
  return tree.filter((p) => below.has(p.pid) && isBundler(p));
};

/** `npm start` in its own process group, its output collected, resolved once it is running. */
async function startNpm(env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), FNQ_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const started = { child, port, out: '', err: '', exited: undefined as unknown as Promise<number | null> };
  started.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout!.on('data', (chunk: Buffer) => (started.out += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (started.err += chunk.toString('utf8')));
  await until(
    () => started.out,
    (o) => o.includes('fnquery is running') || child.exitCode !== null,
    420_000,
  );
  expect(started.out).toContain('fnquery is running');
  return started;
}

/** Polls until none of `pids` is running (npm start, serverless offline's group); returns those left. */
const leftRunning = (pids: number[]) =>
  until(
    () => pids.filter((pid) => processTree(pid).length > 0),
    (l) => l.length === 0,
    15_000,
  );

describe.skipIf(process.platform !== 'linux')('npm start supervises what it started', () => {
  let stack: Awaited<ReturnType<typeof startNpm>>;

  it('keeps no bundler process once it is running, and a file written into the project starts none', async () => {
    stack = await startNpm();
    npm = stack.child;
    const tree = processTree(npm.pid!);
    const offline = offlineOf(tree);
    expect(offline).toBeDefined();
    // The bundler stops a moment after the last build; it must not stay.
    const settled = await until(
      () => processTree(npm!.pid!),
      (t) => bundlersUnder(t, offline!).length === 0,
      30_000,
    );
    expect(bundlersUnder(settled, offline!).map((p) => p.command)).toEqual([]);
    // Any esbuild left in the tree is tsx's, compiling npm start's own TypeScript.
    expect(settled.filter(isBundler).every((p) => p.command.includes('/tsx/'))).toBe(true);

    // Source-like files appearing in the project (as a deploy's install writes them) rebuild nothing.
    mkdirSync(probeDir, { recursive: true });
    for (let n = 0; n < 20; n++) writeFileSync(join(probeDir, `probe-${n}.js`), `export const n = ${n};\n`);
    const during = await until(
      () => processTree(npm!.pid!),
      (t) => bundlersUnder(t, offline!).length > 0,
      5_000,
    );
    expect(bundlersUnder(during, offline!).map((p) => p.command)).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${stack.port}/health`)).status).toBe(200);
  }, 480_000);

  it('says which child died and how, and exits non-zero leaving nothing running', async () => {
    expect(npm?.exitCode).toBeNull();
    const offline = offlineOf(processTree(npm!.pid!));
    expect(offline).toBeDefined();
    const group = processTree(offline!.pid).map((p) => p.pid);
    process.kill(offline!.pid, 'SIGKILL');

    const code = await stack.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stack.err).toContain(
      `fnquery: serverless offline (pid ${offline!.pid}) was killed by SIGKILL; the service is down.`,
    );
    expect(stack.err).toMatch(/Its last lines:\n {2}\| |It wrote nothing before it ended\./);
    expect(await leftRunning([...group, npm!.pid!])).toEqual([]);
  }, 60_000);

  it('ends a serverless offline that stops answering, says so, and exits non-zero', async () => {
    stack = await startNpm({ FNQ_WATCHDOG_SECONDS: '8' });
    npm = stack.child;
    const offline = offlineOf(processTree(npm.pid!));
    expect(offline).toBeDefined();
    // Alive but answering nothing, as a process whose event loop is stuck.
    process.kill(offline!.pid, 'SIGSTOP');

    const code = await stack.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stack.err).toMatch(
      new RegExp(`serverless offline \\(pid ${offline!.pid}\\) has not answered GET /health for \\d+ s; ending it\\.`),
    );
    expect(stack.err).toContain(`serverless offline (pid ${offline!.pid}) was killed by SIGKILL; the service is down.`);
    expect(await leftRunning([offline!.pid, npm.pid!])).toEqual([]);
  }, 480_000);
});

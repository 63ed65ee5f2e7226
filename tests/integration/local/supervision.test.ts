// `npm start` once started: no bundler process stays behind the build (a file written into the
// project, as a deploy or an upload writes into .data, starts none either), and when serverless
// offline dies, npm start says which child ended and how, and exits non-zero leaving nothing.
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
afterAll(() => {
  if (npm?.exitCode === null) process.kill(-npm.pid!, 'SIGKILL');
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

const offlineOf = (tree: TreeProcess[]) => tree.find((p) => /serverless\.js offline/.test(p.command));
/** Bundlers serverless offline started (tsx's own transformer in npm start's process is not one). */
const bundlersUnder = (tree: TreeProcess[], offline: TreeProcess) => {
  const below = new Set([offline.pid]);
  for (const p of tree) if (below.has(p.ppid)) below.add(p.pid);
  return tree.filter((p) => below.has(p.pid) && isBundler(p));
};

describe.skipIf(process.platform !== 'linux')('npm start supervises what it started', () => {
  let out = '';
  let err = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  it('keeps no bundler process once it is running, and a file written into the project starts none', async () => {
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: String(port), FNQ_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    exited = new Promise((resolve) => npm!.once('exit', (code, signal) => resolve({ code, signal })));
    npm.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    npm.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    await until(
      () => out,
      (o) => o.includes('fnquery is running') || npm!.exitCode !== null,
      420_000,
    );
    expect(out).toContain('fnquery is running');

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
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  }, 480_000);

  it('says which child died and how, and exits non-zero leaving nothing running', async () => {
    expect(npm?.exitCode).toBeNull();
    const offline = offlineOf(processTree(npm!.pid!));
    expect(offline).toBeDefined();
    const group = processTree(offline!.pid).map((p) => p.pid);
    process.kill(offline!.pid, 'SIGKILL');

    const { code } = await exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(err).toContain(
      `fnquery: serverless offline (pid ${offline!.pid}) was killed by SIGKILL; the service is down.`,
    );
    expect(err).toMatch(/Its last lines:\n {2}\| |It wrote nothing before it ended\./);
    // Nothing of the stack stays: not serverless offline's group, nor npm start itself.
    const alive = (pid: number) => processTree(pid).length > 0;
    const left = await until(
      () => [...group, npm!.pid!].filter(alive),
      (l) => l.length === 0,
      15_000,
    );
    expect(left).toEqual([]);
  }, 60_000);
});

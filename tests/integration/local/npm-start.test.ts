// `npm start` as a user runs it: progress lines from its first line on, and SIGTERM to npm (which
// exits without passing the signal on) stops every process the stack started, mid-start too.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, PROJECT_ROOT } from '../../../local/emulators';

const dataDir = mkdtempSync(join(tmpdir(), 'fnq-npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Processes whose environment names this test's data folder: everything the stack started. */
function stackProcesses(): string[] {
  const marker = `FNQ_DATA_DIR=${dataDir}`;
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker);
    } catch {
      return false; // gone, or not ours to read
    }
  });
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

describe.skipIf(process.platform !== 'linux')('npm start', () => {
  it('prints progress from its first line and leaves nothing running after SIGTERM mid-start', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: String(port), FNQ_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
    npm.stdout.on('data', (chunk: Buffer) =>
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((l) => /^\[\s*\d/.test(l)),
      ),
    );
    // Wait until serverless offline is being started: the stack then runs child processes of its own.
    for (let i = 0; i < 240 && !lines.some((l) => l.includes('starting serverless offline')); i++) await sleep(500);
    expect(lines[0]).toMatch(/^\[\s+0\.\d s\] fnquery: starting the local stack on port \d+$/);
    expect(lines.map((l) => l.replace(/^\[[^\]]+\] /, ''))).toEqual(
      expect.arrayContaining([
        'starting the emulators of S3, SQS and DynamoDB',
        `starting serverless offline on port ${port}`,
      ]),
    );
    await sleep(1000);
    expect(stackProcesses().length).toBeGreaterThan(1);

    npm.kill('SIGTERM');
    await exited;
    let left = stackProcesses();
    for (let i = 0; i < 60 && left.length; i++) {
      await sleep(500);
      left = stackProcesses();
    }
    expect(left).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
  }, 180_000);
});

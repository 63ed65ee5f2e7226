// A local AWS that implements CloudFormation: moto's server, from the pinned PyPI versions that
// deploy/tools/install.sh puts in a cached virtualenv. Without python3 the deploy tests skip with
// the reason, except in CI (CI=true), where a missing tool fails them: CI must prove the deploy.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { freePort } from '../../local/emulators';

export interface MotoServer {
  endpoint: string;
  stop(): Promise<void>;
}

/** Why the emulator cannot run here, or undefined when it can (python3 present, or CI). */
export function motoUnavailableReason(): string | undefined {
  if (process.env.CI === 'true') return undefined;
  const python = spawnSync('python3', ['-c', 'import venv, ensurepip'], { stdio: 'ignore' });
  return python.status === 0
    ? undefined
    : 'python3 with venv is not installed: the CloudFormation emulator (moto) cannot run';
}

/** The virtualenv's bin folder, installing the tools on first use (minutes, once per machine). */
export function motoTools(): string {
  const r = spawnSync(join(PROJECT_ROOT, 'deploy/tools/install.sh'), { encoding: 'utf8', timeout: 1_200_000 });
  if (r.status !== 0) throw new Error(`deploy/tools/install.sh failed (exit ${r.status}):\n${r.stderr}`);
  return r.stdout.trim().split('\n').pop()!;
}

async function waitUntilUp(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`moto_server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${endpoint}/moto-api/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`moto_server did not answer on ${endpoint} within 60 s:\n${output()}`);
}

export async function startMoto(bin: string): Promise<MotoServer> {
  const port = await freePort();
  const child = spawn(join(bin, 'moto_server'), ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Keep only the tail: moto logs every request.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(endpoint, child, () => output);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

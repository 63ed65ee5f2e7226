// moto's server (PyPI) on a free loopback port, installed by .ci/moto.sh into a cached virtual
// environment: an AWS emulator independent of the Node ones, to hold them to AWS's behaviour.
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, PROJECT_ROOT } from '../../local/emulators';

export interface MotoServer {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startMotoServer(deadlineMs = 180_000): Promise<MotoServer> {
  // Installing takes a couple of minutes the first time, then only checks the version.
  const { stdout } = await promisify(execFile)('bash', [join(PROJECT_ROOT, '.ci', 'moto.sh')], {
    timeout: deadlineMs,
  });
  const port = await freePort();
  const child = spawn(stdout.trim(), ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`moto_server exited with ${child.exitCode}`);
    const up = await fetch(`${endpoint}/moto-api/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until) throw new Error('moto_server did not answer within 30 s');
    await new Promise((r) => setTimeout(r, 200));
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

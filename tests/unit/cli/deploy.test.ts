// `fnq deploy` against a loopback server that plays the deploy routes' contract: a queued
// deployment followed to ready or failed, and 2xx answers that are not a deployment at all (what
// serverless offline answered when a synchronous deploy outlived its Lambda), which must be an error
// naming what is missing, never a line with `undefined` in it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../../cli/command';
import { main } from '../../../cli/main';
import { functionDir } from '../functions/support';

function capture(env: NodeJS.ProcessEnv) {
  const io: CliIO & { stdout: string; stderr: string } = {
    stdout: '',
    stderr: '',
    out: (t) => void (io.stdout += `${t}\n`),
    err: (t) => void (io.stderr += `${t}\n`),
    env,
    cwd: process.cwd(),
  };
  return io;
}

const ID = '3f2c1a9e-0b4d-4c7e-9a51-6d2e8f0b1c3a';
const record = (status: string, extra: Record<string, unknown> = {}) => ({
  id: ID,
  shortname: 'greet',
  version: 2,
  runtime: 'nodejs20',
  lambdaRuntime: 'nodejs22.x',
  endpoint: 'GET /functions/v1/greet',
  status,
  warnings: ['nodejs20 runs on Lambda’s nodejs22.x'],
  location: `/function-service/v1/deployments/${ID}`,
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
  ...extra,
});

/** What each route answers next; a script per test. */
let script: { deploy: [number, unknown]; reads: unknown[] };
let reads = 0;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const [status, body] =
        req.method === 'POST' ? script.deploy : [200, script.reads[Math.min(reads++, script.reads.length - 1)]];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function deploy(...extra: string[]) {
  reads = 0;
  const dir = await functionDir({ shortname: 'greet', files: { 'index.mjs': 'export const handler = () => 1;' } });
  const io = capture({ FNQ_URL: url, FNQ_TOKEN: 'tok' });
  const code = await main(['deploy', dir, ...extra], io);
  return { code, io };
}

describe('fnq deploy', () => {
  it('follows the deployment from queued through building to ready', async () => {
    script = {
      deploy: [202, record('queued')],
      reads: [record('building', { step: 'installing dependencies' }), record('ready')],
    };
    const { code, io } = await deploy();
    expect(code).toBe(0);
    expect(io.stderr).toMatch(/installing dependencies \d+ s/);
    expect(io.stdout).toContain(
      `deployed greet v2 (nodejs20, AWS Lambda nodejs22.x): GET /functions/v1/greet, deployment ${ID}`,
    );
    expect(io.stdout).toContain('warning: nodejs20 runs on Lambda’s nodejs22.x');
    expect(io.stdout + io.stderr).not.toContain('undefined');
  }, 20_000);

  it("prints a failed build's ISSUE and ADVICE lines and exits 1", async () => {
    const line = 'ISSUE: The go122 code of greet does not build: main.go:3: undefined: slog. ADVICE: Fix it.';
    script = { deploy: [202, record('queued')], reads: [record('failed', { messages: [line] })] };
    const { code, io } = await deploy();
    expect(code).toBe(1);
    expect(io.stderr).toContain(`deployment ${ID} of greet failed; the version in service (if any) keeps serving`);
    expect(io.stderr).toContain(`  ${line}`);
  }, 20_000);

  it('names the missing fields of a 2xx answer that is not a deployment', async () => {
    script = { deploy: [200, { errorMessage: '[504] - Lambda timeout.' }], reads: [] };
    const { code, io } = await deploy();
    expect(code).toBe(1);
    expect(io.stderr).toMatch(
      /fnq deploy: fnquery answered POST \/function-service\/v1\/functions with HTTP 200 but without id, shortname, version, runtime, status, warnings/,
    );
    expect(io.stdout + io.stderr).not.toContain('undefined');
  });

  it('returns once queued with --no-wait, and `deploy status` reads the record', async () => {
    script = { deploy: [202, record('queued')], reads: [record('building', { step: 'compiling' })] };
    const { code, io } = await deploy('--no-wait');
    expect(code).toBe(0);
    expect(io.stdout).toContain(`queued greet v2 as deployment ${ID}`);
    const status = capture({ FNQ_URL: url, FNQ_TOKEN: 'tok' });
    expect(await main(['deploy', 'status', ID], status)).toBe(3);
    expect(status.stdout).toContain(`deployment ${ID} of greet v2: building (compiling)`);
  });
});

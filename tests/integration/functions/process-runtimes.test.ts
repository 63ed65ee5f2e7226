// The local runtime with real, confined child processes: every language's example through its warm
// worker, and the limits (timeout, crash, memory, clean environment) on Node and Python. The hostile
// cases of the confinement are in confinement.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessInvoker } from '../../../lib/functions/process-runtime/process-invoker';
import { deployFunction } from '../../../lib/functions/deploy';
import type { HostingDeps } from '../../../lib/functions/manage';
import type { FunctionRecord, FunctionRequest } from '../../../lib/functions/ports';
import { createLogger } from '../../../lib/log';
import { PROJECT_ROOT } from '../../../local/serverless-config';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { bundleOf, functionDir, MemoryFunctionRegistry, type FunctionFixture } from '../../unit/functions/support';
import { toolchainMissing } from './toolchains';

// Every function runs in the sandbox: without bwrap (and no way to install it) these are skipped, saying why.
const noSandbox = await toolchainMissing('bwrap');
if (noSandbox) console.warn(`Skipping the local runtime tests: functions run confined by bubblewrap, and ${noSandbox}`);
const sandboxed = describe.skipIf(Boolean(noSandbox));

const lines: string[] = [];
const log = createLogger({ level: 'debug', sink: (l) => lines.push(l) });
const workDir = await mkdtemp(join(tmpdir(), 'fnq-local-runtime-'));
const invoker = new ProcessInvoker({ blobs: new MemoryBlobStore(), workDir, memoryMb: 256, log });
const deps: HostingDeps = { registry: new MemoryFunctionRegistry(), blobs: new MemoryBlobStore(), invoker, log };

afterAll(async () => {
  invoker.stopAll();
  await rm(workDir, { recursive: true, force: true });
});

const request = (body: unknown, query: Record<string, string> = {}): FunctionRequest => ({
  method: 'POST',
  query,
  headers: {},
  body,
});
const call = (fn: FunctionRecord, req: FunctionRequest, timeoutMs = 10_000) =>
  invoker.invoke(fn, req, { timeoutMs, log });

async function deployDir(dir: string, owner = 'acct-runtime') {
  return (await deployFunction(deps, owner, await bundleOf(dir))).record;
}
const deployFixture = async (f: FunctionFixture) => deployDir(await functionDir(f));

const EXAMPLES = ['node', 'python', 'java', 'go', 'ruby', 'php'] as const;

sandboxed('the examples on the local runtime', () => {
  for (const language of EXAMPLES) {
    it(`runs examples/functions/${language} on a warm worker`, async (ctx) => {
      const missing = language === 'node' || language === 'python' ? undefined : await toolchainMissing(language);
      if (missing) return ctx.skip(missing);
      const fn = await deployDir(join(PROJECT_ROOT, 'examples', 'functions', language));
      expect((await call(fn, request({ name: 'Ada' }), 30_000)).body).toEqual({ message: 'Hello, Ada!' });
      // The second call reaches the warm worker; how fast that is is measured by `npm run bench -- functions`.
      expect((await call(fn, request({ name: 'Grace' }, { greeting: 'Hi' }))).body).toEqual({ message: 'Hi, Grace!' });
    }, 240_000);
  }
});

const LOOP: Record<'node' | 'python', FunctionFixture> = {
  node: {
    shortname: 'loop-node',
    // A worker's identity: inside its PID namespace every worker has the same pid.
    files: {
      'index.mjs':
        'const boot = Math.random(); export function handler(r) { if (r.query.spin) for (;;) {} return { boot }; }',
    },
  },
  python: {
    shortname: 'loop-python',
    runtime: 'python311',
    files: {
      'main.py':
        "import random\nBOOT = random.random()\ndef handler(r):\n    while r['query'].get('spin'):\n        pass\n    return {'boot': BOOT}\n",
    },
  },
};

const ENV_READER: Record<'node' | 'python', FunctionFixture> = {
  node: {
    shortname: 'env-node',
    files: { 'index.mjs': 'export const handler = () => ({ env: process.env, cwd: process.cwd() });' },
  },
  python: {
    shortname: 'env-python',
    runtime: 'python312',
    files: { 'main.py': "import os\ndef handler(r):\n    return {'env': dict(os.environ), 'cwd': os.getcwd()}\n" },
  },
};

sandboxed.each(['node', 'python'] as const)('limits of the %s runtime', (language) => {
  it('stops a function that loops forever at its timeout, and the next call runs on a fresh worker', async () => {
    const fn = await deployFixture(LOOP[language]);
    const first = (await call(fn, request(null))).body as { boot: number };
    // function_timeout is the invoker's own verdict at the deadline (a crash or a kill from elsewhere is a 502).
    await expect(call(fn, request(null, { spin: '1' }), 500)).rejects.toMatchObject({
      status: 504,
      code: 'function_timeout',
    });
    const after = (await call(fn, request(null))).body as { boot: number };
    expect(after.boot).not.toBe(first.boot);
  });

  it('runs the function in a clean environment, in its own code folder, which hides where it lies on the host', async () => {
    // A variable of the service process that must not reach the function.
    process.env.FNQ_TEST_SECRET = 'must-not-leak';
    const fn = await deployFixture(ENV_READER[language]);
    const { env, cwd } = (await call(fn, request(null))).body as { env: Record<string, string>; cwd: string };
    expect(
      Object.keys(env).filter((k) => !['PATH', 'HOME', 'TMPDIR', 'LANG', 'PWD', 'SHLVL', '_', 'LC_CTYPE'].includes(k)),
    ).toEqual([]);
    expect(env.HOME).toBe('/tmp');
    expect(cwd).toBe('/function');
    expect(JSON.stringify(env)).not.toContain(workDir);
  });

  it('reports an exception as 502 with the message, and keeps the worker', async () => {
    const fn = await deployFixture(
      language === 'node'
        ? {
            shortname: 'throws-node',
            files: {
              'index.mjs':
                "const boot = Math.random(); export function handler(r) { if (r.query.fail) throw new Error('no such city'); return boot; }",
            },
          }
        : {
            shortname: 'throws-python',
            runtime: 'python311',
            files: {
              'main.py':
                "import random\nBOOT = random.random()\ndef handler(r):\n    if r['query'].get('fail'):\n        raise ValueError('no such city')\n    return BOOT\n",
            },
          },
    );
    const boot = (await call(fn, request(null))).body;
    const error = await call(fn, request(null, { fail: '1' })).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'function_error' });
    expect((error as Error).message).toMatch(/no such city/);
    expect((await call(fn, request(null))).body).toBe(boot);
  });

  it('ends a function that exceeds its memory limit as a crash, and recovers', async () => {
    const fn = await deployFixture(
      language === 'node'
        ? {
            shortname: 'hog-node',
            files: {
              'index.mjs':
                "export function handler(r) { const a = []; if (r.query.hog) for (;;) a.push(new Array(1e6).fill(1)); return 'ok'; }",
            },
          }
        : {
            shortname: 'hog-python',
            runtime: 'python311',
            files: {
              'main.py':
                "def handler(r):\n    a = []\n    while r['query'].get('hog'):\n        a.append(bytearray(10**7))\n    return 'ok'\n",
            },
          },
    );
    const error = await call(fn, request(null, { hog: '1' }), 20_000).catch((e: unknown) => e);
    // Python raises MemoryError inside the function (502 function_error); V8 aborts the process (502 function_crashed).
    expect(error).toMatchObject({ status: 502 });
    expect((await call(fn, request(null))).body).toBe('ok');
  }, 30_000);

  it("keeps what the function prints in the function's own log, never in the service log nor in the answer", async () => {
    const fn = await deployFixture(
      language === 'node'
        ? {
            shortname: 'chatty-node',
            files: {
              'index.mjs':
                "export function handler() { console.log('hello from user code'); console.error('a warning'); return 42; }",
            },
          }
        : {
            shortname: 'chatty-python',
            runtime: 'python311',
            files: {
              'main.py':
                "import sys\ndef handler(r):\n    print('hello from user code')\n    print('a warning', file=sys.stderr)\n    return 42\n",
            },
          },
    );
    expect((await call(fn, request(null))).body).toBe(42);
    await expect
      .poll(() => invoker.logs(fn, 10), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ stream: 'stdout', text: 'hello from user code' }),
          expect.objectContaining({ stream: 'stderr', text: 'a warning' }),
        ]),
      );
    expect(lines.join('\n')).not.toContain('hello from user code');
  });
});

sandboxed('deploy-time checks of the local runtime', () => {
  it('refuses a Java function that does not compile, with the compiler message', async (ctx) => {
    const missing = await toolchainMissing('java');
    if (missing) return ctx.skip(missing);
    const error = await deployFixture({
      shortname: 'broken-java',
      runtime: 'java17',
      files: { 'Main.java': 'public class Main { int x = ; }' },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'build_failed' });
    expect((error as Error).message).toMatch(/Main\.java/);
    expect((error as Error).message).not.toMatch(workDir);
    expect(await deps.registry.get('broken-java')).toBeUndefined();
  }, 60_000);

  it('reports a missing entrypoint as a crash of the function', async () => {
    const fn = await deployFixture({
      shortname: 'no-entry',
      entrypoint: 'missing',
      files: { 'index.mjs': 'export const handler = () => 1;' },
    });
    await expect(call(fn, request(null))).rejects.toMatchObject({
      status: 502,
      code: 'function_crashed',
      message: expect.stringMatching(/"missing" is not a function/),
    });
  });

  it('refuses .NET when no local runner exists for it', async () => {
    await expect(
      deployFixture({ shortname: 'dotnet-fn', runtime: 'dotnet8', files: { 'Function.cs': 'class Function {}' } }),
    ).rejects.toMatchObject({ status: 400, code: 'runtime_unavailable' });
  });
});

// The artifacts for Lambda's OS-only runtime (provided.al2023) run against a loopback server
// speaking Lambda's Runtime API: Go as buildspecs/go.yml builds it (a static binary named bootstrap:
// the function's package main plus the service's Runtime API loop), PHP as buildspecs/php.yml lays
// it out (the service's loop started by a PHP binary, here the host's in place of the layer's).
// Each invocation's payload reaches the entrypoint, its result comes back as {body}, and a payload
// that is not a request object as the invocation's error.
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { goLambdaBootstrap } from '../../../lib/functions/runners/go';
import { phpLambdaBootstrap } from '../../../lib/functions/runners/php';
import { PROJECT_ROOT } from '../../../local/serverless-config';
import { toolchainMissing } from './toolchains';

const run = promisify(execFile);
const dir = await mkdtemp(join(tmpdir(), 'fnq-go-lambda-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => resolve(text));
  });

const EVENTS = [
  { method: 'POST', query: { greeting: 'Hi' }, headers: {}, body: { name: 'Ada' } },
  { method: 'POST', query: {}, headers: {}, body: { name: 'Grace' } },
  'not json',
];
const EXPECTED = [
  { id: 'req-0', kind: 'response', body: { body: { message: 'Hi, Ada!' } } },
  { id: 'req-1', kind: 'response', body: { body: { message: 'Hello, Grace!' } } },
  { id: 'req-2', kind: 'error', body: { errorType: 'InvalidRequest', errorMessage: expect.any(String) } },
];

/** Hands EVENTS to the process `command` starts, as Lambda's Runtime API does, and collects what it posts back. */
async function invocations(command: string, args: string[], env: Record<string, string>) {
  const answers: { id: string; kind: string; body: unknown }[] = [];
  let done!: () => void;
  const allAnswered = new Promise<void>((r) => (done = r));
  const api = createServer(async (req, res) => {
    const url = req.url ?? '';
    if (url === '/2018-06-01/runtime/invocation/next') {
      const i = answers.length;
      const event = EVENTS[i];
      if (event === undefined) return; // held open, as Lambda does between invocations
      res.writeHead(200, { 'lambda-runtime-aws-request-id': `req-${i}`, 'content-type': 'application/json' });
      return void res.end(typeof event === 'string' ? event : JSON.stringify(event));
    }
    const m = /^\/2018-06-01\/runtime\/invocation\/([^/]+)\/(response|error)$/.exec(url);
    if (!m) return void res.writeHead(404).end();
    answers.push({ id: m[1]!, kind: m[2]!, body: JSON.parse(await read(req)) });
    res.writeHead(202).end('{}');
    if (answers.length === EVENTS.length) done();
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  const child = spawn(command, args, {
    env: { ...env, AWS_LAMBDA_RUNTIME_API: `127.0.0.1:${(api.address() as AddressInfo).port}` },
    stdio: 'ignore',
  });
  try {
    await allAnswered;
  } finally {
    child.kill('SIGKILL');
    api.close();
  }
  return answers;
}

describe('the Lambda bootstraps of the OS-only runtime', () => {
  it('Go: answers invocations with {body}, and an unreadable payload as an error', async (ctx) => {
    const missing = await toolchainMissing('go');
    if (missing) return ctx.skip(missing);
    const go = join(dir, 'go');
    await mkdir(go);
    await copyFile(join(PROJECT_ROOT, 'examples', 'functions', 'go', 'main.go'), join(go, 'main.go'));
    const bootstrap = goLambdaBootstrap('Handler');
    await writeFile(join(go, bootstrap.fileName), bootstrap.source);
    await writeFile(join(go, 'go.mod'), 'module function\n\ngo 1.22\n');
    // As buildspecs/go.yml builds it: static, no cgo.
    await run('go', ['build', '-trimpath', '-o', join(go, 'bootstrap'), '.'], {
      cwd: go,
      env: { ...process.env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
      timeout: 240_000,
    });
    expect(await invocations(join(go, 'bootstrap'), [], {})).toEqual(EXPECTED);
  }, 300_000);

  it('PHP: answers invocations with {body}, and an unreadable payload as an error', async (ctx) => {
    const missing = await toolchainMissing('php');
    if (missing) return ctx.skip(missing);
    const php = join(dir, 'php');
    await mkdir(php);
    await copyFile(join(PROJECT_ROOT, 'examples', 'functions', 'php', 'index.php'), join(php, 'index.php'));
    await writeFile(join(php, phpLambdaBootstrap.fileName), phpLambdaBootstrap.source);
    const answers = await invocations('php', ['-n', '-d', 'display_errors=stderr', join(php, 'fnq_bootstrap.php')], {
      FNQ_ENTRY_FILE: 'index.php',
      FNQ_ENTRYPOINT: 'handler',
    });
    expect(answers).toEqual(EXPECTED);
  }, 60_000);
});

// `fnq upload` against the real handlers behind a small HTTP server, with the worker draining the
// queue meanwhile: direct and upload-URL paths, --wait with its progress bar, and its exit codes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../../cli/command';
import { main } from '../../../cli/main';
import { DIRECT_UPLOAD_MAX_BYTES } from '../../../lib/ingest/limits';
import { apiEvent, lambdaContext } from '../../support/api-event';
import { makeEncryptedPdf, makePdf } from '../../support/fixtures';
import { startIngestStack, type IngestStack } from './stack';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

let stack: IngestStack;
let server: Server;
let dir: string;
let env: Record<string, string>;
let draining = true;
let drainer: Promise<void>;

beforeAll(async () => {
  stack = await startIngestStack({ forwardS3Events: true });
  const routes: Record<string, Handler> = {
    'POST /embedder-service/v1/upload': stack.handlers.upload,
    'POST /embedder-service/v1/upload-url': stack.handlers.uploadUrl,
    'GET /embedder-service/v1/status': stack.handlers.status,
  };
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const handler = routes[`${req.method} ${url.pathname}`];
    if (!handler) return void res.writeHead(404).end();
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const event = apiEvent({
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: Buffer.concat(chunks),
    });
    const result = await handler(event, lambdaContext());
    res.writeHead(result.statusCode ?? 500, result.headers as Record<string, string>).end(result.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  env = {
    FNQ_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    FNQ_TOKEN: await stack.token('acct-cli'),
  };
  dir = await mkdtemp(path.join(tmpdir(), 'fnq-upload-'));
  drainer = (async () => {
    while (draining) {
      await stack.drain();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
});

afterAll(async () => {
  draining = false;
  await drainer;
  await new Promise((resolve) => server?.close(resolve));
  await rm(dir, { recursive: true, force: true });
  await stack?.stop();
});

async function fnq(args: string[], withEnv = env) {
  const io: CliIO & { stdout: string; stderr: string } = {
    stdout: '',
    stderr: '',
    out: (t) => void (io.stdout += `${t}\n`),
    err: (t) => void (io.stderr += `${t}\n`),
    env: withEnv,
    cwd: dir,
  };
  const code = await main(['upload', ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('fnq upload', () => {
  it('uploads, prints the upload id and with --wait draws progress until completed', async () => {
    await writeFile(path.join(dir, 'energy.pdf'), await makePdf());
    const run = await fnq(['energy.pdf', '--collection', 'cli', '--wait']);
    expect(run.code).toBe(0);
    const uploadId = run.stdout.trim();
    expect(uploadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(`[${'#'.repeat(30)}] 3/3 chunks completed`);
    expect((await stack.status(env.FNQ_TOKEN!, uploadId)).body.status).toBe('completed');
  });

  it('sends files over the direct limit through an upload URL', async () => {
    const paragraph = 'Large files travel through a presigned upload URL straight to storage.\n\n';
    await writeFile(
      path.join(dir, 'large.txt'),
      paragraph.repeat(Math.ceil((DIRECT_UPLOAD_MAX_BYTES + 1) / paragraph.length)),
    );
    const run = await fnq(['large.txt', '--collection', 'cli-large', '--wait']);
    expect(run.code).toBe(0);
    const record = await stack.services.statuses().get('acct-cli', run.stdout.trim());
    expect(record?.sizeBytes).toBeGreaterThan(DIRECT_UPLOAD_MAX_BYTES);
    expect(record?.state).toBe('completed');
    expect(run.stderr).toMatch(/chunks completed\n$/);
  }, 60_000);

  it('exits 1 with the reason when the upload fails', async () => {
    await writeFile(path.join(dir, 'locked.pdf'), await makeEncryptedPdf());
    const run = await fnq(['locked.pdf', '--collection', 'cli', '--wait']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/failed: ISSUE: The PDF is encrypted\. ADVICE: /);
  });

  it('exits 1 with the service’s messages when the upload is refused', async () => {
    await writeFile(path.join(dir, 'photo.png'), 'not really an image');
    const run = await fnq(['photo.png', '--collection', 'cli']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/HTTP 415: ISSUE: Files of type \.png are not accepted/);
    expect(run.stdout).toBe('');
  });

  it('exits 2 for usage errors', async () => {
    expect((await fnq(['energy.pdf'])).code).toBe(2);
    expect((await fnq(['energy.pdf', '--collection', 'cli'], { FNQ_URL: env.FNQ_URL! })).stderr).toMatch(/no token/);
    expect((await fnq(['missing.pdf', '--collection', 'cli'])).stderr).toMatch(/cannot read missing\.pdf: ENOENT/);
  });
});

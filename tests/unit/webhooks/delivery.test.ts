// Deliveries end to end in one process: an endpoint registered through the domain, an event fanned
// out, attempts POSTed to a real HTTP server on loopback, verified by both SDKs' verifiers, retried
// on the schedule, and refused for addresses the policy forbids (without connecting anywhere).
import { spawnSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../lib/log';
import { isServiceError, type ServiceError } from '../../../lib/errors';
import { uploadEvent, deploymentEvent, type EventType, type WebhookEvent } from '../../../lib/webhooks/events';
import { createEndpoint, listDeliveries, listEndpoints, deleteEndpoint } from '../../../lib/webhooks/endpoints';
import { handleMessage, type DeliverDeps } from '../../../lib/webhooks/deliver';
import type { WebhookSettings } from '../../../lib/webhooks/settings';
import { verifyWebhook, WebhookVerificationError } from '../../../sdk/webhooks';
import { MemoryWebhookQueue, MemoryWebhookStore } from '../../support/memory-webhook-store';
import type { UploadRecord } from '../../../lib/ingest/ports';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let port: number;
const received: Received[] = [];
/** Statuses the receiver answers with, in turn; 200 once spent. */
let answers: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const settings = (over: Partial<WebhookSettings> = {}): WebhookSettings => ({
  allowLoopback: true,
  allowPrivate: false,
  key: 'a-stage-key-for-sealing-webhook-secrets-0123',
  retrySchedule: [5, 60],
  timeoutMs: 5000,
  maxEndpoints: 10,
  ...over,
});

let store: MemoryWebhookStore;
let queue: MemoryWebhookQueue;
let clock: number;
let deps: DeliverDeps;

beforeEach(() => {
  received.length = 0;
  answers = [];
  store = new MemoryWebhookStore();
  queue = new MemoryWebhookQueue();
  clock = Date.now();
  deps = { store, queue, settings: settings(), log: createLogger({ sink: () => undefined }), now: () => clock };
});

const upload: UploadRecord = {
  account: 'acct-1',
  uploadId: 'up-123',
  collection: 'handbook',
  filename: 'secret-plans.pdf',
  fileType: 'pdf',
  sizeBytes: 1000,
  objectKey: 'accounts/acct-1/up-123',
  state: 'processing',
  totalChunks: 7,
  embeddedChunks: 7,
  startedAt: Date.now() - 5000,
  attempts: 1,
};

const completed = (): WebhookEvent => uploadEvent(upload, { state: 'completed', completedAt: clock });

/** Runs every queued message that is due now; returns the delays of those sent back for later. */
async function runQueue(): Promise<number[]> {
  const later: number[] = [];
  for (const { message, delaySeconds } of queue.drain()) {
    if (delaySeconds > 0) {
      later.push(delaySeconds);
      queue.sent.push({ message, delaySeconds: 0 });
      continue;
    }
    await handleMessage(deps, message);
  }
  return later;
}

async function register(events: EventType[] = ['upload.completed']) {
  return createEndpoint({ ...deps }, 'acct-1', { url: `http://127.0.0.1:${port}/hooks`, events });
}

/** Python's verifier on the same deliveries: one run, a list of outcomes ("ok" or the error class). */
function pythonVerdicts(cases: { secret: string; headers: IncomingHttpHeaders; body: string; now?: number }[]) {
  const script = `
import json, sys, types
pkg = types.ModuleType("fnquery"); pkg.__path__ = [sys.argv[1]]; sys.modules["fnquery"] = pkg
from fnquery.webhooks import verify_webhook, WebhookVerificationError
out = []
for c in json.load(sys.stdin):
    try:
        verify_webhook(c["secret"], c["headers"], c["body"].encode("utf-8"), now=c.get("now"))
        out.append("ok")
    except WebhookVerificationError as e:
        out.append("rejected")
print(json.dumps(out))`;
  const run = spawnSync('python3', ['-c', script, join(process.cwd(), 'sdk/python/fnquery')], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as string[];
}

describe('a delivery', () => {
  it('arrives signed, verifies with both SDKs, and tampering, a wrong secret or a stale timestamp is rejected', async () => {
    const endpoint = await register();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await handleMessage(deps, { kind: 'event', event: completed() });
    await runQueue();
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [Received];
    expect(headers['webhook-id']).toMatch(/^msg_/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    const payload = verifyWebhook(endpoint.secret, headers as Record<string, string>, body);
    expect(payload.type).toBe('upload.completed');
    expect(payload.data).toMatchObject({
      upload_id: 'up-123',
      collection_name: 'handbook',
      status: 'completed',
      total_chunks: 7,
    });
    // Ids, states, counts and times only: not even the file's name.
    expect(body).not.toContain('secret-plans');

    const wrongSecret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const tampered = body.replace('"total_chunks":7', '"total_chunks":8');
    const stale = Date.now() / 1000 + 600;
    const reject = (fn: () => unknown) => expect(fn).toThrow(WebhookVerificationError);
    reject(() => verifyWebhook(endpoint.secret, headers as Record<string, string>, tampered));
    reject(() => verifyWebhook(wrongSecret, headers as Record<string, string>, body));
    reject(() =>
      verifyWebhook(endpoint.secret, headers as Record<string, string>, body, { now: new Date(stale * 1000) }),
    );

    expect(
      pythonVerdicts([
        { secret: endpoint.secret, headers, body },
        { secret: endpoint.secret, headers, body: tampered },
        { secret: wrongSecret, headers, body },
        { secret: endpoint.secret, headers, body, now: stale },
      ]),
    ).toEqual(['ok', 'rejected', 'rejected', 'rejected']);
  });

  it('is retried with growing waits after failures, then delivered, and listed with its attempts', async () => {
    const endpoint = await register();
    answers = [500, 503];
    await handleMessage(deps, { kind: 'event', event: completed() });
    const waits: number[] = [];
    for (let round = 0; round < 5 && queue.sent.length; round++) {
      const later = await runQueue();
      waits.push(...later);
      clock += (later[0] ?? 0) * 1000;
    }
    expect(received).toHaveLength(3);
    expect(waits).toEqual([5, 60]);
    // Each retry is signed with its own time and carries the same id.
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const { deliveries } = await listDeliveries(deps, 'acct-1', endpoint.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ status: 'delivered', event_type: 'upload.completed', next_attempt_at: null });
    expect(deliveries[0]!.attempts.map((a) => a.status_code)).toEqual([500, 503, 200]);
    expect(deliveries[0]!.attempts[0]!.error).toBe('The endpoint answered 500');
  });

  it('is failed for good once the schedule is spent', async () => {
    const endpoint = await register();
    answers = [500, 500, 500];
    await handleMessage(deps, { kind: 'event', event: completed() });
    for (let round = 0; round < 6 && queue.sent.length; round++) clock += ((await runQueue())[0] ?? 0) * 1000;
    const [delivery] = (await listDeliveries(deps, 'acct-1', endpoint.id)).deliveries;
    expect(delivery!.status).toBe('failed');
    expect(delivery!.attempts).toHaveLength(3);
  });

  it('waits longer than SQS allows in hops of 15 minutes, without sending early', async () => {
    deps.settings = settings({ retrySchedule: [3600] });
    await register();
    answers = [500];
    await handleMessage(deps, { kind: 'event', event: completed() });
    await runQueue();
    expect(received).toHaveLength(1);
    // Each round: the message waits its delay, then the worker either hops again or attempts.
    const hops: number[] = [];
    while (received.length < 2 && hops.length < 10) {
      const [delay] = await runQueue();
      hops.push(delay!);
      clock += delay! * 1000;
      await runQueue();
    }
    expect(hops).toEqual([900, 900, 900, 900]);
    expect(received).toHaveLength(2);
  });

  it('goes only to endpoints subscribed to the event, once even when the event is redelivered', async () => {
    await register(['function.deployed']);
    const deployed = await register(['function.deployed', 'upload.completed']);
    await handleMessage(deps, { kind: 'event', event: completed() });
    await handleMessage(deps, { kind: 'event', event: completed() });
    await runQueue();
    expect(received).toHaveLength(1);
    expect((await listDeliveries(deps, 'acct-1', deployed.id)).deliveries).toHaveLength(1);
  });

  it('carries a failed deployment as function.deploy_failed with its messages', async () => {
    await register(['function.deploy_failed']);
    const now = clock;
    const event = deploymentEvent({
      id: 'dep-1',
      owner: 'acct-1',
      shortname: 'weather',
      version: 2,
      runtime: 'nodejs20',
      endpoint: 'GET /functions/v1/weather',
      status: 'failed',
      codeKey: 'functions/weather/2.zip',
      codeBytes: 10,
      warnings: [],
      messages: ['ISSUE: npm install failed. ADVICE: Check package.json.'],
      createdAt: now,
      updatedAt: now,
      finishedAt: now,
    });
    await handleMessage(deps, { kind: 'event', event });
    await runQueue();
    const payload = JSON.parse(received[0]!.body) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe('function.deploy_failed');
    expect(payload.data).toMatchObject({ deployment_id: 'dep-1', shortname: 'weather', version: 2, status: 'failed' });
    expect(payload.data).not.toHaveProperty('codeKey');
  });
});

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isServiceError(error)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('a receiver that misbehaves', () => {
  it('that answers a byte at a time is cut off at the deadline and retried', async () => {
    const slow = createServer((_req, res) => {
      res.writeHead(200);
      const drip = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      deps.settings = settings({ timeoutMs: 300 });
      const endpoint = await createEndpoint({ ...deps }, 'acct-1', {
        url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow`,
        events: ['upload.completed'],
      });
      await handleMessage(deps, { kind: 'event', event: completed() });
      await runQueue();
      const [delivery] = (await listDeliveries(deps, 'acct-1', endpoint.id)).deliveries;
      expect(delivery).toMatchObject({ status: 'pending', attempts: [{ error: 'No complete answer within 300 ms' }] });
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('is not retried when the stage key no longer opens the endpoint’s secret', async () => {
    const endpoint = await register();
    deps.settings = settings({ key: 'another-stage-key-for-sealing-webhook-secrets' });
    await handleMessage(deps, { kind: 'event', event: completed() });
    await runQueue();
    expect(received).toHaveLength(0);
    const [delivery] = (await listDeliveries(deps, 'acct-1', endpoint.id)).deliveries;
    expect(delivery!.status).toBe('failed');
    expect(delivery!.attempts[0]!.error).toMatch(/re-create the endpoint/);
  });
});

describe('endpoints', () => {
  const add = (url: string, over: Partial<WebhookSettings> = {}, lookup?: DeliverDeps['lookup']) =>
    createEndpoint({ store, settings: settings(over), lookup }, 'acct-1', { url, events: ['upload.failed'] });

  it('are refused at private, loopback, link-local and metadata addresses, directly or through DNS', async () => {
    const cases: [string, Partial<WebhookSettings>, string][] = [
      ['https://169.254.169.254/latest/meta-data', {}, 'metadata'],
      ['https://[fd00:ec2::254]/', {}, 'metadata'],
      ['https://10.1.2.3/hooks', {}, 'private'],
      ['https://192.168.0.10/hooks', {}, 'private'],
      ['https://127.0.0.1/hooks', { allowLoopback: false }, 'loopback'],
      ['https://[::1]/hooks', { allowLoopback: false }, 'loopback'],
      ['https://[::ffff:169.254.169.254]/', {}, 'metadata'],
    ];
    for (const [url, over, category] of cases) {
      const e = await refusal(add(url, over));
      expect(e.status, url).toBe(400);
      expect(e.code).toBe('webhook_address_refused');
      expect(e.lines()[0]).toMatch(new RegExp(`^ISSUE: The webhook endpoint .* is a ${category} address.*ADVICE: `));
    }
    const rebinding = async () => [{ address: '10.0.0.7', family: 4 }];
    const e = await refusal(add('https://hooks.example.com/x', {}, rebinding));
    expect(e.lines()[0]).toContain('hooks.example.com resolves to 10.0.0.7');
    expect(store.endpoints.size).toBe(0);
  });

  it('are checked again at delivery, and a refused address is never connected to', async () => {
    const endpoint = await register();
    deps.settings = settings({ allowLoopback: false });
    await handleMessage(deps, { kind: 'event', event: completed() });
    await runQueue();
    expect(received).toHaveLength(0);
    const [delivery] = (await listDeliveries(deps, 'acct-1', endpoint.id)).deliveries;
    expect(delivery!.attempts[0]).toMatchObject({ status_code: null });
    expect(delivery!.attempts[0]!.error).toMatch(/is a loopback address/);
  });

  it('connect to the address that was checked, whatever the name resolves to later', async () => {
    let answers = 0;
    const lookup = async () => [{ address: answers++ === 0 ? '127.0.0.1' : '10.9.9.9', family: 4 }];
    deps.lookup = lookup;
    await createEndpoint(
      { store, settings: settings(), lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
      'acct-1',
      {
        url: `http://hooks.example.test:${port}/in`,
        events: ['upload.completed'],
      },
    );
    await handleMessage(deps, { kind: 'event', event: completed() });
    await runQueue();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.host).toBe(`hooks.example.test:${port}`);
  });

  it('need https unless loopback is allowed, no credentials in the URL, and stop at the limit', async () => {
    expect((await refusal(add('http://example.com/x', { allowLoopback: false }))).lines()[0]).toMatch(/https only/);
    expect((await refusal(add('ftp://example.com/x'))).code).toBe('webhook_url_invalid');
    expect((await refusal(add('https://user:pw@127.0.0.1/x'))).lines()[0]).toMatch(/user name or password/);
    expect((await refusal(add('not a url'))).code).toBe('webhook_url_invalid');
    for (let i = 0; i < 10; i++) await add(`http://127.0.0.1:${port}/n${i}`);
    const limit = await refusal(add(`http://127.0.0.1:${port}/n10`));
    expect([limit.status, limit.code]).toEqual([429, 'webhook_endpoint_limit']);
  });

  it('keep the secret only sealed, list without it, and delete only the caller’s own', async () => {
    const created = await register();
    const stored = [...store.endpoints.values()][0]!;
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(6));
    const listed = await listEndpoints({ store }, 'acct-1');
    expect(listed).toEqual([
      {
        id: created.id,
        url: `http://127.0.0.1:${port}/hooks`,
        events: ['upload.completed'],
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    expect((await refusal(deleteEndpoint({ store }, 'acct-2', created.id))).status).toBe(404);
    expect((await refusal(listDeliveries({ store }, 'acct-2', created.id))).status).toBe(404);
    expect(await deleteEndpoint({ store }, 'acct-1', created.id)).toEqual({ id: created.id, deleted: true });
  });

  it('answer 503 with advice when the deployment has no sealing key', async () => {
    const e = await refusal(add(`http://127.0.0.1:${port}/x`, { key: undefined }));
    expect([e.status, e.code]).toEqual([503, 'webhooks_not_configured']);
  });
});

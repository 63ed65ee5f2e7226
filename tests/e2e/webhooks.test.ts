// Webhooks on the local stack: an endpoint registered through the SDK, an upload embedded by the
// worker, and its upload.completed delivered to a receiver on loopback (npm start's local stage
// allows loopback), signed so the SDK's verifier accepts it; bad registrations are refused.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FnqClient, FnqServiceError, verifyWebhook } from '../../sdk/index';
import { issueToken } from '../../lib/http/token';
import { until } from '../support/until';

const url = inject('stackUrl');
const secret = inject('stackSecret');

let receiver: Server;
let port: number;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let fnq: FnqClient;
let token: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  token = await issueToken({ secret, account: 'webhook-user', level: 'pro', ttlSeconds: 3600 });
  fnq = new FnqClient({ url, token });
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as FnqServiceError,
  );

describe('webhooks on the local stack', () => {
  it('delivers upload.completed, signed, to a registered endpoint and lists the attempt', async () => {
    const endpoint = await fnq.webhooks.add({
      url: `http://127.0.0.1:${port}/fnquery`,
      events: ['upload.completed', 'upload.failed'],
      description: 'e2e receiver',
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await fnq.webhooks.list();
    expect(listed.map((e) => e.id)).toContain(endpoint.id);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    const text = '# Travel policy\n\nTrains are booked in second class for trips under four hours.\n';
    const upload = await fnq.uploads.uploadAndWait('webhook-docs', 'travel.md', new TextEncoder().encode(text));
    expect(upload.status).toBe('completed');

    const delivery = await until('the upload.completed delivery', () =>
      received.find((r) => r.body.includes(upload.upload_id)),
    );
    const payload = verifyWebhook(endpoint.secret, delivery.headers as Record<string, string>, delivery.body);
    expect(payload).toMatchObject({
      type: 'upload.completed',
      data: { upload_id: upload.upload_id, collection_name: 'webhook-docs', status: 'completed' },
    });
    expect(delivery.body).not.toContain('second class');
    expect(delivery.body).not.toContain('travel.md');

    const [listedDelivery] = await until('the delivery record', async () => {
      const all = await fnq.webhooks.deliveries(endpoint.id);
      return all.some((d) => d.status === 'delivered') ? all : undefined;
    });
    expect(listedDelivery).toMatchObject({ id: delivery.headers['webhook-id'], status: 'delivered' });
    expect(listedDelivery!.attempts[0]).toMatchObject({ status_code: 204, error: null });

    expect(await fnq.webhooks.remove(endpoint.id)).toMatchObject({ id: endpoint.id, deleted: true });
    expect((await refusal(fnq.webhooks.deliveries(endpoint.id))).status).toBe(404);
  });

  it('refuses metadata and private addresses, unknown events and bad bodies with ISSUE and ADVICE', async () => {
    const metadata = await refusal(
      fnq.webhooks.add({ url: 'http://169.254.169.254/latest', events: ['upload.failed'] }),
    );
    expect(metadata.status).toBe(400);
    expect(metadata.messages[0]).toMatch(
      /^ISSUE: The webhook endpoint address 169\.254\.169\.254 is a metadata address.*ADVICE: /,
    );
    const privateNet = await refusal(fnq.webhooks.add({ url: 'https://10.0.0.1/x', events: ['upload.failed'] }));
    expect(privateNet.messages[0]).toMatch(/is a private address/);
    const unknownEvent = await refusal(
      fnq.webhooks.add({ url: `http://127.0.0.1:${port}/x`, events: ['upload.started' as 'upload.failed'] }),
    );
    expect([unknownEvent.status, unknownEvent.messages[0]]).toEqual([400, expect.stringMatching(/^ISSUE: .*ADVICE: /)]);
    const res = await fetch(`${url}/webhooks-service/v1/endpoints`, {
      method: 'POST',
      headers: {
        svcwt: token,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ events: [] }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/ISSUE: .*ADVICE: /);
    expect((await refusal(fnq.webhooks.remove('ep_doesnotexist0000'))).status).toBe(404);
  });
});

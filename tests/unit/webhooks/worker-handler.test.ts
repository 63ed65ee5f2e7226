// The webhook worker's Lambda handler over in-memory ports: a batch of SQS records, an unreadable
// one dropped, one whose store call fails reported for redelivery while the others go through.
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createWebhookWorker } from '../../../handlers/queue/webhook-worker';
import { loadConfig } from '../../../lib/config';
import { createLogger } from '../../../lib/log';
import { DEFAULT_RETRY_SCHEDULE } from '../../../lib/webhooks/schedule';
import type { WebhookEvent } from '../../../lib/webhooks/events';
import { MemoryWebhookQueue, MemoryWebhookStore } from '../../support/memory-webhook-store';

const event = (account: string): WebhookEvent => ({
  id: `evt_${account}`,
  account,
  type: 'upload.failed',
  occurredAt: Date.now(),
  data: { upload_id: 'u1', status: 'failed' },
});

const batch = (bodies: string[]) =>
  ({ Records: bodies.map((body, i) => ({ messageId: `m${i}`, body, attributes: {} })) }) as unknown as SQSEvent;

describe('the webhook worker handler', () => {
  it('fans out readable events, drops unreadable messages and returns failed ones for redelivery', async () => {
    const store = new MemoryWebhookStore();
    const queue = new MemoryWebhookQueue();
    const lines: string[] = [];
    await store.putEndpoint({
      id: 'ep_aaaaaaaaaaaaaaaa',
      account: 'ok',
      url: 'https://hooks.example.com/x',
      events: ['upload.failed'],
      sealedSecret: 'unused',
      createdAt: 0,
    });
    const listEndpoints = store.listEndpoints.bind(store);
    store.listEndpoints = async (account) => {
      if (account === 'broken') throw new Error('table unreachable');
      return listEndpoints(account);
    };
    const worker = createWebhookWorker({
      deliver: {
        store,
        queue,
        settings: {
          allowLoopback: false,
          allowPrivate: false,
          key: 'k'.repeat(32),
          retrySchedule: [1],
          timeoutMs: 1000,
          maxEndpoints: 10,
        },
      },
      log: createLogger({ sink: (line) => lines.push(line) }),
    });
    const answer = await worker(
      batch([
        JSON.stringify({ kind: 'event', event: event('ok') }),
        'not json',
        JSON.stringify({ kind: 'event', event: event('broken') }),
      ]),
    );
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }]);
    expect(queue.sent.map((s) => s.message.kind)).toEqual(['attempt']);
    expect(lines.some((l) => l.includes('unreadable webhook message'))).toBe(true);
  });
});

describe('webhook settings', () => {
  const base = { FNQ_JWT_SECRET: 'j'.repeat(32) };

  it('default to a day of retries, no loopback, and a key derived from the JWT secret', () => {
    const { webhooks } = loadConfig(base);
    expect(webhooks).toMatchObject({
      allowLoopback: false,
      allowPrivate: false,
      maxEndpoints: 10,
      key: base.FNQ_JWT_SECRET,
    });
    const total = DEFAULT_RETRY_SCHEDULE.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20 * 3600);
    expect(total).toBeLessThanOrEqual(24 * 3600);
  });

  it('take a schedule and a key of their own, and name what is wrong with them', () => {
    const good = loadConfig({ ...base, FNQ_WEBHOOKS_RETRY_SCHEDULE: '1, 2,3', FNQ_WEBHOOKS_KEY: 'w'.repeat(32) });
    expect(good.webhooks).toMatchObject({ retrySchedule: [1, 2, 3], key: 'w'.repeat(32) });
    expect(() => loadConfig({ ...base, FNQ_WEBHOOKS_RETRY_SCHEDULE: '5,soon' })).toThrow(/FNQ_WEBHOOKS_RETRY_SCHEDULE/);
    expect(() => loadConfig({ ...base, FNQ_WEBHOOKS_KEY: 'short' })).toThrow(/FNQ_WEBHOOKS_KEY must be at least 32/);
  });
});

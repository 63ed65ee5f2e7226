// The webhook adapters against the local stack's emulators (dynalite, local-aws-sqs): the table
// from serverless.yml, conditional writes that keep redelivered messages from doubling anything,
// newest-first listing, another account's endpoint not found, and delayed queue messages.
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../../lib/aws/dynamo-client';
import { signedDynamo } from '../../../lib/aws/signed-dynamo';
import { DynamoWebhookStore } from '../../../lib/aws/dynamo-webhook-store';
import { sqsClient } from '../../../lib/aws/sqs-client';
import { SqsWebhookQueue } from '../../../lib/aws/sqs-webhook-queue';
import { loadConfig, type Config } from '../../../lib/config';
import type { DeliveryRecord } from '../../../lib/webhooks/ports';
import { startEmulators, type Emulators } from '../../../local/emulators';

let emulators: Emulators;
let config: Config;
let store: DynamoWebhookStore;

beforeAll(async () => {
  emulators = await startEmulators({ stage: 'webhookstest' });
  config = loadConfig({ ...emulators.env, FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_LANCE_URI: '/tmp/x' });
  // Through the signed caller, as on Lambda; the SDK's client reads the stored item back below.
  store = new DynamoWebhookStore(signedDynamo(config.aws), config.aws.tables.webhooks);
});
afterAll(() => emulators.stop());

const delivery = (id: string, createdAt: number): DeliveryRecord => ({
  id,
  endpointId: 'ep_1',
  account: 'acct-a',
  eventId: `evt_${id}`,
  eventType: 'upload.completed',
  payload: '{"type":"upload.completed"}',
  status: 'pending',
  attempts: [],
  nextAttemptAt: createdAt,
  createdAt,
});

describe('DynamoWebhookStore', () => {
  it('keeps endpoints per account and deletes only existing ones', async () => {
    const endpoint = {
      id: 'ep_1',
      account: 'acct-a',
      url: 'https://hooks.example.com/a',
      events: ['upload.completed' as const],
      sealedSecret: 'v1.sealed',
      createdAt: 1,
    };
    await store.putEndpoint(endpoint);
    expect(await store.listEndpoints('acct-a')).toEqual([endpoint]);
    expect(await store.getEndpoint('acct-b', 'ep_1')).toBeUndefined();
    expect(await store.deleteEndpoint('acct-b', 'ep_1')).toBe(false);
    expect(await store.getEndpoint('acct-a', 'ep_1')).toEqual(endpoint);
  });

  it('creates a delivery once, records an attempt once per count, and lists the newest first', async () => {
    const first = delivery('msg_0000000001aaaa', Date.UTC(2026, 10, 1));
    const second = delivery('msg_0000000002bbbb', Date.UTC(2026, 10, 2));
    expect(await store.createDelivery(first)).toBe(true);
    expect(await store.createDelivery(first)).toBe(false);
    expect(await store.createDelivery(second)).toBe(true);

    const attempt = { at: 5, statusCode: 500, error: 'The endpoint answered 500', durationMs: 12 };
    const change = { status: 'pending' as const, attempts: [attempt], nextAttemptAt: 99 };
    expect(await store.recordAttempt(first, 0, change)).toBe(true);
    // A second copy of the same attempt message lost the race.
    expect(await store.recordAttempt(first, 0, change)).toBe(false);
    expect(
      await store.recordAttempt(first, 1, {
        status: 'delivered',
        attempts: [attempt, { ...attempt, statusCode: 200, error: undefined }],
        nextAttemptAt: undefined,
      }),
    ).toBe(true);

    const stored = await store.getDelivery('ep_1', first.id);
    expect(stored).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 500 }, { statusCode: 200 }] });
    expect(stored!.nextAttemptAt).toBeUndefined();
    expect((await store.listDeliveries('ep_1', 50)).map((d) => d.id)).toEqual([second.id, first.id]);
    expect((await store.listDeliveries('ep_1', 1)).map((d) => d.id)).toEqual([second.id]);

    const { Item } = await dynamoClient(config.aws).send(
      new GetCommand({ TableName: config.aws.tables.webhooks, Key: { pk: 'ep#ep_1', sk: `dl#${first.id}` } }),
    );
    expect(Item!.expiresAt).toBe(Math.floor(first.createdAt / 1000) + 30 * 86_400);
  });
});

describe('SqsWebhookQueue', () => {
  it('holds a delayed message back, then delivers it', async () => {
    const sqs = sqsClient(config.aws);
    const queue = new SqsWebhookQueue(sqs, emulators.webhooksQueueUrl);
    const message = { kind: 'attempt' as const, account: 'acct-a', endpointId: 'ep_1', deliveryId: 'msg_x' };
    await queue.send(message, 2);
    const receive = () =>
      sqs.send(new ReceiveMessageCommand({ QueueUrl: emulators.webhooksQueueUrl, WaitTimeSeconds: 0 }));
    expect((await receive()).Messages ?? []).toEqual([]);
    const deadline = Date.now() + 20_000;
    let body: string | undefined;
    while (!body && Date.now() < deadline) {
      body = (await receive()).Messages?.[0]?.Body;
      if (!body) await new Promise((r) => setTimeout(r, 250));
    }
    expect(JSON.parse(body!)).toEqual(message);
  });
});

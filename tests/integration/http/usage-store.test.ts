import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { dynamoClient, dynamoDocuments, sdkDocuments } from '../../../lib/aws/dynamo-client';
import { DynamoUsageStore } from '../../../lib/aws/dynamo-usage-store';
import { usageExpiry } from '../../../lib/aws/usage-item';
import { canSign, SignedDynamo, signedDynamo } from '../../../lib/aws/signed-dynamo';
import { loadConfig } from '../../../lib/config';

/** What a usage item holds: the counters and the key, nothing about the request itself. */
const STORED_FIELDS = ['aiTokens', 'calls', 'day', 'durationMs', 'errors', 'expiresAt', 'pk', 'route', 'sk'];

let emulators: Emulators;
beforeAll(async () => {
  emulators = await startEmulators({ stage: 'usagetest' });
});
afterAll(() => emulators.stop());

describe('DynamoDB usage metrics', () => {
  it('adds concurrent increments atomically', async () => {
    const config = loadConfig({ ...emulators.env, FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_LANCE_URI: '/tmp/x' });
    const db = dynamoClient(config.aws);
    const store = new DynamoUsageStore(sdkDocuments(db), config.aws.tables.usage);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        store.add('acct-c', '2026-11-21', 'POST /q', {
          calls: 1,
          errors: i % 3 === 0 ? 1 : 0,
          durationMs: 10,
          aiTokens: 5,
        }),
      ),
    );
    const item = (
      await db.send(
        new GetCommand({ TableName: config.aws.tables.usage, Key: { pk: 'acct#acct-c', sk: '2026-11-21#POST /q' } }),
      )
    ).Item;
    expect(item).toMatchObject({
      calls: 60,
      errors: 20,
      durationMs: 600,
      aiTokens: 300,
      day: '2026-11-21',
      route: 'POST /q',
    });
    // Nothing about the request itself is stored: only the counters and the key.
    expect(Object.keys(item!).sort()).toEqual(STORED_FIELDS);
    // DynamoDB's TTL removes the day's counters 400 days after it: the usage route reads at most 366.
    expect(item!.expiresAt).toBe(Date.parse('2027-12-26T00:00:00Z') / 1000);
    expect(usageExpiry('2026-11-21')).toBe(item!.expiresAt);
  });

  it('lists one account’s days in the window, every route, and nothing of other accounts', async () => {
    const config = loadConfig({ ...emulators.env, FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_LANCE_URI: '/tmp/x' });
    const store = new DynamoUsageStore(dynamoDocuments(config.aws), config.aws.tables.usage);
    const one = { calls: 1, errors: 0, durationMs: 7, aiTokens: 3 };
    for (const [account, day, route] of [
      ['acct-l', '2026-10-31', 'GET /health'],
      ['acct-l', '2026-11-01', 'POST /query-service/v1/rdbms'],
      ['acct-l', '2026-11-01', 'GET /embedder-service/v1/status'],
      ['acct-l', '2026-11-02', 'POST /query-service/v1/function'],
      ['acct-l', '2026-11-03', 'GET /health'],
      ['acct-l2', '2026-11-01', 'GET /health'],
    ] as const) {
      await store.add(account, day, route, one);
    }
    const rows = await store.list('acct-l', '2026-11-01', '2026-11-02');
    expect(rows.map((r) => `${r.day} ${r.endpoint}`).sort()).toEqual([
      '2026-11-01 GET /embedder-service/v1/status',
      '2026-11-01 POST /query-service/v1/rdbms',
      '2026-11-02 POST /query-service/v1/function',
    ]);
    expect(rows[0]).toEqual(expect.objectContaining({ calls: 1, errors: 0, durationMs: 7, aiTokens: 3 }));
    expect(await store.list('nobody', '2026-01-01', '2026-12-31')).toEqual([]);
  });

  it('the signed caller (no SDK client) adds to the same items as the SDK, concurrently and atomically', async () => {
    const config = loadConfig({ ...emulators.env, FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_LANCE_URI: '/tmp/x' });
    expect(canSign(config.aws)).toBe(true);
    const signed = new DynamoUsageStore(signedDynamo(config.aws), config.aws.tables.usage);
    const sdk = new DynamoUsageStore(dynamoDocuments(config.aws), config.aws.tables.usage);
    const route = 'GET /embedder-service/v1/status';
    await sdk.add('acct-s', '2026-11-22', route, { calls: 1, errors: 1, durationMs: 4.4, aiTokens: 0 });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signed.add('acct-s', '2026-11-22', route, {
          calls: 1,
          errors: i % 4 === 0 ? 1 : 0,
          durationMs: 2.6,
          aiTokens: 7,
        }),
      ),
    );
    // Both readers see both writers' counters in one row.
    const row = { day: '2026-11-22', endpoint: route, calls: 41, errors: 11, durationMs: 4 + 40 * 3, aiTokens: 280 };
    expect(await sdk.list('acct-s', '2026-11-22', '2026-11-22')).toEqual([row]);
    expect(await signed.list('acct-s', '2026-11-22', '2026-11-22')).toEqual([row]);
    const item = (
      await dynamoClient(config.aws).send(
        new GetCommand({ TableName: config.aws.tables.usage, Key: { pk: 'acct#acct-s', sk: `2026-11-22#${route}` } }),
      )
    ).Item;
    expect(Object.keys(item!).sort()).toEqual(STORED_FIELDS);
    expect(item!.expiresAt).toBe(usageExpiry('2026-11-22'));
  });

  it('the signed caller fails with DynamoDB’s error type, without retrying a request DynamoDB refused', async () => {
    const config = loadConfig({ ...emulators.env, FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_LANCE_URI: '/tmp/x' });
    const store = new DynamoUsageStore(signedDynamo(config.aws), 'no-such-table');
    const failed = await store
      .add('acct-s', '2026-11-22', 'GET /health', { calls: 1, errors: 0, durationMs: 1, aiTokens: 0 })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(failed?.name).toBe('ResourceNotFoundException');
    expect(failed?.message).toBe('DynamoDB UpdateItem failed: 400 ResourceNotFoundException');
  });

  it('the signed caller retries a connection that fails, then names the cause', async () => {
    const config = loadConfig({
      ...emulators.env,
      FNQ_DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
      FNQ_JWT_SECRET: 'x'.repeat(32),
      FNQ_LANCE_URI: '/tmp/x',
    });
    const store = new DynamoUsageStore(new SignedDynamo(config.aws), config.aws.tables.usage);
    const failed = await store
      .add('acct-s', '2026-11-22', 'GET /health', { calls: 1, errors: 0, durationMs: 1, aiTokens: 0 })
      .then(
        () => undefined,
        (e: unknown) => e as NodeJS.ErrnoException,
      );
    expect(failed?.code).toBe('ECONNREFUSED');
  });

  it('signs only where the environment holds credentials or an emulator is named', () => {
    const aws = { region: 'eu-west-1', endpoints: {} } as Parameters<typeof canSign>[0];
    expect(canSign(aws, { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret' })).toBe(true);
    // A developer's profile or SSO session: the SDK's client and its default chain instead.
    expect(canSign(aws, { AWS_PROFILE: 'dev' })).toBe(false);
    expect(canSign({ ...aws, endpoints: { dynamodb: 'http://127.0.0.1:8000' } }, {})).toBe(true);
  });
});

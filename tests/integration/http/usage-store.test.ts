import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { dynamoClient } from '../../../lib/aws/dynamo-client';
import { DynamoUsageStore } from '../../../lib/aws/dynamo-usage-store';
import { loadConfig } from '../../../lib/config';

let emulators: Emulators;
beforeAll(async () => {
  emulators = await startEmulators({ stage: 'usagetest' });
});
afterAll(() => emulators.stop());

describe('DynamoDB usage metrics', () => {
  it('adds concurrent increments atomically', async () => {
    const config = loadConfig({ ...emulators.env, FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_LANCE_URI: '/tmp/x' });
    const db = dynamoClient(config.aws);
    const store = new DynamoUsageStore(db, config.aws.tables.usage);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => store.add('acct-c', '2026-11-21', 'POST /q', { calls: 1, errors: i % 3 === 0 ? 1 : 0, durationMs: 10, aiTokens: 5 })),
    );
    const item = (await db.send(new GetCommand({ TableName: config.aws.tables.usage, Key: { pk: 'acct#acct-c', sk: '2026-11-21#POST /q' } }))).Item;
    expect(item).toMatchObject({ calls: 60, errors: 20, durationMs: 600, aiTokens: 300, day: '2026-11-21', route: 'POST /q' });
    // Nothing about the request itself is stored: only the counters and the key.
    expect(Object.keys(item!).sort()).toEqual(['aiTokens', 'calls', 'day', 'durationMs', 'errors', 'pk', 'route', 'sk']);
  });
});

// TransactWriteItems as the service uses it, run the same way against moto's DynamoDB (an AWS
// emulator independent of ours) and against the local stack's emulator (dynalite behind
// local/dynamo-transaction-shim.ts): every scenario's outcome — items after, error name,
// CancellationReasons — must be identical on both, and what DynamoDB documents.
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorCredentials } from '../../../lib/aws/emulator';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { motoTools, startMoto, type MotoServer } from '../../support/moto-tools';

const TABLE = 'transactions-test';
let moto: MotoServer;
let emulators: Emulators;
const backends: { name: string; db: DynamoDBDocumentClient }[] = [];

const client = (endpoint: string) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'us-east-1', endpoint, credentials: emulatorCredentials, maxAttempts: 1 }),
  );

beforeAll(async () => {
  [moto, emulators] = await Promise.all([startMoto(motoTools()), startEmulators()]);
  for (const [name, endpoint] of [
    ['moto', moto.endpoint],
    ['local', emulators.endpoints.dynamodb],
  ] as const) {
    const db = client(endpoint);
    await db.send(
      new CreateTableCommand({
        TableName: TABLE,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
    );
    backends.push({ name, db });
  }
}, 240_000);

afterAll(async () => {
  for (const { db } of backends) db.destroy();
  await Promise.all([moto?.stop(), emulators?.stop()]);
});

/** What a transaction did: `ok`, or the error's name, message prefix and reasons. */
async function outcome(db: DynamoDBDocumentClient, input: TransactWriteCommandInput['TransactItems']) {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: input }));
    return { ok: true };
  } catch (e) {
    const err = e as Error & { CancellationReasons?: { Code?: string; Item?: Record<string, unknown> }[] };
    return {
      error: err.name,
      reasons: err.CancellationReasons?.map((r) => ({ code: r.Code, item: r.Item })),
    };
  }
}

const read = async (db: DynamoDBDocumentClient, sk: string) =>
  (await db.send(new GetCommand({ TableName: TABLE, Key: { pk: 'p', sk }, ConsistentRead: true }))).Item;

/** Runs `scenario` on each backend and asserts both gave the same; returns that outcome. */
async function onBoth<T>(scenario: (db: DynamoDBDocumentClient, tag: string) => Promise<T>): Promise<T> {
  const [onMoto, onLocal] = await Promise.all(backends.map(({ db }) => scenario(db, 'x')));
  expect(onLocal).toEqual(onMoto);
  return onMoto!;
}

const quotaUpdate = (sk: string, max: number) => ({
  Update: {
    TableName: TABLE,
    Key: { pk: 'p', sk },
    UpdateExpression: 'ADD documents :one',
    ConditionExpression: 'attribute_not_exists(documents) OR documents < :max',
    ExpressionAttributeValues: { ':one': 1, ':max': max },
  },
});
const newItem = (sk: string, extra: Record<string, unknown> = {}) => ({
  Put: { TableName: TABLE, Item: { pk: 'p', sk, ...extra }, ConditionExpression: 'attribute_not_exists(sk)' },
});

describe('TransactWriteItems: moto and the local emulator agree', () => {
  it('applies every action when every condition holds', async () => {
    const result = await onBoth(async (db) => ({
      outcome: await outcome(db, [quotaUpdate('q1', 5), newItem('u1', { state: 'queued' })]),
      quota: await read(db, 'q1'),
      upload: await read(db, 'u1'),
    }));
    expect(result).toEqual({
      outcome: { ok: true },
      quota: { pk: 'p', sk: 'q1', documents: 1 },
      upload: { pk: 'p', sk: 'u1', state: 'queued' },
    });
  });

  it('applies none when one condition fails, with a reason per action and None for the others', async () => {
    const result = await onBoth(async (db) => {
      await db.send(new TransactWriteCommand({ TransactItems: [newItem('taken', { v: 1 })] }));
      return {
        outcome: await outcome(db, [quotaUpdate('q2', 5), newItem('taken', { v: 2 }), newItem('u2')]),
        quota: await read(db, 'q2'),
        taken: await read(db, 'taken'),
        upload: await read(db, 'u2'),
      };
    });
    expect(result).toEqual({
      outcome: {
        error: 'TransactionCanceledException',
        reasons: [{ code: 'None' }, { code: 'ConditionalCheckFailed' }, { code: 'None' }],
      },
      quota: undefined,
      taken: { pk: 'p', sk: 'taken', v: 1 },
      upload: undefined,
    });
  });

  it('returns the failed item itself when asked (ALL_OLD), so the caller needs no second read', async () => {
    const result = await onBoth(async (db) => {
      await db.send(new TransactWriteCommand({ TransactItems: [newItem('coll', { embedder: 'lexical-768' })] }));
      return outcome(db, [
        {
          Update: {
            TableName: TABLE,
            Key: { pk: 'p', sk: 'coll' },
            UpdateExpression: 'SET embedder = if_not_exists(embedder, :e)',
            ConditionExpression: 'attribute_not_exists(embedder) OR embedder = :e',
            ExpressionAttributeValues: { ':e': 'openai-768' },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        newItem('u3'),
      ]);
    });
    expect(result).toEqual({
      error: 'TransactionCanceledException',
      // The document client leaves reasons' items in DynamoDB's attribute-value form.
      reasons: [
        { code: 'ConditionalCheckFailed', item: { pk: { S: 'p' }, sk: { S: 'coll' }, embedder: { S: 'lexical-768' } } },
        { code: 'None' },
      ],
    });
  });

  it('checks a ConditionCheck without changing its item, and a failed one cancels the rest', async () => {
    const result = await onBoth(async (db) => {
      await db.send(new TransactWriteCommand({ TransactItems: [newItem('guard', { open: true })] }));
      const check = (value: boolean) => ({
        ConditionCheck: {
          TableName: TABLE,
          Key: { pk: 'p', sk: 'guard' },
          ConditionExpression: '#open = :v',
          ExpressionAttributeNames: { '#open': 'open' },
          ExpressionAttributeValues: { ':v': value },
        },
      });
      return {
        passed: await outcome(db, [check(true), newItem('u4')]),
        failed: await outcome(db, [check(false), newItem('u5')]),
        guard: await read(db, 'guard'),
        u4: await read(db, 'u4'),
        u5: await read(db, 'u5'),
      };
    });
    expect(result).toEqual({
      passed: { ok: true },
      failed: {
        error: 'TransactionCanceledException',
        reasons: [{ code: 'ConditionalCheckFailed' }, { code: 'None' }],
      },
      guard: { pk: 'p', sk: 'guard', open: true },
      u4: { pk: 'p', sk: 'u4' },
      u5: undefined,
    });
  });

  it('refuses two actions on one item as a validation error, changing nothing', async () => {
    const result = await onBoth(async (db) => ({
      outcome: await outcome(db, [quotaUpdate('q6', 5), quotaUpdate('q6', 5)]),
      quota: await read(db, 'q6'),
    }));
    expect(result).toEqual({ outcome: { error: 'ValidationException', reasons: undefined }, quota: undefined });
  });

  // Only on the local emulator: moto's threaded server does not isolate concurrent transactions (a run
  // here let 6 of 12 commit against a quota of 4), so it cannot be the reference for a race. Each
  // scenario above holds it to moto one request at a time; this one holds the front to DynamoDB's rule.
  it('lets exactly the quota through when uploads race for the last slots', async () => {
    const db = backends.find((b) => b.name === 'local')!.db;
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => outcome(db, [quotaUpdate('q7', 4), newItem(`race-${i}`)])),
    );
    const stored = await Promise.all(Array.from({ length: 12 }, (_, i) => read(db, `race-${i}`)));
    expect({
      succeeded: outcomes.filter((o) => o.ok).length,
      refusedForQuota: outcomes.filter((o) => o.reasons?.[0]?.code === 'ConditionalCheckFailed').length,
      stored: stored.filter(Boolean).length,
      quota: (await read(db, 'q7'))?.documents,
    }).toEqual({ succeeded: 4, refusedForQuota: 8, stored: 4, quota: 4 });
  });
});

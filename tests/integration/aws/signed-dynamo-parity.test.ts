// The signed caller (no SDK client, what the Lambdas use) against the SDK's document client, on the same
// table of the local stack's DynamoDB emulator: every read answers the same items, what one writes the other
// reads back unchanged, and DynamoDB's refusals come out under the same names with the same reasons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocuments } from '../../../lib/aws/dynamo-client';
import { cancellationReasons, type DynamoDocuments, type Item } from '../../../lib/aws/dynamo-documents';
import { queryAll } from '../../../lib/aws/dynamo-pages';
import { SignedDynamo } from '../../../lib/aws/signed-dynamo';
import { loadConfig } from '../../../lib/config';
import { startEmulators, type Emulators } from '../../../local/emulators';

let emulators: Emulators;
let table: string;
let signed: DynamoDocuments;
let sdk: DynamoDocuments;

/** Items of every type the document client converts, in one partition of the uploads table (pk, sk). */
const PK = 'parity#items';
const items: Item[] = [
  { pk: PK, sk: 'a', text: 'plain', empty: '', unicode: 'Grüße, 世界 🌍', n: 42, neg: -7, float: 3.25 },
  { pk: PK, sk: 'b', yes: true, no: false, nothing: null, list: [1, 'two', [3], { four: 4 }, null] },
  { pk: PK, sk: 'c', nested: { deep: { deeper: { list: ['x'], n: 0.5 } } }, strings: new Set(['x', 'y']) },
  { pk: PK, sk: 'd', numbers: new Set([1, 2.5, -3]), bytes: new Uint8Array([0, 1, 254, 255]) },
  { pk: PK, sk: 'e', byteSet: new Set([new Uint8Array([1]), new Uint8Array([2, 3])]), big: 2n ** 60n },
  { pk: PK, sk: 'f', unfinished: 'open', state: 'queued', startedAt: 1_764_000_000_000 },
];

beforeAll(async () => {
  emulators = await startEmulators({ stage: 'signedparity' });
  const config = loadConfig({ ...emulators.env, FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_LANCE_URI: '/tmp/x' });
  table = config.aws.tables.uploads;
  signed = new SignedDynamo(config.aws);
  sdk = dynamoDocuments(config.aws);
  for (const Item of items) await sdk.put({ TableName: table, Item });
});
afterAll(() => emulators?.stop());

/** The same call on both callers: their answers, to compare. */
const both = <T>(call: (db: DynamoDocuments) => Promise<T>) => Promise.all([call(signed), call(sdk)]);

/** The error a call fails with, as the adapters look at it: its name and a cancelled transaction's reasons. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: unknown) => ({ name: (e as Error).name, reasons: cancellationReasons(e) }),
  );

describe('the signed caller and the SDK document client on the same table', () => {
  it('get the same item, field for field and type for type, and nothing for an absent key', async () => {
    for (const item of items) {
      const [mine, theirs] = await both((db) =>
        db.get({ TableName: table, Key: { pk: PK, sk: item.sk }, ConsistentRead: true }),
      );
      expect(mine.Item).toEqual(theirs.Item);
      expect(mine.Item).toEqual(item);
    }
    const [absent, absentSdk] = await both((db) => db.get({ TableName: table, Key: { pk: PK, sk: 'zz' } }));
    expect(absent.Item).toBeUndefined();
    expect(absentSdk.Item).toBeUndefined();
    const [projected, projectedSdk] = await both((db) =>
      db.get({
        TableName: table,
        Key: { pk: PK, sk: 'c' },
        ProjectionExpression: '#n.deep, strings',
        ExpressionAttributeNames: { '#n': 'nested' },
      }),
    );
    expect(projected.Item).toEqual(projectedSdk.Item);
    const nested = items[2]!.nested as { deep: unknown };
    expect(projected.Item).toEqual({ nested: { deep: nested.deep }, strings: new Set(['x', 'y']) });
  });

  it('query the same pages, in both directions, and of the sparse index', async () => {
    const query = {
      TableName: table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': PK, ':p': '' },
      ConsistentRead: true,
    };
    // Two items a page: LastEvaluatedKey carries the key across pages on both.
    const [firstPage, firstPageSdk] = await both((db) => db.query({ ...query, Limit: 2 }));
    expect(firstPage.Items).toEqual(firstPageSdk.Items);
    expect(firstPage.LastEvaluatedKey).toEqual({ pk: PK, sk: 'b' });
    expect(firstPageSdk.LastEvaluatedKey).toEqual(firstPage.LastEvaluatedKey);
    const [all, allSdk] = await both((db) => queryAll(db, { ...query, Limit: 2 }));
    expect(all).toEqual(allSdk);
    expect(all).toEqual(items);
    const [backwards, backwardsSdk] = await both((db) => db.query({ ...query, ScanIndexForward: false, Limit: 3 }));
    expect(backwards.Items).toEqual(backwardsSdk.Items);
    expect(backwards.Items!.map((i) => i.sk)).toEqual(['f', 'e', 'd']);
    const [open, openSdk] = await both((db) =>
      queryAll(db, {
        TableName: table,
        IndexName: 'unfinished',
        KeyConditionExpression: 'unfinished = :open',
        ExpressionAttributeValues: { ':open': 'open' },
      }),
    );
    expect(open).toEqual(openSdk);
    expect(open.filter((i) => i.pk === PK)).toEqual([items[5]]);
  });

  it('batch-get the same items, absent keys left out', async () => {
    const keys = ['a', 'd', 'zz', 'e'].map((sk) => ({ pk: PK, sk }));
    const [mine, theirs] = await both((db) =>
      db.batchGet({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
    );
    const bySk = (list: Item[] | undefined) =>
      [...(list ?? [])].sort((x, y) => String(x.sk).localeCompare(String(y.sk)));
    expect(bySk(mine.Responses?.[table])).toEqual(bySk(theirs.Responses?.[table]));
    expect(bySk(mine.Responses?.[table])).toEqual([items[0], items[3], items[4]]);
  });

  it('read back unchanged what the other wrote, updates and their returned attributes included', async () => {
    const written = { ...items[3]!, sk: 'written-signed' };
    await signed.put({ TableName: table, Item: written });
    expect((await sdk.get({ TableName: table, Key: { pk: PK, sk: 'written-signed' } })).Item).toEqual(written);
    const update = (db: DynamoDocuments, sk: string) =>
      db.update({
        TableName: table,
        Key: { pk: PK, sk },
        UpdateExpression: 'SET #t = :t ADD hits :one',
        ExpressionAttributeNames: { '#t': 'text' },
        ExpressionAttributeValues: { ':t': 'changed', ':one': 1 },
        ReturnValues: 'ALL_NEW',
      });
    await sdk.put({ TableName: table, Item: { ...items[0]!, sk: 'updated-signed' } });
    await sdk.put({ TableName: table, Item: { ...items[0]!, sk: 'updated-sdk' } });
    const mine = await update(signed, 'updated-signed');
    const theirs = await update(sdk, 'updated-sdk');
    expect({ ...mine.Attributes, sk: 'x' }).toEqual({ ...theirs.Attributes, sk: 'x' });
    expect(mine.Attributes).toMatchObject({ text: 'changed', hits: 1, unicode: items[0]!.unicode });
    await signed.delete({ TableName: table, Key: { pk: PK, sk: 'written-signed' } });
    expect((await sdk.get({ TableName: table, Key: { pk: PK, sk: 'written-signed' } })).Item).toBeUndefined();
  });

  it('refuse alike: a failed condition, a cancelled transaction with its reasons, a bad key, a missing table', async () => {
    const [condition, conditionSdk] = await both((db) =>
      refusal(
        db.update({
          TableName: table,
          Key: { pk: PK, sk: 'a' },
          UpdateExpression: 'SET n = :n',
          ConditionExpression: 'n = :other',
          ExpressionAttributeValues: { ':n': 1, ':other': 0 },
        }),
      ),
    );
    expect(condition).toEqual({ name: 'ConditionalCheckFailedException', reasons: undefined });
    expect(conditionSdk).toEqual(condition);

    const transaction = (db: DynamoDocuments) =>
      refusal(
        db.transactWrite({
          TransactItems: [
            { Put: { TableName: table, Item: { pk: PK, sk: 'tx-new', n: 1 } } },
            {
              Update: {
                TableName: table,
                Key: { pk: PK, sk: 'a' },
                UpdateExpression: 'SET n = :n',
                ConditionExpression: 'n = :other',
                ExpressionAttributeValues: { ':n': 1, ':other': 0 },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
          ],
        }),
      );
    const [cancelled, cancelledSdk] = await both(transaction);
    expect(cancelled).toEqual(cancelledSdk);
    expect(cancelled).toMatchObject({ name: 'TransactionCanceledException' });
    const reasons = (cancelled as { reasons: { Code?: string; Item?: Item }[] }).reasons;
    expect(reasons.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    // The old item comes back in DynamoDB's typed JSON on both, as the status store reads it.
    expect(reasons[1]!.Item).toMatchObject({ text: { S: 'plain' }, n: { N: '42' } });

    const [badKey, badKeySdk] = await both((db) => refusal(db.get({ TableName: table, Key: { pk: PK } })));
    expect(badKey).toEqual({ name: 'ValidationException', reasons: undefined });
    expect(badKeySdk).toEqual(badKey);
    const [noTable, noTableSdk] = await both((db) =>
      refusal(db.get({ TableName: 'no-such-table', Key: { pk: PK, sk: 'a' } })),
    );
    expect(noTable).toEqual({ name: 'ResourceNotFoundException', reasons: undefined });
    expect(noTableSdk).toEqual(noTable);
  });
});

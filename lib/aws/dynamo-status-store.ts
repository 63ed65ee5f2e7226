// Upload and collection records in the uploads table. One partition per account holds its uploads
// (`upload#<id>`), its collections (`coll#<name>`) and its document counter (`quota`), so another
// account's ids are simply not found. Creating and deleting an upload changes three items (counter,
// collection, record) in one TransactWriteItems, so no crash between writes can leak a quota slot;
// every write that moves a job on is a conditional update of the record alone.
// Records of unfinished uploads (queued, processing) carry `unfinished`, the key of the sparse index
// of that name: the sweep reads that small index instead of scanning the table.
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationReasons, isDynamoError, type DynamoDocuments } from './dynamo-documents';
import type { CollectionRecord, CreateResult, Settlement, StatusStore, UploadRecord } from '../ingest/ports';
import { withRetries } from '../retry';
import { queryAll } from './dynamo-pages';

const pk = (account: string) => `acct#${account}`;
const uploadKey = (account: string, uploadId: string) => ({ pk: pk(account), sk: `upload#${uploadId}` });
const collectionKey = (account: string, name: string) => ({ pk: pk(account), sk: `coll#${name}` });
const quotaKey = (account: string) => ({ pk: pk(account), sk: 'quota' });

// `state` is a DynamoDB reserved word.
const STATE = { '#state': 'state' };

/** The sparse index of unfinished uploads (serverless.yml), and the one value of its key. */
export const UNFINISHED_INDEX = 'unfinished';
const UNFINISHED = 'open';

/** The item of a record: its keys, its fields, and the index key while it is unfinished. */
const recordItem = (record: UploadRecord) => ({
  ...uploadKey(record.account, record.uploadId),
  ...record,
  ...(record.state === 'queued' || record.state === 'processing' ? { unfinished: UNFINISHED } : {}),
});

const held = (leaseId: string) => ({
  ConditionExpression: '#state = :processing AND leaseId = :lease',
  ExpressionAttributeValues: { ':processing': 'processing', ':lease': leaseId },
});

async function conditional<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (e) {
    if (isDynamoError(e, 'ConditionalCheckFailedException')) return undefined;
    throw e;
  }
}

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, unfinished: _open, ...rest } = item;
  return rest as T;
}

/**
 * Sends a transaction, again while DynamoDB cancels it for a conflict with another transaction on
 * the same items (uploads of one account racing for its counter): that is a race lost, not a refusal.
 */
const transact = (db: DynamoDocuments, input: TransactWriteCommandInput) =>
  withRetries(
    () => db.transactWrite(input),
    { maxRetries: 4, baseDelayMs: 20, deadline: Date.now() + 2_000, fullJitter: true },
    (e) => ({ retry: cancellationCodes(e)?.codes.includes('TransactionConflict') ?? false }),
  );

/** Each action's cancellation code when a transaction was cancelled; undefined for any other error. */
function cancellationCodes(
  e: unknown,
): { codes: (string | undefined)[]; items: Record<string, unknown>[] } | undefined {
  const reasons = cancellationReasons(e);
  if (!reasons) return undefined;
  return { codes: reasons.map((r) => r.Code), items: reasons.map((r) => (r.Item ?? {}) as Record<string, unknown>) };
}

export class DynamoStatusStore implements StatusStore {
  constructor(
    private readonly db: DynamoDocuments,
    private readonly table: string,
  ) {}

  async get(account: string, uploadId: string): Promise<UploadRecord | undefined> {
    const out = await this.db.get({ TableName: this.table, Key: uploadKey(account, uploadId), ConsistentRead: true });
    return out.Item ? strip<UploadRecord>(out.Item) : undefined;
  }

  async put(record: UploadRecord): Promise<void> {
    await this.db.put({ TableName: this.table, Item: recordItem(record) });
  }

  async create(record: UploadRecord & { embedder: string }, maxDocuments: number | null): Promise<CreateResult> {
    const { account } = record;
    if (maxDocuments !== null && maxDocuments <= 0) return { created: false, reason: 'quota' };
    try {
      await transact(this.db, {
        TransactItems: [
          {
            Update: {
              TableName: this.table,
              Key: quotaKey(account),
              UpdateExpression: 'ADD documents :one',
              ...(maxDocuments === null
                ? { ExpressionAttributeValues: { ':one': 1 } }
                : {
                    ConditionExpression: 'attribute_not_exists(documents) OR documents < :max',
                    ExpressionAttributeValues: { ':one': 1, ':max': maxDocuments },
                  }),
            },
          },
          {
            Update: {
              TableName: this.table,
              Key: collectionKey(account, record.collection),
              UpdateExpression:
                'SET embedder = if_not_exists(embedder, :e), createdAt = if_not_exists(createdAt, :now)',
              ConditionExpression: 'attribute_not_exists(embedder) OR embedder = :e',
              ExpressionAttributeValues: { ':e': record.embedder, ':now': record.startedAt },
              // The bound embedder comes back with the refusal: no second read.
              ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            },
          },
          {
            Put: {
              TableName: this.table,
              Item: recordItem(record),
              ConditionExpression: 'attribute_not_exists(sk)',
            },
          },
        ],
      });
      return { created: true };
    } catch (e) {
      const cancelled = cancellationCodes(e);
      if (cancelled?.codes[0] === 'ConditionalCheckFailed') return { created: false, reason: 'quota' };
      if (cancelled?.codes[1] === 'ConditionalCheckFailed') {
        const bound = cancelled.items[1]?.embedder as { S?: string } | undefined;
        return { created: false, reason: 'embedder', embedder: bound?.S ?? 'unknown' };
      }
      throw e;
    }
  }

  async claim(account: string, uploadId: string, lease: { leaseId: string; leaseUntil: number }, now: number) {
    const out = await conditional(() =>
      this.db.update({
        TableName: this.table,
        Key: uploadKey(account, uploadId),
        UpdateExpression:
          'SET #state = :processing, leaseId = :lease, leaseUntil = :until, attempts = attempts + :one REMOVE awaitingFileUntil',
        ConditionExpression: '#state = :queued OR (#state = :processing AND leaseUntil < :now)',
        ExpressionAttributeNames: STATE,
        ExpressionAttributeValues: {
          ':processing': 'processing',
          ':queued': 'queued',
          ':lease': lease.leaseId,
          ':until': lease.leaseUntil,
          ':one': 1,
          ':now': now,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out?.Attributes ? strip<UploadRecord>(out.Attributes) : undefined;
  }

  async progress(
    account: string,
    uploadId: string,
    leaseId: string,
    changes: Partial<Pick<UploadRecord, 'totalChunks' | 'embeddedChunks' | 'fileType' | 'sizeBytes'>>,
  ): Promise<boolean> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    const condition = held(leaseId);
    return this.updateIf(account, uploadId, {
      UpdateExpression: `SET ${entries.map(([k]) => `${k} = :${k}`).join(', ')}`,
      ConditionExpression: condition.ConditionExpression,
      ExpressionAttributeValues: {
        ...condition.ExpressionAttributeValues,
        ...Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])),
      },
    });
  }

  async release(account: string, uploadId: string, leaseId: string): Promise<boolean> {
    const condition = held(leaseId);
    return this.updateIf(account, uploadId, {
      UpdateExpression: 'SET leaseUntil = :zero',
      ConditionExpression: condition.ConditionExpression,
      ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':zero': 0 },
    });
  }

  async settle(account: string, uploadId: string, leaseId: string, outcome: Settlement): Promise<boolean> {
    const condition = held(leaseId);
    const failed = outcome.state === 'failed';
    return this.updateIf(
      account,
      uploadId,
      {
        UpdateExpression: `SET #state = :final, completedAt = :at${failed ? ', #error = :error' : ''} REMOVE leaseId, leaseUntil, unfinished`,
        ConditionExpression: condition.ConditionExpression,
        ExpressionAttributeValues: {
          ...condition.ExpressionAttributeValues,
          ':final': outcome.state,
          ':at': outcome.completedAt,
          ...(failed ? { ':error': outcome.error } : {}),
        },
      },
      failed ? { '#error': 'error' } : {},
    );
  }

  async markDeleting(account: string, uploadId: string): Promise<UploadRecord | undefined> {
    const out = await conditional(() =>
      this.db.update({
        TableName: this.table,
        Key: uploadKey(account, uploadId),
        UpdateExpression: 'SET #state = :deleting REMOVE leaseId, leaseUntil, unfinished',
        ConditionExpression: 'attribute_exists(sk)',
        ExpressionAttributeNames: STATE,
        ExpressionAttributeValues: { ':deleting': 'deleting' },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return out?.Attributes ? strip<UploadRecord>(out.Attributes) : undefined;
  }

  /** The record and its quota slot in one transaction; nothing when the record is already gone. */
  async delete(account: string, uploadId: string): Promise<void> {
    const removeRecord = {
      Delete: { TableName: this.table, Key: uploadKey(account, uploadId), ConditionExpression: 'attribute_exists(sk)' },
    };
    try {
      await transact(this.db, {
        TransactItems: [
          removeRecord,
          {
            Update: {
              TableName: this.table,
              Key: quotaKey(account),
              UpdateExpression: 'ADD documents :minus',
              ConditionExpression: 'documents > :zero',
              ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
            },
          },
        ],
      });
    } catch (e) {
      const cancelled = cancellationCodes(e);
      if (!cancelled) throw e;
      // A counter already at zero (never expected) must not keep the record: remove it alone.
      if (cancelled.codes[0] !== 'ConditionalCheckFailed') await conditional(() => this.db.delete(removeRecord.Delete));
    }
  }

  async getCollection(account: string, name: string): Promise<CollectionRecord | undefined> {
    const out = await this.db.get({ TableName: this.table, Key: collectionKey(account, name), ConsistentRead: true });
    return out.Item
      ? { account, name, embedder: out.Item.embedder as string, createdAt: out.Item.createdAt as number }
      : undefined;
  }

  async listCollections(account: string): Promise<CollectionRecord[]> {
    const items = await this.query(account, 'coll#');
    return items.map((item) => ({
      account,
      name: (item.sk as string).slice('coll#'.length),
      embedder: item.embedder as string,
      createdAt: item.createdAt as number,
    }));
  }

  async listUploads(account: string, collection?: string): Promise<UploadRecord[]> {
    const uploads = (await this.query(account, 'upload#')).map((item) => strip<UploadRecord>(item));
    return collection === undefined ? uploads : uploads.filter((u) => u.collection === collection);
  }

  /** The sparse index holds only unfinished records, so the sweep reads those and nothing else. */
  async listUnfinished(): Promise<UploadRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: UNFINISHED_INDEX,
      KeyConditionExpression: 'unfinished = :open',
      ExpressionAttributeValues: { ':open': UNFINISHED },
    });
    // The index is eventually consistent: a record settled a moment ago may still be listed.
    return items
      .map((item) => strip<UploadRecord>(item))
      .filter((r) => r.state === 'queued' || r.state === 'processing');
  }

  async deleteCollection(account: string, name: string): Promise<void> {
    await this.db.delete({ TableName: this.table, Key: collectionKey(account, name) });
  }

  private async updateIf(
    account: string,
    uploadId: string,
    update: {
      UpdateExpression: string;
      ConditionExpression: string;
      ExpressionAttributeValues: Record<string, unknown>;
    },
    names: Record<string, string> = {},
  ): Promise<boolean> {
    const out = await conditional(() =>
      this.db.update({
        TableName: this.table,
        Key: uploadKey(account, uploadId),
        ExpressionAttributeNames: { ...STATE, ...names },
        ...update,
      }),
    );
    return out !== undefined;
  }

  private query(account: string, prefix: string): Promise<Record<string, unknown>[]> {
    return queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk(account), ':prefix': prefix },
      ConsistentRead: true,
    });
  }
}

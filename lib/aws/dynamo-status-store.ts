// Upload and collection records in the uploads table. One partition per account holds its uploads
// (`upload#<id>`), its collections (`coll#<name>`) and its document counter (`quota`), so another
// account's ids are simply not found. Every write that moves a job on is a conditional update on one
// item: the emulator has no transactions, and single-item conditions are enough for what must hold.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CollectionRecord, CreateResult, Settlement, StatusStore, UploadRecord } from '../ingest/ports';
import { queryAll, scanAll } from './dynamo-pages';

const pk = (account: string) => `acct#${account}`;
const uploadKey = (account: string, uploadId: string) => ({ pk: pk(account), sk: `upload#${uploadId}` });
const collectionKey = (account: string, name: string) => ({ pk: pk(account), sk: `coll#${name}` });
const quotaKey = (account: string) => ({ pk: pk(account), sk: 'quota' });

// `state` is a DynamoDB reserved word.
const STATE = { '#state': 'state' };

const held = (leaseId: string) => ({
  ConditionExpression: '#state = :processing AND leaseId = :lease',
  ExpressionAttributeValues: { ':processing': 'processing', ':lease': leaseId },
});

async function conditional<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return undefined;
    throw e;
  }
}

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as T;
}

export class DynamoStatusStore implements StatusStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(account: string, uploadId: string): Promise<UploadRecord | undefined> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: uploadKey(account, uploadId), ConsistentRead: true }),
    );
    return out.Item ? strip<UploadRecord>(out.Item) : undefined;
  }

  async put(record: UploadRecord): Promise<void> {
    await this.db.send(
      new PutCommand({ TableName: this.table, Item: { ...uploadKey(record.account, record.uploadId), ...record } }),
    );
  }

  async create(record: UploadRecord & { embedder: string }, maxDocuments: number | null): Promise<CreateResult> {
    const { account } = record;
    if (!(await this.takeDocumentSlot(account, maxDocuments))) return { created: false, reason: 'quota' };
    const bound = await this.freeingSlotOnError(account, () =>
      conditional(() =>
        this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: collectionKey(account, record.collection),
            UpdateExpression: 'SET embedder = if_not_exists(embedder, :e), createdAt = if_not_exists(createdAt, :now)',
            ConditionExpression: 'attribute_not_exists(embedder) OR embedder = :e',
            ExpressionAttributeValues: { ':e': record.embedder, ':now': record.startedAt },
          }),
        ),
      ),
    );
    if (!bound) {
      await this.freeDocumentSlot(account);
      const existing = await this.getCollection(account, record.collection);
      return { created: false, reason: 'embedder', embedder: existing?.embedder ?? 'unknown' };
    }
    await this.freeingSlotOnError(account, () =>
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...uploadKey(account, record.uploadId), ...record },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      ),
    );
    return { created: true };
  }

  async claim(account: string, uploadId: string, lease: { leaseId: string; leaseUntil: number }, now: number) {
    const out = await conditional(() =>
      this.db.send(
        new UpdateCommand({
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
      ),
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
        UpdateExpression: `SET #state = :final, completedAt = :at${failed ? ', #error = :error' : ''} REMOVE leaseId, leaseUntil`,
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
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: uploadKey(account, uploadId),
          UpdateExpression: 'SET #state = :deleting REMOVE leaseId, leaseUntil',
          ConditionExpression: 'attribute_exists(sk)',
          ExpressionAttributeNames: STATE,
          ExpressionAttributeValues: { ':deleting': 'deleting' },
          ReturnValues: 'ALL_OLD',
        }),
      ),
    );
    return out?.Attributes ? strip<UploadRecord>(out.Attributes) : undefined;
  }

  async delete(account: string, uploadId: string): Promise<void> {
    const out = await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: uploadKey(account, uploadId), ReturnValues: 'ALL_OLD' }),
    );
    if (out.Attributes) await this.freeDocumentSlot(account);
  }

  async getCollection(account: string, name: string): Promise<CollectionRecord | undefined> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: collectionKey(account, name), ConsistentRead: true }),
    );
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

  /** A scan: run by the sweep every few minutes, never on a request's path. */
  async listUnfinished(): Promise<UploadRecord[]> {
    const items = await scanAll(this.db, {
      TableName: this.table,
      FilterExpression: 'begins_with(sk, :upload) AND #state IN (:queued, :processing)',
      ExpressionAttributeNames: STATE,
      ExpressionAttributeValues: { ':upload': 'upload#', ':queued': 'queued', ':processing': 'processing' },
      ConsistentRead: true,
    });
    return items.map((item) => strip<UploadRecord>(item));
  }

  async deleteCollection(account: string, name: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: collectionKey(account, name) }));
  }

  /** False when the account is at its limit. */
  private async takeDocumentSlot(account: string, maxDocuments: number | null): Promise<boolean> {
    if (maxDocuments !== null && maxDocuments <= 0) return false;
    const taken = await conditional(() =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: quotaKey(account),
          UpdateExpression: 'ADD documents :one',
          ...(maxDocuments === null
            ? { ExpressionAttributeValues: { ':one': 1 } }
            : {
                ConditionExpression: 'attribute_not_exists(documents) OR documents < :max',
                ExpressionAttributeValues: { ':one': 1, ':max': maxDocuments },
              }),
        }),
      ),
    );
    return taken !== undefined;
  }

  private async freeingSlotOnError<T>(account: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      await this.freeDocumentSlot(account);
      throw e;
    }
  }

  private async freeDocumentSlot(account: string): Promise<void> {
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: quotaKey(account),
          UpdateExpression: 'ADD documents :minus',
          ConditionExpression: 'documents > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      )
      .catch((e: unknown) => {
        if (!(e instanceof ConditionalCheckFailedException)) throw e;
      });
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
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: uploadKey(account, uploadId),
          ExpressionAttributeNames: { ...STATE, ...names },
          ...update,
        }),
      ),
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

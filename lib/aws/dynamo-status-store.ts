import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StatusStore, UploadRecord } from '../ingest/status';

// Keyed by account first, so another account's upload id simply is not found.
const key = (account: string, uploadId: string) => ({ pk: `acct#${account}`, sk: `upload#${uploadId}` });

export class DynamoStatusStore implements StatusStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(account: string, uploadId: string): Promise<UploadRecord | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key(account, uploadId), ConsistentRead: true }));
    if (!out.Item) return undefined;
    const { pk: _pk, sk: _sk, ...record } = out.Item;
    return record as UploadRecord;
  }

  async put(record: UploadRecord): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...key(record.account, record.uploadId), ...record } }));
  }
}

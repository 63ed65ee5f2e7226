// Webhook endpoints and deliveries in the webhooks table. An account's endpoints share its
// partition (`acct#<account>`, `ep#<id>`), so another account's endpoint is simply not found; an
// endpoint's deliveries share the endpoint's (`ep#<id>`, `dl#<id>`), and delivery ids begin with
// their time, so a Query read backwards lists the newest first. Deliveries expire 30 days after
// they were made (TTL on expiresAt); a removed endpoint's deliveries go the same way.
import { isDynamoError, type DynamoDocuments } from './dynamo-documents';
import type { DeliveryRecord, EndpointRecord, WebhookStore } from '../webhooks/ports';
import { queryAll } from './dynamo-pages';

const endpointKey = (account: string, id: string) => ({ pk: `acct#${account}`, sk: `ep#${id}` });
const deliveryKey = (endpointId: string, id: string) => ({ pk: `ep#${endpointId}`, sk: `dl#${id}` });
const DELIVERY_DAYS = 30;

function strip<T>(item: Record<string, unknown> | undefined): T | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, expiresAt: _expires, ...rest } = item;
  return rest as T;
}

async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (e) {
    if (isDynamoError(e, 'ConditionalCheckFailedException')) return false;
    throw e;
  }
}

export class DynamoWebhookStore implements WebhookStore {
  constructor(
    private readonly db: DynamoDocuments,
    private readonly table: string,
  ) {}

  async putEndpoint(record: EndpointRecord): Promise<void> {
    await this.db.put({ TableName: this.table, Item: { ...endpointKey(record.account, record.id), ...record } });
  }

  async listEndpoints(account: string): Promise<EndpointRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ep)',
      ExpressionAttributeValues: { ':pk': `acct#${account}`, ':ep': 'ep#' },
    });
    return items.map((item) => strip<EndpointRecord>(item)!);
  }

  async getEndpoint(account: string, id: string): Promise<EndpointRecord | undefined> {
    const { Item } = await this.db.get({ TableName: this.table, Key: endpointKey(account, id) });
    return strip<EndpointRecord>(Item);
  }

  deleteEndpoint(account: string, id: string): Promise<boolean> {
    return conditional(() =>
      this.db.delete({
        TableName: this.table,
        Key: endpointKey(account, id),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  }

  createDelivery(record: DeliveryRecord): Promise<boolean> {
    const expiresAt = Math.floor(record.createdAt / 1000) + DELIVERY_DAYS * 86_400;
    return conditional(() =>
      this.db.put({
        TableName: this.table,
        Item: { ...deliveryKey(record.endpointId, record.id), ...record, expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async getDelivery(endpointId: string, id: string): Promise<DeliveryRecord | undefined> {
    const { Item } = await this.db.get({
      TableName: this.table,
      Key: deliveryKey(endpointId, id),
      ConsistentRead: true,
    });
    return strip<DeliveryRecord>(Item);
  }

  recordAttempt(
    record: DeliveryRecord,
    attemptsBefore: number,
    change: Pick<DeliveryRecord, 'status' | 'attempts' | 'nextAttemptAt'>,
  ): Promise<boolean> {
    const next = change.nextAttemptAt === undefined ? ' REMOVE nextAttemptAt' : ', nextAttemptAt = :next';
    return conditional(() =>
      this.db.update({
        TableName: this.table,
        Key: deliveryKey(record.endpointId, record.id),
        // `status` is a DynamoDB reserved word.
        UpdateExpression: `SET #status = :status, attempts = :attempts${next}`,
        ConditionExpression: 'size(attempts) = :before',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': change.status,
          ':attempts': change.attempts,
          ':before': attemptsBefore,
          ...(change.nextAttemptAt !== undefined && { ':next': change.nextAttemptAt }),
        },
      }),
    );
  }

  async listDeliveries(endpointId: string, limit: number): Promise<DeliveryRecord[]> {
    const { Items = [] } = await this.db.query({
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :dl)',
      ExpressionAttributeValues: { ':pk': `ep#${endpointId}`, ':dl': 'dl#' },
      ScanIndexForward: false,
      Limit: limit,
    });
    return Items.map((item) => strip<DeliveryRecord>(item)!);
  }
}

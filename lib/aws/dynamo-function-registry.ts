// The function registry in the functions table: one item per shortname (`pk` = fn#<lowercase name>),
// the byOwner index for listing. Uniqueness and owner-only redeploy are conditional writes on that
// one item, so two concurrent deploys of the same name cannot both win. The definition is kept as
// JSON text: DynamoDB maps reorder keys and stop at 32 levels, JSON Schemas may go deeper.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { registryKey, type FunctionRecord, type FunctionRegistry, type RegisterOutcome } from '../functions/ports';
import type { NormalizedSpec } from '../spec/index';
import { queryAll, scanAll } from './dynamo-pages';

const pk = (shortname: string) => `fn#${registryKey(shortname)}`;
const byShortname = (a: FunctionRecord, b: FunctionRecord) => a.shortname.localeCompare(b.shortname);

function toItem(r: FunctionRecord): Record<string, unknown> {
  const { spec, ...rest } = r;
  return { pk: pk(r.shortname), ...rest, specJson: JSON.stringify(spec) };
}

function fromItem(item: Record<string, unknown>): FunctionRecord {
  const { pk: _pk, specJson, ...rest } = item;
  return { ...(rest as Omit<FunctionRecord, 'spec'>), spec: JSON.parse(specJson as string) as NormalizedSpec };
}

export class DynamoFunctionRegistry implements FunctionRegistry {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(shortname: string): Promise<FunctionRecord | undefined> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: pk(shortname) }, ConsistentRead: true }),
    );
    return out.Item ? fromItem(out.Item) : undefined;
  }

  async listByOwner(owner: string): Promise<FunctionRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: 'byOwner',
      KeyConditionExpression: '#owner = :owner',
      ExpressionAttributeNames: { '#owner': 'owner' },
      ExpressionAttributeValues: { ':owner': owner },
    });
    return items.map(fromItem).sort(byShortname);
  }

  /** A paginated Scan: the table holds one item per function and nothing else. */
  async listAll(): Promise<FunctionRecord[]> {
    return (await scanAll(this.db, { TableName: this.table })).map(fromItem).sort(byShortname);
  }

  async register(record: FunctionRecord, previousVersion: number | undefined): Promise<RegisterOutcome> {
    const condition =
      previousVersion === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#owner = :owner AND version = :previous',
            ExpressionAttributeNames: { '#owner': 'owner' },
            ExpressionAttributeValues: { ':owner': record.owner, ':previous': previousVersion },
          };
    try {
      await this.db.send(new PutCommand({ TableName: this.table, Item: toItem(record), ...condition }));
      return 'registered';
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return 'taken';
      throw e;
    }
  }

  async remove(shortname: string, owner: string): Promise<FunctionRecord | undefined> {
    try {
      const out = await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { pk: pk(shortname) },
          ConditionExpression: '#owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': owner },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return out.Attributes ? fromItem(out.Attributes) : undefined;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return undefined;
      throw e;
    }
  }
}

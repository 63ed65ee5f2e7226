import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UsageDelta, UsageReader, UsageRow, UsageStore } from '../usage/ports';
import { queryAll } from './dynamo-pages';

/** How long a day's counters are kept: the usage route reads at most 366 days back. */
export const USAGE_RETENTION_DAYS = 400;

const DAY_MS = 86_400_000;
const pk = (account: string) => `acct#${account}`;

/** When DynamoDB's TTL may remove a day's item, in epoch seconds. */
export const usageExpiry = (day: string) =>
  Math.floor((Date.parse(`${day}T00:00:00Z`) + USAGE_RETENTION_DAYS * DAY_MS) / 1000);

/** One item per account, day and route; DynamoDB's ADD makes concurrent increments safe. */
export class DynamoUsageStore implements UsageStore, UsageReader {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async add(account: string, day: string, route: string, delta: UsageDelta): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: pk(account), sk: `${day}#${route}` },
        UpdateExpression:
          'ADD calls :c, errors :e, durationMs :d, aiTokens :t SET #day = :day, #route = :route, expiresAt = :expires',
        ExpressionAttributeNames: { '#day': 'day', '#route': 'route' },
        ExpressionAttributeValues: {
          ':c': delta.calls,
          ':e': delta.errors,
          ':d': Math.round(delta.durationMs),
          ':t': delta.aiTokens,
          ':day': day,
          ':route': route,
          ':expires': usageExpiry(day),
        },
      }),
    );
  }

  async list(account: string, from: string, to: string): Promise<UsageRow[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      // Sort keys are `<day>#<route>`: '#' sorts before every route character, '$' after '#'.
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk(account), ':from': `${from}#`, ':to': `${to}$` },
    });
    return items.map((item) => ({
      day: String(item.day),
      endpoint: String(item.route),
      calls: Number(item.calls ?? 0),
      errors: Number(item.errors ?? 0),
      durationMs: Number(item.durationMs ?? 0),
      aiTokens: Number(item.aiTokens ?? 0),
    }));
  }
}

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UsageDelta, UsageStore } from '../http/metrics';

/** One item per account, day and route; DynamoDB's ADD makes concurrent increments safe. */
export class DynamoUsageStore implements UsageStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async add(account: string, day: string, route: string, delta: UsageDelta): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: `acct#${account}`, sk: `${day}#${route}` },
        UpdateExpression: 'ADD calls :c, errors :e, durationMs :d, aiTokens :t SET #day = :day, #route = :route',
        ExpressionAttributeNames: { '#day': 'day', '#route': 'route' },
        ExpressionAttributeValues: {
          ':c': delta.calls,
          ':e': delta.errors,
          ':d': Math.round(delta.durationMs),
          ':t': delta.aiTokens,
          ':day': day,
          ':route': route,
        },
      }),
    );
  }
}

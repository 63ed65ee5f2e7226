import type { DynamoDocuments } from './dynamo-documents';
import type { UsageDelta, UsageReader, UsageRow, UsageStore } from '../usage/ports';
import { queryAll } from './dynamo-pages';
import { USAGE_ATTRIBUTE_NAMES, USAGE_UPDATE_EXPRESSION, usageKey, usagePk, usageValues } from './usage-item';

/** The usage counters: the usage route's reader, and every counted request's writer. */
export class DynamoUsageStore implements UsageStore, UsageReader {
  constructor(
    private readonly db: DynamoDocuments,
    private readonly table: string,
  ) {}

  async add(account: string, day: string, route: string, delta: UsageDelta): Promise<void> {
    await this.db.update({
      TableName: this.table,
      Key: usageKey(account, day, route),
      UpdateExpression: USAGE_UPDATE_EXPRESSION,
      ExpressionAttributeNames: USAGE_ATTRIBUTE_NAMES,
      ExpressionAttributeValues: usageValues(day, route, delta),
    });
  }

  async list(account: string, from: string, to: string): Promise<UsageRow[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      // Sort keys are `<day>#<route>`: '#' sorts before every route character, '$' after '#'.
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': usagePk(account), ':from': `${from}#`, ':to': `${to}$` },
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

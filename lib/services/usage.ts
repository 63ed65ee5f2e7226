// The usage route's reader: the same table the metrics middleware writes.
import type { UsageReader } from '../usage/ports';
import { config, dynamoAdapter } from './core';
import { onFirstUse } from './lazy';

let reader: UsageReader | undefined;

export function usageReader(): UsageReader {
  const c = config();
  reader ??= onFirstUse(() =>
    dynamoAdapter(
      () => import('../aws/dynamo-usage-store'),
      (m, db) => new m.DynamoUsageStore(db, c.aws.tables.usage),
    ),
  );
  return reader;
}

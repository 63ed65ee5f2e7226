// The usage route's reader: the same table the metrics middleware writes.
import type { UsageReader } from '../usage/ports';
import { config, dynamo } from './core';
import { onFirstUse } from './lazy';

let reader: UsageReader | undefined;

export function usageReader(): UsageReader {
  const c = config();
  reader ??= onFirstUse(
    async () => new (await import('../aws/dynamo-usage-store')).DynamoUsageStore(await dynamo(), c.aws.tables.usage),
  );
  return reader;
}

// Every item of a Query or Scan, following LastEvaluatedKey across DynamoDB's 1 MB pages: the one
// pagination loop of the DynamoDB adapters; and BatchGetItem's loop over its 100-key batches.
import type { QueryCommandInput, ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DynamoDocuments, Item } from './dynamo-documents';

async function allPages(
  send: (start: Item | undefined) => Promise<{ Items?: Item[]; LastEvaluatedKey?: Item }>,
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await send(start);
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export const queryAll = (db: DynamoDocuments, input: Omit<QueryCommandInput, 'ExclusiveStartKey'>) =>
  allPages((start) => db.query({ ...input, ExclusiveStartKey: start }));

export const scanAll = (db: DynamoDocuments, input: Omit<ScanCommandInput, 'ExclusiveStartKey'>) =>
  allPages((start) => db.scan({ ...input, ExclusiveStartKey: start }));

/** BatchGetItem allows 100 keys per call. */
const BATCH_GET_MAX = 100;
const BATCH_GET_RETRIES = 8;

/** Batches in flight at once: a first read of many items is not 100 round trips in a row. */
const BATCH_GET_PARALLEL = 8;

/**
 * The items of `keys` (in any order; absent ones left out), 100 keys a call and a few calls at a
 * time, retrying the keys DynamoDB leaves unprocessed under load.
 */
export async function batchGetAll(
  db: DynamoDocuments,
  table: string,
  keys: Item[],
  options: { consistentRead?: boolean } = {},
): Promise<Item[]> {
  const batches: Item[][] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX) batches.push(keys.slice(i, i + BATCH_GET_MAX));
  const items: Item[] = [];
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let pending = batch;
      for (let attempt = 0; pending.length; attempt++) {
        if (attempt > BATCH_GET_RETRIES) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
        if (attempt) await new Promise((done) => setTimeout(done, Math.min(1000, 25 * 2 ** attempt)));
        const out = await db.batchGet({
          RequestItems: { [table]: { Keys: pending, ConsistentRead: options.consistentRead } },
        });
        items.push(...(out.Responses?.[table] ?? []));
        pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_GET_PARALLEL, batches.length) }, worker));
  return items;
}

// Every item of a Query or Scan, following LastEvaluatedKey across DynamoDB's 1 MB pages: the one
// pagination loop of the DynamoDB adapters.
import {
  QueryCommand,
  ScanCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;

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

export const queryAll = (db: DynamoDBDocumentClient, input: Omit<QueryCommandInput, 'ExclusiveStartKey'>) =>
  allPages((start) => db.send(new QueryCommand({ ...input, ExclusiveStartKey: start })));

export const scanAll = (db: DynamoDBDocumentClient, input: Omit<ScanCommandInput, 'ExclusiveStartKey'>) =>
  allPages((start) => db.send(new ScanCommand({ ...input, ExclusiveStartKey: start })));

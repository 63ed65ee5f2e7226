// The DynamoDB calls the adapters make, with plain values as the SDK's document client takes and gives them.
// Two implementations: the signed caller (signed-dynamo.ts: DynamoDB's JSON protocol signed with SigV4 over
// node:https, no SDK client; where the environment holds the credentials, i.e. on Lambda, and against the
// emulators), and the SDK's document client (dynamo-client.ts: elsewhere, with the SDK's full credential
// chain). Both fail alike: an error named as DynamoDB names it (`ConditionalCheckFailedException`, …), and
// for a cancelled transaction its `CancellationReasons`. Types only: importing this loads nothing.
import type {
  BatchGetCommandInput,
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  ScanCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';

export type Item = Record<string, unknown>;

export interface Page {
  Items?: Item[];
  LastEvaluatedKey?: Item;
}

export interface DynamoDocuments {
  get(input: GetCommandInput): Promise<{ Item?: Item }>;
  query(input: QueryCommandInput): Promise<Page>;
  scan(input: ScanCommandInput): Promise<Page>;
  put(input: PutCommandInput): Promise<unknown>;
  update(input: UpdateCommandInput): Promise<{ Attributes?: Item }>;
  delete(input: DeleteCommandInput): Promise<unknown>;
  transactWrite(input: TransactWriteCommandInput): Promise<unknown>;
  batchGet(input: BatchGetCommandInput): Promise<{
    Responses?: Record<string, Item[]>;
    UnprocessedKeys?: Record<string, { Keys?: Item[] }>;
  }>;
}

/** Whether `e` is DynamoDB's error of that name (an SDK exception or the signed caller's error alike). */
export const isDynamoError = (e: unknown, name: string): boolean => e instanceof Error && e.name === name;

/** A cancelled transaction's reasons, one per action, in DynamoDB's typed JSON (as the SDK leaves them). */
export interface CancellationReason {
  Code?: string;
  Item?: Record<string, unknown>;
}

/** Each action's reason when `e` is a cancelled transaction; undefined for any other error. */
export function cancellationReasons(e: unknown): CancellationReason[] | undefined {
  if (!isDynamoError(e, 'TransactionCanceledException')) return undefined;
  return (e as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? [];
}

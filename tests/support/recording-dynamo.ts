// A DynamoDocuments that records each call (its operation and input) before passing it on: tests read which
// requests an adapter sent, whichever caller (signed or SDK) is underneath.
import type { DynamoDocuments } from '../../lib/aws/dynamo-documents';

export interface RecordedCall {
  operation: keyof DynamoDocuments;
  input: Record<string, unknown>;
}

const OPERATIONS: (keyof DynamoDocuments)[] = [
  'get',
  'query',
  'scan',
  'put',
  'update',
  'delete',
  'transactWrite',
  'batchGet',
];

export function recordingDynamo(db: DynamoDocuments, calls: RecordedCall[]): DynamoDocuments {
  const recording = {} as Record<keyof DynamoDocuments, (input: never) => Promise<unknown>>;
  for (const operation of OPERATIONS)
    recording[operation] = (input: never) => {
      calls.push({ operation, input });
      return (db[operation] as (i: never) => Promise<unknown>)(input);
    };
  return recording as unknown as DynamoDocuments;
}

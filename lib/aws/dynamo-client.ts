import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { emulatorCredentials, memo, type AwsConfig } from './client-cache';
import type { DynamoDocuments } from './dynamo-documents';

// DynamoDB answers in milliseconds; a call that is silent for seconds is stuck (a dead keep-alive
// socket, an emulator stalled under load), and the SDK's default of no timeout would hold the whole
// Lambda until its own timeout. Timing out lets the SDK's retries send the call again.
const requestHandler = { connectionTimeout: 2_000, requestTimeout: 5_000 };

export const dynamoClient = (aws: AwsConfig) =>
  memo(`ddb|${aws.region}|${aws.endpoints.dynamodb ?? ''}`, () =>
    DynamoDBDocumentClient.from(
      aws.endpoints.dynamodb
        ? new DynamoDBClient({
            region: aws.region,
            endpoint: aws.endpoints.dynamodb,
            credentials: emulatorCredentials,
            requestHandler,
          })
        : new DynamoDBClient({ region: aws.region, requestHandler }),
      { marshallOptions: { removeUndefinedValues: true } },
    ),
  );

/** The adapters' calls through the SDK's document client (where the signed caller cannot sign). */
export const sdkDocuments = (db: DynamoDBDocumentClient): DynamoDocuments => ({
  get: (input) => db.send(new GetCommand(input)),
  query: (input) => db.send(new QueryCommand(input)),
  scan: (input) => db.send(new ScanCommand(input)),
  put: (input) => db.send(new PutCommand(input)),
  update: (input) => db.send(new UpdateCommand(input)),
  delete: (input) => db.send(new DeleteCommand(input)),
  transactWrite: (input) => db.send(new TransactWriteCommand(input)),
  batchGet: (input) => db.send(new BatchGetCommand(input)),
});

/** The SDK-backed calls against the configured endpoint (tests and tools compare the signed caller with it). */
export const dynamoDocuments = (aws: AwsConfig): DynamoDocuments => sdkDocuments(dynamoClient(aws));

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { emulatorCredentials, memo, type AwsConfig } from './client-cache';

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

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { emulatorCredentials, memo, type AwsConfig } from './client-cache';

export const dynamoClient = (aws: AwsConfig) =>
  memo(`ddb|${aws.region}|${aws.endpoints.dynamodb ?? ''}`, () =>
    DynamoDBDocumentClient.from(
      aws.endpoints.dynamodb
        ? new DynamoDBClient({ region: aws.region, endpoint: aws.endpoints.dynamodb, credentials: emulatorCredentials })
        : new DynamoDBClient({ region: aws.region }),
      { marshallOptions: { removeUndefinedValues: true } },
    ),
  );

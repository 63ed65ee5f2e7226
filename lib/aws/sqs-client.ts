import { SQSClient } from '@aws-sdk/client-sqs';
import { emulatorCredentials, memo, type AwsConfig } from './client-cache';

export const sqsClient = (aws: AwsConfig) =>
  memo(`sqs|${aws.region}|${aws.endpoints.sqs ?? ''}`, () =>
    aws.endpoints.sqs
      ? new SQSClient({ region: aws.region, endpoint: aws.endpoints.sqs, credentials: emulatorCredentials })
      : new SQSClient({ region: aws.region }),
  );

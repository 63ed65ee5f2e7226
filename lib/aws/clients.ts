// The only place that builds AWS clients. One client per service per process (cold start),
// pointed at the local emulators when the config carries endpoint overrides.
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import type { Config } from '../config';

type AwsConfig = Config['aws'];

// Emulators accept any credentials, except s3rver, which knows only its built-in key pair; real
// AWS uses the Lambda role's from the default chain.
const emulatorCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const clients = new Map<string, unknown>();

function memo<T>(key: string, build: () => T): T {
  if (!clients.has(key)) clients.set(key, build());
  return clients.get(key) as T;
}

export const s3Client = (aws: AwsConfig) =>
  memo(`s3|${aws.region}|${aws.endpoints.s3 ?? ''}`, () =>
    aws.endpoints.s3
      ? new S3Client({ region: aws.region, endpoint: aws.endpoints.s3, forcePathStyle: true, credentials: s3rverCredentials })
      : new S3Client({ region: aws.region }),
  );

export const sqsClient = (aws: AwsConfig) =>
  memo(`sqs|${aws.region}|${aws.endpoints.sqs ?? ''}`, () =>
    aws.endpoints.sqs
      ? new SQSClient({ region: aws.region, endpoint: aws.endpoints.sqs, credentials: emulatorCredentials })
      : new SQSClient({ region: aws.region }),
  );

export const dynamoClient = (aws: AwsConfig) =>
  memo(`ddb|${aws.region}|${aws.endpoints.dynamodb ?? ''}`, () =>
    DynamoDBDocumentClient.from(
      aws.endpoints.dynamodb
        ? new DynamoDBClient({ region: aws.region, endpoint: aws.endpoints.dynamodb, credentials: emulatorCredentials })
        : new DynamoDBClient({ region: aws.region }),
      { marshallOptions: { removeUndefinedValues: true } },
    ),
  );

// Presigned URLs from a client that adds no checksum of its own: the default CRC32 of an empty body
// would be signed into the URL and S3 would refuse every real upload to it.
export const s3PresignClient = (aws: AwsConfig) =>
  memo(`s3-presign|${aws.region}|${aws.endpoints.s3 ?? ''}`, () =>
    aws.endpoints.s3
      ? new S3Client({
          region: aws.region,
          endpoint: aws.endpoints.s3,
          forcePathStyle: true,
          credentials: s3rverCredentials,
          requestChecksumCalculation: 'WHEN_REQUIRED',
        })
      : new S3Client({ region: aws.region, requestChecksumCalculation: 'WHEN_REQUIRED' }),
  );

// Manages and invokes the Lambdas of hosted functions; there is no emulator for it (the local
// runtime runs functions as child processes instead), so it always talks to AWS.
export const lambdaClient = (aws: AwsConfig) => memo(`lambda|${aws.region}`, () => new LambdaClient({ region: aws.region }));

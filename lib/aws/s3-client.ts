import { S3Client } from '@aws-sdk/client-s3';
import { memo, s3rverCredentials, type AwsConfig } from './client-cache';

export const s3Client = (aws: AwsConfig) =>
  memo(`s3|${aws.region}|${aws.endpoints.s3 ?? ''}`, () =>
    aws.endpoints.s3
      ? new S3Client({
          region: aws.region,
          endpoint: aws.endpoints.s3,
          forcePathStyle: true,
          credentials: s3rverCredentials,
        })
      : new S3Client({ region: aws.region }),
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

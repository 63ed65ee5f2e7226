// S3 objects and the jobs queue, their SDK clients imported on first use.
import { getConfig } from '../config';
import type { BlobStore } from '../storage/ports';
import type { JobQueue } from '../ingest/ports';
import { onFirstUse } from './lazy';

let blobStore: BlobStore | undefined;
let jobQueue: JobQueue | undefined;

export function blobs(): BlobStore {
  const { aws } = getConfig();
  blobStore ??= onFirstUse(async () => {
    const [{ S3BlobStore }, { s3Client, s3PresignClient }, { withTracing }] = await Promise.all([
      import('../aws/s3-blob-store'),
      import('../aws/s3-client'),
      import('../aws/tracing'),
    ]);
    // The presigning client only signs URLs locally: nothing of it to trace.
    return new S3BlobStore(await withTracing(s3Client(aws)), aws.bucket, s3PresignClient(aws));
  });
  return blobStore;
}

export function jobs(): JobQueue {
  const { aws } = getConfig();
  jobQueue ??= onFirstUse(async () => {
    const [{ SqsJobQueue }, { sqsClient }, { withTracing }] = await Promise.all([
      import('../aws/sqs-job-queue'),
      import('../aws/sqs-client'),
      import('../aws/tracing'),
    ]);
    return new SqsJobQueue(await withTracing(sqsClient(aws)), aws.queueUrl);
  });
  return jobQueue;
}

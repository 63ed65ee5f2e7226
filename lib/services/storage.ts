// S3 objects and the jobs queue.
import { getConfig } from '../config';
import { s3Client, s3PresignClient } from '../aws/s3-client';
import { sqsClient } from '../aws/sqs-client';
import { S3BlobStore } from '../aws/s3-blob-store';
import { SqsJobQueue } from '../aws/sqs-job-queue';
import type { BlobStore, JobQueue } from '../ingest/ports';

let blobStore: BlobStore | undefined;
let jobQueue: JobQueue | undefined;

export function blobs(): BlobStore {
  const c = getConfig();
  blobStore ??= new S3BlobStore(s3Client(c.aws), c.aws.bucket, s3PresignClient(c.aws));
  return blobStore;
}

export function jobs(): JobQueue {
  const c = getConfig();
  jobQueue ??= new SqsJobQueue(sqsClient(c.aws), c.aws.queueUrl);
  return jobQueue;
}

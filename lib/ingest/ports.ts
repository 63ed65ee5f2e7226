// The storage and queue ports of ingestion. Adapters: lib/aws/s3-blob-store.ts and
// lib/aws/sqs-job-queue.ts; tests use in-memory ones.

export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * The object's bytes, or undefined when there is none. Throws a 413 ServiceError, before
   * reading anything, when the object is larger than `maxBytes`.
   */
  get(key: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /** Succeeds when the object is already gone. */
  delete(key: string): Promise<void>;
  /** A URL that accepts one HTTP PUT of the object until it expires. */
  presignPut(key: string, options: { expiresInSeconds: number; contentLength?: number }): Promise<string>;
}

/** What the upload handler queues for the embed worker (S3 event notifications also reach it). */
export interface UploadJob {
  account: string;
  uploadId: string;
}

export interface JobQueue {
  send(job: UploadJob): Promise<void>;
}

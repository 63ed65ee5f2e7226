// The queue port of ingestion. Adapter: lib/aws/sqs-job-queue.ts; tests use in-memory ones.
// BlobStore, which hosted functions use too, has its home in lib/storage/ports.ts.
import type { Level } from '../config';
import type { BlobStore } from '../storage/ports';

export type { BlobStore };

/** What the upload handler queues for the embed worker (S3 event notifications also reach it). */
export interface UploadJob {
  account: string;
  uploadId: string;
}

/**
 * Hands an upload to the embed worker (SQS in production).
 *
 * @example
 * ```ts
 * await jobQueue.send({ account: 'acct-1', uploadId: 'u-1' });
 * ```
 */
export interface JobQueue {
  send(job: UploadJob): Promise<void>;
}

// The status store port and the records it keeps (lib/ingest/status.ts reads them; adapter: lib/aws/dynamo-status-store.ts).

/**
 * queued → processing → completed | failed. `deleting` marks a record whose vectors and file are
 * being removed, so a worker still on it stops at its next write.
 */
export type UploadState = 'queued' | 'processing' | 'completed' | 'failed' | 'deleting';

export interface UploadRecord {
  account: string;
  uploadId: string;
  collection: string;
  filename: string;
  fileType: string;
  /** 0 until the worker has the file, for uploads through an upload URL. */
  sizeBytes: number;
  objectKey: string;
  state: UploadState;
  totalChunks: number;
  embeddedChunks: number;
  /** Epoch milliseconds. */
  startedAt: number;
  /** When the upload ended, completed or failed. */
  completedAt?: number;
  /** `ISSUE: … ADVICE: …` reason when failed. */
  error?: string;
  embedder?: string;
  /** Deliveries that claimed the job. */
  attempts: number;
  /** The uploader's account level when it uploaded: the chunk quota the worker holds it to (absent: free). */
  level?: Level;
  /** The worker run that holds the job, and until when (epoch ms) it may be alive. */
  leaseId?: string;
  leaseUntil?: number;
  /** Uploads through an upload URL: when the URL expires (epoch ms); cleared once the file is in. */
  awaitingFileUntil?: number;
}

/** A collection is created by its first upload and bound to the embedder that fills it. */
export interface CollectionRecord {
  account: string;
  name: string;
  embedder: string;
  createdAt: number;
}

export type CreateResult =
  { created: true } | { created: false; reason: 'quota' } | { created: false; reason: 'embedder'; embedder: string };

/** Both ends set `completedAt`: `upload_completed` says when the upload ended, whichever way. */
export type Settlement =
  { state: 'completed'; completedAt: number } | { state: 'failed'; completedAt: number; error: string };

/**
 * Every write that moves a job on is conditional, so redelivered and concurrent runs cannot collide.
 * The upload records and collections of every account (DynamoDB in production).
 *
 * @example
 * ```ts
 * const lease = { leaseId: 'run-7', leaseUntil: Date.now() + 60_000 };
 * if (await statusStore.claim('acct-1', 'u-1', lease, Date.now())) {
 *   await statusStore.progress('acct-1', 'u-1', 'run-7', { totalChunks: 12 });
 *   await statusStore.settle('acct-1', 'u-1', 'run-7', { state: 'completed', completedAt: Date.now() });
 * }
 * ```
 */
export interface StatusStore {
  get(account: string, uploadId: string): Promise<UploadRecord | undefined>;
  put(record: UploadRecord): Promise<void>;
  /**
   * Creates a queued record, taking one of the account's document slots (null: unlimited) and binding
   * the collection to `record.embedder` if it is new.
   * @returns `created: false` with the reason: the document quota, or a collection bound to another embedder.
   */
  create(record: UploadRecord & { embedder: string }, maxDocuments: number | null): Promise<CreateResult>;
  /** queued → processing, or a takeover of an expired lease; counts an attempt. Undefined: not claimable. */
  claim(
    account: string,
    uploadId: string,
    lease: { leaseId: string; leaseUntil: number },
    now: number,
  ): Promise<UploadRecord | undefined>;
  /** False when the lease is no longer held (taken over, or the upload is being deleted). */
  progress(
    account: string,
    uploadId: string,
    leaseId: string,
    changes: Partial<Pick<UploadRecord, 'totalChunks' | 'embeddedChunks' | 'fileType' | 'sizeBytes'>>,
  ): Promise<boolean>;
  /** Gives the job up for a retry: the next delivery may claim it at once. */
  release(account: string, uploadId: string, leaseId: string): Promise<boolean>;
  /**
   * Ends the job, completed or failed, if `leaseId` still holds it.
   * @returns False when the lease is no longer held.
   */
  settle(account: string, uploadId: string, leaseId: string, outcome: Settlement): Promise<boolean>;
  /** The record as it was before it became `deleting`; undefined when there is none. */
  markDeleting(account: string, uploadId: string): Promise<UploadRecord | undefined>;
  /** Removes the record and frees its document slot; nothing when it is already gone. */
  delete(account: string, uploadId: string): Promise<void>;
  getCollection(account: string, name: string): Promise<CollectionRecord | undefined>;
  listCollections(account: string): Promise<CollectionRecord[]>;
  /** The account's uploads, or one collection's. */
  listUploads(account: string, collection?: string): Promise<UploadRecord[]>;
  /** Every account's `queued` and `processing` uploads: what the sweep looks after. */
  listUnfinished(): Promise<UploadRecord[]>;
  deleteCollection(account: string, name: string): Promise<void>;
}

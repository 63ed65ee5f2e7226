// The upload status record: what the worker writes as it goes and what GET /status shows, plus the
// per-account collection records and the store port that keeps both (docs/ingest-pipeline.md).
import { problemLine } from '../errors';
import { RETRY_BUDGET } from './limits';

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
  | { created: true }
  | { created: false; reason: 'quota' }
  | { created: false; reason: 'embedder'; embedder: string };

/** Both ends set `completedAt`: `upload_completed` says when the upload ended, whichever way. */
export type Settlement = { state: 'completed'; completedAt: number } | { state: 'failed'; completedAt: number; error: string };

/** Every write that moves a job on is conditional, so redelivered and concurrent runs cannot collide. */
export interface StatusStore {
  get(account: string, uploadId: string): Promise<UploadRecord | undefined>;
  put(record: UploadRecord): Promise<void>;
  /**
   * Creates a queued record, taking one of the account's document slots (null: unlimited) and binding
   * the collection to `record.embedder` if it is new.
   */
  create(record: UploadRecord & { embedder: string }, maxDocuments: number | null): Promise<CreateResult>;
  /** queued → processing, or a takeover of an expired lease; counts an attempt. Undefined: not claimable. */
  claim(account: string, uploadId: string, lease: { leaseId: string; leaseUntil: number }, now: number): Promise<UploadRecord | undefined>;
  /** False when the lease is no longer held (taken over, or the upload is being deleted). */
  progress(
    account: string,
    uploadId: string,
    leaseId: string,
    changes: Partial<Pick<UploadRecord, 'totalChunks' | 'embeddedChunks' | 'fileType' | 'sizeBytes'>>,
  ): Promise<boolean>;
  /** Gives the job up for a retry: the next delivery may claim it at once. */
  release(account: string, uploadId: string, leaseId: string): Promise<boolean>;
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

/** After the URL expires, an upload in flight may still be arriving (S3 checks the signature at the start). */
const URL_EXPIRY_GRACE_MS = 60 * 60 * 1000;

const ABANDONED = problemLine({
  issue: `Processing stopped unexpectedly on the last of ${RETRY_BUDGET} attempts (the worker ran out of time or memory)`,
  advice: 'Split the document into smaller files and upload them again',
});
const NO_FILE = problemLine({
  issue: 'No file was uploaded to the upload URL before it expired',
  advice: 'Delete this upload, ask for a new upload URL and PUT the file to it within its lifetime',
});

/**
 * The state a record stands for at `now`. A job that can no longer run shows as failed even before
 * anything writes that: a worker that died on the last attempt, or an upload URL never used.
 */
export function effectiveState(r: UploadRecord, now: number): Pick<UploadRecord, 'state' | 'error' | 'completedAt'> {
  if (r.state === 'processing' && (r.leaseUntil ?? 0) < now && r.attempts >= RETRY_BUDGET) {
    return { state: 'failed', error: ABANDONED, completedAt: r.leaseUntil ?? now };
  }
  if (r.state === 'queued' && r.awaitingFileUntil !== undefined && r.awaitingFileUntil + URL_EXPIRY_GRACE_MS < now) {
    return { state: 'failed', error: NO_FILE, completedAt: r.awaitingFileUntil + URL_EXPIRY_GRACE_MS };
  }
  return { state: r.state, error: r.error, completedAt: r.completedAt };
}

/** The record as INTERFACE.md shows it; timestamps in HTTP-date form (RFC 7231, always GMT). */
export function statusView(r: UploadRecord, now = Date.now()) {
  const { state, error, completedAt } = effectiveState(r, now);
  return {
    upload_id: r.uploadId,
    collection_name: r.collection,
    status: state,
    embedded_chunks: r.embeddedChunks,
    total_chunks: r.totalChunks,
    upload_started: new Date(r.startedAt).toUTCString(),
    upload_completed: completedAt === undefined ? null : new Date(completedAt).toUTCString(),
    ...(error ? { error } : {}),
  };
}

// The upload status record: what the worker writes as it goes and what GET /status shows.

export type UploadState = 'queued' | 'processing' | 'completed' | 'failed';

export interface UploadRecord {
  account: string;
  uploadId: string;
  collection: string;
  filename: string;
  fileType: string;
  sizeBytes: number;
  objectKey: string;
  state: UploadState;
  totalChunks: number;
  embeddedChunks: number;
  /** Epoch milliseconds. */
  startedAt: number;
  completedAt?: number;
  /** `ISSUE: … ADVICE: …` reason when failed. */
  error?: string;
  embedder?: string;
  attempts: number;
}

export interface StatusStore {
  get(account: string, uploadId: string): Promise<UploadRecord | undefined>;
  put(record: UploadRecord): Promise<void>;
}

/** The record as INTERFACE.md shows it; timestamps in HTTP-date form (RFC 7231, always GMT). */
export function statusView(r: UploadRecord) {
  return {
    upload_id: r.uploadId,
    collection_name: r.collection,
    status: r.state,
    embedded_chunks: r.embeddedChunks,
    total_chunks: r.totalChunks,
    upload_started: new Date(r.startedAt).toUTCString(),
    upload_completed: r.completedAt === undefined ? null : new Date(r.completedAt).toUTCString(),
    ...(r.error ? { error: r.error } : {}),
  };
}

// The upload status record: what the worker writes as it goes and what GET /status shows, plus the
// per-account collection records (docs/ingest-pipeline.md); their types and the store port are in ./ports.ts.
import { problemLine } from '../errors';
import { RETRY_BUDGET } from './limits';

import type { CollectionRecord, CreateResult, Settlement, StatusStore, UploadRecord, UploadState } from './ports';

export type { CollectionRecord, CreateResult, Settlement, StatusStore, UploadRecord, UploadState };

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

/** The record as docs/interface.md shows it; timestamps in HTTP-date form (RFC 7231, always GMT). */
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

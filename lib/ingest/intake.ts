// Accepting an upload: the checks that can be made before any work is done (name, type, quota,
// embedder), then the file, the record and the job. Direct uploads bring the file and queue their
// job; upload URLs create the record first and S3's event notification (for their `incoming/` keys
// only) starts the job once the file is in. Either way, one upload is one job.
import { randomUUID } from 'node:crypto';
import type { Config, Level } from '../config';
import { badRequest, conflict, tooLarge, tooManyRequests } from '../errors';
import { errorFields, type Logger } from '../log';
import { checkCollectionName } from './collection-name';
import { detectFileType, fileTypeFromName } from './file-type';
import { SIGNED_UPLOAD_MAX_BYTES, UPLOAD_URL_TTL_SECONDS } from './limits';
import { uploadObjectKey } from './object-key';
import type { BlobStore, JobQueue } from './ports';
import type { StatusStore, UploadRecord } from './status';

export interface IntakeDeps {
  statuses: StatusStore;
  blobs: BlobStore;
  jobs: JobQueue;
  /** The embedder new uploads are filled with (a collection keeps the one it started with). */
  embedderId: string;
  quotas: Config['quotas'];
  log: Logger;
  now?: () => number;
}

export interface Uploader {
  account: string;
  level: Level;
}

export async function acceptUpload(
  deps: IntakeDeps,
  who: Uploader,
  collectionName: string | undefined,
  file: { filename: string; bytes: Uint8Array },
): Promise<UploadRecord> {
  const collection = checkCollectionName(collectionName);
  const filename = displayFilename(file.filename);
  // Refused here rather than by the worker, which would find nothing to embed after the 202.
  if (file.bytes.length === 0)
    throw badRequest(`The file "${filename}" is empty (0 bytes)`, 'Upload a file with content', 'empty_file');
  const fileType = detectFileType(filename, file.bytes);
  const record = newRecord(deps, who, collection, filename, fileType, file.bytes.length);
  await reserve(deps, who, record);
  try {
    await deps.blobs.put(record.objectKey, file.bytes);
    await deps.jobs.send({ account: who.account, uploadId: record.uploadId });
  } catch (e) {
    await undo(deps, record);
    throw e;
  }
  return record;
}

export interface SignedUpload {
  record: UploadRecord;
  url: string;
  expiresAt: number;
}

export async function acceptUploadUrl(
  deps: IntakeDeps,
  who: Uploader,
  collectionName: string | undefined,
  requestedFilename: string | undefined,
  sizeBytes: number | undefined,
): Promise<SignedUpload> {
  const collection = checkCollectionName(collectionName);
  const filename = displayFilename(requestedFilename ?? '');
  const fileType = fileTypeFromName(filename);
  if (sizeBytes !== undefined && sizeBytes > SIGNED_UPLOAD_MAX_BYTES) {
    throw tooLarge(
      `The file is ${sizeBytes} bytes, over the upload URL limit of ${SIGNED_UPLOAD_MAX_BYTES}`,
      'Split the document into smaller files and upload each one',
      'file_too_large',
    );
  }
  const record = newRecord(deps, who, collection, filename, fileType, sizeBytes ?? 0, 'url');
  const expiresAt = record.startedAt + UPLOAD_URL_TTL_SECONDS * 1000;
  record.awaitingFileUntil = expiresAt;
  await reserve(deps, who, record);
  try {
    const url = await deps.blobs.presignPut(record.objectKey, {
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
      contentLength: sizeBytes,
    });
    return { record, url, expiresAt };
  } catch (e) {
    await undo(deps, record);
    throw e;
  }
}

/** The name as the user gave it, without folders or control characters: it is shown as each chunk's source. */
function displayFilename(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  if (!clean)
    throw badRequest('The file has no name', 'Send the file with its file name (e.g. report.pdf)', 'filename_missing');
  return clean;
}

function newRecord(
  deps: IntakeDeps,
  who: Uploader,
  collection: string,
  filename: string,
  fileType: string,
  sizeBytes: number,
  route: 'direct' | 'url' = 'direct',
): UploadRecord & { embedder: string } {
  const uploadId = randomUUID();
  return {
    account: who.account,
    uploadId,
    collection,
    filename,
    fileType,
    sizeBytes,
    objectKey: uploadObjectKey(who.account, uploadId, filename, route),
    state: 'queued',
    totalChunks: 0,
    embeddedChunks: 0,
    startedAt: (deps.now ?? Date.now)(),
    embedder: deps.embedderId,
    attempts: 0,
    level: who.level,
  };
}

async function reserve(deps: IntakeDeps, who: Uploader, record: UploadRecord & { embedder: string }): Promise<void> {
  const limit = deps.quotas[who.level];
  const result = await deps.statuses.create(record, limit);
  if (result.created) return;
  if (result.reason === 'quota') {
    // No Retry-After: the quota frees up when documents are deleted, not with time.
    throw tooManyRequests(
      `The account has reached its limit of ${limit} documents (level ${who.level})`,
      'Delete uploads you no longer need with DELETE /embedder-service/v1/uploads/{upload_id} (failed ones count too), or move to a higher account level',
      'document_quota_exceeded',
    );
  }
  throw conflict(
    `Collection ${record.collection} was filled with embedder ${result.embedder}, but new uploads are embedded with ${record.embedder}`,
    'Upload into a new collection, or ask the operator to restore the embedding configuration this collection was filled with',
    'embedder_mismatch',
  );
}

/** Takes back a half-made upload so it neither counts against the quota nor lingers as queued. */
async function undo(deps: IntakeDeps, record: UploadRecord): Promise<void> {
  try {
    await deps.blobs.delete(record.objectKey);
    await deps.statuses.delete(record.account, record.uploadId);
  } catch (e) {
    deps.log.error('upload not rolled back', { uploadId: record.uploadId, ...errorFields(e) });
  }
}

// Listing and deleting collections and uploads, always within one account: another account's names
// and ids are not found. Counts are derived from the upload records on each read, so they cannot
// drift from what is stored.
import { notFound } from '../errors';
import type { CollectionRef, VectorStore } from '../vectors/ports';
import { checkCollectionName } from './collection-name';
import type { BlobStore } from './ports';
import { effectiveState, statusView, type CollectionRecord, type StatusStore, type UploadRecord } from './status';

export interface CollectionDeps {
  statuses: StatusStore;
  blobs: BlobStore;
  vectors: VectorStore;
  now?: () => number;
}

/** Listing and describing read status records only, so their handlers load no vector store. */
export type CollectionReadDeps = Pick<CollectionDeps, 'statuses' | 'now'>;

export interface CollectionSummary {
  name: string;
  /** Uploads in the collection, failed ones included (they count against the quota until deleted). */
  documents: number;
  /** Chunks stored and searchable: embedded chunks of the uploads that have not failed. */
  chunks: number;
  embedder: string;
}

/** Deletions run this many storage calls at a time, so a large collection stays within the request time. */
const DELETE_CONCURRENCY = 16;

export async function listCollections(deps: CollectionReadDeps, account: string): Promise<CollectionSummary[]> {
  const [collections, uploads] = await Promise.all([
    deps.statuses.listCollections(account),
    deps.statuses.listUploads(account),
  ]);
  const now = (deps.now ?? Date.now)();
  return collections
    .map((c) =>
      summary(
        c,
        uploads.filter((u) => u.collection === c.name),
        now,
      ),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function describeCollection(deps: CollectionReadDeps, account: string, name: string) {
  const collection = await deps.statuses.getCollection(account, checkCollectionName(name));
  if (!collection) throw collectionNotFound(name);
  const uploads = (await deps.statuses.listUploads(account, name)).sort((a, b) => a.startedAt - b.startedAt);
  const now = (deps.now ?? Date.now)();
  return {
    ...summary(collection, uploads, now),
    uploads: uploads.map((u) => ({ ...statusView(u, now), filename: u.filename })),
  };
}

export async function deleteUpload(deps: CollectionDeps, account: string, uploadId: string) {
  // Marked first: a worker still on the upload stops at its next write and removes what it stored.
  const record = await deps.statuses.markDeleting(account, uploadId);
  if (!record) {
    throw notFound(
      `No upload with id ${uploadId} was found`,
      'Check the upload_id returned by the upload call',
      'upload_not_found',
    );
  }
  const ref: CollectionRef = { account, collection: record.collection };
  const chunks = await deps.vectors.count(ref, uploadId);
  await deps.vectors.deleteUpload(ref, uploadId);
  await removeFileAndRecord(deps, record);
  return { upload_id: uploadId, collection_name: record.collection, deleted_chunks: chunks };
}

export async function deleteCollection(deps: CollectionDeps, account: string, name: string) {
  if (!(await deps.statuses.getCollection(account, checkCollectionName(name)))) throw collectionNotFound(name);
  const uploads = await deps.statuses.listUploads(account, name);
  await forEachLimited(uploads, (u) => deps.statuses.markDeleting(account, u.uploadId));
  const ref: CollectionRef = { account, collection: name };
  const chunks = await deps.vectors.count(ref);
  await deps.vectors.deleteCollection(ref);
  await forEachLimited(uploads, (u) => removeFileAndRecord(deps, u));
  await deps.statuses.deleteCollection(account, name);
  return { collection_name: name, deleted_documents: uploads.length, deleted_chunks: chunks };
}

function summary(collection: CollectionRecord, uploads: UploadRecord[], now: number): CollectionSummary {
  const live = uploads.filter((u) => u.state !== 'deleting');
  const searchable = live.filter((u) => effectiveState(u, now).state !== 'failed');
  return {
    name: collection.name,
    documents: live.length,
    chunks: searchable.reduce((sum, u) => sum + u.embeddedChunks, 0),
    embedder: collection.embedder,
  };
}

async function removeFileAndRecord(deps: CollectionDeps, record: UploadRecord): Promise<void> {
  await deps.blobs.delete(record.objectKey);
  await deps.statuses.delete(record.account, record.uploadId);
}

const collectionNotFound = (name: string) =>
  notFound(
    `No collection named ${name} was found`,
    'List your collections with GET /embedder-service/v1/collections',
    'collection_not_found',
  );

async function forEachLimited<T>(items: T[], run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, items.length) }, lane));
}

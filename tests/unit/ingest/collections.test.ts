// Collection listings derived from the upload records, and deletions that remove vectors, files and
// records, all within one account.
import { beforeEach, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '@fnquery/heuristic-engine';
import { ServiceError } from '../../../lib/errors';
import { createLogger } from '../../../lib/log';
import {
  deleteCollection,
  deleteUpload,
  describeCollection,
  listCollections,
  type CollectionDeps,
} from '../../../lib/ingest/collections';
import { acceptUpload, type IntakeDeps } from '../../../lib/ingest/intake';
import { runJob } from '../../../lib/ingest/worker';
import { MemoryBlobStore, MemoryJobQueue, MemoryStatusStore } from '../../support/memory-ingest-stores';
import { MemoryVectorStore } from '../../support/memory-vector-store';
import { makeEncryptedPdf, makePdf, makeText } from '../../support/fixtures';

const log = createLogger({ sink: () => undefined });
const alice = { account: 'alice', level: 'pro' as const };
const bob = { account: 'bob', level: 'pro' as const };

let statuses: MemoryStatusStore;
let blobs: MemoryBlobStore;
let vectors: MemoryVectorStore;
let deps: CollectionDeps;
let intake: IntakeDeps;

beforeEach(() => {
  statuses = new MemoryStatusStore();
  blobs = new MemoryBlobStore();
  vectors = new MemoryVectorStore();
  deps = { statuses, blobs, vectors };
  intake = {
    statuses,
    blobs,
    jobs: new MemoryJobQueue(),
    embedderId: 'local-lexical-v1',
    quotas: { free: 20, pro: 2000, enterprise: null },
    log,
  };
});

async function ingest(who: typeof alice, collection: string, filename: string, bytes: Uint8Array) {
  const record = await acceptUpload(intake, who, collection, { filename, bytes });
  const worker = { statuses, blobs, vectors, embedder: new LexicalEmbedder(), log };
  await runJob(
    worker,
    { account: who.account, uploadId: record.uploadId },
    { receiveCount: 1, deadline: Date.now() + 600_000 },
  );
  return record.uploadId;
}

const notFound = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).status).toBe(404);
};

describe('collections', () => {
  it('lists each collection with its documents, searchable chunks and embedder', async () => {
    await ingest(alice, 'energy', 'energy.pdf', await makePdf());
    await ingest(alice, 'energy', 'locked.pdf', await makeEncryptedPdf());
    await ingest(alice, 'notes', 'n.txt', makeText('A short note.'));
    await acceptUpload(intake, alice, 'notes', { filename: 'queued.txt', bytes: makeText('Waiting.') });
    await ingest(bob, 'bobs', 'b.txt', makeText('Bob only.'));

    expect(await listCollections(deps, 'alice')).toEqual([
      // The encrypted PDF failed: it counts as a document (and against the quota) but adds no chunks.
      { name: 'energy', documents: 2, chunks: 3, embedder: 'local-lexical-v1' },
      { name: 'notes', documents: 2, chunks: 1, embedder: 'local-lexical-v1' },
    ]);
  });

  it('describes one collection with the status of each upload', async () => {
    const id = await ingest(alice, 'energy', 'energy.pdf', await makePdf());
    const described = await describeCollection(deps, 'alice', 'energy');
    expect(described).toMatchObject({ name: 'energy', documents: 1, chunks: 3 });
    expect(described.uploads).toEqual([
      expect.objectContaining({ upload_id: id, filename: 'energy.pdf', status: 'completed', total_chunks: 3 }),
    ]);
  });

  it('deletes an upload: its vectors, its file and its record, freeing its document slot', async () => {
    const id = await ingest(alice, 'energy', 'energy.pdf', await makePdf());
    const keep = await ingest(alice, 'energy', 'n.txt', makeText('Keep me.'));

    expect(await deleteUpload(deps, 'alice', id)).toEqual({
      upload_id: id,
      collection_name: 'energy',
      deleted_chunks: 3,
    });
    expect(await statuses.get('alice', id)).toBeUndefined();
    expect([...blobs.objects.keys()].some((k) => k.includes(id))).toBe(false);
    expect(await vectors.count({ account: 'alice', collection: 'energy' })).toBe(1);
    expect(statuses.documents.get('alice')).toBe(1);
    expect((await statuses.get('alice', keep))?.state).toBe('completed');
  });

  it('deletes a collection with all its uploads', async () => {
    await ingest(alice, 'energy', 'energy.pdf', await makePdf());
    await ingest(alice, 'energy', 'n.txt', makeText('Another.'));
    const other = await ingest(alice, 'notes', 'n.txt', makeText('Elsewhere.'));

    expect(await deleteCollection(deps, 'alice', 'energy')).toEqual({
      collection_name: 'energy',
      deleted_documents: 2,
      deleted_chunks: 4,
    });
    expect((await listCollections(deps, 'alice')).map((c) => c.name)).toEqual(['notes']);
    expect(await statuses.listUploads('alice')).toEqual([expect.objectContaining({ uploadId: other })]);
    expect(blobs.objects.size).toBe(1);
    expect(statuses.documents.get('alice')).toBe(1);
  });

  it('finds nothing of another account', async () => {
    const id = await ingest(alice, 'energy', 'energy.pdf', await makePdf());
    await notFound(deleteUpload(deps, 'bob', id));
    await notFound(describeCollection(deps, 'bob', 'energy'));
    await notFound(deleteCollection(deps, 'bob', 'energy'));
    expect(await listCollections(deps, 'bob')).toEqual([]);
    expect((await statuses.get('alice', id))?.state).toBe('completed');
  });
});

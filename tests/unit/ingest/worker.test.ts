// The embed worker's rules, over in-memory ports: progress, idempotent redelivery, retries that
// replace partial runs, permanent versus transient failures, the retry budget, leases and deletion.
import { beforeEach, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '@fnquery/heuristic-engine';
import type { Embedder } from '../../../lib/ai/ports';
import { createLogger } from '../../../lib/log';
import { deleteUpload } from '../../../lib/ingest/collections';
import { acceptUpload, type IntakeDeps } from '../../../lib/ingest/intake';
import { RETRY_BUDGET } from '../../../lib/ingest/limits';
import { chunkId, runJob, type WorkerDeps } from '../../../lib/ingest/worker';
import { statusView } from '../../../lib/ingest/status';
import { MemoryBlobStore, MemoryJobQueue, MemoryStatusStore } from '../../support/memory-ingest-stores';
import { MemoryVectorStore } from '../../support/memory-vector-store';
import { makeEncryptedPdf, makePdf, makeText } from '../../support/fixtures';

const who = { account: 'acct-1', level: 'pro' as const };
const quiet = createLogger({ sink: () => undefined });
const BATCH = 4;

/** Paragraphs of distinct sentences: about one chunk each at the default chunk size. */
const longText = (paragraphs: number) =>
  Array.from({ length: paragraphs }, (_, p) =>
    Array.from({ length: 30 }, (_, s) => `Paragraph ${p} sentence ${s} talks about topic ${p * 31 + s}.`).join(' '),
  ).join('\n\n');

/** Fails the given embed calls (1-based) once each, like a platform outage between batches. */
class FlakyEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  calls = 0;
  constructor(
    private readonly inner: Embedder,
    private readonly failing: Set<number>,
  ) {
    this.id = inner.id;
    this.dimensions = inner.dimensions;
  }
  embed(texts: string[]) {
    this.calls++;
    if (this.failing.delete(this.calls)) return Promise.reject(new Error('connection reset'));
    return this.inner.embed(texts);
  }
}

let statuses: MemoryStatusStore;
let blobs: MemoryBlobStore;
let vectors: MemoryVectorStore;
let worker: WorkerDeps;
let intake: IntakeDeps;
const ref = { account: who.account, collection: 'docs' };

beforeEach(() => {
  statuses = new MemoryStatusStore();
  blobs = new MemoryBlobStore();
  vectors = new MemoryVectorStore();
  const embedder = new LexicalEmbedder();
  worker = { statuses, blobs, vectors, embedder, log: quiet, batchSize: BATCH };
  intake = {
    statuses,
    blobs,
    jobs: new MemoryJobQueue(),
    embedderId: embedder.id,
    quotas: { free: 20, pro: 2000, enterprise: null },
    log: quiet,
  };
});

const delivery = (receiveCount = 1, deadline = Date.now() + 600_000) => ({ receiveCount, deadline });
const upload = (filename: string, bytes: Uint8Array) => acceptUpload(intake, who, 'docs', { filename, bytes });
const job = (uploadId: string) => ({ account: who.account, uploadId });
const record = async (uploadId: string) => (await statuses.get(who.account, uploadId))!;

describe('runJob', () => {
  it('embeds every chunk, shows progress after each batch and completes', async () => {
    const { uploadId } = await upload('long.txt', makeText(longText(10)));
    const seen: number[] = [];
    const progress = statuses.progress.bind(statuses);
    statuses.progress = async (a, u, l, changes) => {
      if (changes.embeddedChunks !== undefined) seen.push(changes.embeddedChunks);
      return progress(a, u, l, changes);
    };

    expect(await runJob(worker, job(uploadId), delivery())).toBe('done');

    const done = await record(uploadId);
    expect(done.totalChunks).toBeGreaterThan(2 * BATCH);
    expect(seen[0]).toBe(0); // total set (with 0 embedded) before the first batch
    expect(seen.slice(1)).toEqual(
      Array.from({ length: Math.ceil(done.totalChunks / BATCH) }, (_, i) =>
        Math.min((i + 1) * BATCH, done.totalChunks),
      ),
    );
    expect(statusView(done)).toMatchObject({ status: 'completed', embedded_chunks: done.totalChunks });
    expect(await vectors.count(ref, uploadId)).toBe(done.totalChunks);
    const ids = [...vectors.tables.values()].flatMap((t) => [...t.keys()]).sort();
    expect(ids).toEqual(Array.from({ length: done.totalChunks }, (_, i) => chunkId(uploadId, i)).sort());
  });

  it('keeps page numbers and the source file name on each chunk', async () => {
    const { uploadId } = await upload('energy.pdf', await makePdf());
    await runJob(worker, job(uploadId), delivery());
    const chunks = [...vectors.tables.values()].flatMap((t) => [...t.values()]);
    expect(chunks.map((c) => [c.page, c.source])).toEqual([
      [1, 'energy.pdf'],
      [2, 'energy.pdf'],
      [3, 'energy.pdf'],
    ]);
  });

  it('acknowledges a redelivered message for a completed upload without touching its chunks', async () => {
    const { uploadId } = await upload('long.txt', makeText(longText(3)));
    await runJob(worker, job(uploadId), delivery());
    const before = await record(uploadId);
    const calls = { n: 0 };
    worker.embedder = {
      ...worker.embedder,
      id: worker.embedder.id,
      embed: (t) => (calls.n++, new LexicalEmbedder().embed(t)),
    };

    expect(await runJob(worker, job(uploadId), delivery(2))).toBe('done');
    expect(calls.n).toBe(0);
    expect(await record(uploadId)).toEqual(before);
  });

  it('gives a job that failed between batches back for a retry that replaces the partial run', async () => {
    const { uploadId } = await upload('long.txt', makeText(longText(10)));
    worker.embedder = new FlakyEmbedder(new LexicalEmbedder(), new Set([2]));

    expect(await runJob(worker, job(uploadId), delivery(1))).toBe('retry');
    const interrupted = await record(uploadId);
    expect(interrupted).toMatchObject({ state: 'processing', embeddedChunks: BATCH, leaseUntil: 0 });
    expect(await vectors.count(ref, uploadId)).toBe(BATCH);

    let deletedFirst = false;
    const deleteUploadVectors = vectors.deleteUpload.bind(vectors);
    vectors.deleteUpload = async (r, id) => {
      deletedFirst = (await vectors.count(r, id)) === BATCH;
      return deleteUploadVectors(r, id);
    };
    expect(await runJob(worker, job(uploadId), delivery(2))).toBe('done');
    const done = await record(uploadId);
    expect(deletedFirst).toBe(true);
    expect(done).toMatchObject({ state: 'completed', attempts: 2 });
    expect(await vectors.count(ref, uploadId)).toBe(done.totalChunks);
  });

  it('fails an encrypted PDF at once with its reason and acknowledges the message', async () => {
    const { uploadId } = await upload('locked.pdf', await makeEncryptedPdf());
    expect(await runJob(worker, job(uploadId), delivery(1))).toBe('done');
    const failed = await record(uploadId);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/^ISSUE: The PDF is encrypted\. ADVICE: .*password.*\.$/);
    expect(failed.leaseId).toBeUndefined();
  });

  it('fails the upload on the last delivery of the budget but still reports the message, so it moves to the dead-letter queue', async () => {
    const { uploadId } = await upload('long.txt', makeText(longText(3)));
    worker.embedder = {
      id: worker.embedder.id,
      dimensions: 768,
      embed: () => Promise.reject(new Error('platform down')),
    };

    for (let receive = 1; receive < RETRY_BUDGET; receive++) {
      expect(await runJob(worker, job(uploadId), delivery(receive))).toBe('retry');
      expect((await record(uploadId)).state).toBe('processing');
    }
    expect(await runJob(worker, job(uploadId), delivery(RETRY_BUDGET))).toBe('retry');
    const failed = await record(uploadId);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(new RegExp(`^ISSUE: .*${RETRY_BUDGET} attempts.*ADVICE: `));
    expect(await runJob(worker, job(uploadId), delivery(RETRY_BUDGET + 1))).toBe('done');
  });

  it('removes what a failed run stored, so a failed upload adds nothing to queries', async () => {
    const { uploadId } = await upload('long.txt', makeText(longText(10)));
    worker.embedder = new FlakyEmbedder(new LexicalEmbedder(), new Set([2]));
    expect(await runJob(worker, job(uploadId), delivery(RETRY_BUDGET))).toBe('retry');
    expect((await record(uploadId)).state).toBe('failed');
    expect(await vectors.count(ref, uploadId)).toBe(0);
  });

  it('acknowledges a duplicate delivery while another run holds a live lease', async () => {
    const { uploadId } = await upload('notes.txt', makeText('Some words to embed.'));
    const held = await statuses.claim(
      who.account,
      uploadId,
      { leaseId: 'other', leaseUntil: Date.now() + 60_000 },
      Date.now(),
    );
    expect(held).toBeDefined();

    expect(await runJob(worker, job(uploadId), delivery(1))).toBe('done');
    expect(await record(uploadId)).toMatchObject({ state: 'processing', leaseId: 'other', attempts: 1 });
  });

  it('takes over a job whose previous run died without giving it back', async () => {
    const { uploadId } = await upload('notes.txt', makeText('Some words to embed.'));
    await statuses.claim(who.account, uploadId, { leaseId: 'dead', leaseUntil: Date.now() - 1 }, Date.now() - 10);

    expect(await runJob(worker, job(uploadId), delivery(2))).toBe('done');
    expect(await record(uploadId)).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it('stops and removes its vectors when the upload is deleted while it runs', async () => {
    const { uploadId } = await upload('long.txt', makeText(longText(10)));
    const collectionDeps = { statuses, blobs, vectors };
    let deleted = false;
    const inner = new LexicalEmbedder();
    worker.embedder = {
      id: inner.id,
      dimensions: inner.dimensions,
      embed: async (texts) => {
        if (!deleted && (await vectors.count(ref, uploadId)) > 0) {
          deleted = true;
          await deleteUpload(collectionDeps, who.account, uploadId);
        }
        return inner.embed(texts);
      },
    };

    expect(await runJob(worker, job(uploadId), delivery())).toBe('done');
    expect(deleted).toBe(true);
    expect(await statuses.get(who.account, uploadId)).toBeUndefined();
    expect(await vectors.count(ref, uploadId)).toBe(0);
  });

  it('gives the job back when the invocation is about to run out of time', async () => {
    const { uploadId } = await upload('long.txt', makeText(longText(3)));
    expect(await runJob(worker, job(uploadId), delivery(1, Date.now() + 1_000))).toBe('retry');
    expect(await record(uploadId)).toMatchObject({ state: 'processing', leaseUntil: 0, embeddedChunks: 0 });
  });

  it('fails an upload whose collection was filled by another embedder', async () => {
    const { uploadId } = await upload('notes.txt', makeText('Some words to embed.'));
    worker.embedder = {
      id: 'default:another-model',
      dimensions: 768,
      embed: () => Promise.reject(new Error('not called')),
    };
    expect(await runJob(worker, job(uploadId), delivery())).toBe('done');
    expect((await record(uploadId)).error).toMatch(/ISSUE: Collection docs was filled with embedder local-lexical-v1/);
  });

  it('skips jobs for uploads that no longer exist', async () => {
    expect(await runJob(worker, job('00000000-0000-0000-0000-000000000000'), delivery())).toBe('done');
  });

  it("holds the account to its level's chunk quota beside the document count, failing for good with the reason", async () => {
    worker.chunkQuotas = { free: 5, pro: 20, enterprise: null };
    const first = await upload('first.txt', makeText(longText(8)));
    expect(await runJob(worker, job(first.uploadId), delivery())).toBe('done');
    const firstRecord = await record(first.uploadId);
    const held = firstRecord.totalChunks;
    expect(firstRecord.state).toBe('completed');
    expect(held).toBeGreaterThan(10);
    const second = await upload('second.txt', makeText(longText(8)));
    expect(await runJob(worker, job(second.uploadId), delivery())).toBe('done');
    const failed = await record(second.uploadId);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(
      new RegExp(
        `^ISSUE: The document makes \\d+ chunks and the account already holds ${held}, over its limit of 20 chunks \\(level pro\\)\\. ADVICE: Delete uploads`,
      ),
    );
    // Nothing of the refused document was embedded.
    expect(await vectors.count(ref, second.uploadId)).toBe(0);
  });
});

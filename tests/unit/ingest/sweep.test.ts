// The sweep over in-memory ports: each unfinished state is re-sent, failed or left alone, and a
// re-sent job is one the worker can then claim and finish.
import { beforeEach, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '@fnquery/heuristic-engine';
import { createLogger } from '../../../lib/log';
import { RETRY_BUDGET } from '../../../lib/ingest/limits';
import type { UploadRecord } from '../../../lib/ingest/status';
import { QUEUED_GRACE_MS, sweepUploads, type SweepDeps } from '../../../lib/ingest/sweep';
import { runJob } from '../../../lib/ingest/worker';
import { makeText } from '../../support/fixtures';
import { MemoryBlobStore, MemoryJobQueue, MemoryStatusStore } from '../../support/memory-ingest-stores';
import { MemoryVectorStore } from '../../support/memory-vector-store';

const NOW = 1_800_000_000_000;
const quiet = createLogger({ sink: () => undefined });
let statuses: MemoryStatusStore;
let jobs: MemoryJobQueue;
let vectors: MemoryVectorStore;
let blobs: MemoryBlobStore;
let deps: SweepDeps;

const record = (id: string, changes: Partial<UploadRecord>): UploadRecord => ({
  account: 'acct',
  uploadId: id,
  collection: 'docs',
  filename: `${id}.txt`,
  fileType: 'txt',
  sizeBytes: 5,
  objectKey: `accounts/acct/uploads/${id}/${id}.txt`,
  state: 'queued',
  totalChunks: 0,
  embeddedChunks: 0,
  startedAt: NOW - 1000,
  attempts: 0,
  ...changes,
});

beforeEach(() => {
  statuses = new MemoryStatusStore();
  jobs = new MemoryJobQueue();
  vectors = new MemoryVectorStore();
  blobs = new MemoryBlobStore();
  deps = { statuses, jobs, vectors, log: quiet, now: () => NOW };
});

const sent = () => jobs.sent.map((j) => j.uploadId).sort();

describe('sweepUploads', () => {
  it('re-sends a queued job only once its message can be presumed lost', async () => {
    await statuses.put(record('fresh', {}));
    await statuses.put(record('stale', { startedAt: NOW - QUEUED_GRACE_MS - 1 }));
    expect(await sweepUploads(deps)).toEqual({ resent: 1, failed: 0 });
    expect(sent()).toEqual(['stale']);
  });

  it('at a local start-up re-sends every queued job, since no earlier worker survived', async () => {
    await statuses.put(record('fresh', {}));
    expect(await sweepUploads(deps, { leasesEnded: true })).toEqual({ resent: 1, failed: 0 });
  });

  it('re-sends a processing job whose lease ended, whatever its attempt count below the budget', async () => {
    await statuses.put(record('first', { state: 'processing', attempts: 1, leaseId: 'a', leaseUntil: NOW - 1 }));
    await statuses.put(
      record('second', { state: 'processing', attempts: RETRY_BUDGET - 1, leaseId: 'b', leaseUntil: NOW - 1 }),
    );
    await statuses.put(record('live', { state: 'processing', attempts: 1, leaseId: 'c', leaseUntil: NOW + 60_000 }));
    expect(await sweepUploads(deps)).toEqual({ resent: 2, failed: 0 });
    expect(sent()).toEqual(['first', 'second']);
    expect((await statuses.get('acct', 'live'))!.leaseId).toBe('c');
  });

  it('gives back live-looking leases at a local start-up, so the re-sent job can be claimed and finished', async () => {
    await blobs.put(record('held', {}).objectKey, makeText('Words about tides and harbours.'));
    await statuses.put(
      record('held', { state: 'processing', attempts: 1, leaseId: 'dead', leaseUntil: NOW + 900_000 }),
    );
    expect(await sweepUploads(deps, { leasesEnded: true })).toEqual({ resent: 1, failed: 0 });
    expect((await statuses.get('acct', 'held'))!.leaseUntil).toBe(0);
    const worker = { statuses, blobs, vectors, embedder: new LexicalEmbedder(), log: quiet, now: () => NOW };
    expect(await runJob(worker, jobs.sent[0]!, { receiveCount: 1, deadline: NOW + 600_000 })).toBe('done');
    expect(await statuses.get('acct', 'held')).toMatchObject({ state: 'completed', attempts: 2, totalChunks: 1 });
  });

  it('fails a job whose last attempt died, removing its vectors and setting upload_completed', async () => {
    await statuses.put(
      record('dead', { state: 'processing', attempts: RETRY_BUDGET, leaseId: 'x', leaseUntil: NOW - 5 }),
    );
    await vectors.upsert({ account: 'acct', collection: 'docs' }, [
      { id: 'dead:0', uploadId: 'dead', position: 0, text: 't', source: 'dead.txt', vector: new Float32Array(768) },
    ]);
    expect(await sweepUploads(deps)).toEqual({ resent: 0, failed: 1 });
    expect(await statuses.get('acct', 'dead')).toMatchObject({
      state: 'failed',
      completedAt: NOW - 5,
      error: expect.stringMatching(/^ISSUE: Processing stopped unexpectedly/),
    });
    expect(await vectors.count({ account: 'acct', collection: 'docs' }, 'dead')).toBe(0);
    expect(jobs.sent).toEqual([]);
  });

  it('fails an upload URL never used, and leaves one still waiting for its file', async () => {
    await statuses.put(record('unused', { awaitingFileUntil: NOW - 2 * 3_600_000 }));
    await statuses.put(record('waiting', { awaitingFileUntil: NOW + 60_000, startedAt: NOW - QUEUED_GRACE_MS - 1 }));
    expect(await sweepUploads(deps)).toEqual({ resent: 0, failed: 1 });
    expect(await statuses.get('acct', 'unused')).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^ISSUE: No file was uploaded/),
    });
    expect((await statuses.get('acct', 'waiting'))!.state).toBe('queued');
  });

  it('leaves finished uploads alone and carries on past a record it cannot settle', async () => {
    await statuses.put(record('done', { state: 'completed', completedAt: NOW - 10 }));
    await statuses.put(record('stale-a', { startedAt: 0 }));
    await statuses.put(record('stale-b', { startedAt: 0 }));
    let calls = 0;
    deps.jobs = { send: async (job) => (++calls === 1 ? Promise.reject(new Error('queue down')) : jobs.send(job)) };
    expect(await sweepUploads(deps)).toEqual({ resent: 1, failed: 0 });
  });
});

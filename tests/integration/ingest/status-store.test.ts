// DynamoStatusStore's conditional writes against the DynamoDB emulator, under concurrency: the quota
// holds, one claim wins, and only the lease holder can move a job on. Creating an upload is one
// transaction (all of counter, collection and record, or none), and the sweep's listing comes from
// the sparse index of unfinished uploads, not a scan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusStore, UploadRecord } from '../../../lib/ingest/status';
import { startIngestStack, type IngestStack } from './stack';
import { DynamoStatusStore } from '../../../lib/aws/dynamo-status-store';
import { recordingDynamo, type RecordedCall } from '../../support/recording-dynamo';

let stack: IngestStack;
let store: StatusStore;

beforeAll(async () => {
  stack = await startIngestStack();
  store = stack.services.statuses();
});
afterAll(() => stack?.stop());

let next = 0;
const record = (
  account: string,
  collection = 'docs',
  embedder = 'local-lexical-v1',
): UploadRecord & { embedder: string } => ({
  account,
  uploadId: `upload-${++next}`,
  collection,
  filename: 'a.txt',
  fileType: 'txt',
  sizeBytes: 1,
  objectKey: `accounts/${account}/uploads/upload-${next}/a.txt`,
  state: 'queued',
  totalChunks: 0,
  embeddedChunks: 0,
  startedAt: Date.now(),
  embedder,
  attempts: 0,
});

describe('DynamoStatusStore', () => {
  it('lets exactly the quota through when uploads race', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => store.create(record('racer'), 5)));
    expect(results.filter((r) => r.created)).toHaveLength(5);
    expect(await store.listUploads('racer')).toHaveLength(5);

    const [first] = await store.listUploads('racer');
    await store.delete('racer', first!.uploadId);
    await store.delete('racer', first!.uploadId); // a second delete frees nothing more
    const after = await Promise.all(Array.from({ length: 3 }, () => store.create(record('racer'), 5)));
    expect(after.filter((r) => r.created)).toHaveLength(1);
  });

  it('binds a new collection to one embedder when the first uploads race', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        store.create(record('binder', 'fresh', i % 2 ? 'embedder-b' : 'embedder-a'), null),
      ),
    );
    const bound = (await store.getCollection('binder', 'fresh'))!.embedder;
    for (const r of results)
      expect(r).toEqual(r.created ? { created: true } : { created: false, reason: 'embedder', embedder: bound });
    expect(results.filter((r) => r.created)).toHaveLength(3);
    // Refused uploads gave their quota slot back: three more fit under a limit of six.
    const more = await Promise.all(Array.from({ length: 4 }, () => store.create(record('binder', 'other'), 6)));
    expect(more.filter((r) => r.created)).toHaveLength(3);
  });

  it('gives a job to one claimant and lets only the lease holder move it on', async () => {
    const r = record('claims');
    await store.create(r, null);
    const now = Date.now();
    const claims = await Promise.all(
      ['a', 'b', 'c'].map((leaseId) => store.claim('claims', r.uploadId, { leaseId, leaseUntil: now + 60_000 }, now)),
    );
    const winners = claims.filter((c) => c !== undefined);
    expect(winners).toHaveLength(1);
    const holder = winners[0]!.leaseId!;
    const loser = ['a', 'b', 'c'].find((l) => l !== holder)!;

    expect(await store.progress('claims', r.uploadId, loser, { totalChunks: 9 })).toBe(false);
    expect(await store.progress('claims', r.uploadId, holder, { totalChunks: 9, embeddedChunks: 0 })).toBe(true);
    expect(await store.settle('claims', r.uploadId, loser, { state: 'completed', completedAt: now })).toBe(false);
    expect(await store.release('claims', r.uploadId, holder)).toBe(true);

    // A released lease can be taken over at once; the old holder is then locked out.
    const taken = await store.claim('claims', r.uploadId, { leaseId: 'd', leaseUntil: now + 60_000 }, now);
    expect(taken).toMatchObject({ state: 'processing', leaseId: 'd', attempts: 2, totalChunks: 9 });
    expect(await store.progress('claims', r.uploadId, holder, { embeddedChunks: 4 })).toBe(false);
    expect(
      await store.settle('claims', r.uploadId, 'd', {
        state: 'failed',
        completedAt: now + 1,
        error: 'ISSUE: x. ADVICE: y.',
      }),
    ).toBe(true);
    const failed = await store.get('claims', r.uploadId);
    expect(failed).toMatchObject({ state: 'failed', error: 'ISSUE: x. ADVICE: y.', completedAt: now + 1 });
    expect(failed?.leaseId).toBeUndefined();
    expect(
      await store.claim('claims', r.uploadId, { leaseId: 'e', leaseUntil: now + 60_000 }, now + 120_000),
    ).toBeUndefined();
  });

  it('marks a record deleting, which ends its lease', async () => {
    const r = record('deleter');
    await store.create(r, null);
    await store.claim('deleter', r.uploadId, { leaseId: 'w', leaseUntil: Date.now() + 60_000 }, Date.now());
    expect(await store.markDeleting('deleter', r.uploadId)).toMatchObject({ state: 'processing', leaseId: 'w' });
    expect(await store.progress('deleter', r.uploadId, 'w', { embeddedChunks: 1 })).toBe(false);
    expect(await store.markDeleting('deleter', 'no-such-upload')).toBeUndefined();
    expect((await store.get('deleter', r.uploadId))?.state).toBe('deleting');
  });

  it('creates counter, collection and record together or not at all', async () => {
    const first = record('atomic', 'kept');
    expect(await store.create(first, 2)).toEqual({ created: true });
    // The record's own condition fails (its id is taken): the counter and a new collection stay untouched.
    const clash = { ...record('atomic', 'never-bound', 'embedder-z'), uploadId: first.uploadId };
    await expect(store.create(clash, 2)).rejects.toThrow();
    expect(await store.getCollection('atomic', 'never-bound')).toBeUndefined();
    const rest = await Promise.all(Array.from({ length: 3 }, () => store.create(record('atomic', 'kept'), 2)));
    expect(rest.filter((r) => r.created)).toHaveLength(1);
    // An embedder refusal reports the bound embedder and takes no slot either.
    expect(await store.create(record('atomic', 'kept', 'embedder-z'), 3)).toEqual({
      created: false,
      reason: 'embedder',
      embedder: 'local-lexical-v1',
    });
    expect((await store.create(record('atomic', 'kept'), 3)).created).toBe(true);
  });

  it('lists exactly the queued and processing uploads from the sparse index, and scans nothing', async () => {
    const [queued, processing, completed, failed, deleting] = Array.from({ length: 5 }, () => record('sweepable'));
    for (const r of [queued, processing, completed, failed, deleting]) await store.create(r!, null);
    const now = Date.now();
    for (const [r, lease] of [
      [processing, 'p'],
      [completed, 'c'],
      [failed, 'f'],
    ] as const)
      await store.claim('sweepable', r!.uploadId, { leaseId: lease, leaseUntil: now + 60_000 }, now);
    await store.settle('sweepable', completed!.uploadId, 'c', { state: 'completed', completedAt: now });
    await store.settle('sweepable', failed!.uploadId, 'f', { state: 'failed', completedAt: now, error: 'x' });
    await store.markDeleting('sweepable', deleting!.uploadId);

    const calls: RecordedCall[] = [];
    const recorded = new DynamoStatusStore(
      recordingDynamo(await stack.services.dynamo(), calls),
      stack.services.config().aws.tables.uploads,
    );
    const listed = (await recorded.listUnfinished()).filter((r) => r.account === 'sweepable');
    expect(listed.map((r) => [r.uploadId, r.state]).sort()).toEqual(
      [
        [queued!.uploadId, 'queued'],
        [processing!.uploadId, 'processing'],
      ].sort(),
    );
    expect(listed[0]).not.toHaveProperty('unfinished');
    expect(calls.map((c) => c.operation)).toEqual(['query']);
  });
});

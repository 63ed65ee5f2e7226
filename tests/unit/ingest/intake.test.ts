// Accepting uploads over in-memory ports: what is stored and queued, each refusal, and the rollback
// of a half-made upload.
import { beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { createLogger } from '../../../lib/log';
import { acceptUpload, acceptUploadUrl, type IntakeDeps } from '../../../lib/ingest/intake';
import { SIGNED_UPLOAD_MAX_BYTES, UPLOAD_URL_TTL_SECONDS } from '../../../lib/ingest/limits';
import { statusView } from '../../../lib/ingest/status';
import { MemoryBlobStore, MemoryJobQueue, MemoryStatusStore } from '../../support/memory-ingest-stores';
import { makePdf, makeText } from '../../support/fixtures';

const NOW = Date.UTC(2024, 4, 6, 9, 30, 0);
const free = { account: 'acct-1', level: 'free' as const };
const text = makeText('Plain words.');

let statuses: MemoryStatusStore;
let blobs: MemoryBlobStore;
let jobs: MemoryJobQueue;
let deps: IntakeDeps;

beforeEach(() => {
  statuses = new MemoryStatusStore();
  blobs = new MemoryBlobStore();
  jobs = new MemoryJobQueue();
  deps = {
    statuses,
    blobs,
    jobs,
    embedderId: 'local-lexical-v1',
    quotas: { free: 2, pro: 2000, enterprise: null },
    log: createLogger({ sink: () => undefined }),
    now: () => NOW,
  };
});

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('acceptUpload', () => {
  it('stores the file under the account, writes a queued record and queues the job', async () => {
    const pdf = await makePdf();
    const record = await acceptUpload(deps, free, 'docs', { filename: 'C:\\Users\\me\\Energy Report.pdf', bytes: pdf });

    expect(record.objectKey).toBe(`accounts/acct-1/uploads/${record.uploadId}/Energy_Report.pdf`);
    expect(blobs.objects.get(record.objectKey)).toEqual(pdf);
    expect(jobs.sent).toEqual([{ account: 'acct-1', uploadId: record.uploadId }]);
    expect(await statuses.get('acct-1', record.uploadId)).toMatchObject({
      filename: 'Energy Report.pdf',
      fileType: 'pdf',
      sizeBytes: pdf.length,
    });
    expect(statusView(record)).toEqual({
      upload_id: record.uploadId,
      collection_name: 'docs',
      status: 'queued',
      embedded_chunks: 0,
      total_chunks: 0,
      upload_started: 'Mon, 06 May 2024 09:30:00 GMT',
      upload_completed: null,
    });
  });

  it.each([
    ['a bad collection name', 'my docs', 'a.txt', text, 400],
    ['an unsupported type', 'docs', 'photo.png', text, 415],
    ['content that does not match the extension', 'docs', 'report.pdf', text, 415],
    ['a file without a name', 'docs', '\u0007', text, 400],
  ])('refuses %s before storing anything', async (_label, collection, filename, bytes, status) => {
    expect((await refusal(acceptUpload(deps, free, collection, { filename, bytes }))).status).toBe(status);
    expect([blobs.objects.size, jobs.sent.length, statuses.uploads.size]).toEqual([0, 0, 0]);
  });

  it('refuses an empty file with 400 before anything is stored or queued', async () => {
    const error = await refusal(acceptUpload(deps, free, 'docs', { filename: 'notes.txt', bytes: new Uint8Array(0) }));
    expect([error.status, error.code]).toEqual([400, 'empty_file']);
    expect(error.lines()[0]).toBe(
      'ISSUE: The file "notes.txt" is empty (0 bytes). ADVICE: Upload a file with content.',
    );
    expect([blobs.objects.size, jobs.sent.length]).toEqual([0, 0]);
  });

  it('refuses uploads over the level’s document quota with 429 and no Retry-After', async () => {
    await acceptUpload(deps, free, 'docs', { filename: 'a.txt', bytes: text });
    await acceptUpload(deps, free, 'other', { filename: 'b.txt', bytes: text });
    const error = await refusal(acceptUpload(deps, free, 'docs', { filename: 'c.txt', bytes: text }));
    expect([error.status, error.code, error.headers]).toEqual([429, 'document_quota_exceeded', {}]);
    expect(error.lines()[0]).toMatch(/limit of 2 documents \(level free\).*ADVICE: Delete uploads/);
    // Another level's quota is its own.
    await expect(
      acceptUpload(deps, { account: 'acct-1', level: 'pro' }, 'docs', { filename: 'c.txt', bytes: text }),
    ).resolves.toBeDefined();
  });

  it('refuses a file for a collection filled by another embedder with 409', async () => {
    await acceptUpload(deps, free, 'docs', { filename: 'a.txt', bytes: text });
    const error = await refusal(
      acceptUpload({ ...deps, embedderId: 'default:other' }, free, 'docs', { filename: 'b.txt', bytes: text }),
    );
    expect([error.status, error.code]).toEqual([409, 'embedder_mismatch']);
    expect(statuses.documents.get('acct-1')).toBe(1);
  });

  it('takes a half-made upload back when the job cannot be queued', async () => {
    jobs.send = () => Promise.reject(new Error('queue unavailable'));
    await expect(acceptUpload(deps, free, 'docs', { filename: 'a.txt', bytes: text })).rejects.toThrow(
      'queue unavailable',
    );
    expect([blobs.objects.size, statuses.uploads.size, statuses.documents.get('acct-1')]).toEqual([0, 0, 0]);
  });
});

describe('acceptUploadUrl', () => {
  it('signs a PUT bounded to the announced size and waits for the file', async () => {
    const signed = await acceptUploadUrl(deps, free, 'docs', 'big.pdf', 12_345);
    expect(signed.url).toBe(`memory://${signed.record.objectKey}?expires=${UPLOAD_URL_TTL_SECONDS}&length=12345`);
    expect(signed.expiresAt).toBe(NOW + UPLOAD_URL_TTL_SECONDS * 1000);
    expect(await statuses.get('acct-1', signed.record.uploadId)).toMatchObject({
      state: 'queued',
      awaitingFileUntil: signed.expiresAt,
      fileType: 'pdf',
    });
    expect(jobs.sent).toEqual([]);
  });

  it.each([
    ['an unsupported extension', 'movie.mp4', undefined, 415],
    ['no file name', undefined, undefined, 400],
    ['a size over the limit', 'big.pdf', SIGNED_UPLOAD_MAX_BYTES + 1, 413],
  ])('refuses %s', async (_label, filename, size, status) => {
    expect((await refusal(acceptUploadUrl(deps, free, 'docs', filename, size))).status).toBe(status);
    expect(statuses.uploads.size).toBe(0);
  });
});

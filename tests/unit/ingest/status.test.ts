// statusView and effectiveState: the interface's fields, and jobs that can no longer run shown as failed.
import { describe, expect, it } from 'vitest';
import { RETRY_BUDGET } from '../../../lib/ingest/limits';
import { effectiveState, statusView, type UploadRecord } from '../../../lib/ingest/status';

const NOW = Date.UTC(2024, 0, 2, 3, 4, 5);
const base: UploadRecord = {
  account: 'a',
  uploadId: 'u1',
  collection: 'docs',
  filename: 'a.txt',
  fileType: 'txt',
  sizeBytes: 10,
  objectKey: 'k',
  state: 'processing',
  totalChunks: 10,
  embeddedChunks: 4,
  startedAt: NOW - 60_000,
  attempts: 1,
  leaseId: 'l',
  leaseUntil: NOW + 1000,
};

describe('statusView', () => {
  it('shows the interface’s fields with HTTP-date timestamps', () => {
    expect(statusView({ ...base, state: 'completed', embeddedChunks: 10, completedAt: NOW }, NOW)).toEqual({
      upload_id: 'u1',
      collection_name: 'docs',
      status: 'completed',
      embedded_chunks: 10,
      total_chunks: 10,
      upload_started: 'Tue, 02 Jan 2024 03:03:05 GMT',
      upload_completed: 'Tue, 02 Jan 2024 03:04:05 GMT',
    });
  });

  it('adds the reason of a failed upload', () => {
    expect(statusView({ ...base, state: 'failed', error: 'ISSUE: x. ADVICE: y.' }, NOW)).toMatchObject({
      status: 'failed',
      error: 'ISSUE: x. ADVICE: y.',
    });
  });
});

describe('effectiveState', () => {
  it('keeps a running job and one waiting for a retry as processing', () => {
    expect(effectiveState(base, NOW).state).toBe('processing');
    expect(effectiveState({ ...base, leaseUntil: 0, attempts: RETRY_BUDGET - 1 }, NOW).state).toBe('processing');
  });

  it('shows a job whose last attempt died as failed once its lease has run out', () => {
    const died = { ...base, attempts: RETRY_BUDGET, leaseUntil: NOW - 1 };
    expect(effectiveState(died, NOW)).toEqual({
      state: 'failed',
      error: expect.stringMatching(/^ISSUE: Processing stopped unexpectedly.*ADVICE: /),
      completedAt: NOW - 1,
    });
    expect(effectiveState({ ...died, leaseUntil: NOW + 1 }, NOW).state).toBe('processing');
  });

  it('shows an upload URL never used as failed an hour after it expired', () => {
    const waiting: UploadRecord = { ...base, state: 'queued', attempts: 0, awaitingFileUntil: NOW - 3_600_001 };
    expect(effectiveState(waiting, NOW)).toEqual({
      state: 'failed',
      error: expect.stringMatching(/^ISSUE: No file was uploaded/),
      completedAt: NOW - 1,
    });
    expect(effectiveState({ ...waiting, awaitingFileUntil: NOW - 3_599_999 }, NOW).state).toBe('queued');
  });
});

// One delivery of one upload job: claim the record, read the file, extract, chunk, embed in batches
// and store the vectors, showing progress after each batch. The rules (docs/ingest-pipeline.md):
// - Chunk ids come from the upload id and position, and a retry first deletes what an earlier run
//   stored, so a redelivered message never duplicates chunks.
// - A job is held through a lease on its record that cannot outlive the invocation; a duplicate
//   delivery while the lease is live is acknowledged, since the holder finishes or is retried itself.
// - A 4xx ServiceError (encrypted, empty or mismatched file, a budget breach, embedder conflict)
//   fails the upload at once. Anything else is retried; on the last delivery of the budget the upload is failed and the
//   message is still reported, so it moves to the dead-letter queue.
import { randomUUID } from 'node:crypto';
import {
  gatewayTimeout,
  isServiceError,
  notFound,
  conflict,
  problemLine,
  tooLarge,
  type ServiceError,
} from '../errors';
import type { Level } from '../config';
import { errorFields, type Logger } from '../log';
import type { Embedder } from '../ai/ports';
import type { CollectionRef, VectorStore } from '../vectors/ports';
import { checkChunks, extractionBudget } from './budgets';
import { chunkSections, DEFAULT_CHUNKING, type Chunk } from './chunk';
import { extractText } from './extract';
import { detectFileType } from './file-type';
import { RETRY_BUDGET, SIGNED_UPLOAD_MAX_BYTES } from './limits';
import type { BlobStore, UploadJob } from './ports';
import type { Settlement, StatusStore, UploadRecord } from './status';
import { uploadEvent } from '../webhooks/events';
import type { EventSink } from '../webhooks/ports';

export interface WorkerDeps {
  statuses: StatusStore;
  blobs: BlobStore;
  vectors: VectorStore;
  /** The deployment's embedder; an upload whose collection was filled by another one fails. */
  embedder: Embedder;
  log: Logger;
  /** Chunks per embedding call and per progress update. */
  batchSize?: number;
  /** Stored chunks per account by level (config `chunkQuotas`); absent: unlimited. */
  chunkQuotas?: Record<Level, number | null>;
  /** Webhooks: told when an upload completes or fails (lib/webhooks). */
  events?: EventSink;
  now?: () => number;
}

export interface Delivery {
  /** SQS ApproximateReceiveCount: 1 on the first delivery. */
  receiveCount: number;
  /** Epoch ms at which the invocation is cut off. */
  deadline: number;
}

/** `retry`: report the message as failed so SQS delivers it again (or moves it to the dead-letter queue). */
export type Outcome = 'done' | 'retry';

/** One embeddings request of the OpenAI embedder's size, and one vector-store commit, per batch. */
export const DEFAULT_EMBED_BATCH = 128;
/** Stop starting batches this long before the deadline, leaving time to give the job back. */
const STOP_MARGIN_MS = 20_000;
/** The lease outlives the deadline by this much, so a takeover never overlaps a live run. */
const LEASE_SLACK_MS = 5_000;

export const chunkId = (uploadId: string, position: number) => `${uploadId}:${position}`;

/** The lease was lost: the upload is being deleted, or another delivery took over an expired lease. */
class LeaseLost extends Error {}

export async function runJob(deps: WorkerDeps, job: UploadJob, delivery: Delivery): Promise<Outcome> {
  const now = deps.now ?? Date.now;
  const log = deps.log.child({ account: job.account, uploadId: job.uploadId });
  const record = await deps.statuses.get(job.account, job.uploadId);
  if (!record || !['queued', 'processing'].includes(record.state)) {
    log.info('job skipped', { state: record?.state ?? 'deleted' });
    return 'done';
  }
  if (record.state === 'processing' && (record.leaseUntil ?? 0) >= now()) {
    log.info('job skipped: another delivery holds it');
    return 'done';
  }
  const lease = { leaseId: randomUUID(), leaseUntil: delivery.deadline + LEASE_SLACK_MS };
  const claimed = await deps.statuses.claim(job.account, job.uploadId, lease, now());
  if (!claimed) return 'done';

  const held = new HeldJob(deps, claimed, lease.leaseId);
  try {
    await embedUpload(deps, held, delivery);
    log.info('upload completed', { chunks: claimed.totalChunks, attempts: claimed.attempts });
    return 'done';
  } catch (e) {
    if (e instanceof LeaseLost) return held.stopped(log);
    return failed(deps, held, e, delivery, log);
  }
}

/** The claimed record, and writes that succeed only while its lease is held. */
class HeldJob {
  readonly ref: CollectionRef;

  constructor(
    private readonly deps: WorkerDeps,
    readonly record: UploadRecord,
    private readonly leaseId: string,
  ) {
    this.ref = { account: record.account, collection: record.collection };
  }

  async progress(changes: Parameters<StatusStore['progress']>[3]): Promise<void> {
    if (!(await this.deps.statuses.progress(this.record.account, this.record.uploadId, this.leaseId, changes)))
      throw new LeaseLost();
    Object.assign(this.record, changes);
  }

  async settle(outcome: Settlement): Promise<void> {
    if (!(await this.deps.statuses.settle(this.record.account, this.record.uploadId, this.leaseId, outcome)))
      throw new LeaseLost();
    await this.deps.events?.publish(uploadEvent(this.record, outcome));
  }

  release(): Promise<boolean> {
    return this.deps.statuses.release(this.record.account, this.record.uploadId, this.leaseId);
  }

  /** After losing the lease: vectors written for an upload being deleted must not outlive it. */
  async stopped(log: Logger): Promise<Outcome> {
    const current = await this.deps.statuses.get(this.record.account, this.record.uploadId);
    if (!current || current.state === 'deleting') await this.deps.vectors.deleteUpload(this.ref, this.record.uploadId);
    log.info('job stopped: lease lost', { state: current?.state ?? 'deleted' });
    return 'done';
  }
}

async function embedUpload(deps: WorkerDeps, job: HeldJob, delivery: Delivery): Promise<void> {
  const now = deps.now ?? Date.now;
  const { record, ref } = job;
  checkEmbedder(record, deps.embedder);
  // A retry replaces whatever an earlier run stored, including positions past a new total.
  if (record.attempts > 1) await deps.vectors.deleteUpload(ref, record.uploadId);

  const bytes = await deps.blobs.get(record.objectKey, SIGNED_UPLOAD_MAX_BYTES);
  if (!bytes) throw notFound('The uploaded file is no longer in storage', 'Upload the file again', 'file_missing');
  const fileType = detectFileType(record.filename, bytes);
  // Reading gets a time budget of its own, so a hostile file fails fast and for good. A run with less
  // time left than that budget gives the job to a fresh run rather than blame the document.
  const budget = extractionBudget(now());
  if (budget.deadline > delivery.deadline - STOP_MARGIN_MS) throw outOfRunTime();
  const chunks = chunkSections((await extractText(fileType, bytes, budget)).sections, record.filename, {
    ...DEFAULT_CHUNKING,
    onChunk: (count) => checkChunks(count, budget),
  });
  await checkChunkQuota(deps, record, chunks.length);
  await job.progress({ fileType, sizeBytes: bytes.length, totalChunks: chunks.length, embeddedChunks: 0 });

  const batchSize = deps.batchSize ?? DEFAULT_EMBED_BATCH;
  for (let start = 0; start < chunks.length; start += batchSize) {
    if (now() > delivery.deadline - STOP_MARGIN_MS) throw outOfRunTime();
    const batch = chunks.slice(start, start + batchSize);
    const { vectors } = await deps.embedder.embed(batch.map((c) => c.text));
    await deps.vectors.upsert(
      ref,
      batch.map((chunk, i) => chunkRecord(record.uploadId, chunk, vectors[i]!)),
    );
    await job.progress({ embeddedChunks: start + batch.length });
  }
  await job.settle({ state: 'completed', completedAt: now() });
}

/**
 * The account's chunk quota, checked once the document's chunk count is known and before any is embedded:
 * the chunks of its other uploads (failed ones hold none) plus these. Over it, the upload fails for good.
 */
async function checkChunkQuota(deps: WorkerDeps, record: UploadRecord, chunks: number): Promise<void> {
  const level = record.level ?? 'free';
  const limit = deps.chunkQuotas?.[level];
  if (limit === undefined || limit === null) return;
  const others = await deps.statuses.listUploads(record.account);
  const held = others
    .filter((u) => u.uploadId !== record.uploadId && u.state !== 'failed')
    .reduce((sum, u) => sum + u.totalChunks, 0);
  if (held + chunks <= limit) return;
  throw tooLarge(
    `The document makes ${chunks.toLocaleString('en-US')} chunks and the account already holds ${held.toLocaleString('en-US')}, over its limit of ${limit.toLocaleString('en-US')} chunks (level ${level})`,
    'Delete uploads you no longer need with DELETE /embedder-service/v1/uploads/{upload_id}, upload a smaller document, or move to a higher account level',
    'chunk_quota_exceeded',
  );
}

/** Transient: the next delivery starts over with a whole run. */
const outOfRunTime = () =>
  gatewayTimeout(
    'Embedding did not finish within the time of one worker run',
    'Split the document into smaller files and upload them',
    'worker_timeout',
  );

function checkEmbedder(record: UploadRecord, embedder: Embedder): void {
  if (!record.embedder || record.embedder === embedder.id) return;
  throw conflict(
    `Collection ${record.collection} was filled with embedder ${record.embedder}, but this deployment embeds with ${embedder.id}`,
    'Upload into a new collection, or ask the operator to restore the embedding configuration this collection was filled with',
    'embedder_mismatch',
  );
}

const chunkRecord = (uploadId: string, chunk: Chunk, vector: Float32Array) => ({
  id: chunkId(uploadId, chunk.position),
  uploadId,
  position: chunk.position,
  text: chunk.text,
  source: chunk.source,
  ...(chunk.page === undefined ? {} : { page: chunk.page }),
  ...(chunk.heading === undefined ? {} : { heading: chunk.heading }),
  vector,
});

async function failed(deps: WorkerDeps, job: HeldJob, e: unknown, delivery: Delivery, log: Logger): Promise<Outcome> {
  const permanent = isServiceError(e) && e.status < 500;
  const attempts = Math.max(delivery.receiveCount, job.record.attempts);
  if (!permanent && attempts < RETRY_BUDGET) {
    log.warn('upload attempt failed; it will be retried', { attempts, ...errorFields(e) });
    await job.release();
    return 'retry';
  }
  log.warn('upload failed', { attempts, permanent, ...errorFields(e) });
  // A failed upload contributes nothing to queries.
  await deps.vectors.deleteUpload(job.ref, job.record.uploadId);
  try {
    await job.settle({
      state: 'failed',
      completedAt: (deps.now ?? Date.now)(),
      error: permanent ? (e as ServiceError).lines().join(' ') : lastAttemptReason(e, attempts),
    });
  } catch (lost) {
    if (lost instanceof LeaseLost) return job.stopped(log);
    throw lost;
  }
  return permanent ? 'done' : 'retry';
}

function lastAttemptReason(e: unknown, attempts: number): string {
  if (isServiceError(e)) {
    const first = e.problems[0]!;
    return problemLine({
      issue: `${first.issue.replace(/[.\s]+$/, '')} (after ${attempts} attempts)`,
      advice: first.advice,
    });
  }
  return problemLine({
    issue: `The document could not be processed in ${attempts} attempts because of an internal error`,
    advice: 'Upload it again later; if it keeps failing, report the upload_id to the operator',
  });
}

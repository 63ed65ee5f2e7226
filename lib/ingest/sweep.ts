// Nothing stays `queued` or `processing` forever (docs/ingest-pipeline.md "Sweep"). Run on a
// schedule on AWS and at start-up locally, it looks at every unfinished upload:
// - `queued` with no claim after QUEUED_GRACE_MS: its message may be gone (lost, or dead-lettered
//   before a claim), so the job is sent again. A duplicate is harmless: a delivery that finds the
//   job taken or finished acknowledges it.
// - `processing` whose lease has ended: on the last attempt it is failed (its vectors removed);
//   otherwise the lease is given back and the job sent again, whatever the attempt count.
// - an upload URL never used: failed, as effectiveState already shows it.
import { randomUUID } from 'node:crypto';
import { errorFields, type Logger } from '../log';
import type { VectorStore } from '../vectors/ports';
import type { JobQueue } from './ports';
import { effectiveState, type StatusStore, type UploadRecord } from './status';
import { uploadEvent } from '../webhooks/events';
import type { EventSink } from '../webhooks/ports';

export interface SweepDeps {
  statuses: StatusStore;
  jobs: JobQueue;
  vectors: Pick<VectorStore, 'deleteUpload'>;
  /** Webhooks: told of the uploads the sweep fails (lib/webhooks). */
  events?: EventSink;
  log: Logger;
  now?: () => number;
}

export interface SweepOptions {
  /**
   * Every lease has ended, live or not: true locally at start-up, when no worker of an earlier run
   * can still be alive (a killed `npm start` takes its workers with it).
   */
  leasesEnded?: boolean;
}

export interface SweepReport {
  resent: number;
  failed: number;
}

/** Longer than a message waits behind a busy queue in normal operation. */
export const QUEUED_GRACE_MS = 15 * 60 * 1000;

export async function sweepUploads(deps: SweepDeps, options: SweepOptions = {}): Promise<SweepReport> {
  const now = (deps.now ?? Date.now)();
  const report: SweepReport = { resent: 0, failed: 0 };
  for (const record of await deps.statuses.listUnfinished()) {
    try {
      const action = await settleOrResend(deps, record, now, options);
      if (action) report[action] += 1;
    } catch (e) {
      // One record's trouble must not stop the rest; the next sweep tries it again.
      deps.log.error('sweep could not settle an upload', {
        account: record.account,
        uploadId: record.uploadId,
        ...errorFields(e),
      });
    }
  }
  if (report.resent || report.failed) deps.log.info('sweep done', { ...report });
  return report;
}

async function settleOrResend(
  deps: SweepDeps,
  record: UploadRecord,
  now: number,
  options: SweepOptions,
): Promise<keyof SweepReport | undefined> {
  const { account, uploadId } = record;
  const leaseEnded = record.state === 'processing' && (options.leasesEnded || (record.leaseUntil ?? 0) < now);
  const seen = leaseEnded ? { ...record, leaseUntil: Math.min(record.leaseUntil ?? 0, now - 1) } : record;
  const shown = effectiveState(seen, now);

  if (shown.state === 'failed') {
    const leaseId = record.leaseId ?? (await takeOver(deps, record, now));
    if (!leaseId) return undefined;
    await deps.vectors.deleteUpload({ account, collection: record.collection }, uploadId);
    const outcome = { state: 'failed', completedAt: shown.completedAt ?? now, error: shown.error! } as const;
    const settled = await deps.statuses.settle(account, uploadId, leaseId, outcome);
    if (settled) await deps.events?.publish(uploadEvent(record, outcome));
    return settled ? 'failed' : undefined;
  }
  if (record.state === 'queued') {
    if (record.awaitingFileUntil !== undefined) return undefined;
    if (!options.leasesEnded && record.startedAt + QUEUED_GRACE_MS >= now) return undefined;
  } else {
    if (!leaseEnded) return undefined;
    // A lease the store still counts as live (the local start-up case) is given back first, so the
    // next delivery may claim the job.
    if ((record.leaseUntil ?? 0) >= now && !(await deps.statuses.release(account, uploadId, record.leaseId!)))
      return undefined;
  }
  await deps.jobs.send({ account, uploadId });
  return 'resent';
}

/** A lease for the sweep itself, on a queued record it is about to fail. */
async function takeOver(deps: SweepDeps, record: UploadRecord, now: number): Promise<string | undefined> {
  const leaseId = `sweep-${randomUUID()}`;
  return (await deps.statuses.claim(record.account, record.uploadId, { leaseId, leaseUntil: now + 60_000 }, now))
    ? leaseId
    : undefined;
}

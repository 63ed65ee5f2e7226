// The embed worker: an SQS batch of upload jobs (our job messages and S3 event notifications).
// Powertools' BatchProcessor reports each message that must come back in batchItemFailures, so one
// job's failure never fails another: SQS redelivers only that message, and moves it to the
// dead-letter queue once it has used the retry budget. A job that fails permanently is settled as
// `failed` by runJob and its message acknowledged.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { InvalidJobMessage, jobsInMessage } from '../../lib/ingest/job-message';
import { runJob, type Delivery, type Outcome, type WorkerDeps } from '../../lib/ingest/worker';
import { errorFields, rootLogger, type Logger } from '../../lib/log';
import { workerDeps } from '../../lib/services/vector-writers';
import { lazyHandler } from '../../lib/services/lazy';

/** Thrown for a message that must be delivered again; carries no document content. */
class DeliverAgain extends Error {
  constructor() {
    super('delivery to be retried');
  }
}

export function createEmbedWorker(deps: { worker: Omit<WorkerDeps, 'log'>; log: Logger }) {
  return async (event: SQSEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<SQSBatchResponse> => {
    const deadline = Date.now() + context.getRemainingTimeInMillis();
    const processor = new BatchProcessor(EventType.SQS);
    const onMessage = async (message: SQSRecord) => {
      const outcome = await deliver(
        { ...deps.worker, log: deps.log.child({ messageId: message.messageId }) },
        message,
        deadline,
      );
      if (outcome === 'retry') throw new DeliverAgain();
    };
    // One message after another: each job may use the whole memory and the rest of the run.
    // A batch whose every message is to be retried is answered like any other, not thrown.
    return processPartialResponse(event, onMessage, processor, {
      processInParallel: false,
      throwOnFullBatchFailure: false,
    });
  };
}

async function deliver(deps: WorkerDeps, message: SQSRecord, deadline: number): Promise<Outcome> {
  const delivery: Delivery = { receiveCount: Number(message.attributes?.ApproximateReceiveCount) || 1, deadline };
  let jobs;
  try {
    jobs = jobsInMessage(message.body);
  } catch (e) {
    if (!(e instanceof InvalidJobMessage)) throw e;
    // Left to fail until it reaches the dead-letter queue, where a person can read it.
    deps.log.error('unreadable job message', { reason: e.message, receiveCount: delivery.receiveCount });
    return 'retry';
  }
  let outcome: Outcome = 'done';
  for (const job of jobs) {
    try {
      if ((await runJob(deps, job, delivery)) === 'retry') outcome = 'retry';
    } catch (e) {
      // The status store or vector store itself failed: nothing was settled, so try again.
      deps.log.error('job failed before it could be settled', { uploadId: job.uploadId, ...errorFields(e) });
      outcome = 'retry';
    }
  }
  return outcome;
}

// Wired on the first batch, after the secrets are read; a failed read fails the whole batch, which
// SQS delivers again.
export const handler = lazyHandler(() => createEmbedWorker({ worker: workerDeps(), log: rootLogger() }));

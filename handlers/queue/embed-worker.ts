// The embed worker: an SQS batch of upload jobs (our job messages and S3 event notifications), one
// after the other. Messages to retry are reported in batchItemFailures, so SQS redelivers only those
// and moves them to the dead-letter queue once they have used the retry budget.
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { InvalidJobMessage, jobsInMessage } from '../../lib/ingest/job-message';
import { runJob, type Delivery, type Outcome, type WorkerDeps } from '../../lib/ingest/worker';
import { loadSecrets } from '../../lib/config';
import { errorFields, rootLogger, type Logger } from '../../lib/log';
import { workerDeps } from '../../lib/services/embedded';

export function createEmbedWorker(deps: () => Omit<WorkerDeps, 'log'>, log: () => Logger = rootLogger) {
  return async (event: SQSEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<SQSBatchResponse> => {
    const deadline = Date.now() + context.getRemainingTimeInMillis();
    // Once per cold start; a failed read fails the whole batch, which SQS delivers again.
    await loadSecrets();
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const message of event.Records) {
      const messageLog = log().child({ messageId: message.messageId });
      const outcome = await deliver({ ...deps(), log: messageLog }, message, deadline);
      if (outcome === 'retry') failures.push({ itemIdentifier: message.messageId });
    }
    return { batchItemFailures: failures };
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

export const handler = createEmbedWorker(workerDeps);

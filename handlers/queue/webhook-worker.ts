// The webhook worker: an SQS batch of webhook messages (lib/webhooks/deliver.ts). An event is fanned
// out to its endpoints; an attempt is made, or sent back to wait. A message whose store or queue
// call failed comes back (batchItemFailures) and, past the queue's receive budget, is dead-lettered.
// A failing receiver is not such a failure: its retries are scheduled by the worker itself.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { rootLogger, type Logger } from '../../lib/log';
import { lazyHandler } from '../../lib/services/lazy';
import { deliverDeps } from '../../lib/services/webhooks';
import { handleMessage, type DeliverDeps } from '../../lib/webhooks/deliver';
import type { WebhookMessage } from '../../lib/webhooks/ports';

function messageOf(record: SQSRecord): WebhookMessage | undefined {
  try {
    const message = JSON.parse(record.body) as WebhookMessage;
    return message.kind === 'event' || message.kind === 'attempt' ? message : undefined;
  } catch {
    return undefined;
  }
}

export function createWebhookWorker(deps: { deliver: Omit<DeliverDeps, 'log'>; log: Logger }) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const processor = new BatchProcessor(EventType.SQS);
    const onMessage = async (record: SQSRecord) => {
      const log = deps.log.child({ messageId: record.messageId });
      const message = messageOf(record);
      // Not ours: dropped, with a line a person can follow.
      if (!message) return log.error('unreadable webhook message');
      await handleMessage({ ...deps.deliver, log }, message);
    };
    // Attempts to different receivers do not wait on each other.
    return processPartialResponse(event, onMessage, processor, {
      processInParallel: true,
      throwOnFullBatchFailure: false,
    });
  };
}

export const handler = lazyHandler(() => createWebhookWorker({ deliver: deliverDeps(), log: rootLogger() }));

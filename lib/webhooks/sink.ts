// The sink the ingest and build workers publish events into. Apart from the delivery code (deliver.ts:
// sending, signing, the address policy), which only the webhook worker runs: every Lambda that wires a
// worker's dependencies imports this.
import type { WebhookEvent } from './events';
import type { WebhookQueue } from './ports';
import { errorFields, type Logger } from '../log';

/** The sink the ingest and build workers publish into: an event message, and a log line if it cannot be sent. */
export function queueSink(queue: WebhookQueue, log: Logger) {
  return {
    async publish(event: WebhookEvent): Promise<void> {
      try {
        await queue.send({ kind: 'event', event });
      } catch (e) {
        log.error('webhook event not queued', { eventType: event.type, eventId: event.id, ...errorFields(e) });
      }
    },
  };
}

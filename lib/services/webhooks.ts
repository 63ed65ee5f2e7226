// Webhooks: the endpoints table, the delivery queue, and the sink the workers publish events into,
// each loaded on first use.
import { getConfig } from '../config';
import { rootLogger } from '../log';
import type { DeliverDeps } from '../webhooks/deliver';
import { queueSink } from '../webhooks/sink';
import type { EndpointDeps } from '../webhooks/endpoints';
import type { EventSink, WebhookQueue, WebhookStore } from '../webhooks/ports';
import { dynamoAdapter } from './core';
import { onFirstUse } from './lazy';

let store: WebhookStore | undefined;
let queue: WebhookQueue | undefined;
let sink: EventSink | undefined;

export function webhookStore(): WebhookStore {
  const { aws } = getConfig();
  store ??= onFirstUse(() =>
    dynamoAdapter(
      () => import('../aws/dynamo-webhook-store'),
      (m, db) => new m.DynamoWebhookStore(db, aws.tables.webhooks),
    ),
  );
  return store;
}

function webhookQueue(url: string): WebhookQueue {
  const { aws } = getConfig();
  queue ??= onFirstUse(async () => {
    const [{ SqsWebhookQueue }, { sqsClient }, { withTracing }] = await Promise.all([
      import('../aws/sqs-webhook-queue'),
      import('../aws/sqs-client'),
      import('../aws/tracing'),
    ]);
    return new SqsWebhookQueue(await withTracing(sqsClient(aws)), url);
  });
  return queue;
}

/** Where workers publish events; nothing is published where no webhooks queue is configured. */
export function webhookEvents(): EventSink {
  const url = getConfig().aws.webhooksQueueUrl;
  sink ??= url ? queueSink(webhookQueue(url), rootLogger()) : { publish: async () => undefined };
  return sink;
}

export const endpointDeps = (): EndpointDeps => ({ store: webhookStore(), settings: getConfig().webhooks });

export function deliverDeps(): Omit<DeliverDeps, 'log'> {
  const c = getConfig();
  const url = c.aws.webhooksQueueUrl;
  if (!url) throw new Error('FNQ_WEBHOOKS_QUEUE_URL is required by the webhook worker');
  return { store: webhookStore(), queue: webhookQueue(url), settings: c.webhooks };
}

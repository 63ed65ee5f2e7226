// The delivery worker's two messages. An `event` is fanned out: one delivery record per endpoint of
// the account subscribed to its type, each handed on as an `attempt` message. An `attempt` message
// that is not yet due goes back on the queue for the rest of its wait (schedule.ts); a due one
// POSTs the signed payload and records the attempt: delivered on a 2xx, otherwise scheduled again
// or, once the schedule is spent, failed.
import { createHash } from 'node:crypto';
import { isServiceError } from '../errors';
import type { Logger } from '../log';
import type { AddressPolicyOptions } from '../net/address-policy';
import { payloadOf, type WebhookEvent } from './events';
import type { DeliveryRecord, EndpointRecord, WebhookMessage, WebhookQueue, WebhookStore } from './ports';
import { hopSeconds, nextAttemptAt } from './schedule';
import { open } from './secret-box';
import { requireKey } from './endpoints';
import { sendSigned, type SendResult } from './send';
import type { WebhookSettings } from './settings';
import { signedHeaders } from './signature';

export interface DeliverDeps {
  store: WebhookStore;
  queue: WebhookQueue;
  settings: WebhookSettings;
  log: Logger;
  lookup?: AddressPolicyOptions['lookup'];
  now?: () => number;
}

/** Time-ordered, and the same for the same event and endpoint, so a redelivered event adds nothing. */
export function deliveryId(event: WebhookEvent, endpointId: string): string {
  const time = event.occurredAt.toString(36).padStart(10, '0');
  const digest = createHash('sha256').update(`${event.id}\n${endpointId}`).digest('base64url').slice(0, 16);
  return `msg_${time}${digest}`;
}

export async function handleMessage(deps: DeliverDeps, message: WebhookMessage): Promise<void> {
  if (message.kind === 'event') return fanOut(deps, message.event);
  return attempt(deps, message.account, message.endpointId, message.deliveryId);
}

async function fanOut(deps: DeliverDeps, event: WebhookEvent): Promise<void> {
  const now = (deps.now ?? Date.now)();
  const endpoints = (await deps.store.listEndpoints(event.account)).filter((e) => e.events.includes(event.type));
  for (const endpoint of endpoints) {
    const record: DeliveryRecord = {
      id: deliveryId(event, endpoint.id),
      endpointId: endpoint.id,
      account: event.account,
      eventId: event.id,
      eventType: event.type,
      payload: payloadOf(event),
      status: 'pending',
      attempts: [],
      nextAttemptAt: now,
      createdAt: now,
    };
    await deps.store.createDelivery(record);
    // Sent even when the record existed: a run that stopped between the two must not lose it.
    // A duplicate attempt message finds the attempt recorded and does nothing.
    await deps.queue.send({ kind: 'attempt', account: event.account, endpointId: endpoint.id, deliveryId: record.id });
  }
  if (endpoints.length)
    deps.log.info('webhook event fanned out', { eventType: event.type, endpoints: endpoints.length });
}

async function attempt(deps: DeliverDeps, account: string, endpointId: string, id: string): Promise<void> {
  const now = deps.now ?? Date.now;
  const log = deps.log.child({ endpointId, deliveryId: id });
  const delivery = await deps.store.getDelivery(endpointId, id);
  if (!delivery || delivery.status !== 'pending' || delivery.account !== account) return;
  const due = delivery.nextAttemptAt ?? now();
  const wait = hopSeconds(due, now());
  if (wait > 0) return deps.queue.send({ kind: 'attempt', account, endpointId, deliveryId: id }, wait);

  const endpoint = await deps.store.getEndpoint(account, endpointId);
  const started = now();
  const { retry, ...result } = await post(deps, endpoint, delivery, started);
  const ok = result.statusCode !== undefined && result.statusCode >= 200 && result.statusCode < 300;
  if (result.statusCode !== undefined && !ok) result.error = `The endpoint answered ${result.statusCode}`;
  const attempts = [...delivery.attempts, { at: started, durationMs: now() - started, ...result }];
  const next = ok || !retry ? undefined : nextAttemptAt(deps.settings.retrySchedule, attempts.length, now());
  const status = ok ? 'delivered' : next === undefined ? 'failed' : 'pending';
  const recorded = await deps.store.recordAttempt(delivery, delivery.attempts.length, {
    status,
    attempts,
    nextAttemptAt: next,
  });
  if (!recorded) return;
  log.info('webhook attempt', { attempt: attempts.length, status, statusCode: result.statusCode });
  if (next !== undefined)
    await deps.queue.send({ kind: 'attempt', account, endpointId, deliveryId: id }, hopSeconds(next, now()));
}

/** One POST of the signed payload; `retry` is false where another attempt could not do better. */
async function post(
  deps: DeliverDeps,
  endpoint: EndpointRecord | undefined,
  delivery: DeliveryRecord,
  started: number,
): Promise<SendResult & { retry: boolean }> {
  if (!endpoint) return { error: 'The endpoint was removed', retry: false };
  let secret: string;
  try {
    secret = open(requireKey(deps.settings), endpoint.sealedSecret, endpoint.id);
  } catch (e) {
    if (isServiceError(e)) throw e;
    deps.log.error('webhook secret could not be opened', { endpointId: endpoint.id });
    const error = 'The signing secret could not be opened (the webhooks key changed); re-create the endpoint';
    return { error, retry: false };
  }
  const headers = signedHeaders(secret, delivery.id, delivery.payload, started);
  const policy = {
    allowLoopback: deps.settings.allowLoopback,
    allowPrivate: deps.settings.allowPrivate,
    lookup: deps.lookup,
  };
  return {
    ...(await sendSigned(endpoint.url, headers, delivery.payload, { policy, timeoutMs: deps.settings.timeoutMs })),
    retry: true,
  };
}

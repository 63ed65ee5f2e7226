// The ports of webhooks: where endpoints and deliveries are kept (lib/aws/dynamo-webhook-store.ts),
// the queue that carries events and attempts to the delivery worker (lib/aws/sqs-webhook-queue.ts),
// and the sink the ingest and build workers publish their events into.
import type { EventType, WebhookEvent } from './events';

export interface EndpointRecord {
  /** `ep_…`, random. */
  id: string;
  account: string;
  url: string;
  events: EventType[];
  /** The signing secret sealed under the stage's key (secret-box.ts); never the plain secret. */
  sealedSecret: string;
  description?: string;
  /** Epoch ms. */
  createdAt: number;
}

export interface Attempt {
  /** Epoch ms the attempt started. */
  at: number;
  /** The receiver's HTTP status; absent when no answer came (refused address, timeout, TLS). */
  statusCode?: number;
  /** Why it failed, in our words; never the receiver's response body. */
  error?: string;
  durationMs: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryRecord {
  /** `msg_…`: the `webhook-id` header, the same on every attempt so receivers can drop duplicates. */
  id: string;
  endpointId: string;
  account: string;
  eventId: string;
  eventType: EventType;
  /** The exact body sent (ids, states, counts, times). */
  payload: string;
  status: DeliveryStatus;
  attempts: Attempt[];
  /** When the next attempt is due (epoch ms); absent once delivered or failed. */
  nextAttemptAt?: number;
  createdAt: number;
}

export interface WebhookStore {
  putEndpoint(record: EndpointRecord): Promise<void>;
  listEndpoints(account: string): Promise<EndpointRecord[]>;
  getEndpoint(account: string, id: string): Promise<EndpointRecord | undefined>;
  /** False when there was none. Its deliveries stay until they expire (30 days). */
  deleteEndpoint(account: string, id: string): Promise<boolean>;
  /** False when a delivery with this id exists already (a redelivered event). */
  createDelivery(record: DeliveryRecord): Promise<boolean>;
  getDelivery(endpointId: string, id: string): Promise<DeliveryRecord | undefined>;
  /**
   * Records an attempt only if the record still holds `attemptsBefore` attempts, so two deliveries
   * of one queue message cannot both count; false when another got there first.
   */
  recordAttempt(
    record: DeliveryRecord,
    attemptsBefore: number,
    change: Pick<DeliveryRecord, 'status' | 'attempts' | 'nextAttemptAt'>,
  ): Promise<boolean>;
  /** Newest first. */
  listDeliveries(endpointId: string, limit: number): Promise<DeliveryRecord[]>;
}

export type WebhookMessage =
  { kind: 'event'; event: WebhookEvent } | { kind: 'attempt'; account: string; endpointId: string; deliveryId: string };

export interface WebhookQueue {
  /** `delaySeconds` at most 900, SQS's limit. */
  send(message: WebhookMessage, delaySeconds?: number): Promise<void>;
}

/** What the ingest and build workers see: publish and forget (a failure is logged, never thrown). */
export interface EventSink {
  publish(event: WebhookEvent): Promise<void>;
}

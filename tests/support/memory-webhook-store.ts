// In-memory WebhookStore and WebhookQueue for unit tests (the DynamoDB and SQS adapters are tested
// against the emulators).
import type {
  DeliveryRecord,
  EndpointRecord,
  WebhookMessage,
  WebhookQueue,
  WebhookStore,
} from '../../lib/webhooks/ports';

export class MemoryWebhookStore implements WebhookStore {
  readonly endpoints = new Map<string, EndpointRecord>();
  readonly deliveries = new Map<string, DeliveryRecord>();

  async putEndpoint(record: EndpointRecord) {
    this.endpoints.set(`${record.account}|${record.id}`, structuredClone(record));
  }
  async listEndpoints(account: string) {
    return [...this.endpoints.values()].filter((e) => e.account === account).map((e) => structuredClone(e));
  }
  async getEndpoint(account: string, id: string) {
    const found = this.endpoints.get(`${account}|${id}`);
    return found && structuredClone(found);
  }
  async deleteEndpoint(account: string, id: string) {
    return this.endpoints.delete(`${account}|${id}`);
  }
  async createDelivery(record: DeliveryRecord) {
    const key = `${record.endpointId}|${record.id}`;
    if (this.deliveries.has(key)) return false;
    this.deliveries.set(key, structuredClone(record));
    return true;
  }
  async getDelivery(endpointId: string, id: string) {
    const found = this.deliveries.get(`${endpointId}|${id}`);
    return found && structuredClone(found);
  }
  async recordAttempt(
    record: DeliveryRecord,
    attemptsBefore: number,
    change: Pick<DeliveryRecord, 'status' | 'attempts' | 'nextAttemptAt'>,
  ) {
    const key = `${record.endpointId}|${record.id}`;
    const current = this.deliveries.get(key);
    if (!current || current.attempts.length !== attemptsBefore) return false;
    this.deliveries.set(key, structuredClone({ ...current, ...change }));
    return true;
  }
  async listDeliveries(endpointId: string, limit: number) {
    return [...this.deliveries.values()]
      .filter((d) => d.endpointId === endpointId)
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .slice(0, limit)
      .map((d) => structuredClone(d));
  }
}

/** Messages kept in order with the delay each was sent with. */
export class MemoryWebhookQueue implements WebhookQueue {
  readonly sent: { message: WebhookMessage; delaySeconds: number }[] = [];
  async send(message: WebhookMessage, delaySeconds = 0) {
    this.sent.push({ message: structuredClone(message), delaySeconds });
  }
  /** Takes every message sent so far, oldest first. */
  drain() {
    return this.sent.splice(0);
  }
}

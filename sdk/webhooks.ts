// Webhooks: manage the account's endpoints, and verify what they receive. Deliveries follow the
// Standard Webhooks scheme, so verifyWebhook accepts what any Standard Webhooks sender signs.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Transport } from './transport';
import type { JsonRequest, JsonResponse } from './wire';

/** An endpoint as the service lists it (never with its secret). */
export type WebhookEndpoint = JsonResponse<'/webhooks-service/v1/endpoints', 'get'>['endpoints'][number];

/** The events an endpoint can subscribe to. */
export type WebhookEventType = WebhookEndpoint['events'][number];

/** One delivery of an event to an endpoint, with its attempts. */
export type WebhookDelivery = JsonResponse<
  '/webhooks-service/v1/endpoints/{id}/deliveries',
  'get'
>['deliveries'][number];

export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * The account's webhook endpoints: where the service posts signed events (uploads finished or failed,
 * deployments ready or failed), and the deliveries it made to each.
 *
 * @example
 * ```ts
 * const { id, secret } = await client.webhooks.add({ url: 'https://hooks.example.com/fnq', events: ['upload.completed'] });
 * ```
 */
export class Webhooks {
  constructor(private readonly http: Transport) {}

  /**
   * Registers an endpoint; `secret` (whsec_…) is in this answer only: keep it to verify deliveries.
   * @throws FnqServiceError 400 for a URL the service may not post to, 429 past the endpoint limit.
   *
   * @example
   * ```ts
   * const endpoint = await client.webhooks.add({
   *   url: 'https://hooks.example.com/fnq',
   *   events: ['function.deployed', 'function.deploy_failed'],
   *   description: 'deploy notices',
   * });
   * console.log(endpoint.id, endpoint.secret);
   * ```
   */
  add(endpoint: JsonRequest<'/webhooks-service/v1/endpoints', 'post'>) {
    return this.http.json<JsonResponse<'/webhooks-service/v1/endpoints', 'post', 201>>(
      'POST',
      '/webhooks-service/v1/endpoints',
      {
        json: endpoint,
      },
    );
  }

  /**
   * The account's endpoints, oldest first, never with their secrets.
   *
   * @example
   * ```ts
   * for (const e of await client.webhooks.list()) console.log(e.id, e.url, e.events.join(','));
   * ```
   */
  async list(): Promise<WebhookEndpoint[]> {
    return (await this.http.json<{ endpoints: WebhookEndpoint[] }>('GET', '/webhooks-service/v1/endpoints')).endpoints;
  }

  /**
   * Removes an endpoint; deliveries still waiting for it stop.
   * @throws FnqServiceError 404 when the account has no endpoint with that id.
   *
   * @example
   * ```ts
   * await client.webhooks.remove('whe_123');
   * ```
   */
  remove(id: string) {
    return this.http.json<{ id: string; deleted: boolean }>(
      'DELETE',
      `/webhooks-service/v1/endpoints/${encodeURIComponent(id)}`,
    );
  }

  /**
   * The endpoint's newest deliveries, each with its attempts.
   *
   * @example
   * ```ts
   * const failed = (await client.webhooks.deliveries('whe_123')).filter((d) => d.status === 'failed');
   * console.log(failed.map((d) => d.attempts.at(-1)?.status_code));
   * ```
   */
  async deliveries(id: string): Promise<WebhookDelivery[]> {
    const path = `/webhooks-service/v1/endpoints/${encodeURIComponent(id)}/deliveries`;
    return (await this.http.json<{ deliveries: WebhookDelivery[] }>('GET', path)).deliveries;
  }
}

/**
 * A delivery that verifyWebhook refused: a missing header, a stale timestamp or no matching signature.
 *
 * @example
 * ```ts
 * try {
 *   verifyWebhook('whsec_c2VjcmV0', { 'webhook-id': 'msg_1' }, '{}');
 * } catch (e) {
 *   if (e instanceof WebhookVerificationError) console.log('refused:', e.message);
 * }
 * ```
 */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}

/**
 * Checks a delivery: its `webhook-signature` must hold a v1 signature of `id.timestamp.body` made
 * with `secret`, and its timestamp must be within `toleranceSeconds` (default 300) of now, so a
 * recorded delivery cannot be replayed later. Pass the body exactly as received (not re-serialized).
 * Returns the parsed payload; throws WebhookVerificationError otherwise.
 *
 * @example
 * ```ts
 * // In a receiver (a fetch-style handler here), with the body exactly as received:
 * async function receive(request: Request) {
 *   const event = verifyWebhook(process.env.FNQ_WEBHOOK_SECRET ?? '', request.headers, await request.text());
 *   if (event.type === 'upload.completed') console.log(event.data);
 * }
 * ```
 */
export function verifyWebhook(
  secret: string,
  headers: HeaderSource,
  body: string | Uint8Array,
  options: { toleranceSeconds?: number; now?: Date } = {},
): WebhookPayload {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('missing webhook-id, -timestamp or -signature');
  const seconds = Number(timestamp);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300))
    throw new WebhookVerificationError('timestamp outside the tolerance');
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${text}`).digest();
  const match = signatures.split(' ').some((candidate) => {
    const [version, value] = candidate.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!match) throw new WebhookVerificationError('no signature matches');
  return JSON.parse(text) as WebhookPayload;
}

// Registering, listing and removing an account's webhook endpoints. The signing secret is made
// here, answered once, and stored only sealed (secret-box.ts); listings never show it.
import { randomBytes } from 'node:crypto';
import { badRequest, notFound, ServiceError, tooManyRequests } from '../errors';
import type { NewWebhookEndpoint } from '../api/webhook-schemas';
import { resolveAllowedAddress, type AddressPolicyOptions } from '../net/address-policy';
import type { DeliveryRecord, EndpointRecord, WebhookStore } from './ports';
import { seal, sealingKey } from './secret-box';
import { ENDPOINT_SUBJECT } from './send';
import { DELIVERIES_LISTED, type WebhookSettings } from './settings';
import { newSigningSecret } from './signature';

export interface EndpointDeps {
  store: WebhookStore;
  settings: WebhookSettings;
  /** Resolver seam for tests (address-policy.ts). */
  lookup?: AddressPolicyOptions['lookup'];
  now?: () => number;
}

/** A new endpoint, as the route's body schema accepts it (the type is derived from that schema). */
export type NewEndpoint = NewWebhookEndpoint;

export const endpointView = (r: EndpointRecord) => ({
  id: r.id,
  url: r.url,
  events: r.events,
  ...(r.description !== undefined && { description: r.description }),
  created_at: new Date(r.createdAt).toISOString(),
});

export const deliveryView = (d: DeliveryRecord) => ({
  id: d.id,
  event_id: d.eventId,
  event_type: d.eventType,
  status: d.status,
  created_at: new Date(d.createdAt).toISOString(),
  next_attempt_at: d.nextAttemptAt === undefined ? null : new Date(d.nextAttemptAt).toISOString(),
  attempts: d.attempts.map((a) => ({
    at: new Date(a.at).toISOString(),
    status_code: a.statusCode ?? null,
    error: a.error ?? null,
    duration_ms: a.durationMs,
  })),
});

/** The sealing key, or a 503 that tells the operator what is missing. */
export function requireKey(settings: WebhookSettings): Buffer {
  if (!settings.key)
    throw new ServiceError(503, 'webhooks_not_configured', {
      issue: 'Webhooks are not configured on this deployment',
      advice: 'Ask the operator to set FNQ_WEBHOOKS_KEY_PARAMETER (or a JWT secret) for the webhook Lambdas',
    });
  return sealingKey(settings.key);
}

export async function createEndpoint(deps: EndpointDeps, account: string, input: NewEndpoint) {
  const key = requireKey(deps.settings);
  const url = await checkUrl(deps, input.url);
  const existing = await deps.store.listEndpoints(account);
  if (existing.length >= deps.settings.maxEndpoints)
    throw tooManyRequests(
      `The account already has ${existing.length} webhook endpoints, the most it may register`,
      'Remove one you no longer need with DELETE /webhooks-service/v1/endpoints/{id}, or subscribe one endpoint to several events',
      'webhook_endpoint_limit',
    );
  const id = `ep_${randomBytes(12).toString('base64url')}`;
  const secret = newSigningSecret();
  const record: EndpointRecord = {
    id,
    account,
    url: url.href,
    events: [...new Set(input.events)],
    sealedSecret: seal(key, secret, id),
    ...(input.description !== undefined && { description: input.description }),
    createdAt: (deps.now ?? Date.now)(),
  };
  await deps.store.putEndpoint(record);
  return { ...endpointView(record), secret };
}

/** An absolute http(s) URL without credentials, whose host resolves only to addresses the policy allows. */
async function checkUrl(deps: EndpointDeps, text: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(
      `The endpoint URL "${text}" is not an absolute URL`,
      'Send a URL such as https://example.com/hooks',
      'webhook_url_invalid',
    );
  }
  const httpAllowed = deps.settings.allowLoopback;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && httpAllowed))
    throw badRequest(
      `The endpoint URL uses ${url.protocol.replace(':', '')}, and deliveries go over https only`,
      'Use an https:// URL',
      'webhook_url_invalid',
    );
  if (url.username || url.password)
    throw badRequest(
      'The endpoint URL carries a user name or password, which would be stored with it',
      'Remove the credentials from the URL; verify deliveries with the signing secret instead',
      'webhook_url_invalid',
    );
  await resolveAllowedAddress(url.hostname.replace(/^\[|\]$/g, ''), {
    allowLoopback: deps.settings.allowLoopback,
    allowPrivate: deps.settings.allowPrivate,
    lookup: deps.lookup,
    subject: ENDPOINT_SUBJECT,
  });
  return url;
}

export async function listEndpoints(deps: Pick<EndpointDeps, 'store'>, account: string) {
  const records = await deps.store.listEndpoints(account);
  return records.sort((a, b) => a.createdAt - b.createdAt).map(endpointView);
}

/** What createEndpoint makes; anything else cannot exist, and is not looked up. */
const ENDPOINT_ID = /^ep_[A-Za-z0-9_-]{16}$/;

const endpointNotFound = (id: string) =>
  notFound(
    `No webhook endpoint with id ${ENDPOINT_ID.test(id) ? id : JSON.stringify(id.slice(0, 40))} was found`,
    'List your endpoints with GET /webhooks-service/v1/endpoints',
    'webhook_endpoint_not_found',
  );

export async function deleteEndpoint(deps: Pick<EndpointDeps, 'store'>, account: string, id: string) {
  if (!ENDPOINT_ID.test(id) || !(await deps.store.deleteEndpoint(account, id))) throw endpointNotFound(id);
  return { id, deleted: true };
}

/** The endpoint's newest deliveries with their attempts; another account's endpoint is not found. */
export async function listDeliveries(deps: Pick<EndpointDeps, 'store'>, account: string, id: string) {
  if (!ENDPOINT_ID.test(id) || !(await deps.store.getEndpoint(account, id))) throw endpointNotFound(id);
  return { endpoint_id: id, deliveries: (await deps.store.listDeliveries(id, DELIVERIES_LISTED)).map(deliveryView) };
}

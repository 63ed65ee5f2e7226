// GET /webhooks-service/v1/endpoints/{id}/deliveries — the endpoint's newest deliveries with every
// attempt (time, status code, error), for the caller's own endpoints only.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { webhookStore } from '../../lib/services/webhooks';
import { listDeliveries } from '../../lib/webhooks/endpoints';
import type { WebhookStore } from '../../lib/webhooks/ports';

export function createWebhooksDeliveriesHandler(deps: { http: HttpDeps; store: WebhookStore }) {
  return httpHandler(
    apiRoute('GET /webhooks-service/v1/endpoints/{id}/deliveries'),
    async (req) => ({
      status: 200,
      body: await listDeliveries(deps, req.principal.account, req.pathParams.id ?? ''),
    }),
    deps.http,
  );
}

export const handler = lazyHandler(() => createWebhooksDeliveriesHandler({ http: httpDeps(), store: webhookStore() }));

// GET /webhooks-service/v1/endpoints — the caller's endpoints, without their secrets.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { webhookStore } from '../../lib/services/webhooks';
import { listEndpoints } from '../../lib/webhooks/endpoints';
import type { WebhookStore } from '../../lib/webhooks/ports';

export function createWebhooksListHandler(deps: { http: HttpDeps; store: WebhookStore }) {
  return httpHandler(
    apiRoute('GET /webhooks-service/v1/endpoints'),
    async (req) => ({ status: 200, body: { endpoints: await listEndpoints(deps, req.principal.account) } }),
    deps.http,
  );
}

export const handler = lazyHandler(() => createWebhooksListHandler({ http: httpDeps(), store: webhookStore() }));

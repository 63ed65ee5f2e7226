// DELETE /webhooks-service/v1/endpoints/{id} — removes one of the caller's endpoints; another
// account's id is a 404. Deliveries still pending find the endpoint gone and stop.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { webhookStore } from '../../lib/services/webhooks';
import { deleteEndpoint } from '../../lib/webhooks/endpoints';
import type { WebhookStore } from '../../lib/webhooks/ports';

export function createWebhooksDeleteHandler(deps: { http: HttpDeps; store: WebhookStore }) {
  return httpHandler(
    apiRoute('DELETE /webhooks-service/v1/endpoints/{id}'),
    async (req) => ({
      status: 200,
      body: await deleteEndpoint(deps, req.principal.account, req.pathParams.id ?? ''),
    }),
    deps.http,
  );
}

export const handler = lazyHandler(() => createWebhooksDeleteHandler({ http: httpDeps(), store: webhookStore() }));

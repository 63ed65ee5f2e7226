// POST /webhooks-service/v1/endpoints — registers an endpoint for some events; the answer carries
// its signing secret, which is stored only sealed and never shown again.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { endpointDeps } from '../../lib/services/webhooks';
import { createEndpoint, type EndpointDeps } from '../../lib/webhooks/endpoints';

export function createWebhooksCreateHandler(deps: { http: HttpDeps; endpoints: EndpointDeps }) {
  return httpHandler(
    apiRoute('POST /webhooks-service/v1/endpoints'),
    async (req) => ({ status: 201, body: await createEndpoint(deps.endpoints, req.principal.account, req.body) }),
    deps.http,
  );
}

export const handler = lazyHandler(() => createWebhooksCreateHandler({ http: httpDeps(), endpoints: endpointDeps() }));

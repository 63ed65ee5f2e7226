// GET /openapi.json — the service's own API (no token: it describes, it reveals nothing stored).
import { serviceOpenApi } from '../../lib/api/openapi';
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { config, httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';

export function createOpenApiHandler(deps: { http: HttpDeps; version: string }) {
  // One document per address it is served at (a deployment has one or two: its API Gateway domain, a custom one).
  const documents = new Map<string, Buffer>();
  return httpHandler(
    apiRoute('GET /openapi.json'),
    async (req) => {
      const key = req.baseUrl ?? '';
      let document = documents.get(key);
      if (!document) {
        document = Buffer.from(JSON.stringify(serviceOpenApi(deps.version, req.baseUrl), null, 2));
        if (documents.size < 8) documents.set(key, document);
      }
      return {
        status: 200,
        body: document,
        // Its servers follow the request's address: caches keep one copy per address.
        headers: {
          'content-type': 'application/json',
          'cache-control': 'public, max-age=300',
          vary: 'host, x-forwarded-proto',
        },
      };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createOpenApiHandler({ http: httpDeps(), version: config().version }));

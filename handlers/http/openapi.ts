// GET /openapi.json — the service's own API (no token: it describes, it reveals nothing stored).
import { serviceOpenApi } from '../../lib/api/openapi';
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { config, httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';

export function createOpenApiHandler(deps: { http: HttpDeps; version: string }) {
  let document: Buffer | undefined;
  return httpHandler(
    apiRoute('GET /openapi.json'),
    async () => {
      document ??= Buffer.from(JSON.stringify(serviceOpenApi(deps.version), null, 2));
      return {
        status: 200,
        body: document,
        headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
      };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createOpenApiHandler({ http: httpDeps(), version: config().version }));

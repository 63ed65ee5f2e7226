// Every request no route matches (API Gateway's $default route): 404, or 405 with Allow for a known
// path and another method, in the service's error envelope. No token: it reveals only the routes
// /openapi.json publishes anyway.
import { unmatchedRoute } from '../../lib/api/unmatched';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';

export function createNotFoundHandler(deps: { http: HttpDeps }) {
  return httpHandler(
    { route: 'ANY $default', auth: false, body: 'none' },
    async (req) => {
      throw unmatchedRoute(req.method, req.path);
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createNotFoundHandler({ http: httpDeps() }));

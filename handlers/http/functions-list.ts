// GET /function-service/v1/functions — the caller's own functions.
import { apiRoute } from '../../lib/api/routes';
import { functionView } from '../../lib/functions/manage';
import type { FunctionRegistry } from '../../lib/functions/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { functionRegistry } from '../../lib/services/functions';

export function createListHandler(deps: { http: HttpDeps; registry: FunctionRegistry }) {
  return httpHandler(
    apiRoute('GET /function-service/v1/functions'),
    async (req) => ({
      status: 200,
      body: { functions: (await deps.registry.listByOwner(req.principal.account)).map(functionView) },
    }),
    deps.http,
  );
}

export const handler = lazyHandler(() => createListHandler({ http: httpDeps(), registry: functionRegistry() }));

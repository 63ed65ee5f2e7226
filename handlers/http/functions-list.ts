// GET /function-service/v1/functions — the caller's own functions.
import { apiRoute } from '../../lib/api/routes';
import { functionView } from '../../lib/functions/manage';
import type { FunctionRegistry } from '../../lib/functions/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { functionRegistry } from '../../lib/services/functions';

export function createListHandler(registry: () => FunctionRegistry, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    apiRoute('GET /function-service/v1/functions'),
    async (req) => ({ status: 200, body: { functions: (await registry().listByOwner(req.principal.account)).map(functionView) } }),
    http,
  );
}

export const handler = createListHandler(functionRegistry);

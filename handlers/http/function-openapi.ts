// GET /functions/v1/{shortname}/openapi.json — one function's own OpenAPI 3.1 document.
import { apiRoute } from '../../lib/api/routes';
import type { FunctionRegistry } from '../../lib/functions/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { lookupFunction } from '../../lib/functions/lookup';
import { functionRegistry } from '../../lib/services/functions';
import { toOpenApi } from '../../lib/spec/openapi';

export function createFunctionOpenApiHandler(deps: { http: HttpDeps; registry: FunctionRegistry }) {
  return httpHandler(
    apiRoute('GET /functions/v1/{shortname}/openapi.json'),
    async (req) => {
      const fn = await lookupFunction(deps.registry, req.pathParams.shortname);
      // Bytes, so the document stays valid OpenAPI (no spanId field added to it).
      return {
        status: 200,
        body: Buffer.from(JSON.stringify(toOpenApi(fn.spec, req.baseUrl), null, 2)),
        headers: { 'content-type': 'application/json' },
      };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() =>
  createFunctionOpenApiHandler({ http: httpDeps(), registry: functionRegistry() }),
);

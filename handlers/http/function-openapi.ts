// GET /functions/v1/{shortname}/openapi.json — one function's own OpenAPI 3.1 document.
import { apiRoute } from '../../lib/api/routes';
import type { FunctionRegistry } from '../../lib/functions/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler, once } from '../../lib/services/lazy';
import { functionRegistry } from '../../lib/services/functions';
import { toOpenApi } from '../../lib/spec/openapi';

// lookupFunction's module is the invoker's (the spec's compiler with it): imported on the first request past auth.
const invoker = once(() => import('../../lib/functions/invoke'));

export function createFunctionOpenApiHandler(deps: { http: HttpDeps; registry: FunctionRegistry }) {
  return httpHandler(
    apiRoute('GET /functions/v1/{shortname}/openapi.json'),
    async (req) => {
      const fn = await (await invoker()).lookupFunction(deps.registry, req.pathParams.shortname);
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

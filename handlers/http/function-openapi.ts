// GET /functions/v1/{shortname}/openapi.json — one function's own OpenAPI 3.1 document.
import { apiRoute } from '../../lib/api/routes';
import { lookupFunction } from '../../lib/functions/invoke';
import type { FunctionRegistry } from '../../lib/functions/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { functionRegistry } from '../../lib/services/functions';
import { toOpenApi } from '../../lib/spec/index';

export function createFunctionOpenApiHandler(registry: () => FunctionRegistry, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    apiRoute('GET /functions/v1/{shortname}/openapi.json'),
    async (req) => {
      const fn = await lookupFunction(registry(), req.pathParams.shortname);
      // Bytes, so the document stays valid OpenAPI (no spanId field added to it).
      return { status: 200, body: Buffer.from(JSON.stringify(toOpenApi(fn.spec), null, 2)), headers: { 'content-type': 'application/json' } };
    },
    http,
  );
}

export const handler = createFunctionOpenApiHandler(functionRegistry);

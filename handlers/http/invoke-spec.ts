// GET /functions/v1/{shortname}/spec.json — the normalised definition, readable by any account.
import { apiRoute } from '../../lib/api/routes';
import { lookupFunction } from '../../lib/functions/invoke';
import type { FunctionRegistry } from '../../lib/functions/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { functionRegistry } from '../../lib/services/functions';

export function createSpecHandler(registry: () => FunctionRegistry, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    apiRoute('GET /functions/v1/{shortname}/spec.json'),
    async (req) => {
      const fn = await lookupFunction(registry(), req.pathParams.shortname);
      // Bytes, so the document stays a valid spec.json (no spanId field added to it).
      return { status: 200, body: Buffer.from(JSON.stringify(fn.spec, null, 2)), headers: { 'content-type': 'application/json' } };
    },
    http,
  );
}

export const handler = createSpecHandler(functionRegistry);

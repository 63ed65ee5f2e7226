// GET /functions/v1/{shortname}/spec.json — the normalised definition, readable by any account.
import { apiRoute } from '../../lib/api/routes';
import type { FunctionRegistry } from '../../lib/functions/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { lookupFunction } from '../../lib/functions/lookup';
import { functionRegistry } from '../../lib/services/functions';

export function createSpecHandler(deps: { http: HttpDeps; registry: FunctionRegistry }) {
  return httpHandler(
    apiRoute('GET /functions/v1/{shortname}/spec.json'),
    async (req) => {
      const fn = await lookupFunction(deps.registry, req.pathParams.shortname);
      // Bytes, so the document stays a valid spec.json (no spanId field added to it).
      return {
        status: 200,
        body: Buffer.from(JSON.stringify(fn.spec, null, 2)),
        headers: { 'content-type': 'application/json' },
      };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createSpecHandler({ http: httpDeps(), registry: functionRegistry() }));

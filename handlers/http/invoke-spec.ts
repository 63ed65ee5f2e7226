// GET /functions/v1/{shortname}/spec.json — the normalised definition, readable by any account.
import { apiRoute } from '../../lib/api/routes';
import type { FunctionRegistry } from '../../lib/functions/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler, once } from '../../lib/services/lazy';
import { functionRegistry } from '../../lib/services/functions';

// lookupFunction's module is the invoker's (the spec's compiler with it): imported on the first request past auth.
const invoker = once(() => import('../../lib/functions/invoke'));

export function createSpecHandler(deps: { http: HttpDeps; registry: FunctionRegistry }) {
  return httpHandler(
    apiRoute('GET /functions/v1/{shortname}/spec.json'),
    async (req) => {
      const fn = await (await invoker()).lookupFunction(deps.registry, req.pathParams.shortname);
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

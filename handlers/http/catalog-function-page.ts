// GET /catalog/{shortname} — a function's documentation page (no token, like /catalog).
import { apiRoute } from '../../lib/api/routes';
import { catalogEntry } from '../../lib/functions/catalog-entry';
import { functionPage, notFoundPage } from '../../lib/catalog/web/function-page';
import { htmlReply } from '../../lib/catalog/web/html';
import type { FunctionRegistry } from '../../lib/functions/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { functionRegistry } from '../../lib/services/functions';

export function createFunctionPageHandler(deps: { http: HttpDeps; registry: FunctionRegistry }) {
  return httpHandler(
    apiRoute('GET /catalog/{shortname}'),
    async (req) => {
      const shortname = req.pathParams.shortname ?? '';
      const fn = await deps.registry.get(shortname);
      if (!fn) return htmlReply(404, notFoundPage(shortname));
      return htmlReply(200, functionPage(fn.spec, catalogEntry(fn)));
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createFunctionPageHandler({ http: httpDeps(), registry: functionRegistry() }));

// GET /function-service/v1/shortnames/{shortname} — whether a shortname is taken, by anyone
// (shortnames are unique across the service; case is ignored). Says nothing about the owner.
import { apiRoute } from '../../lib/api/routes';
import { badRequest } from '../../lib/errors';
import type { FunctionRegistry } from '../../lib/functions/ports';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { functionRegistry } from '../../lib/services/functions';
import { SHORTNAME } from '../../lib/spec/rules';

export function createExistsHandler(deps: { http: HttpDeps; registry: FunctionRegistry }) {
  return httpHandler(
    apiRoute('GET /function-service/v1/shortnames/{shortname}'),
    async (req) => {
      const shortname = req.pathParams.shortname ?? '';
      // A name no function can have is a mistake to point out, not a shortname that happens to be free.
      if (!SHORTNAME.pattern.test(shortname))
        throw badRequest(
          'The shortname is not one a function can have',
          'Use 1 to 64 letters, digits, underscores and hyphens, starting with a letter or a digit',
          'invalid_shortname',
        );
      return { status: 200, body: { shortname, exists: (await deps.registry.get(shortname)) !== undefined } };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createExistsHandler({ http: httpDeps(), registry: functionRegistry() }));

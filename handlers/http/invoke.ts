// {requestType} /functions/v1/{shortname} — one route (ANY) for every function: the method is
// checked against the definition, so a wrong one gets 405 with Allow rather than a gateway 404.
import { apiRoute } from '../../lib/api/routes';
import type { InvokeDeps } from '../../lib/functions/invoke';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { invokeDeps } from '../../lib/services/functions';
import { lazyHandler, once } from '../../lib/services/lazy';
import { lookupFunction } from '../../lib/functions/lookup';

// The invoker checks calls against the function's schemas (the spec's compiler, RE2, the validation pool):
// imported once the function is found, so a refused call, or one of a function that does not exist, is
// answered without it.
const invoker = once(() => import('../../lib/functions/invoke'));

export function createInvokeHandler(deps: { http: HttpDeps; invoke: InvokeDeps }) {
  return httpHandler(
    apiRoute('ANY /functions/v1/{shortname}'),
    async (req) => {
      const fn = await lookupFunction(deps.invoke.registry, req.pathParams.shortname);
      return await (await invoker()).invokeFound(deps.invoke, req, fn);
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createInvokeHandler({ http: httpDeps(), invoke: invokeDeps() }));

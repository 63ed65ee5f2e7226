// {requestType} /functions/v1/{shortname} — one route (ANY) for every function: the method is
// checked against the definition, so a wrong one gets 405 with Allow rather than a gateway 404.
import { apiRoute } from '../../lib/api/routes';
import type { InvokeDeps } from '../../lib/functions/invoke';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { invokeDeps } from '../../lib/services/functions';
import { lazyHandler, once } from '../../lib/services/lazy';

// The invoker checks calls against the function's schemas (the spec's compiler, RE2, the validation pool):
// imported on the first request past auth, so a refused one is answered from the edge alone.
const invoker = once(() => import('../../lib/functions/invoke'));

export function createInvokeHandler(deps: { http: HttpDeps; invoke: InvokeDeps }) {
  return httpHandler(
    apiRoute('ANY /functions/v1/{shortname}'),
    async (req) => await (await invoker()).invokeFunction(deps.invoke, req),
    deps.http,
  );
}

export const handler = lazyHandler(() => createInvokeHandler({ http: httpDeps(), invoke: invokeDeps() }));

// DELETE /function-service/v1/functions/{shortname} — owner only; another account's function is a 404.
import { apiRoute } from '../../lib/api/routes';
import { deleteFunction, type HostingDeps } from '../../lib/functions/manage';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { hostingDeps } from '../../lib/services/functions';

export function createDeleteHandler(deps: { http: HttpDeps; hosting: Omit<HostingDeps, 'log'> }) {
  return httpHandler(
    apiRoute('DELETE /function-service/v1/functions/{shortname}'),
    async (req) => {
      const removed = await deleteFunction(
        { ...deps.hosting, log: req.log },
        req.principal.account,
        req.pathParams.shortname ?? '',
      );
      return { status: 200, body: { shortname: removed.shortname, version: removed.version, deleted: true } };
    },
    deps.http,
  );
}

export const handler = lazyHandler(() => createDeleteHandler({ http: httpDeps(), hosting: hostingDeps() }));

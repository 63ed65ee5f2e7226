// DELETE /function-service/v1/functions/{shortname} — owner only; another account's function is a 404.
import { apiRoute } from '../../lib/api/routes';
import { deleteFunction, type HostingDeps } from '../../lib/functions/manage';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { hostingDeps } from '../../lib/services/functions';

export function createDeleteHandler(deps: () => Omit<HostingDeps, 'log'>, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    apiRoute('DELETE /function-service/v1/functions/{shortname}'),
    async (req) => {
      const removed = await deleteFunction({ ...deps(), log: req.log }, req.principal.account, req.pathParams.shortname ?? '');
      return { status: 200, body: { shortname: removed.shortname, version: removed.version, deleted: true } };
    },
    http,
  );
}

export const handler = createDeleteHandler(hostingDeps);

// GET /function-service/v1/functions/{shortname}/logs?limit=N — what the caller's own function printed
// (newest N lines, scrubbed like the service log); another account's function is a 404.
import { functionLogs, type HostingDeps } from '../../lib/functions/manage';
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { hostingDeps } from '../../lib/services/functions';

export function createLogsHandler(deps: { http: HttpDeps; hosting: Pick<HostingDeps, 'registry' | 'invoker'> }) {
  return httpHandler(
    apiRoute('GET /function-service/v1/functions/{shortname}/logs'),
    async (req) => ({
      status: 200,
      body: await functionLogs(deps.hosting, req.principal.account, req.pathParams.shortname ?? '', req.query.limit),
    }),
    deps.http,
  );
}

export const handler = lazyHandler(() => createLogsHandler({ http: httpDeps(), hosting: hostingDeps() }));

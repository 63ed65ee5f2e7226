// GET /usage-service/v1/usage?from=YYYY-MM-DD&to=YYYY-MM-DD — the caller's own usage counters by UTC
// day and endpoint (lib/usage/report.ts). The account is the token's; no parameter can name another.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import type { UsageReader } from '../../lib/usage/ports';
import { usageReport, usageWindow } from '../../lib/usage/report';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { usageReader } from '../../lib/services/usage';

export function createUsageHandler(deps: { http: HttpDeps; reader: UsageReader }) {
  return httpHandler(
    apiRoute('GET /usage-service/v1/usage'),
    async (req) => ({
      status: 200,
      body: await usageReport(deps.reader, req.principal.account, usageWindow(req.query)),
    }),
    deps.http,
  );
}

export const handler = lazyHandler(() => createUsageHandler({ http: httpDeps(), reader: usageReader() }));

// GET /openapi.json — the service's own API (no token: it describes, it reveals nothing stored).
import { serviceOpenApi } from '../../lib/api/openapi';
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { config, httpDeps } from '../../lib/services/core';

let document: Buffer | undefined;

export const handler = httpHandler(
  apiRoute('GET /openapi.json'),
  async () => {
    document ??= Buffer.from(JSON.stringify(serviceOpenApi(config().version), null, 2));
    return { status: 200, body: document, headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' } };
  },
  httpDeps,
);

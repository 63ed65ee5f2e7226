// GET /health — no token. Says which adapters this deployment runs, never any secret or address.
import { apiRoute } from '../../lib/api/routes';
import type { Config } from '../../lib/config';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { config, httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';

export function createHealthHandler(deps: { http: HttpDeps; config: Config }) {
  const c = deps.config;
  const body = {
    status: 'ok',
    version: c.version,
    stage: c.stage,
    adapters: {
      storage: c.aws.endpoints.s3 ? 'local-emulators' : 'aws',
      vectors: c.lanceUri.startsWith('s3') ? 'lancedb-s3' : 'lancedb-local',
      ai: c.ai.baseUrl ? 'openai-compatible' : 'local-engine',
    },
  };
  return httpHandler(apiRoute('GET /health'), async () => ({ status: 200, body }), deps.http);
}

export const handler = lazyHandler(() => createHealthHandler({ http: httpDeps(), config: config() }));

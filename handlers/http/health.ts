// GET /health — no token. Says which adapters this deployment runs, never any secret or address.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { config, httpDeps } from '../../lib/services/core';

export const handler = httpHandler(
  apiRoute('GET /health'),
  async () => {
    const c = config();
    return {
      status: 200,
      body: {
        status: 'ok',
        version: c.version,
        stage: c.stage,
        adapters: {
          storage: c.aws.endpoints.s3 ? 'local-emulators' : 'aws',
          vectors: c.lanceUri.startsWith('s3') ? 'lancedb-s3' : 'lancedb-local',
          ai: c.ai.baseUrl ? 'openai-compatible' : 'local-engine',
        },
      },
    };
  },
  httpDeps,
);

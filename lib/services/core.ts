// Composition root, split by area so each handler loads only the adapters it uses (a bundle keeps
// every external import it reaches). This part every HTTP handler needs: config, the middleware's
// dependencies, and upload status records. Adapters are built once per cold start.
import { getConfig, type Config } from '../config';
import { rootLogger } from '../log';
import { dynamoClient } from '../aws/dynamo-client';
import { DynamoUsageStore } from '../aws/dynamo-usage-store';
import { DynamoStatusStore } from '../aws/dynamo-status-store';
import { createVerifier } from '../http/auth';
import type { HttpDeps } from '../http/handler';
import type { StatusStore } from '../ingest/status';
import type { AiPlatformConfig } from '../ai/platform';

let http: HttpDeps | undefined;
let statusStore: StatusStore | undefined;
let aiPlatform: AiPlatformConfig | undefined;

export const config = (): Config => getConfig();

export function httpDeps(): HttpDeps {
  if (!http) {
    const c = getConfig();
    http = {
      usage: new DynamoUsageStore(dynamoClient(c.aws), c.aws.tables.usage),
      verify: createVerifier(c.auth),
      log: rootLogger(),
      timeoutMarginMs: c.timeoutMarginMs,
    };
  }
  return http;
}

export function statuses(): StatusStore {
  const c = getConfig();
  statusStore ??= new DynamoStatusStore(dynamoClient(c.aws), c.aws.tables.uploads);
  return statusStore;
}

/** The operator's AI settings, built once so the platform layer's per-config caches hold. */
export function aiPlatformConfig(): AiPlatformConfig {
  const { ai } = getConfig();
  aiPlatform ??= {
    endpoint: ai.baseUrl ? { baseURL: ai.baseUrl, apiKey: ai.apiKey, chatModel: ai.chatModel, embedModel: ai.embedModel } : undefined,
    openaiBaseURL: ai.openaiBaseUrl,
    timeoutMs: ai.timeoutMs,
  };
  return aiPlatform;
}

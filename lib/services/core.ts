// Composition root, split by area so each handler loads only the adapters it uses (a bundle keeps
// every external import it reaches). This part every HTTP handler needs: config, the middleware's
// dependencies, and upload status records. Handlers are wired on their first call and adapters
// load on first use (lazy.ts), so importing a handler reads no config and loads no AWS SDK client.
import { Metrics } from '@aws-lambda-powertools/metrics';
import { getConfig, type Config } from '../config';
import { aiApiKeySource, jwtSecretSource } from './secrets';
import { rootLogger } from '../log';
import type { DynamoDocuments } from '../aws/dynamo-documents';
import { createVerifier } from '../http/auth';
import { canSign, signedDynamo } from '../aws/signed-dynamo';
import { onFirstUse } from './lazy';
import type { HttpDeps } from '../http/handler';
import type { StatusStore } from '../ingest/status';
import type { AiPlatformConfig } from '../ai/platform';
import type { ModelObjects } from '../ai/model-download';

let http: HttpDeps | undefined;
let statusStore: StatusStore | undefined;
let aiPlatform: AiPlatformConfig | undefined;

export const config = (): Config => getConfig();

/**
 * The process's DynamoDB calls: signed without the SDK where the environment holds the credentials (Lambda)
 * or an emulator is named, so a cold start's first read or usage count loads no SDK client; elsewhere (a
 * developer's profile or SSO session) the SDK's document client with its default credential chain. The
 * signed caller comes with the handler's own modules (a few KB): every counted request writes through it, and
 * a module imported on first use costs another round of the ES module loader.
 */
export const dynamo = async (): Promise<DynamoDocuments> => {
  const { aws } = getConfig();
  if (canSign(aws)) return signedDynamo(aws);
  const [{ dynamoClient, sdkDocuments }, { withTracing }] = await Promise.all([
    import('../aws/dynamo-client'),
    import('../aws/tracing'),
  ]);
  return sdkDocuments(await withTracing(dynamoClient(aws)));
};

/** A DynamoDB adapter: its module and the process's DynamoDB calls imported side by side, not one after the other. */
export async function dynamoAdapter<M, T>(load: () => Promise<M>, build: (module: M, db: DynamoDocuments) => T) {
  const [module, db] = await Promise.all([load(), dynamo()]);
  return build(module, db);
}

export function httpDeps(): HttpDeps {
  if (!http) {
    const c = getConfig();
    http = {
      // Every counted request writes; through dynamo(), so a cold 400 on Lambda loads no SDK client.
      usage: onFirstUse(() =>
        dynamoAdapter(
          () => import('../aws/dynamo-usage-store'),
          (m, db) => new m.DynamoUsageStore(db, c.aws.tables.usage),
        ),
      ),
      verify: createVerifier(c.auth, jwtSecretSource()),
      log: rootLogger(),
      // Operational figures as embedded metrics in the function's log (no API call, no client).
      metrics: new Metrics({ namespace: 'fnquery', serviceName: 'fnquery', defaultDimensions: { stage: c.stage } }),
      timeoutMarginMs: c.timeoutMarginMs,
    };
  }
  return http;
}

export function statuses(): StatusStore {
  const c = getConfig();
  statusStore ??= onFirstUse(() =>
    dynamoAdapter(
      () => import('../aws/dynamo-status-store'),
      (m, db) => new m.DynamoStatusStore(db, c.aws.tables.uploads),
    ),
  );
  return statusStore;
}

/** The models prefix on S3; its SDK client is built on the first download. */
function modelObjects(uri: string): ModelObjects {
  let objects: Promise<ModelObjects> | undefined;
  const built = () =>
    (objects ??= Promise.all([import('../aws/s3-model-objects'), import('../aws/s3-client')]).then(
      ([{ S3ModelObjects }, { s3Client }]) => new S3ModelObjects(s3Client(getConfig().aws), uri),
    ));
  return { where: uri, open: async (key) => (await built()).open(key) };
}

/** The operator's AI settings, built once so the platform layer's per-config caches hold. */
export function aiPlatformConfig(): AiPlatformConfig {
  const { ai } = getConfig();
  aiPlatform ??= {
    endpoint: ai.baseUrl
      ? {
          baseURL: ai.baseUrl,
          // Read per model call when SSM holds it (a rotated key is used within the cache's max age).
          apiKey: aiApiKeySource() ?? ai.apiKey,
          chatModel: ai.chatModel,
          embedModel: ai.embedModel,
        }
      : undefined,
    openaiBaseURL: ai.openaiBaseUrl,
    timeoutMs: ai.timeoutMs,
    embedder: ai.embedder,
    modelsDir: ai.modelsDir,
    modelDownloads: ai.modelsS3Uri ? { objects: modelObjects(ai.modelsS3Uri), dir: ai.modelsDownloadDir } : undefined,
  };
  return aiPlatform;
}

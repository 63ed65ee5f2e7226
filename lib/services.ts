// Composition root: builds each adapter from the config once per cold start. Handlers ask for
// what they need here; lib/ modules below get their ports passed in and never build adapters.
import { getConfig, type Config } from './config';
import { rootLogger } from './log';
import { dynamoClient } from './aws/clients';
import { DynamoUsageStore } from './aws/dynamo-usage-store';
import { DynamoStatusStore } from './aws/dynamo-status-store';
import { createVerifier } from './http/auth';
import type { HttpDeps } from './http/handler';
import type { StatusStore } from './ingest/status';

import { s3Client, s3PresignClient, sqsClient } from './aws/clients';
import { S3BlobStore } from './aws/s3-blob-store';
import { SqsJobQueue } from './aws/sqs-job-queue';
import { defaultEmbedder, type AiPlatformConfig } from './ai/platform';
import { LocalLexicalEmbedder } from './ai/local-embedder';
import type { Embedder } from './ai/ports';
import type { VectorStore } from './vectors/ports';
import { LanceVectorStore } from './vectors/lancedb-store';
import type { BlobStore, JobQueue } from './ingest/ports';
import type { IntakeDeps } from './ingest/intake';
import type { CollectionDeps } from './ingest/collections';
import type { WorkerDeps } from './ingest/worker';
import { lambdaClient } from './aws/clients';
import { DynamoFunctionRegistry } from './aws/dynamo-function-registry';
import { LambdaInvoker } from './aws/lambda-invoker';
import { LocalInvoker } from './functions/local/local-invoker';
import type { InvokeDeps } from './functions/invoke';
import type { HostingDeps } from './functions/manage';
import type { FunctionInvoker, FunctionRegistry } from './functions/ports';
import { loadFunctionSettings, type FunctionSettings } from './functions/settings';

let http: HttpDeps | undefined;
let statusStore: StatusStore | undefined;

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

let blobStore: BlobStore | undefined;
let jobQueue: JobQueue | undefined;
let aiPlatform: AiPlatformConfig | undefined;
let localEmbedder: Embedder | undefined;

export function blobs(): BlobStore {
  const c = getConfig();
  blobStore ??= new S3BlobStore(s3Client(c.aws), c.aws.bucket, s3PresignClient(c.aws));
  return blobStore;
}

export function jobs(): JobQueue {
  const c = getConfig();
  jobQueue ??= new SqsJobQueue(sqsClient(c.aws), c.aws.queueUrl);
  return jobQueue;
}

let vectorStore: VectorStore | undefined;

/** LanceDB at FNQ_LANCE_URI: a directory locally, `s3+ddb://` on AWS (credentials from the Lambda role). */
export function vectors(): VectorStore {
  vectorStore ??= new LanceVectorStore({ uri: getConfig().lanceUri });
  return vectorStore;
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

/** The embedder new collections are filled with. */
export function embedder(): Embedder {
  return defaultEmbedder(aiPlatformConfig(), () => (localEmbedder ??= new LocalLexicalEmbedder()));
}

export const intakeDeps = (): Omit<IntakeDeps, 'log'> => ({
  statuses: statuses(),
  blobs: blobs(),
  jobs: jobs(),
  embedderId: embedder().id,
  quotas: getConfig().quotas,
});

export const collectionDeps = (): CollectionDeps => ({ statuses: statuses(), blobs: blobs(), vectors: vectors() });

export const workerDeps = (): Omit<WorkerDeps, 'log'> => ({ statuses: statuses(), blobs: blobs(), vectors: vectors(), embedder: embedder() });

// Function hosting (lib/functions): the registry, and the invoker its settings choose.
let functionRegistryStore: FunctionRegistry | undefined;
let functionRunner: FunctionInvoker | undefined;
let hostingSettings: FunctionSettings | undefined;

export function functionSettings(): FunctionSettings {
  hostingSettings ??= loadFunctionSettings();
  return hostingSettings;
}

export function functionRegistry(): FunctionRegistry {
  const c = getConfig();
  functionRegistryStore ??= new DynamoFunctionRegistry(dynamoClient(c.aws), c.aws.tables.functions);
  return functionRegistryStore;
}

export function functionInvoker(): FunctionInvoker {
  const c = getConfig();
  const s = functionSettings();
  functionRunner ??=
    s.runtime === 'local'
      ? new LocalInvoker({ blobs: blobs(), workDir: s.workDir, memoryMb: s.memoryMb, log: rootLogger() })
      : new LambdaInvoker(lambdaClient(c.aws), { stage: c.stage, roleArn: s.roleArn!, timeoutMs: s.timeoutMs, memoryMb: s.memoryMb });
  return functionRunner;
}

export const hostingDeps = (): Omit<HostingDeps, 'log'> => ({ registry: functionRegistry(), blobs: blobs(), invoker: functionInvoker() });

export const invokeDeps = (): InvokeDeps => ({ registry: functionRegistry(), invoker: functionInvoker(), settings: functionSettings() });

// Which AI platform answers a query (docs/decisions.md "AI platforms"). `ai_platform` is matched
// case-insensitively after trimming; omitted or empty means "default".
//
// Caching: operator-key models are built once per configuration object (read once per cold start)
// and reused across warm invocations. Caller-key models are built per request and never cached, so
// no caller key outlives its request in our memory; building one is cheap, and HTTP connections are
// pooled by Node's global fetch dispatcher whichever client object sends them.
import { DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_CHAT_MODEL, DEFAULT_OPENAI_EMBED_MODEL } from '../config';
import { badRequest } from '../errors';
import { OpenAIChat } from './openai-chat';
import { readKey, type OpenAIAdapterOptions } from './openai-options';
import { OnnxEmbedder, isModelId, modelFolder } from './onnx-embedder';
import { downloadedModel, type ModelObjects } from './model-download';
import { OpenAIEmbedder } from './openai-embedder';
import type { ChatModel, Embedder } from './ports';

import type { PlatformName } from './ports';

export type { PlatformName };
export const PLATFORM_NAMES: readonly PlatformName[] = ['default', 'openai'];

/** The operator's own OpenAI-compatible endpoint, serving as the default platform. */
export interface OperatorEndpoint {
  baseURL: string;
  /**
   * Optional for endpoints that take no key (e.g. a local server). A function is asked before each
   * request (the key kept in SSM, lib/config.ts aiApiKeySource), so the key is never fixed for a
   * container's life.
   */
  apiKey?: string | (() => Promise<string>);
  chatModel: string;
  /** Must honour `dimensions: 768`. */
  embedModel: string;
}

export interface AiPlatformConfig {
  /** Unset: the default platform is the heuristic engine (the embedded default). */
  endpoint?: OperatorEndpoint;
  /** Where ai_platform "openai" goes; default https://api.openai.com/v1. */
  openaiBaseURL?: string;
  /** Chat model for ai_platform "openai"; default gpt-4o-mini. */
  openaiChatModel?: string;
  /** Embedding model for ai_platform "openai" (asked for 768 dimensions); default text-embedding-3-small. */
  openaiEmbedModel?: string;
  /** Per model call, retries included; default 20000. */
  timeoutMs?: number;
  /** Default 2. */
  maxRetries?: number;
  /** Default 500. */
  retryBaseDelayMs?: number;
  /**
   * `FNQ_EMBEDDER`: the embedder new collections are filled with: the lexical one's id, a model folder's
   * id under `modelsDir` (lib/ai/onnx-embedder.ts), or the default platform's (`default:<model>`).
   * Unset: the default platform's embedder.
   */
  embedder?: string;
  /** Where model folders are looked up by id. */
  modelsDir?: string;
  /** Model folders not in `modelsDir` are fetched from `objects` into `dir` on first use (FNQ_MODELS_S3_URI). */
  modelDownloads?: { objects: ModelObjects; dir: string };
}

export interface PlatformSelection {
  ai_platform?: string | null;
  /** The request's `api+key`; ignored by the default platform. */
  apiKey?: string | null;
}

export interface ResolvedPlatform {
  name: PlatformName;
  /** Absent when the default platform is the heuristic engine (the embedded default): no chat model answers. */
  chat?: ChatModel;
}

// Visible ASCII only: anything else cannot travel in an Authorization header.
const API_KEY_SHAPE = /^[\x21-\x7e]{1,512}$/;

const operatorChats = new WeakMap<AiPlatformConfig, ChatModel>();
const operatorEmbedders = new WeakMap<AiPlatformConfig, Embedder>();

export function resolvePlatform(selection: PlatformSelection, config: AiPlatformConfig): ResolvedPlatform {
  const name = platformName(selection.ai_platform);
  if (name === 'default') {
    const { endpoint } = config;
    if (!endpoint) return { name };
    return {
      name,
      chat: cached(operatorChats, config, () => new OpenAIChat(operatorOptions(config, endpoint, endpoint.chatModel))),
    };
  }
  return {
    name,
    chat: new OpenAIChat({
      ...budget(config),
      platform: 'openai',
      apiKey: callerKey(selection.apiKey),
      baseURL: config.openaiBaseURL ?? DEFAULT_OPENAI_BASE_URL,
      model: config.openaiChatModel ?? DEFAULT_OPENAI_CHAT_MODEL,
    }),
  };
}

/**
 * The embedder new collections are filled with: the one FNQ_EMBEDDER names, else the operator's
 * endpoint, else the heuristic engine's lexical one.
 */
export function defaultEmbedder(config: AiPlatformConfig, lexicalEmbedder: () => Embedder): Embedder {
  const chosen = config.embedder;
  if (chosen !== undefined && chosen !== platformEmbedderId(config)) {
    const embedder = localEmbedder(chosen, config, lexicalEmbedder);
    if (embedder) return embedder;
    throw new Error(
      `FNQ_EMBEDDER is ${chosen}, which is neither ${lexicalEmbedder().id}, nor a model folder in ${config.modelsDir ?? '(no FNQ_MODELS_DIR)'}, nor the AI endpoint's embedder; run npm run models, or set FNQ_MODELS_DIR to the folder that holds ${chosen}`,
    );
  }
  const { endpoint } = config;
  if (!endpoint) return lexicalEmbedder();
  return cached(
    operatorEmbedders,
    config,
    () => new OpenAIEmbedder(operatorOptions(config, endpoint, endpoint.embedModel)),
  );
}

/**
 * The embedder a collection was filled with, if this deployment runs it: the heuristic engine's, a local
 * model's, or the default platform's. Our collections are queried with it, whatever platform answers.
 */
export function collectionEmbedder(
  id: string,
  config: AiPlatformConfig,
  lexicalEmbedder: () => Embedder,
): Embedder | undefined {
  const local = localEmbedder(id, config, lexicalEmbedder);
  if (local) return local;
  const current = defaultEmbedder(config, lexicalEmbedder);
  return current.id === id ? current : undefined;
}

/** The default platform's embedder id, without building it. */
const platformEmbedderId = (config: AiPlatformConfig) =>
  config.endpoint ? `default:${config.endpoint.embedModel}` : undefined;

/** One embedder per model folder per process: each holds its model in memory. */
const modelEmbedders = new Map<string, Embedder>();

/** The lexical embedder, or the model of this id under `modelsDir`, when it is there. */
function localEmbedder(id: string, config: AiPlatformConfig, lexicalEmbedder: () => Embedder): Embedder | undefined {
  const lexical = lexicalEmbedder();
  if (id === lexical.id) return lexical;
  const folder = config.modelsDir ? modelFolder(config.modelsDir, id) : undefined;
  const downloads = config.modelDownloads;
  if (folder) return modelEmbedder(folder, () => new OnnxEmbedder(folder));
  // Not on disk: fetched from the models prefix on first use (an id it lacks fails then, with a 409).
  if (!downloads || !isModelId(id)) return undefined;
  return modelEmbedder(
    `${downloads.objects.where} ${id}`,
    () => new OnnxEmbedder({ id, folder: () => downloadedModel(downloads.objects, id, downloads.dir) }),
  );
}

function modelEmbedder(key: string, build: () => Embedder): Embedder {
  let embedder = modelEmbedders.get(key);
  if (!embedder) modelEmbedders.set(key, (embedder = build()));
  return embedder;
}

function platformName(value: string | null | undefined): PlatformName {
  const name = (value ?? '').trim().toLowerCase() || 'default';
  if ((PLATFORM_NAMES as readonly string[]).includes(name)) return name as PlatformName;
  // The value is not echoed: a misplaced key must not come back in a message or a log line.
  throw badRequest(
    'ai_platform is not one of the accepted values',
    `Use ${PLATFORM_NAMES.map((n) => `"${n}"`).join(' or ')} (case-insensitive), or omit ai_platform for the default platform`,
    'unknown_ai_platform',
  );
}

/**
 * The embedder of the selected platform, for stores whose vectors the caller made (their own
 * MongoDB Atlas): the default platform's embedder, or OpenAI's with the caller's key. Our own
 * collections are always queried with the embedder that filled them instead.
 */
export function platformEmbedder(
  selection: PlatformSelection,
  config: AiPlatformConfig,
  lexicalEmbedder: () => Embedder,
): Embedder {
  if (platformName(selection.ai_platform) === 'default') return defaultEmbedder(config, lexicalEmbedder);
  return new OpenAIEmbedder({
    ...budget(config),
    platform: 'openai',
    apiKey: callerKey(selection.apiKey),
    baseURL: config.openaiBaseURL ?? DEFAULT_OPENAI_BASE_URL,
    model: config.openaiEmbedModel ?? DEFAULT_OPENAI_EMBED_MODEL,
  });
}

function callerKey(value: string | null | undefined): string {
  const key = (value ?? '').trim();
  if (!key) {
    throw badRequest(
      'ai_platform "openai" needs your own OpenAI key in api+key, and none was given',
      'Add your OpenAI secret key as "api+key", or omit ai_platform to use the default platform',
      'missing_api_key',
    );
  }
  if (!API_KEY_SHAPE.test(key)) {
    throw badRequest(
      'api+key contains characters an API key cannot have (spaces, line breaks or non-ASCII) or is longer than 512 characters',
      'Copy the key again exactly as the platform shows it',
      'invalid_api_key',
    );
  }
  return key;
}

function budget(config: AiPlatformConfig) {
  return {
    timeoutMs: config.timeoutMs ?? 20_000,
    maxRetries: config.maxRetries ?? 2,
    retryBaseDelayMs: config.retryBaseDelayMs ?? 500,
  };
}

function operatorOptions(config: AiPlatformConfig, endpoint: OperatorEndpoint, model: string): OpenAIAdapterOptions {
  // The SDK insists on a key; keyless endpoints ignore this placeholder.
  return {
    ...budget(config),
    platform: 'default',
    apiKey: typeof endpoint.apiKey === 'function' ? readKey(endpoint.apiKey) : endpoint.apiKey || 'none',
    baseURL: endpoint.baseURL,
    model,
  };
}

function cached<T>(cache: WeakMap<AiPlatformConfig, T>, config: AiPlatformConfig, build: () => T): T {
  let value = cache.get(config);
  if (!value) cache.set(config, (value = build()));
  return value;
}

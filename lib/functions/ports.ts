// The ports of function hosting. Adapters: lib/aws/dynamo-function-registry.ts (registry),
// lib/functions/process-runtime/process-invoker.ts and lib/functions/lambda-invoker.ts (invokers; the AWS calls in lib/aws/lambda-api.ts). Code bundles are
// kept in the service's BlobStore (lib/storage/ports.ts) under codeKey().
import type { Logger } from '../log';
import type { NormalizedSpec } from '../spec/index';

export interface FunctionRecord {
  /** As written in spec.json; uniqueness and lookups ignore case (registryKey). */
  shortname: string;
  /** Account that deployed it; only it may redeploy or delete. */
  owner: string;
  /** 1 on first deploy, +1 on every redeploy. */
  version: number;
  runtime: string;
  spec: NormalizedSpec;
  /** BlobStore key of this version's code zip. */
  codeKey: string;
  codeBytes: number;
  codeSha256: string;
  /** Epoch ms of the first deploy. */
  createdAt: number;
  /** Epoch ms of this version's deploy. */
  updatedAt: number;
}

/** Outcome of a conditional registration: `taken` when another account owns the name or a concurrent deploy won. */
export type RegisterOutcome = 'registered' | 'taken';

/**
 * Which functions exist, who owns them and which version serves (DynamoDB in production).
 *
 * @example
 * ```ts
 * const fn = await functionRegistry.get('weather');
 * if (fn) log.info('found', { owner: fn.owner, version: fn.version });
 * ```
 */
export interface FunctionRegistry {
  get(shortname: string): Promise<FunctionRecord | undefined>;
  listByOwner(owner: string): Promise<FunctionRecord[]>;
  /** Every deployed function, whoever owns it, sorted by shortname (the catalog; MCP's tools/list). */
  listAll(): Promise<FunctionRecord[]>;
  /**
   * Writes `record` only if the name is free (previousVersion undefined) or still holds
   * `previousVersion` of the same owner: the conditional write that keeps shortnames unique.
   * @returns `taken` when another account owns the name or a concurrent deploy won.
   */
  register(record: FunctionRecord, previousVersion: number | undefined): Promise<RegisterOutcome>;
  /** Removes the function if `owner` owns it; returns what was removed. */
  remove(shortname: string, owner: string): Promise<FunctionRecord | undefined>;
}

/** What the catalog shows of a deployed function (made by catalog-entry.ts). */
export interface CatalogEntry {
  shortname: string;
  name: string;
  description: string;
  tags: string[];
  runtime: string;
  /** The HTTP method that invokes it (spec.json requestType). */
  method: string;
  path: string;
  /** ISO time of the current version's deploy. */
  updated: string;
}

/**
 * What the catalog (lib/catalog/catalog.ts) reads of the registry. Adapter:
 * lib/aws/dynamo-catalog-source.ts, over the functions table's catalog index and revision item.
 *
 * @example
 * ```ts
 * const before = await catalogSource.revision();
 * const entries = await catalogSource.entries();
 * log.info('catalog read', { entries: entries.length, unchanged: before === (await catalogSource.revision()) });
 * ```
 */
export interface CatalogSource {
  /** Changes whenever a function is deployed, redeployed or deleted. One small read. */
  revision(): Promise<string>;
  /** Every deployed function's entry, in any order. */
  entries(): Promise<CatalogEntry[]>;
}

/** The request object every entrypoint receives (docs/decisions.md, "Runtime contract"). */
export interface FunctionRequest {
  method: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Parsed JSON for JSON input, `{filename, contentType, data}` (base64) for FILE, null for NONE. */
  body: unknown;
}

export interface InvokeOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  log: Logger;
}

export interface InvokeResult {
  /** What the entrypoint returned: a JSON value, `{filename, contentType, data}` for FILE, null for NONE. */
  body: unknown;
}

/** One line a function printed, as its owner reads it (scrubbed like the service log). */
export interface FunctionLogLine {
  at: string;
  stream: 'stdout' | 'stderr';
  text: string;
}

/**
 * Builds, serves and runs hosted functions: local worker processes, or one AWS Lambda per function.
 *
 * @example
 * ```ts
 * const fn = await functionRegistry.get('weather');
 * if (fn) {
 *   const request = { method: 'GET', query: { city: 'Lyon' }, headers: {}, body: null };
 *   const { body } = await functionInvoker.invoke(fn, request, { timeoutMs: 10_000, log });
 *   log.info('called', { answered: body !== undefined });
 * }
 * ```
 */
export interface FunctionInvoker {
  /**
   * Turns a version's bundle into what runs (dependencies installed, code compiled) without serving
   * it: the version in service keeps answering meanwhile. Rejects with a 400 `build_failed` saying why.
   */
  build(fn: FunctionRecord, code: Uint8Array): Promise<void>;
  /** Makes a new version the one served (AWS: creates or updates its Lambda). */
  deploy(fn: FunctionRecord, code: Uint8Array): Promise<void>;
  /** Frees what deploy made (AWS: deletes the Lambda; local: stops its worker). */
  remove(fn: FunctionRecord): Promise<void>;
  /** Runs the entrypoint; timeouts and failures leave as 504/502 ServiceErrors (failures.ts). */
  invoke(fn: FunctionRecord, request: FunctionRequest, options: InvokeOptions): Promise<InvokeResult>;
  /**
   * The newest lines the function printed, oldest first; undefined where logs live elsewhere (AWS: CloudWatch).
   * @param limit - The most lines answered.
   */
  logs(fn: FunctionRecord, limit: number): Promise<FunctionLogLine[] | undefined>;
}

/** Registry and code keys ignore case, so `Weather` cannot sit beside `weather`. */
export const registryKey = (shortname: string) => shortname.toLowerCase();

export const codeKey = (shortname: string, version: number) =>
  `functions/${registryKey(shortname)}/v${version}/code.zip`;

/** What a function's Lambda is created or updated with (lib/functions/lambda-invoker.ts decides it). */
export interface LambdaFunctionSettings {
  name: string;
  runtime: string;
  handler: string;
  roleArn: string;
  timeoutSeconds: number;
  memoryMb: number;
  description: string;
  environment: Record<string, string>;
  reservedConcurrency: number;
  /** Days CloudWatch keeps the function's log group (created with the function, so it never keeps logs forever). */
  logRetentionDays: number;
  /** Layer ARNs (PHP's: the OS-only runtime has no language of its own). */
  layers: string[];
}

/** A synchronous invocation's answer: the payload text, and Lambda's FunctionError when the call failed. */
export interface LambdaReply {
  functionError?: string;
  payload: string;
}

/**
 * The AWS Lambda calls the Lambda invoker needs. Adapter: lib/aws/lambda-api.ts.
 *
 * @example
 * ```ts
 * const reply = await lambdaApi.invoke('fnq-fn-weather', new TextEncoder().encode('{}'));
 * if (reply?.functionError) log.warn('the function failed', { error: reply.functionError });
 * ```
 */
export interface LambdaApi {
  /** Creates the Lambda, or updates its code and then its configuration, and waits until it is ready. */
  put(settings: LambdaFunctionSettings, zip: Uint8Array): Promise<void>;
  /** Succeeds when the Lambda is already gone. */
  remove(name: string): Promise<void>;
  /** Undefined when no such Lambda exists. */
  invoke(name: string, payload: Uint8Array, signal?: AbortSignal): Promise<LambdaReply | undefined>;
}

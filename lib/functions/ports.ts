// The ports of function hosting. Adapters: lib/aws/dynamo-function-registry.ts (registry),
// lib/functions/local/local-invoker.ts and lib/aws/lambda-invoker.ts (invokers). Code bundles are
// kept in the service's BlobStore (lib/ingest/ports.ts) under codeKey().
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

export interface FunctionRegistry {
  get(shortname: string): Promise<FunctionRecord | undefined>;
  listByOwner(owner: string): Promise<FunctionRecord[]>;
  /** Every function of every account, sorted by shortname (any account may call any function). */
  listAll(): Promise<FunctionRecord[]>;
  /**
   * Writes `record` only if the name is free (previousVersion undefined) or still holds
   * `previousVersion` of the same owner: the conditional write that keeps shortnames unique.
   */
  register(record: FunctionRecord, previousVersion: number | undefined): Promise<RegisterOutcome>;
  /** Removes the function if `owner` owns it; returns what was removed. */
  remove(shortname: string, owner: string): Promise<FunctionRecord | undefined>;
}

/** The request object every entrypoint receives (DESIGN.md section 3, "Runtime contract"). */
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

export interface FunctionInvoker {
  /** Makes a new version runnable (AWS: creates or updates its Lambda). */
  deploy(fn: FunctionRecord, code: Uint8Array): Promise<void>;
  /** Frees what deploy made (AWS: deletes the Lambda; local: stops its worker). */
  remove(fn: FunctionRecord): Promise<void>;
  /** Runs the entrypoint; timeouts and failures leave as 504/502 ServiceErrors (failures.ts). */
  invoke(fn: FunctionRecord, request: FunctionRequest, options: InvokeOptions): Promise<InvokeResult>;
}

/** Registry and code keys ignore case, so `Weather` cannot sit beside `weather`. */
export const registryKey = (shortname: string) => shortname.toLowerCase();

export const codeKey = (shortname: string, version: number) => `functions/${registryKey(shortname)}/v${version}/code.zip`;

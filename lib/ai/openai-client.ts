// What the OpenAI chat and embedding adapters share: one client setup and one call path
// (time budget, retries, error mapping).
import OpenAI from 'openai';
import { retryVerdict, toPlatformError } from './openai-errors';
import type { PlatformName } from './ports';
import { withRetries } from '../retry';

/** A key read before each request; `current` is the last value read, to scrub it from error messages. */
export type KeyReader = (() => Promise<string>) & { current: string };

/** Wraps `read` so the SDK asks it before each request and the value stays at hand for scrubbing. */
export function readKey(read: () => Promise<string>): KeyReader {
  const reader = Object.assign(async () => (reader.current = await read()), { current: '' });
  return reader;
}

export interface OpenAIAdapterOptions {
  /** Whose key this is: `openai` = the caller's `api+key`, `default` = the operator's. */
  platform: PlatformName;
  /** Fixed (a caller's, the operator's from the environment), or read before each request. */
  apiKey: string | KeyReader;
  /** Any OpenAI-compatible endpoint; OpenAI's own when omitted. */
  baseURL?: string;
  model: string;
  /** Budget for one port call, retries and backoff included. */
  timeoutMs: number;
  maxRetries: number;
  /** First backoff delay (default 500 ms); tests make it small. */
  retryBaseDelayMs?: number;
}

export function createOpenAIClient(options: OpenAIAdapterOptions): OpenAI {
  return new OpenAI({
    // The SDK calls a function key before each request and sends what it returns.
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? 'https://api.openai.com/v1',
    // Explicit nulls: otherwise the SDK adds OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment,
    // which would send the operator's organisation along with a caller's key.
    organization: null,
    project: null,
    timeout: options.timeoutMs,
    maxRetries: 0, // see retry.ts
    logLevel: 'off', // the SDK logs through console; lib logs only through lib/log.ts
  });
}

/** Runs `call` under the time budget and retry policy; every failure leaves as a ServiceError. */
export async function callPlatform<T>(
  options: OpenAIAdapterOptions,
  callerSignal: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const budget = AbortSignal.timeout(options.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, budget]) : budget;
  const policy = {
    maxRetries: options.maxRetries,
    baseDelayMs: options.retryBaseDelayMs ?? 500,
    deadline: Date.now() + options.timeoutMs,
  };
  try {
    return await withRetries(() => call(signal), policy, retryVerdict, signal);
  } catch (error) {
    throw toPlatformError(error, options, signal.aborted);
  }
}

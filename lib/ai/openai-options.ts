// What the OpenAI adapters and their callers share without the SDK: the adapters' options and the key reader.
import type { PlatformName } from './ports';

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

// The OpenAI adapters' (openai-chat.ts, openai-embedder.ts) call path without the SDK: it imports the SDK
// (openai-client.ts, about 146 KB of bundle) on an adapter's first call. A query that never asks an
// OpenAI-compatible model (the heuristic engine answers by default) never loads it, and building an adapter
// loads nothing.
import type OpenAI from 'openai';
import { once } from '../once';
import type { OpenAIAdapterOptions } from './openai-options';

const sdk = once(() => import('./openai-client'));

/** One call to the platform with the SDK's client, under the time budget and retry policy of openai-client.ts. */
export type PlatformCall = <T>(
  signal: AbortSignal | undefined,
  call: (client: OpenAI, signal: AbortSignal) => Promise<T>,
) => Promise<T>;

/** An adapter's calls: its client is made (and the SDK imported) on the first one, then shared. */
export function platformCalls(options: OpenAIAdapterOptions): PlatformCall {
  const client = once(async () => (await sdk()).createOpenAIClient(options));
  return async (signal, call) => {
    const [{ callPlatform }, made] = await Promise.all([sdk(), client()]);
    return await callPlatform(options, signal, (s) => call(made, s));
  };
}

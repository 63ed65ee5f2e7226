// What the OpenAI chat and embedding adapters share that needs the SDK: one client setup and one call path
// (time budget, retries, error mapping). Imported on an adapter's first call (openai-calls.ts).
import OpenAI from 'openai';
import type { OpenAIAdapterOptions } from './openai-options';
import { retryVerdict, toPlatformError } from './openai-errors';
import { withRetries } from '../retry';

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

// The one retry loop: bounded retries with exponential backoff, inside one time budget. AI platform
// calls use it rather than the OpenAI SDK's own (which sleeps for whatever Retry-After says and can
// outlast a Lambda: here a wait that would pass the deadline ends the retries at once, so the caller
// gets the 429 and its hint); LanceDB's commit races use it too (lib/vectors/lance-retry.ts).
import { setTimeout as sleep } from 'node:timers/promises';

export interface RetryPolicy {
  maxRetries: number;
  /** First backoff delay; doubled per retry, with up to 25% jitter (or full jitter, below). */
  baseDelayMs: number;
  /** Epoch milliseconds after which no retry is started. */
  deadline: number;
  /** Any delay from 0 to the backoff: spreads out writers that failed on the same race. */
  fullJitter?: boolean;
}

export type RetryVerdict = { retry: false } | { retry: true; afterMs?: number };

export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  verdict: (error: unknown) => RetryVerdict,
  signal?: AbortSignal,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const v = verdict(error);
      if (!v.retry || retry >= policy.maxRetries) throw error;
      const backoff = policy.baseDelayMs * 2 ** retry;
      const delay = v.afterMs ?? backoff * (policy.fullJitter ? Math.random() : 1 - Math.random() * 0.25);
      if (Date.now() + delay >= policy.deadline) throw error;
      await sleep(delay, undefined, { signal });
    }
  }
}

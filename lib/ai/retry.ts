// Bounded retries with exponential backoff, inside one time budget. Our own loop rather than the
// SDK's: the SDK sleeps for whatever Retry-After says, which can outlast a Lambda; here a wait
// that would pass the deadline ends the retries at once, so the caller gets the 429 and its hint.
import { setTimeout as sleep } from 'node:timers/promises';

export interface RetryPolicy {
  maxRetries: number;
  /** First backoff delay; doubled per retry, with up to 25% jitter. */
  baseDelayMs: number;
  /** Epoch milliseconds after which no retry is started. */
  deadline: number;
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
      const delay = v.afterMs ?? policy.baseDelayMs * 2 ** retry * (1 - Math.random() * 0.25);
      if (Date.now() + delay >= policy.deadline) throw error;
      await sleep(delay, undefined, { signal });
    }
  }
}

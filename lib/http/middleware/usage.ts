// Usage counters (docs/interface.md "Privacy rules": per account, UTC day and route — calls, errors,
// total duration, AI tokens). The write starts when the answer is ready and the answer waits for
// it at most `waitMs`: an in-region DynamoDB update takes a few milliseconds, so it normally lands
// before the Lambda returns, and a slow one costs the caller no more than the bound. A write still
// running then carries on (on Lambda, when the container next thaws) and is waited for, within the
// same bound, by the next request. Only requests made with an accepted token are counted: one
// refused before a token was accepted, or made without one to a public route, belongs to no
// account, and counting it would let anyone write to the table for free (and all on one hot item).
// docs/decisions.md "Usage counters".
import { errorFields } from '../../log';
import { ANONYMOUS, utcDay, type UsageStore } from '../../usage/ports';
import { startedOf, statusOf, type HttpMiddleware, type HttpMiddyRequest } from './internal';

export const USAGE_WAIT_MS = 200;

export function usageCounters(options: { usage: UsageStore; route: string; waitMs?: number }): HttpMiddleware {
  const waitMs = options.waitMs ?? USAGE_WAIT_MS;
  const pending = new Set<Promise<void>>();

  const record = async (request: HttpMiddyRequest) => {
    const { principal, usage, log } = request.internal;
    if (!principal || principal.account === ANONYMOUS) return;
    const status = statusOf(request);
    const write: Promise<void> = options.usage
      .add(principal.account, utcDay(), options.route, {
        calls: 1,
        errors: status >= 400 ? 1 : 0,
        durationMs: performance.now() - startedOf(request),
        aiTokens: usage?.aiTokens ?? 0,
      })
      // Counters must never cost the caller their answer.
      .catch((e: unknown) => log?.warn('usage metrics not recorded', errorFields(e)))
      .finally(() => pending.delete(write));
    pending.add(write);
    await settledWithin([...pending], waitMs);
  };

  return { name: 'usageCounters', before: (request) => void startedOf(request), after: record, onError: record };
}

/** Waits for every promise (none of which rejects) or `ms`, whichever comes first. */
async function settledWithin(promises: Promise<void>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([Promise.all(promises), bound]);
  } finally {
    clearTimeout(timer);
  }
}

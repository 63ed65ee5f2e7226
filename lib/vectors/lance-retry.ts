// Several embed workers may write one table at once, and every store operation is idempotent
// (upsert by id, delete by filter, index refresh), so an operation that failed for a reason
// another writer caused can simply run again on the new latest version:
// - commit conflicts: Lance rebases most concurrent commits itself (inserts onto inserts), but a
//   write can lose to a concurrent rewrite (compaction, index update, delete of the same rows);
//   or to a racing creation of the same table, which LanceDB commits as an overwrite;
// - a manifest that another writer has committed but not yet published under its final name
//   (the DynamoDB commit store's copy-then-flip protocol): seen as "not found" for a numbered
//   manifest, or an e_tag mismatch, for a moment.

import { withRetries } from '../retry';

const CONFLICT =
  /commit conflict|preempted by concurrent transaction|too many concurrent writers|incompatible with concurrent transaction Overwrite/i;
const UNPUBLISHED_MANIFEST = /_versions\/\d+\.manifest|manifest e_tag mismatch/i;

export const isTransient = (e: unknown): boolean =>
  e instanceof Error && (CONFLICT.test(e.message) || UNPUBLISHED_MANIFEST.test(e.message));

export interface RetryPolicy {
  attempts: number;
  /** First back-off; doubles per attempt, with full jitter so racing workers spread out. */
  baseDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 25 };

export function retryTransient<T>(operation: () => Promise<T>, policy = DEFAULT_RETRY): Promise<T> {
  return withRetries(
    operation,
    { maxRetries: policy.attempts - 1, baseDelayMs: policy.baseDelayMs, deadline: Infinity, fullJitter: true },
    (e) => (isTransient(e) ? { retry: true } : { retry: false }),
  );
}

// Several embed workers may write one table at once, and every store operation is idempotent
// (upsert by id, delete by filter, index refresh), so an operation that failed for a reason
// another writer caused can simply run again on the new latest version:
// - commit conflicts: Lance rebases most concurrent commits itself (inserts onto inserts), but a
//   write can lose to a concurrent rewrite (compaction, index update, delete of the same rows);
//   or to a racing creation of the same table, which LanceDB commits as an overwrite;
// - a manifest that another writer has committed but not yet published under its final name
//   (the DynamoDB commit store's copy-then-flip protocol): seen as "not found" for a numbered
//   manifest, or an e_tag mismatch, for a moment.

const CONFLICT = /commit conflict|preempted by concurrent transaction|too many concurrent writers|incompatible with concurrent transaction Overwrite/i;
const UNPUBLISHED_MANIFEST = /_versions\/\d+\.manifest|manifest e_tag mismatch/i;

export const isTransient = (e: unknown): boolean =>
  e instanceof Error && (CONFLICT.test(e.message) || UNPUBLISHED_MANIFEST.test(e.message));

export interface RetryPolicy {
  attempts: number;
  /** First back-off; doubles per attempt, with full jitter so racing workers spread out. */
  baseDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 25 };

export async function retryTransient<T>(operation: () => Promise<T>, policy = DEFAULT_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (e) {
      if (attempt >= policy.attempts || !isTransient(e)) throw e;
      const delay = Math.random() * policy.baseDelayMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

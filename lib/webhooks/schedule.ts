// When a failed delivery is tried again. The default waits grow from seconds to hours and add up
// to about a day (23 h 36 min over 10 attempts), then the delivery is failed for good. SQS delays
// a message 15 minutes at most, so a longer wait is made of hops: the worker receives the attempt
// message early, sees it is not due and sends it again with the rest of the wait (up to 15 min).

export { DEFAULT_RETRY_SCHEDULE } from '../config';

/** SQS's longest message delay. */
export const MAX_HOP_SECONDS = 900;

/** When attempt `failed + 1` is due, or undefined once the schedule is spent. */
export function nextAttemptAt(schedule: readonly number[], failed: number, now: number): number | undefined {
  const wait = schedule[failed - 1];
  return wait === undefined ? undefined : now + wait * 1000;
}

/** The delay of the next hop towards `due`: 0 when due (within a second), else at most 15 minutes. */
export function hopSeconds(due: number, now: number): number {
  const seconds = Math.ceil((due - now) / 1000);
  return seconds <= 1 ? 0 : Math.min(seconds, MAX_HOP_SECONDS);
}

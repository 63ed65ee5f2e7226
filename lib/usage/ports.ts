// Usage metrics, the only thing stored about a request (docs/interface.md "Privacy rules"): the store port,
// its reader, and the day and anonymous-account conventions. Per account, UTC day and route: calls, errors, total
// duration and AI tokens, added atomically.

export interface UsageDelta {
  calls: number;
  errors: number;
  durationMs: number;
  aiTokens: number;
}

/** One account's counters for one UTC day and route, as the usage route answers them. */
export interface UsageRow {
  day: string;
  endpoint: string;
  calls: number;
  errors: number;
  durationMs: number;
  aiTokens: number;
}

/**
 * Where the usage counters are added up (DynamoDB in production).
 *
 * @example
 * ```ts
 * await usageStore.add('acct-1', utcDay(), 'POST /query-service/v1/rdbms', {
 *   calls: 1,
 *   errors: 0,
 *   durationMs: 840,
 *   aiTokens: 1200,
 * });
 * ```
 */
export interface UsageStore {
  /**
   * Adds `delta` to the counters of one account, UTC day (YYYY-MM-DD) and route, atomically.
   */
  add(account: string, day: string, route: string, delta: UsageDelta): Promise<void>;
}

/**
 * Reads the counters back for the usage route.
 *
 * @example
 * ```ts
 * const rows = await usageReader.list('acct-1', '2026-01-01', '2026-01-31');
 * const tokens = rows.reduce((sum, r) => sum + r.aiTokens, 0);
 * ```
 */
export interface UsageReader {
  /** The account's rows from `from` to `to` (UTC days, inclusive), in any order. */
  list(account: string, from: string, to: string): Promise<UsageRow[]>;
}

/** The principal of a public route's token-less request: never counted (lib/http/middleware/usage.ts). */
export const ANONYMOUS = 'anonymous';

export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

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

export interface UsageStore {
  add(account: string, day: string, route: string, delta: UsageDelta): Promise<void>;
}

export interface UsageReader {
  /** The account's rows from `from` to `to` (UTC days, inclusive), in any order. */
  list(account: string, from: string, to: string): Promise<UsageRow[]>;
}

/** The principal of a public route's token-less request: never counted (lib/http/middleware/usage.ts). */
export const ANONYMOUS = 'anonymous';

export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

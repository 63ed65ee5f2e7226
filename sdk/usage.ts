// Usage metrics of the calling account: per day and endpoint, calls, errors, duration and AI tokens
// (the only usage data the service stores).
import type { Transport } from './transport';
import type { JsonResponse, QueryParams } from './wire';

/** The calling account's counters between two UTC days, as GET /usage-service/v1/usage answers them. */
export type UsageReport = JsonResponse<'/usage-service/v1/usage', 'get'>;

/** One day's counters of one endpoint. */
export type UsageRow = UsageReport['usage'][number];

/**
 * Usage metrics of the calling account, reached as `client.usage`.
 *
 * @example
 * ```ts
 * const { usage } = await client.usage.get();
 * const calls = usage.reduce((sum, row) => sum + row.calls, 0);
 * ```
 */
export class Usage {
  constructor(private readonly http: Transport) {}

  /**
   * Calls, errors, duration and AI tokens per UTC day and endpoint.
   * @param range - `from` and `to` are UTC days (YYYY-MM-DD), both included; the service defaults to the last 30 days.
   * @throws FnqServiceError 400 when a day is malformed or `from` is after `to`.
   *
   * @example
   * ```ts
   * const report = await client.usage.get({ from: '2026-01-01', to: '2026-01-31' });
   * for (const row of report.usage) console.log(row.day, row.endpoint, row.aiTokens);
   * ```
   */
  get(range: { from?: string; to?: string } = {}) {
    return this.http.json<UsageReport>('GET', '/usage-service/v1/usage', {
      query: { from: range.from, to: range.to } satisfies QueryParams<'/usage-service/v1/usage', 'get'>,
    });
  }
}

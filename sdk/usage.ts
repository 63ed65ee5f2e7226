// Usage metrics of the calling account: per day and endpoint, calls, errors, duration and AI tokens
// (the only usage data the service stores).
import type { Transport } from './transport';

export interface UsageRow {
  day: string;
  endpoint: string;
  calls: number;
  errors: number;
  durationMs: number;
  aiTokens: number;
}

export interface UsageReport {
  spanId: string;
  account: string;
  from: string;
  to: string;
  usage: UsageRow[];
}

export class Usage {
  constructor(private readonly http: Transport) {}

  /** `from` and `to` are UTC days (YYYY-MM-DD), both included; the service defaults to the last 30 days. */
  get(range: { from?: string; to?: string } = {}) {
    return this.http.json<UsageReport>('GET', '/usage-service/v1/usage', { query: { from: range.from, to: range.to } });
  }
}
